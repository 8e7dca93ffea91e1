"""table.py's lobby under CPython, on a tiny in-process radio: create, announce, join, welcome, the
roster's names, leaving between games, and a replayed JOIN from a stranger's radio."""
import os

import pytest

from dicecup.rules import snyd
from dicecup.table import table
from dicecup.table import wire
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
    c.join([host.tid, "Stue", 1, 2, 2, x.mac, -40, now, listed[0][8], host.pubs[0]])
    now = run(air, [host, a, c], 1000, t0=now)
    assert c.mode == table.SEATED and c.who == 2 and host.handhelds() == 3
    # Bo stands up between games; the table stays
    a.leave()
    run(air, [host], 500, t0=now)
    assert host.handhelds() == 2 and a.mode == table.IDLE and host.mode == table.HOSTING
    assert host.order == [0, 2]


def _lobby_of_two(air):
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    bo = table.Table(FakeRadio(air, 1), "Bo")
    bo.browsing = True
    now = run(air, [host, bo], 1500)
    bo.join(bo.tables()[0])
    now = run(air, [host, bo], 1500, t0=now)
    assert bo.mode == table.SEATED and host.order == [0, 1]
    return host, bo, now


def _third_joins(air, host, tables, now):
    cy = table.Table(FakeRadio(air, 2), "Cy")
    cy.browsing = True
    now = run(air, tables + [cy], 1500, t0=now)
    assert cy.tables(), "the table is announced no more"
    cy.join(cy.tables()[0])
    now = run(air, tables + [cy], 3000, t0=now)
    assert cy.mode == table.SEATED and cy.who == 2 and host.order == [0, 1, 2]
    return now


def test_a_seat_heartbeating_a_made_up_term_strands_no_lobby(tmp_path, monkeypatch):
    """Before the first game only the creator can host (it alone knows who sits). At a lobby of
    two, Bo's heartbeats claim the next term, its own, as the simulator's hostile handheld's do
    (tests/test_table_sim_attacks.py, seizes): the creator follows no term of another seat in
    its lobby, so it hosts on and seats the next joiner (it followed Bo's term at a table of
    two, stood down, and Cy's JOIN was never answered)."""
    monkeypatch.chdir(tmp_path)
    air = Air()
    host, bo, now = _lobby_of_two(air)
    hb = bo.node._heartbeat

    def seize(now):
        t = bo.node.term
        bo.node.term = (((t >> 3) + 1) << 3) | bo.node.seat
        hb(now)
        bo.node.term = t
    bo.node._heartbeat = seize
    now = run(air, [host, bo], 8000, t0=now)
    assert host.node.is_leader() and host.node.term == 0 and host.mode == table.HOSTING
    _third_joins(air, host, [host, bo], now)
    assert host.node.term == 0 and host.node.is_leader()


def test_a_lobby_of_two_whose_joiner_lost_the_creator_a_while_seats_the_next(tmp_path,
                                                                              monkeypatch):
    """Bo hears nothing of the creator for 5 s (more than the missing time) in a lobby of two:
    it takes no term over (there is nothing to sequence, and nobody but the creator can host
    before a first game), so the creator hosts on when Bo hears it again. It took the term over,
    the creator followed it (a table of two) and stood down, and the lobby took nobody more."""
    monkeypatch.chdir(tmp_path)
    air = Air()
    host, bo, now = _lobby_of_two(air)
    poll = bo.radio.poll
    deaf = [True]
    bo.radio.poll = lambda handler, limit=32: poll(
        lambda mac, msg: None if deaf[0] and mac == host.radio.mac else handler(mac, msg), limit)
    now = run(air, [host, bo], 5000, t0=now)
    deaf[0] = False
    now = run(air, [host, bo], 3000, t0=now)
    assert bo.node.leader == 0 and host.node.is_leader() and host.mode == table.HOSTING
    _third_joins(air, host, [host, bo], now)


def test_a_game_with_a_bot_on_the_creator(tmp_path, monkeypatch):
    """Creator + one joiner + a bot the creator runs: a whole Snyd game through table.Table (moves
    as the screens hand them over), each handheld on its own flash; both save the same record."""
    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover)
    p.join()
    assert p.start() == 0
    p.play_out(600_000)
    assert p.records("snyd-")["seats"] == 3


def test_a_joiner_agrees_its_keys_while_it_browses_and_joining_costs_none(tmp_path, monkeypatch):
    """A scalar multiplication takes about 0.4 s on a handheld: while the join list shows, a
    handheld makes its key pair and agrees a secret with the creator and every seated handheld
    that the ANNOUNCEs name (three keys an announcement, in turn), one at a time. Choosing the
    table then costs none. A handheld that joins before that does the rest as it sits."""
    from dicecup.table import x25519
    monkeypatch.chdir(tmp_path)
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    seated = [table.Table(FakeRadio(air, i), "P%d" % i) for i in range(1, 5)]
    now = 0
    for tb in seated:  # four join one after another, each as soon as it sees the table
        tb.browsing = True
        now = run(air, [host] + seated, 1500, t0=now)
        tb.join(tb.tables()[0])
        now = run(air, [host] + seated, 1500, t0=now)
        assert tb.mode == table.SEATED
    late = table.Table(FakeRadio(air, 7), "Sid")
    late.browsing = True
    # a stranger's radio announces the same table with a false key for handheld 3
    x = FakeRadio(air, 9)
    f = wire.Frame()
    f.type, f.table, f.seat, f.game, f.size = wire.T_ANNOUNCE, host.tid, 0, 1, 5
    f.pub[:] = host.pubs[0]
    f.rules[:] = table.game_module(1).pack_rules(snyd.Rules())  # (rules no handheld plays: unlisted)
    f.pubs[0] = 3
    f.pubs[1:33] = bytes(range(1, 33))
    for k in range(1, wire.ANN_PUBS):
        f.pubs[k * 33] = wire.NO_SEAT
    forged = bytes(wire.Codec().encode(f))
    for _ in range(48):  # the list shows for 12 s, the stranger's ANNOUNCE among the creator's
        # (each agreement a slice a loop: table.AGREE_BITS)
        x.send(None, forged)
        now = run(air, [host, late] + seated, 250, t0=now)
    assert late.spare is not None and bytes(range(1, 33)) in late.pre
    assert len(late.pre) == 6  # the creator, the four seated and the false one
    calls = []
    real = x25519.x25519
    monkeypatch.setattr(x25519, "x25519", lambda k, u: (calls.append(bytes(k)), real(k, u))[1])
    secret = late.spare[0]
    late.join(late.tables()[0])
    now = run(air, [host, late] + seated, 2000, t0=now)
    assert late.mode == table.SEATED and late.who == 5
    assert [c for c in calls if c == secret] == []  # no agreement left to make
    for tb in [host] + seated:
        assert tb.keys[5] is not None and tb.keys[5] == late.keys[tb.who]
    assert all(late.keys[w] is not None for w in range(5))
    # the false key only wasted a multiplication: the keyed roster's key is what counts
    assert late.keys[3] == seated[2].keys[5]


def test_key_agreements_go_a_slice_a_loop(tmp_path, monkeypatch):
    """No loop makes a whole scalar multiplication (about 2 s of an s3's CPU on the device-time
    model): browsing (the spare key pair, the listed keys), the creator's yes (the key agreed
    before it, or the joiner seated once it is: 'Wait' on its row) and a seated handheld's new
    roster line all go through x25519.Ladder, a slice a tick; every key still agrees."""
    from dicecup.table import x25519
    monkeypatch.chdir(tmp_path)
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    joiners = [table.Table(FakeRadio(air, i), "P%d" % i) for i in (1, 2)]
    whole = []
    real = x25519.x25519
    monkeypatch.setattr(x25519, "x25519", lambda k, u: (whole.append(1), real(k, u))[1])
    said = []

    def run_yes(ms, t0):
        now = t0
        while now < t0 + ms:
            now += 20
            for tb in [host] + joiners:
                tb.tick(now)
            for a in host.pending():
                if host.admit(a[0], True) and a[0] in host.seating():
                    said.append(a[0])  # a yes before its key: seated later, by tick
            air.deliver()
        return now
    now = 0
    for tb in joiners:
        tb.browsing = True
    now = run_yes(8000, now)
    assert all(tb.spare is not None and host.pubs[0] in tb.pre for tb in joiners)
    for tb in joiners:
        tb.join(tb.tables()[0])
        now = run_yes(6000, now)
        assert tb.mode == table.SEATED
    now = run_yes(6000, now)
    assert whole == [] and said
    for tb in [host] + joiners:
        for other in [host] + joiners:
            if other is not tb:
                assert tb.keys[other.who] is not None and tb.keys[other.who] == other.keys[tb.who]


def test_a_create_takes_the_key_pair_made_while_the_table_menu_showed(tmp_path, monkeypatch):
    """The creator's key pair is made a slice a tick while its Table is idle (the table menu), so
    that the create makes no scalar multiplication (about 2 s of an s3's CPU in one loop); a create
    sooner takes the spare under way and only does the rest of it."""
    from dicecup.table import x25519
    monkeypatch.chdir(tmp_path)
    whole = []
    real = x25519.x25519
    monkeypatch.setattr(x25519, "x25519", lambda k, u: (whole.append(1), real(k, u))[1])
    steps = []
    step = x25519.Ladder.step
    monkeypatch.setattr(x25519.Ladder, "step", lambda self, b: (steps.append(b), step(self, b))[1])
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    for now in range(20, 2000, 20):
        host.tick(now)
    assert host.spare is not None and max(steps) == table.AGREE_BITS
    pub = host.spare[1]
    host.create("Stue", snyd.Rules(), False)
    assert whole == [] and host.mypub == pub
    assert host.mypub == x25519.public(host.secret)
    other = table.Table(FakeRadio(air, 1), "Bo")
    for now in range(20, 120, 20):
        other.tick(now)   # a few slices only
    n = len(steps)
    other.create("Hjem", snyd.Rules(), False)
    rest = len(steps) - n
    inv = -(-255 // x25519._CHUNK)  # the inversion's steps after the ladder
    assert 255 // table.AGREE_BITS - 12 + inv < rest < 255 // table.AGREE_BITS + inv  # not a new ladder
    assert other.mypub == real(other.secret, b"\x09" + bytes(31)) and whole == [1]


@pytest.mark.parametrize("game", [table.G_SNYD, table.G_YATZY])
def test_the_lobby_loads_the_games_screens_a_module_an_idle_loop(monkeypatch, game):
    """All of a game's screens loaded in the loop that started the game made it about 120 ms of
    the s3 model: the lobby (HostLobby, Waiting) has the app load them in idle loops (App.ahead),
    one module each, in the order they import each other (after the store the game's first
    secret is written with), and only where the heap has room; the table's own idle step (a
    secret its COMMIT waits on) before a module."""
    import gc
    import sys
    from dicecup import app
    from dicecup.ui import screen, table_watch  # noqa: F401 (held: the app keeps the one, the lobby imports the other)
    yatzy = game == table.G_YATZY
    names = app._AHEAD[1 if yatzy else 0]
    for n in names:
        monkeypatch.delitem(sys.modules, n, raising=False)
    class Table:
        steps = 0   # idle steps of its own the table still has (a secret a COMMIT waits on)

        def idle(self):
            self.steps -= 1
            return self.steps >= 0

    class App:
        table = Table()
    a = App()
    monkeypatch.setattr(gc, "mem_free", lambda: 100 * 1024, raising=False)  # a WROOM-32's
    assert not app.App.ahead(a, yatzy)
    assert not [n for n in names if n in sys.modules]
    monkeypatch.setattr(gc, "mem_free", lambda: 2 << 20, raising=False)
    a.table.steps = 1   # the table's step takes the loop first: no module in it
    assert app.App.ahead(a, yatzy) and not [n for n in names if n in sys.modules]
    for i, n in enumerate(names):
        before = set(sys.modules)
        assert app.App.ahead(a, yatzy)
        assert n in sys.modules and not [m for m in names[i + 1:] if m in sys.modules]
        assert len([m for m in sys.modules if m.startswith(("dicecup.ui.", "dicecup.storage.")) and
                    m not in before]) == 1
    assert not app.App.ahead(a, yatzy)


def test_the_screens_name_the_lobby_s_rows(tmp_path, monkeypatch):
    """The screens read the join list and the joins asking by row through named questions
    (browse, listed_*, join_listed; asking, ask_*), which answer what the rows hold; asking again
    with nothing expired makes no new list (the creator's screen asks in every redraw)."""
    monkeypatch.chdir(tmp_path)
    air = Air()
    host = table.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    bo = table.Table(FakeRadio(air, 1), "Bo")
    bo.browsing = True
    now = 0
    for _ in range(75):
        now += 20
        host.tick(now)
        bo.tick(now)
        air.deliver()
    assert bo.browse() and not bo.browse()  # a table came; then the same tables
    e = bo.tables()[0]
    assert bo.listed_count() == 1 and bo.listed_name(0) == "Stue" == e[1]
    assert bo.listed_game(0) == table.G_SNYD and bo.listed_seated(0) == 1
    assert bo.listed_rules(0) == e[8] and bo.listed_rssi(0) == -50
    bo.join_listed(0)
    for _ in range(75):  # (nobody says yes yet)
        now += 20
        host.tick(now)
        bo.tick(now)
        air.deliver()
    assert bo.mode == table.JOINING and host.asking() == 1
    assert host.ask_name(0) == "Bo" and host.ask_code(0) == bo.join_code() != table.NO_CODE
    asks = host.asks
    assert host.asking() == 1 and host.asks is asks
    assert host.order_seat(1) == -1
    assert host.admit(host.ask_nonce(0))
    run(air, [host, bo], 1000, t0=now)
    assert bo.mode == table.SEATED and host.order_seat(1) == 1 and host.asking() == 0


def test_the_screens_take_no_row_of_the_table():
    """ui/ asks the table by row (listed_*, ask_*): it never takes a row list (tables(),
    pending()) to read places of it, nor searches the seat order itself."""
    import ast
    import glob
    import os
    ui = os.path.join(os.path.dirname(__file__), "..", "firmware", "dicecup", "ui")
    bad = []
    for p in sorted(glob.glob(os.path.join(ui, "*.py"))):
        for n in ast.walk(ast.parse(open(p).read())):
            if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)):
                continue
            f = n.func
            if f.attr in ("tables", "pending") or \
                    f.attr == "index" and ast.unparse(f.value).endswith(".order"):
                bad.append("%s:%d %s" % (os.path.basename(p), n.lineno, ast.unparse(n)))
    assert not bad, bad


def test_a_loop_whose_request_waits_from_the_last_takes_one_frame(tmp_path, monkeypatch):
    """On the board (a ticks_ms clock here that moves 11 ms for each frame the creator takes) a loop
    that has worked past the sequencer's lead puts its own request off to the next (Pump._late),
    and that next loop takes one frame from the radio, not a round's: a 52 ms loop of the s3
    model at 30 % loss. The game still plays out, both records the same."""
    from dicecup.table import pump
    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover)
    p.join()
    assert p.start() == 0
    clock = [0]
    monkeypatch.setattr(pump, "ticks_ms", lambda: clock[0])
    monkeypatch.setattr(pump, "ticks_diff", lambda a, b: a - b, raising=False)
    radio = p.host.radio
    poll, seen = radio.poll, []

    def timed(handler, limit=32):
        def took(src, data):
            clock[0] += 11
            handler(src, data)
        n = len(radio.inbox)
        late = p.host._late
        poll(took, limit)
        seen.append((late, n, n - len(radio.inbox)))
    radio.poll = timed
    deliver = p.air.deliver

    def twice():  # (every frame reaches the creator twice, as a radio's duplicates: two wait)
        deliver()
        radio.inbox[:] = [x for x in radio.inbox for _ in (0, 1)]
    p.air.deliver = twice
    p.play_out(600_000)
    assert p.records("snyd-")["seats"] == 3
    late = [(n, took) for was, n, took in seen if was]
    assert late and any(n > 1 for n, took in late), seen[:50]      # late loops with frames waiting
    assert all(took == min(n, 1) for n, took in late)               # ... took one of them
    assert any(took > 1 for was, n, took in seen if not was)        # the others take what waits


def test_a_file_step_no_idle_loop_took_is_its_loops_only_table_work(tmp_path, monkeypatch):
    """Nothing calls idle() here (Pair's handhelds never idle): every step of the record and of the
    kept state (table.json, tlog.bin, the record's parts) comes a second after the change (or the
    last step) at the start of a loop, whose table step does nothing else: no frame taken, no
    request asked (a tlog.bin write after 15 ms of a loop's work made a 52 ms loop of the s3 model).
    Both records the same, and tlog.bin kept."""
    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover)
    p.join()
    assert p.start() == 0
    host, loops = p.host, []
    radio_poll, keep_step = host.radio.poll, host._keep_step

    def poll(*a):
        loops[-1].append("radio")
        return radio_poll(*a)

    def step():
        loops[-1].append("file")
        return keep_step()
    host.radio.poll, host._keep_step = poll, step
    tick = host.tick

    def ticked(now):
        loops.append([])
        tick(now)
    host.tick = ticked
    p.play_out(600_000)
    assert p.records("snyd-")["seats"] == 3
    files = [x for x in loops if "file" in x]
    assert len(files) >= 5 and all(x == ["file"] for x in files), [x for x in files if x != ["file"]][:5]
    assert os.path.exists(p.dirs[0] / "tlog.bin")


def test_the_sequencer_takes_two_good_frames_of_a_follower_a_loop(tmp_path, monkeypatch):
    """A seated cheat's flood of good frames (its own heartbeats, NACKs) filled the sequencer's radio
    queue and its loops until honest requests came too late and it was deposed (attacks/
    loop_flood.py nack; seat made games four times as long). The sequencer reads at most
    _PER_LOOP good frames of one handheld a loop, the rest unread; frames that fail their tag
    (a stranger's, in that handheld's name) spend none of its share. The game still plays out."""
    from dicecup.table import pump
    p = Pair(tmp_path, monkeypatch, snyd.Rules(dice=2), snyd_mover)
    p.join()
    assert p.start() == 0
    p.tick(20)
    host, bo = p.host, p.j
    assert host.node.is_leader() and not bo.node.is_leader()
    p.air.deliver()
    host.radio.inbox.clear()
    for _ in range(3):                       # a stranger's, in Bo's name: tags broken
        bo.node._heartbeat(p.now)
        src, dst, data = p.air.log.pop()
        bad = bytearray(data)
        bad[-1] ^= 0xFF
        host.radio.inbox.append((src, bad))
    for _ in range(5):                       # Bo's own, fresh: good
        bo.node._heartbeat(p.now)
    p.air.deliver()
    bo.radio.inbox.clear()
    taken = []
    receive = host.node.receive

    def counted(data, now):
        code = receive(data, now)
        taken.append(code)
        return code
    host.node.receive = counted
    flooded = getattr(host, "flooded", 0)
    host.tick(p.now + 20)
    assert taken.count(0) == 2 and len(taken) == 3 + 2, taken    # 3 refused, 2 taken, 3 unread
    assert pump._PER_LOOP == 2
    assert host.flooded - flooded == 3 and not host.radio.inbox
    host.node.receive = receive
    p.play_out(600_000)
    assert p.records("snyd-")["seats"] == 3
