"""Team Yatzy's suggestions at the table, in-process (host_tools.tablebus): while one member of a
team rolls for its scorecard, a teammate's handheld may suggest a hold or a box in a keyed HINT
that is never logged. An honest suggestion reaches the roller; then one test per attack: a
stranger's radio, the other team, a handheld advising in a teammate's name or with a forged sender,
the roller advising itself, a stale or replayed hint, values out of range, and a flood of hints
through a whole game (the log and the records are the referee's as ever).
"""
import random

from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from dicecup.table import yatzy
from host_tools.tablebus import Table
from test_table_attacks import drops, finished, frame, honest_agree, to_all

TEAMS = [0, 1, 0, 1]   # seats 0 and 2 share scorecard 0, seats 1 and 3 scorecard 1


def _paused(t):
    """Every handheld's player thinks until `t.go` is set (a roll waits for the hint to land)."""
    t.go = False
    for h in t.hands:
        d = h.decide
        h.decide = (lambda d: lambda game, seat: d(game, seat) if t.go else None)(d)


def _at_a_team_roll(seed, loss=0.0):
    """A 2x2 team table at a turn's first dice, its players waiting: (table, roller, teammate)."""
    t = Table(seats=4, seed=seed, loss=loss, game="yatzy", teams=TEAMS)
    _paused(t)
    assert t.start_game() == 0   # a turn's first roll needs no player here: it comes alone
    assert t.run(lambda: all(h.app.phase == yatzy.P_ROLL and h.app.game.roll_no == 1
                             for h in t.hands), 120_000)
    r = t.hands[0].app.roller()
    mate = [s for s in range(4) if s != r and TEAMS[s] == TEAMS[r]][0]
    return t, r, mate


def _resume(t):
    """The players decide again (a decide that answered None is asked again only on request)."""
    t.go = True
    for h in t.hands:
        for s in range(4):
            h.app.want(s)


def _settle(t, ms=300):
    t.run(lambda: False, ms)


def _nobody_took(t, before):
    assert [h.app.hint_seq for h in t.hands] == before
    assert all(h.app.hint_of(s) is None for h in t.hands for s in range(4))


def _seqs(t):
    return [h.app.hint_seq for h in t.hands]


def _send_hint(t, h, who, kind, value, roll=None, rnd=None):
    """A HINT of handheld h's own firmware, signed with its own keys, with any fields."""
    f = frame(h, t, type=wire.T_HINT, who=who, kind=kind, value=value,
              round=h.app.round if rnd is None else rnd,
              roll=h.app.game.roll_no if roll is None else roll)
    to_all(t, h, h.codec.encode(f))
    return f


def test_a_teammates_suggestion_reaches_every_handheld_and_changes_no_log():
    t, r, mate = _at_a_team_roll(401)
    applied = [h.node.applied for h in t.hands]
    assert not t.hands[r].app.may_hint(r)            # the roller does not advise itself
    assert not t.hands[(r + 1) % 4].app.may_hint((r + 1) % 4)   # nor does the other team
    assert t.hands[mate].suggest(wire.Y_HOLD, 0b10110)
    _settle(t)
    for h in t.hands:
        assert h.app.hint_of(mate) == (wire.Y_HOLD, 0b10110)
        assert h.app.hint_last == mate
    box = t.hands[r].app.game.boxes().index("sixes")
    assert t.hands[mate].suggest(wire.Y_BOX, box)
    _settle(t)
    assert all(h.app.hint_of(mate) == (wire.Y_BOX, box) for h in t.hands)  # the newest counts
    assert [h.node.applied for h in t.hands] == applied   # advice is never an entry
    # the roll moves on: the suggestion was for the dice that were, and goes
    _resume(t)
    assert t.run(lambda: t.hands[r].app.game.roll_no != 1 or t.hands[r].app.roller() != r, 60_000)
    assert t.hands[r].app.hint_of(mate) is None
    assert t.run(lambda: finished(t, range(4)), 3_600_000)
    rec, _ = honest_agree(t, range(4))
    assert rec["players"] == 2   # two scorecards for four seats
    assert drops(t, log.D_ERROR) == 0


def test_a_strangers_radio_cannot_advise():
    t, r, mate = _at_a_team_roll(402)
    before = _seqs(t)
    forger = wire.Codec()   # keys it made up, the mate's address
    forger.seat_at(t.table_id, mate)
    keys.dealt(forger, mate, 0b1111, b"guessed")
    f = frame(t.hands[mate], t, type=wire.T_HINT, who=mate, kind=wire.Y_HOLD, value=1,
              round=t.hands[r].app.round, roll=1)
    for h in t.hands:
        if h.seat != mate:
            assert h.node.receive(bytes(forger.encode(f)), t.now) == wire.R_TAG
    _nobody_took(t, before)


def test_the_other_team_cannot_advise_the_roller():
    t, r, mate = _at_a_team_roll(403)
    other = (r + 1) % 4
    before = _seqs(t)
    _send_hint(t, t.hands[other], other, wire.Y_HOLD, 0b11111)
    _settle(t)
    _nobody_took(t, before)
    assert all(h.app.hints_dropped == 1 for h in t.hands if h.seat != other)


def test_a_handheld_cannot_advise_in_a_teammates_name():
    """The other team's handheld names the roller's teammate as the seat advising: the seat is not
    hosted by the handheld whose key tags the frame. Sent with the teammate's address, no tag fits."""
    t, r, mate = _at_a_team_roll(404)
    bad = t.hands[(r + 1) % 4]
    before = _seqs(t)
    _send_hint(t, bad, mate, wire.Y_BOX, 0)
    f = frame(bad, t, type=wire.T_HINT, who=mate, kind=wire.Y_BOX, value=0,
              round=bad.app.round, roll=1)
    f.seat = mate
    data = bytes(bad.codec.encode(f))
    for h in t.hands:
        if h is not bad and h.seat != mate:
            assert h.node.receive(data, t.now) == wire.R_TAG
    _settle(t)
    _nobody_took(t, before)


def test_the_roller_cannot_advise_itself():
    """A suggestion from the roller would be the roller's own move: only teammates advise."""
    t, r, mate = _at_a_team_roll(405)
    before = _seqs(t)
    _send_hint(t, t.hands[r], r, wire.Y_HOLD, 3)
    _settle(t)
    _nobody_took(t, before)


def test_a_stale_or_replayed_hint_is_not_taken():
    t, r, mate = _at_a_team_roll(406)
    m = t.hands[mate]
    assert m.suggest(wire.Y_HOLD, 1)
    _settle(t)
    sent = [d for (_, src, _, d) in t.bus.log if src == mate and d[2] == wire.T_HINT]
    assert sent
    _resume(t)     # the roll moves on, on every handheld
    assert t.run(lambda: all(h.app.game.roll_no != 1 or h.app.roller() != r for h in t.hands),
                 60_000)
    t.go = False
    before = _seqs(t)
    for d in sent:  # the radio replays it: the codec has had it
        for h in t.hands:
            if h.seat != mate:
                assert h.node.receive(d, t.now) == wire.R_REPLAY
    # the mate's own firmware sends it again, freshly tagged, for the roll that was
    _send_hint(t, m, mate, wire.Y_HOLD, 1, roll=1)
    _send_hint(t, m, mate, wire.Y_HOLD, 1, rnd=m.app.round + 1)
    _settle(t)
    assert _seqs(t)[:mate] + _seqs(t)[mate + 1:] == before[:mate] + before[mate + 1:]
    assert all(h.app.hint_of(mate) is None for h in t.hands if h.seat != mate)


def test_hints_out_of_range_are_dropped_and_crash_nothing():
    t, r, mate = _at_a_team_roll(407)
    m = t.hands[mate]
    g = t.hands[r].app.game
    before = _seqs(t)
    filled = g.boxes().index("chance")
    # mark "chance" filled on the roller's card everywhere would change the game: instead, boxes
    # past the sheet, a hold of dice that do not exist, an unknown kind, a seat past the table
    bad = [(mate, wire.Y_HOLD, 1 << g.ndice), (mate, wire.Y_BOX, len(g.boxes())),
           (mate, wire.Y_BOX, 255), (mate, 7, 0), (mate, 0, 0), (9, wire.Y_HOLD, 1),
           (255, wire.Y_BOX, filled)]
    for who, kind, value in bad:
        _send_hint(t, m, who, kind, value)
    _settle(t)
    _nobody_took(t, before)
    assert all(h.app.hints_dropped == len(bad) for h in t.hands if h.seat != mate)
    assert drops(t, log.D_ERROR) == 0


def test_a_hint_for_a_box_already_filled_is_dropped():
    t, r, mate = _at_a_team_roll(408, loss=0.0)
    _resume(t)  # play until the roller's card has a box filled and the team rolls again
    app = t.hands[0].app

    def card_has_a_box_and_rolls():
        g = app.game
        return app.phase == yatzy.P_ROLL and g.roll_no >= 1 and g.current == TEAMS[r] and \
            any(not g.is_free(g.current, b, 0) for b in range(len(g.boxes())))

    assert t.run(card_has_a_box_and_rolls, 600_000)
    t.go = False
    _settle(t, 50)
    g = app.game
    roller = app.roller()
    mate = [s for s in range(4) if s != roller and TEAMS[s] == TEAMS[roller]][0]
    full = [b for b in range(len(g.boxes())) if not g.is_free(g.current, b, 0)][0]
    free = [b for b in range(len(g.boxes())) if g.is_free(g.current, b, 0)][0]
    before = _seqs(t)
    _send_hint(t, t.hands[mate], mate, wire.Y_BOX, full)
    _settle(t)
    _nobody_took(t, before)
    _send_hint(t, t.hands[mate], mate, wire.Y_BOX, free)   # the same, for a free box: taken
    _settle(t)
    assert t.hands[roller].app.hint_of(mate) == (wire.Y_BOX, free)


def test_a_flood_of_hints_through_a_game_changes_no_record():
    """A hostile teammate advises at every step its teammate rolls (advice the table takes) and
    twenty times a second anything at all (out of range, stale, other seats): the honest
    handhelds finish the very record the same table plays without it (the flood reaches them
    straight, not through the seeded radio), and no entry is a hint."""
    def play(flood):
        t = Table(seats=4, seed=409, loss=0.1, game="yatzy", teams=TEAMS)
        assert t.start_game() == 0
        bad = t.hands[2]
        rng = random.Random(7)
        k = 0
        while not finished(t, range(4)) and t.now < 3_600_000:
            t.step()
            k += 1
            if not flood or bad.app.game is None:
                continue
            if bad.app.may_hint(2):   # every step its teammate rolls: advice in range
                _send_hint(t, bad, 2, wire.Y_HOLD, rng.randrange(32))
            if k % 10 == 0:           # and twenty times a second anything at all
                _send_hint(t, bad, rng.choice((2, 0, 1)), rng.choice((wire.Y_HOLD, wire.Y_BOX, 9)),
                           rng.randrange(256), roll=rng.randrange(4))
        assert finished(t, range(4))
        return t

    t = play(True)
    rec, _ = honest_agree(t, range(4))
    assert rec == honest_agree(play(False), range(4))[0]
    assert drops(t, log.D_ERROR) == 0
    f = wire.Frame()
    for h in t.hands:
        for seq in range(1, h.node.applied + 1):
            if h.node.entry(seq, f):
                assert f.etype in wire.LOGGABLE and f.etype != wire.T_HINT
    assert sum(h.app.hints_dropped for h in t.hands) > 100
    assert sum(h.app.hint_seq for h in t.hands) > 10   # and advice was taken meanwhile
