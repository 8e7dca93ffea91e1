"""table.py's lobby under CPython, on a tiny in-process radio: create, announce, join, welcome, the
roster's names, leaving between games, and a replayed JOIN from a stranger's radio."""
import snyd
import snydtable
import table
import wire


class Air:
    """Every radio hears every frame at once (no loss: the simulator tests cover that)."""

    def __init__(self):
        self.radios = []
        self.log = []

    def deliver(self):
        while self.log:
            src, dst, data = self.log.pop(0)
            for r in self.radios:
                if r.mac != src and (dst is None or dst == r.mac):
                    r.inbox.append((src, data))


class FakeRadio:
    def __init__(self, air, k):
        self.air = air
        self.mac = bytes((2, 0, 0, 0, 0, k))
        self.inbox = []
        air.radios.append(self)

    def send(self, mac, data):
        self.air.log.append((self.mac, None if mac is None else bytes(mac), bytes(data)))
        return True

    def poll(self, handler):
        while self.inbox:
            src, data = self.inbox.pop(0)
            handler(src, bytearray(data))

    def rssi(self, mac):
        return -50


def run(air, tables, ms=3000, step=20, t0=0):
    now = t0
    while now < t0 + ms:
        now += step
        for tb in tables:
            tb.tick(now)
        air.deliver()
    return now


def test_create_join_leave_and_a_replayed_join(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # table.json and the secrets go to the "flash"
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    a = table.Table(FakeRadio(air, 1), "Bo")
    a.browsing = True
    now = run(air, [host, a], 1500)
    listed = a.tables()
    assert [e[1] for e in listed] == ["Stue"] and listed[0][3] == 1
    joins = []
    real_send = a.radio.send
    a.radio.send = lambda mac, data: (joins.append(bytes(data)), real_send(mac, data))[1]
    a.join(listed[0])
    now = run(air, [host, a], 1500, t0=now)
    assert a.mode == table.SEATED and a.who == 1
    assert host.handhelds() == 2 and host.names[1] == "Bo" and a.names[0] == "Anna"
    # a stranger replays Bo's JOIN from its own radio: no second seat, Bo's seat stays Bo's
    x = FakeRadio(air, 9)
    join = [j for j in joins if j[2] == wire.T_JOIN][0]
    x.send(host.radio.mac, join)
    x.send(None, join)
    now = run(air, [host, a], 500, t0=now)
    assert host.handhelds() == 2 and host.order == [0, 1]
    # a stranger replaying the creator's announce does not lead a joiner astray: JOIN is broadcast
    c = table.Table(FakeRadio(air, 3), "Cy")
    c.join([host.tid, "Stue", 1, 2, 2, x.mac, -40, now, b""])
    now = run(air, [host, a, c], 1000, t0=now)
    assert c.mode == table.SEATED and c.who == 2 and host.handhelds() == 3
    # Bo stands up between games; the table stays
    a.leave()
    run(air, [host], 500, t0=now)
    assert host.handhelds() == 2 and a.mode == table.IDLE and host.mode == table.HOSTING
    assert host.order == [0, 2]


def test_a_game_with_a_bot_on_the_creator(tmp_path, monkeypatch):
    """Creator + one joiner + a bot the creator runs: a whole Snyd game through table.Table (moves
    as the screens hand them over), each handheld on its own flash; both save the same record."""
    import json
    import os
    air = Air()
    dirs = [tmp_path / "h0", tmp_path / "h1"]
    for d in dirs:
        d.mkdir()
    monkeypatch.chdir(dirs[0])
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(dice=2), False)
    host.add_bot()
    j = table.Table(FakeRadio(air, 1), "Bo")
    j.browsing = True
    tables = [host, j]

    def tick(now):
        for k, tb in enumerate(tables):
            os.chdir(dirs[k])
            tb.tick(now)
            g = tb.game
            if g is not None and g.phase == snydtable.P_BID and tb.move is None:
                s = tb.my_seat()
                game = g.game
                if s >= 0 and game.on_turn == s:
                    nxt = game.first_bid() if not game.bid_face else \
                        game.step_bid(game.bid_count, game.bid_face, 1)
                    tb.submit_move(["snyd"] if game.bid_face and (nxt is None or game.bid_count > 2)
                                   else ["bid", nxt[0], nxt[1]])
        air.deliver()

    now = 0
    for _ in range(100):
        now += 20
        tick(now)
    os.chdir(dirs[1])
    j.join(j.tables()[0])
    for _ in range(100):
        now += 20
        tick(now)
    assert j.mode == table.SEATED and host.order == [0, table.BOT, 1]
    assert host.start(now) == 0
    while now < 600_000 and not (host.saved_games and j.saved_games):
        now += 20
        tick(now)
    recs = []
    for d in dirs:
        (name,) = os.listdir(d / "records")
        with open(d / "records" / name) as f:
            recs.append(json.load(f))
    assert recs[0] == recs[1] and recs[0]["seats"] == 3 and recs[0]["meta"]["table"]
    from host_tools.replay import referee
    assert referee(recs[0])[1] == 0
