"""table.py's lobby under CPython, on a tiny in-process radio: create, announce, join, welcome, the
roster's names, leaving between games, and a replayed JOIN from a stranger's radio."""
import snyd
import table
import wire
from table_pair import Air, FakeRadio, Pair, admit_all, snyd_mover


def run(air, tables, ms=3000, step=20, t0=0):
    now = t0
    while now < t0 + ms:
        now += step
        for tb in tables:
            tb.tick(now)
            admit_all(tb)
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
    c.join([host.tid, "Stue", 1, 2, 2, x.mac, -40, now, b"", host.pubs[0]])
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
    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover)
    p.join()
    assert p.start() == 0
    p.play_out(600_000)
    assert p.records("snyd-")["seats"] == 3


def test_a_joiners_key_pair_is_made_while_it_browses_and_joining_costs_one_agreement(
        tmp_path, monkeypatch):
    """A scalar multiplication takes about 0.4 s on a handheld: the joiner's key pair is made while
    the join list shows, so from choosing a table to sitting at it a joiner does one (the key
    with the creator), and each further seat adds one as its roster line arrives."""
    import x25519
    monkeypatch.chdir(tmp_path)
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    others = [table.Table(FakeRadio(air, i), n) for i, n in ((1, "Bo"), (2, "Cy"))]
    now = 0
    for tb in others:
        tb.browsing = True
    now = run(air, [host] + others, 1500, t0=now)
    assert all(tb.spare is not None for tb in others)
    calls = []
    real = x25519.x25519
    monkeypatch.setattr(x25519, "x25519", lambda k, u: (calls.append(bytes(k)), real(k, u))[1])
    bo, cy = others
    secret = bo.spare[0]
    bo.join(bo.tables()[0])
    assert bo.secret == secret and bo.spare is None
    now = run(air, [host, bo], 1500, t0=now)
    assert bo.mode == table.SEATED
    eq_bo = [c for c in calls if c == secret]
    assert len(eq_bo) == 1, len(eq_bo)  # the key with the creator only: no key pair made
    cy.join(cy.tables()[0])
    now = run(air, [host, bo, cy], 1500, t0=now)
    assert cy.mode == table.SEATED and bo.keys[2] is not None and bo.keys[2] == cy.keys[1]
    assert len([c for c in calls if c == secret]) == 2  # Bo: one more, for Cy
    assert len([c for c in calls if c == cy.secret]) == 2  # Cy: the creator and Bo
