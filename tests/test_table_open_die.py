"""The open die at the table (Snyd's open_die rule), in-process (host_tools.tablebus): every seat with
two or more dice lays one die open at the start of the round, the only die value on the radio before
the reveal, checked against the verified dice at the reveal. An honest game, a reboot while the dice
are laid open, and one test per attack: a false open die, none at all, one for another seat, twice,
a die it does not have, a bid before the open dice, a stranger's radio.
"""
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.table import log
from dicecup.table import wire
from host_tools.tablebus import Eavesdropper, Table
from test_table_attacks import drops, finished, frame, honest_agree

OPEN = snyd.Rules(dice=3, open_die=True)


def shows_on_air(t):
    """Every open die logged, from the radio: {(table round, seat): (index, value)}; fails if a
    seat's open die was logged twice or two different ways."""
    spy = Eavesdropper(t.table_id)
    f = wire.Frame()
    seen = {}
    for _, _, _, data in t.bus.log:
        if spy.decode(data, f) != wire.OK or f.type != wire.T_ENTRY:
            continue
        if f.etype == wire.T_ACTION and f.kind == wire.A_SHOW:
            k, v = (f.round, f.who), (f.count, f.face)
            assert seen.setdefault(k, v) == v, (k, seen[k], v)
    return seen


def check_shows(t, rec, out):
    """The record's `shown` names the die each seat laid open on the radio, and in a counted round
    that die shows the value sent; every counted round with a die to lay open had them all sent.
    (Rounds pair up in order; a round ended by a forfeit may lack some, and names die 0 for them.)"""
    seen = shows_on_air(t)
    by_round = {}
    for (r, s), v in seen.items():
        by_round.setdefault(r, {})[s] = v
    matched = set()
    i = 0
    for r in sorted(by_round):
        while True:
            assert i < len(rec["rounds"]), ("no round in the record for", r, by_round[r])
            rd, o = rec["rounds"][i], out["rounds"][i]
            i += 1
            owed = {s for s, x in enumerate(rd["shown"]) if x is not None}
            if set(by_round[r]) <= owed and all(rd["shown"][s] == x for s, (x, _) in
                                                by_round[r].items()):
                break
            assert o["call"] == "forfeit", (i - 1, rd, by_round[r])  # a counted round is on air
        if o["call"] != "forfeit":
            assert set(by_round[r]) == owed
            for s, (x, v) in by_round[r].items():
                assert rd["dice"][s][x] == v
        matched.add(i - 1)
    for k, (rd, o) in enumerate(zip(rec["rounds"], out["rounds"])):
        assert len(rd["shown"]) == len(rd["dice"])
        for s, d in enumerate(rd["dice"]):
            assert (rd["shown"][s] is None) == (d is not None and len(d) < 2)
        if o["call"] != "forfeit" and any(x is not None for x in rd["shown"]):
            assert k in matched, k


def test_an_open_die_game_over_a_lossy_radio_agrees_with_the_referee():
    t = Table(seats=4, seed=301, loss=0.15, dup=0.05, rules=OPEN)
    assert t.run_game()
    rec, out = honest_agree(t, range(4))
    assert all(r["call"] != "forfeit" for r in out["rounds"])
    assert out["winner"] is not None
    assert rec["rules"]["open_die"] is True
    check_shows(t, rec, out)


def test_a_handheld_rebooted_while_the_dice_are_laid_open_catches_up():
    t = _one_laid_open(3, 302, 1)  # one open die logged, two owed: the snapshot carries both halves
    t.reboot(2)
    back = t.hands[2]
    back.decide = _held(back, back.decide)
    _release(t.hands[0])
    assert t.run(lambda: back.app.phase == snydtable.P_BID and back.app.showing == 0b100, 60_000)
    assert back.app.show_i[1] == t.hands[1].app.show_i[1]
    assert back.app.mine[2] is not None  # its own dice again, from its flash's secret
    _release(back)
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    rec, out = honest_agree(t, range(3))
    assert all(r["call"] != "forfeit" for r in out["rounds"])
    check_shows(t, rec, out)


def _held(h, decide):
    """decide, but no open die while h.hold is set (the test picks when each seat lays its die)."""
    h.hold = True

    def held(game, seat):
        if h.hold and h.app.showing & (1 << seat):
            return None
        return decide(game, seat)
    return held


def _release(h):
    h.hold = False
    h.app._asked[h.seat] = -1  # ask its decide again now (it is asked once per entry applied)


def _one_laid_open(seats, seed, first):
    """A table at its first round where only seat `first` has laid its die open so far."""
    t = Table(seats=seats, seed=seed, rules=OPEN)
    for h in t.hands:
        h.decide = _held(h, h.decide)
    assert t.start_game() == 0
    every = (1 << seats) - 1
    assert t.run(lambda: t.hands[0].app.showing == every, 60_000)
    _release(t.hands[first])
    assert t.run(lambda: t.hands[0].app.showing == every & ~(1 << first), 60_000)
    return t


# ---- attacks ---------------------------------------------------------------------------------

def test_a_seat_that_lays_open_a_die_it_does_not_hold_forfeits():
    t = Table(seats=3, seed=303, rules=OPEN)
    liar = t.hands[2]
    app = liar.app

    def lie(game, seat):
        if app.showing & (1 << seat):
            d = app.mine[seat]
            return (wire.A_SHOW, 0, d[0] % 6 + 1)  # a value its die 0 does not show
        return liar.decide_honest(game, seat)
    liar.decide_honest = liar.decide
    liar.decide = lie
    assert t.run_game()
    rec, out = honest_agree(t, range(2))
    lied = [o for o, rd in zip(out["rounds"], rec["rounds"]) if rd["shown"][2] is not None]
    assert lied and all(o["call"] == "forfeit" and o["forfeits"] == [2] for o in lied)
    assert all(t.hands[i].app.cheats & 4 for i in range(2))
    assert out["rounds"][-1]["dice_left"][2] <= 1  # each lie cost a die; one die shows nothing
    # its dice are in the record (it did reveal), the lie on the radio is not
    assert all(rd["dice"][2] for rd in rec["rounds"] if rd["shown"][2] is not None)


def test_a_seat_that_never_lays_its_die_open_forfeits():
    t = Table(seats=3, seed=304, rules=OPEN)
    h = t.hands[1]
    honest = h.decide
    h.decide = lambda game, seat: None if h.app.showing & (1 << seat) else honest(game, seat)
    assert t.run_game()
    rec, out = honest_agree(t, range(3))
    mine = [o for o, rd in zip(out["rounds"], rec["rounds"]) if rd["shown"][1] is not None]
    assert mine and all(o["call"] == "forfeit" and o["forfeits"] == [1] for o in mine)
    assert all(rd["shown"][1] == 0 for rd in rec["rounds"] if rd["shown"][1] is not None)
    check_shows(t, rec, out)


def test_no_seat_lays_open_another_seats_die_or_its_own_twice_or_one_it_lacks():
    t = _one_laid_open(4, 305, 3)
    bad = t.hands[3]
    seq = t.hands[0]

    def ask(**fields):
        f = frame(bad, t, type=wire.T_ACTION, round=bad.app.round, ack=bad.node.applied, **fields)
        f.etype = f.type
        bad.codec.sign_request(f, 3, bad.node.applied, 0xF)
        seq.receive(bytes(bad.codec.encode(f, 1)), t.now)

    before = seq.node.applied
    ask(who=1, kind=wire.A_SHOW, count=0, face=6)   # for another seat: the sequencer refuses it
    ask(who=3, kind=wire.A_SHOW, count=1, face=6)   # its own, again
    ask(who=3, kind=wire.A_SHOW, count=3, face=1)   # a fourth die of three
    ask(who=3, kind=wire.A_BID, count=1, face=6)    # a bid before every die is open
    # the same open die for seat 1 with seat 1's handheld as sender: no tag verifies
    f = frame(bad, t, type=wire.T_ACTION, round=bad.app.round, who=1, kind=wire.A_SHOW, count=0,
              face=6)
    f.etype = f.type
    bad.codec.sign_request(f, 3, bad.node.applied, 0xF)
    f.seat = 1
    tags_before = drops(t, wire.R_TAG)
    seq.receive(bytes(bad.codec.encode(f, 1)), t.now)
    assert drops(t, wire.R_TAG) == tags_before + 1
    t.run(lambda: False, 200)
    assert seq.node.applied == before and seq.app.showing == 0b0111
    for h in t.hands:
        _release(h)
    assert t.run(lambda: finished(t, range(4)), 3_600_000)
    rec, out = honest_agree(t, range(4))
    assert all(r["call"] != "forfeit" for r in out["rounds"])
    check_shows(t, rec, out)   # seat 1's one open die is its own, and true


def test_a_strangers_open_die_is_dropped():
    t = Table(seats=3, seed=306, rules=OPEN)
    for h in t.hands:
        h.decide = _held(h, h.decide)
    assert t.start_game() == 0
    assert t.run(lambda: all(h.app.showing == 0b111 for h in t.hands), 60_000)
    stranger = wire.Codec()
    stranger.seat_at(t.table_id, 0)  # it claims to be the sequencer
    from dicecup.table import keys
    keys.dealt(stranger, 0, 0b111, b"overheard")
    f = frame(t.hands[1], t, type=wire.T_ENTRY, etype=wire.T_ACTION, round=t.hands[0].app.round,
              who=1, kind=wire.A_SHOW, count=0, face=6, seq=t.hands[0].node.applied + 1)
    f.seat = 0
    stranger.sign_request(f, 1, t.hands[0].node.applied, 0b111)
    for h in t.hands[1:]:
        assert h.node.receive(bytes(stranger.encode(f)), t.now) == wire.R_TAG
    assert all(h.app.showing == 0b111 for h in t.hands)
    for h in t.hands:
        _release(h)
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    honest_agree(t, range(3))


def test_the_first_bid_waits_for_the_last_open_die():
    t = Table(seats=3, seed=307, rules=OPEN)
    for h in t.hands:
        h.decide = _held(h, h.decide)
    assert t.start_game() == 0
    lead = t.hands[0].app
    assert t.run(lambda: lead.showing == 0b111, 60_000)
    _release(t.hands[0])
    _release(t.hands[1])
    assert t.run(lambda: lead.showing == 0b100, 60_000)
    early = t.hands[0].node.applied  # what a bid asked now would have seen
    f = wire.Frame()
    f.etype, f.round, f.who, f.kind, f.count, f.face = (wire.T_ACTION, lead.round, lead.game.opener,
                                                       wire.A_BID, 1, 5)
    f.ack = early
    assert lead.check(f) == snydtable.RJ_PHASE  # no bid while a die is still owed
    _release(t.hands[2])
    assert t.run(lambda: lead.showing == 0, 60_000)
    assert lead.check(f) == log.RJ_LATE  # asked before the last open die was seen
    # the rules core knows each open die: the hints and the screens count them
    g = lead.game
    assert all(g.shown_die(s) == lead.show_v[s] for s in range(3))
    assert t.run(lambda: finished(t, range(3)), 3_600_000)
    honest_agree(t, range(3))
