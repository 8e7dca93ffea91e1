"""snyd: every rule of the Snyd spec, option by option, with the corner cases."""
from dicecup.rules import snyd
from mpcheck import Rng, eq, raises
from dicecup.core.shape import Malformed
from dicecup.rules.snyd import Game, Illegal, Rules


def game(seats=4, first=0, **kw):
    return Game(Rules(**kw), seats, first)


def deal(g, *dice):
    """Start a round; dice per seat as lists (a seat that is out gets [])."""
    g.start_round([list(d) for d in dice])


def full(g, v=6):
    """Start a round where every die shows v."""
    g.start_round([[v] * g.dice_left[s] for s in range(g.seats)])


def lose_die(g, seat):
    """Play a round in which `seat` loses a die: all dice show 6 and everyone bids on 2s."""
    full(g, 6)
    while True:
        s = g.on_turn
        g.bid(s, g.min_raise(2), 2)
        if s == seat:
            break
    r = g.snyd(g.on_turn)
    eq(r.loser, seat, "lose_die")
    return r


# ---- Rules ---------------------------------------------------------------------------------
def test_rules_defaults_round_trip():
    r = Rules()
    eq(r.to_dict(), {"dice": 5, "jokers": True, "palifico": True, "calza": True,
                     "open_on_ones": False, "calza_by": "others", "count_scope": "table",
                     "open_die": False})
    eq(Rules.from_dict(r.to_dict()).to_dict(), r.to_dict())
    eq(Rules.from_dict({}).to_dict(), r.to_dict())


def test_rules_from_dict_names():
    r = Rules.from_dict({"calza_by": "turn", "count_scope": "neighbours", "dice": 2,
                         "open_die": True, "jokers": False})
    eq((r.calza_by, r.count_scope, r.dice, r.open_die, r.jokers),
       (snyd.CALZA_TURN, snyd.SCOPE_NEIGHBOURS, 2, True, False))
    eq(Rules.from_dict({"calza_by": "any"}).calza_by, snyd.CALZA_ANY)
    eq(Rules.from_dict({"calza_by": "others"}).calza_by, snyd.CALZA_OTHERS)


def test_kids_preset_and_override():
    k = Rules.from_dict({}, "kids")
    eq((k.dice, k.jokers, k.palifico, k.calza), (3, False, False, False))
    eq((k.open_on_ones, k.calza_by, k.count_scope), (False, snyd.CALZA_OTHERS, snyd.SCOPE_TABLE))
    k2 = Rules.from_dict({"dice": 4, "jokers": True}, "kids")
    eq((k2.dice, k2.jokers, k2.calza), (4, True, False))


def test_rules_malformed():
    raises(Malformed, Rules.from_dict, {"dice": 6})
    raises(Malformed, Rules.from_dict, {"dice": 0})
    raises(Malformed, Rules.from_dict, {"dice": True})
    raises(Malformed, Rules.from_dict, {"jokers": 1})
    raises(Malformed, Rules.from_dict, {"calza_by": "all"})
    raises(Malformed, Rules.from_dict, {"count_scope": 1})
    raises(Malformed, Rules.from_dict, {"wild": True})
    raises(Malformed, Rules.from_dict, [])
    raises(Malformed, Rules.from_dict, None)
    raises(Malformed, Rules.from_dict, {}, "pros")
    raises(Malformed, Rules.from_dict, {}, 3)


def test_bad_game_setup():
    raises(ValueError, Game, Rules(), 1)
    raises(ValueError, Game, Rules(), 9)
    raises(ValueError, Game, Rules(), 3, 3)
    raises(ValueError, Rules, 0)
    raises(ValueError, Rules, 6)


# ---- opening and raising -------------------------------------------------------------------
def test_opening_on_ones():
    g = game()
    full(g)
    assert not g.is_legal_bid(1, 1)
    eq(g.bid_error(0, 2, 1), "the opening bid may not be on ones")
    eq(g.min_raise(1), 0)
    eq(g.first_bid(), (1, 2))
    g = game(open_on_ones=True)
    full(g)
    assert g.is_legal_bid(1, 1)
    eq(g.first_bid(), (1, 2))  # ones(1) ranks above (2, 6) in the jokers order
    g = game(jokers=False)
    full(g)
    assert g.is_legal_bid(1, 1)
    eq(g.first_bid(), (1, 1))


def test_face_never_goes_down():
    g = game()
    full(g)
    g.bid(0, 3, 5)
    for c, f, ok in ((4, 4, False), (20, 4, False), (3, 5, False), (3, 6, True), (4, 5, True),
                     (3, 4, False), (2, 6, False), (20, 2, False)):
        eq(g.is_legal_bid(c, f), ok, "(%d,%d)" % (c, f))
    eq(g.bid_error(1, 20, 4), "the face may not go down")
    eq(g.min_raise(4), 0)
    eq(g.min_raise(5), 4)
    eq(g.min_raise(6), 3)


def test_halving_to_ones():
    g = game()
    full(g)
    g.bid(0, 7, 3)  # after (7, x): at least 4 ones
    eq(g.min_raise(1), 4)
    assert not g.is_legal_bid(3, 1)
    assert g.is_legal_bid(4, 1)
    g.bid(1, 4, 1)
    g2 = game()
    full(g2)
    g2.bid(0, 8, 6)  # even count: exactly half
    eq(g2.min_raise(1), 4)
    g3 = game()
    full(g3)
    g3.bid(0, 1, 4)
    eq(g3.min_raise(1), 1)


def test_doubling_from_ones():
    g = game(open_on_ones=True)
    full(g)
    g.bid(0, 5, 1)  # after (5, 1): more ones, or at least 11 of another face
    eq(g.min_raise(1), 6)
    for f in range(2, 7):
        eq(g.min_raise(f), 11, "face %d" % f)
    assert not g.is_legal_bid(10, 6)
    assert g.is_legal_bid(11, 2)
    assert not g.is_legal_bid(5, 1)
    assert g.is_legal_bid(6, 1)
    g.bid(1, 11, 2)
    # after going through ones the face restriction starts again from the new face
    eq(g.min_raise(2), 12)
    eq(g.min_raise(1), 6)


def test_count_bounds():
    g = game(seats=2)
    full(g)
    eq(g.max_count(0), 10)
    assert not g.is_legal_bid(0, 3)
    assert not g.is_legal_bid(11, 3)
    assert g.is_legal_bid(10, 3)
    eq(g.bid_error(0, 11, 3), "count is more than the dice in play")
    g.bid(0, 10, 5)
    eq(g.min_raise(5), 0)  # 11 would be needed
    eq(g.min_raise(1), 5)
    g.bid(1, 10, 1)
    eq(g.first_bid(), None)  # nothing fits above ten ones
    assert not g.may_bid(0)
    assert g.may_snyd(0)


def test_raise_without_jokers():
    g = game(jokers=False)
    full(g)
    g.bid(0, 3, 1)
    assert g.is_legal_bid(3, 2)  # ones are an ordinary face: same count, higher face
    assert g.is_legal_bid(4, 1)
    assert not g.is_legal_bid(2, 1)
    g.bid(1, 3, 4)
    assert not g.is_legal_bid(2, 1)
    assert not g.is_legal_bid(9, 1)  # no halving without jokers: the face may not go down
    assert g.is_legal_bid(4, 4)
    assert g.is_legal_bid(3, 5)


def test_turn_and_seat_checks():
    g = game()
    assert not g.is_legal_bid(1, 2)  # no round yet
    eq(g.bid_error(0, 1, 2), "no round in progress")
    full(g)
    eq(g.on_turn, 0)
    eq(g.bid_error(1, 1, 2), "not that seat's turn")
    raises(Illegal, g.bid, 1, 1, 2)
    eq(g.bid_error(9, 1, 2), "no such seat")
    eq(g.bid_error(0, 1, 7), "face must be 1..6")
    raises(Illegal, g.snyd, 0)  # no bid to call yet
    g.bid(0, 1, 2)
    eq((g.bidder, g.on_turn, g.bid_count, g.bid_face), (0, 1, 1, 2))
    raises(Illegal, g.snyd, 2)  # only the seat on turn calls snyd
    g.bid(1, 2, 2)
    g.bid(2, 3, 2)
    g.bid(3, 4, 2)
    eq(g.on_turn, 0)  # wraps round the table


def test_start_round_checks():
    g = game(seats=3, dice=2)
    raises(Illegal, g.start_round, [[1, 2], [3, 4]])
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5]])
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 7]])
    e = raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]], [0, 0, 0])
    eq(str(e), "shown needs the open_die rule")
    deal(g, [1, 2], [3, 4], [5, 6])
    eq(g.dice_of(1), bytes([3, 4]))
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]])  # round still running


# ---- snyd ----------------------------------------------------------------------------------
def test_snyd_exact_count_means_caller_loses():
    g = game(seats=3)
    deal(g, [2, 2, 1, 5, 5], [3, 3, 3, 3, 3], [6, 6, 6, 6, 2])
    g.bid(0, 4, 2)  # two 2s, a one, a 2 on seat 2: exactly 4
    eq(g.counted(2), 4)
    r = g.snyd(1)
    eq((r.call, r.caller, r.bidder, r.count, r.loser, r.gainer, r.eliminated),
       (snyd.CALL_SNYD, 1, 0, 4, 1, -1, -1))
    eq(list(g.dice_left), [5, 4, 5])
    eq(g.opener, 1)
    assert not g.in_round
    eq(g.round_no, 1)
    # the reveal after the call still sees the whole round: the loser's five dice, the same count
    eq(g.dice_of(1), bytes([3, 3, 3, 3, 3]))
    eq(g.counted(2), 4)


def test_snyd_short_count_means_bidder_loses():
    g = game(seats=3)
    deal(g, [2, 2, 1, 5, 5], [3, 3, 3, 3, 3], [6, 6, 6, 6, 2])
    g.bid(0, 5, 2)
    r = g.snyd(1)
    eq((r.count, r.loser), (4, 0))
    eq(list(g.dice_left), [4, 5, 5])
    eq(g.opener, 0)


def test_ones_count_only_ones():
    g = game(seats=2, open_on_ones=True)
    deal(g, [1, 1, 2, 2, 2], [1, 3, 3, 3, 3])
    eq(g.counted(1), 3)
    eq(g.counted(3), 7)
    g.bid(0, 4, 1)
    eq(g.snyd(1).loser, 0)


def test_no_jokers_counts_face_only():
    g = game(seats=2, jokers=False)
    deal(g, [1, 1, 2, 2, 2], [1, 3, 3, 3, 3])
    eq(g.counted(3), 4)
    eq(g.counted(1), 3)


# ---- calza ---------------------------------------------------------------------------------
def test_calza_exact_gains_a_die():
    g = game(seats=3, calza_by=snyd.CALZA_ANY)
    lose_die(g, 2)
    eq(list(g.dice_left), [5, 5, 4])
    deal(g, [2, 2, 2, 4, 4], [3, 3, 3, 3, 3], [5, 5, 5, 6])
    g.bid(2, 3, 2)
    eq(g.on_turn, 0)
    eq(g.calza_error(2), "the bidder may not call calza")
    assert g.may_calza(1)
    r = g.calza(1)
    eq((r.call, r.caller, r.count, r.loser, r.gainer), (snyd.CALL_CALZA, 1, 3, -1, -1))
    eq(list(g.dice_left), [5, 5, 4])  # seat 1 had all its dice: nothing gained
    eq(g.opener, 1)  # after a calza the caller opens
    deal(g, [2, 2, 2, 4, 4], [3, 3, 3, 3, 3], [5, 5, 5, 6])
    g.bid(1, 3, 2)
    g.bid(2, 4, 2)
    r = g.calza(1)  # count 3, not 4: the caller, seat 1, loses
    eq((r.loser, r.gainer), (1, -1))
    eq(list(g.dice_left), [5, 4, 4])
    deal(g, [2, 2, 2, 4, 4], [3, 3, 3, 3], [2, 5, 5, 6])
    g.bid(1, 4, 2)
    r = g.calza(2)  # exactly four 2s: seat 2 (on turn: calza_by any) is below the cap and gains
    eq((r.loser, r.gainer, r.count), (-1, 2, 4))
    eq(list(g.dice_left), [5, 4, 5])
    eq(g.opener, 2)


def test_calza_by_options():
    def at_bid(by):
        g = game(seats=4, calza_by=by)
        full(g)
        g.bid(0, 1, 2)
        return g  # bidder 0, on turn 1
    g = at_bid(snyd.CALZA_OTHERS)
    eq([g.may_calza(s) for s in range(4)], [False, False, True, True])
    g = at_bid(snyd.CALZA_ANY)
    eq([g.may_calza(s) for s in range(4)], [False, True, True, True])
    g = at_bid(snyd.CALZA_TURN)
    eq([g.may_calza(s) for s in range(4)], [False, True, False, False])
    eq(g.calza_error(2), "only the seat on turn may call calza")
    g = game(calza=False)
    full(g)
    g.bid(0, 1, 2)
    eq(g.calza_error(2), "calza is not played")
    g = game()
    full(g)
    eq(g.calza_error(2), "there is no bid to call")


def test_no_calza_with_two_left():
    g = game(seats=2)
    full(g)
    g.bid(0, 1, 2)
    eq(g.calza_error(1), "no calza with two players left")
    g = game(seats=3, dice=1)
    lose_die(g, 1)
    eq(g.alive(), 2)
    full(g)
    g.bid(g.on_turn, 1, 2)
    assert not any(g.may_calza(s) for s in range(3))


def test_palifico_rounds_have_no_calza():
    g = game(seats=3, dice=2)
    lose_die(g, 0)
    eq(list(g.dice_left), [1, 2, 2])
    deal(g, [4], [4, 4], [3, 3])  # palifico round for seat 0
    assert g.palifico
    g.bid(0, 1, 3)
    eq(g.calza_error(2), "no calza in a palifico round")
    g.snyd(1)  # two 3s: seat 1 loses
    deal(g, [4], [4], [3, 3])  # seat 1 is down to one die: its palifico round
    assert g.palifico
    g.bid(1, 1, 3)
    g.snyd(2)
    eq(list(g.dice_left), [1, 1, 1])
    deal(g, [4], [4], [4])  # seat 2 palifico
    g.bid(2, 1, 4)
    g.bid(0, 2, 4)
    g.snyd(1)  # three 4s: seat 1 loses and is out
    eq(list(g.dice_left), [1, 0, 1])
    assert not g.palifico


# ---- opener, elimination, game over ----------------------------------------------------------
def test_turns_skip_seats_that_are_out_and_game_over():
    g = game(seats=3, dice=1, palifico=False, first=2)
    deal(g, [2], [2], [2])
    g.bid(2, 3, 2)
    g.bid(0, 3, 3)
    g.bid(1, 3, 4)
    eq(g.on_turn, 2)
    r = g.snyd(2)  # no 4s: seat 1 loses its only die
    eq((r.loser, r.eliminated), (1, 1))
    eq(g.opener, 2)
    deal(g, [5], [], [6])
    eq(g.on_turn, 2)
    g.bid(2, 1, 6)
    eq(g.on_turn, 0)  # seat 1 is skipped
    g.bid(0, 2, 6)
    eq(g.on_turn, 2)
    r = g.snyd(2)  # a single 6: the bidder, seat 0, loses its last die
    eq((r.loser, r.eliminated), (0, 0))
    assert g.over
    eq(g.winner(), 2)
    eq(g.alive(), 1)
    eq(g.opener, -1)
    e = raises(Illegal, g.start_round, [[], [], [3]])
    eq(str(e), "the game is over")
    assert not g.may_bid(2)


def test_eliminated_last_seat_wraps_to_seat_zero():
    g = game(seats=4, dice=1, palifico=False, first=3)
    deal(g, [2], [3], [4], [5])
    g.bid(3, 2, 6)
    r = g.snyd(0)
    eq((r.loser, r.eliminated), (3, 3))
    eq(g.opener, 0)  # seat 3 is out: next clockwise wraps to 0
    deal(g, [2], [3], [4], [])
    g.bid(0, 1, 3)
    g.bid(1, 1, 4)
    g.bid(2, 1, 5)
    eq(g.on_turn, 0)


def test_calza_caller_eliminated_opener_moves_on():
    g = game(seats=4, dice=1)
    deal(g, [2], [3], [4], [5])
    g.bid(0, 2, 6)
    r = g.calza(2)
    eq((r.loser, r.eliminated), (2, 2))
    eq(g.opener, 3)


def test_winner_only_seat_with_dice():
    g = game(seats=2, dice=1)
    eq(g.winner(), -1)
    deal(g, [3], [4])
    g.bid(0, 2, 3)
    g.snyd(1)
    assert g.over
    eq(g.winner(), 1)


# ---- palifico --------------------------------------------------------------------------------
def test_palifico_round_rules():
    g = game(seats=3, dice=2)
    lose_die(g, 1)
    eq(list(g.dice_left), [2, 1, 2])
    assert g.palifico
    eq(g.opener, 1)
    deal(g, [1, 1], [4], [4, 6])
    assert g.is_legal_bid(1, 1)  # ones may open, they are an ordinary face
    g.bid(1, 1, 4)
    eq(g.counted(4), 2)  # ones not wild
    assert not g.is_legal_bid(2, 5)  # face locked
    assert not g.is_legal_bid(1, 1)
    eq(g.bid_error(2, 2, 5), "the face is locked in a palifico round")
    eq(g.min_raise(4), 2)
    eq(g.min_raise(1), 0)
    eq(g.step_bid(1, 4, 1), (2, 4))
    eq(g.step_bid(2, 4, 1), (3, 4))
    eq(g.step_bid(3, 4, 1), (4, 4))
    eq(g.step_bid(4, 4, 1), (5, 4))
    eq(g.step_bid(5, 4, 1), None)
    g.bid(2, 3, 4)
    r = g.snyd(0)
    eq((r.palifico, r.count, r.loser), (True, 2, 2))
    assert g.palifico  # seat 2 now has one die
    eq(g.opener, 2)


def test_palifico_once_per_seat():
    g = game(seats=3, dice=3, calza_by=snyd.CALZA_ANY)
    lose_die(g, 0)
    lose_die(g, 0)
    assert g.palifico  # seat 0 is down to one die for the first time
    deal(g, [3], [4, 4, 4], [4, 4, 4])
    g.bid(0, 2, 3)
    g.bid(1, 3, 3)
    g.snyd(2)  # a single 3: the bidder, seat 1, loses
    eq(list(g.dice_left), [1, 2, 3])
    assert not g.palifico
    full(g, 2)
    g.bid(1, 6, 2)
    r = g.calza(0)  # exactly six 2s: seat 0 gets a die back
    eq(r.gainer, 0)
    eq(list(g.dice_left), [2, 2, 3])
    lose_die(g, 0)
    eq(list(g.dice_left), [1, 2, 3])
    assert not g.palifico  # seat 0 had its palifico round already


def test_palifico_for_each_seat():
    g = game(seats=4, dice=2)
    lose_die(g, 0)
    assert g.palifico
    lose_die(g, 1)
    assert g.palifico
    lose_die(g, 2)
    assert g.palifico
    eq(list(g.dice_left), [1, 1, 1, 2])
    r = lose_die(g, 0)
    eq(r.eliminated, 0)
    assert not g.palifico
    eq(g.opener, 1)


def test_palifico_off_and_two_left():
    g = game(seats=3, dice=2, palifico=False)
    lose_die(g, 0)
    assert not g.palifico
    g = game(seats=2, dice=2)
    lose_die(g, 0)
    assert not g.palifico  # only two players left
    g = game(seats=3, dice=2)
    lose_die(g, 2)
    lose_die(g, 2)  # seat 2 out (its palifico round came first)
    eq(g.alive(), 2)
    lose_die(g, 0)
    eq(list(g.dice_left), [1, 2, 0])
    assert not g.palifico


# ---- scope and open die ----------------------------------------------------------------------
def test_neighbours_scope():
    g = game(seats=4, count_scope=snyd.SCOPE_NEIGHBOURS, dice=2)
    deal(g, [3, 3], [3, 1], [3, 3], [3, 3])
    eq(g.max_count(0), 4)
    assert not g.is_legal_bid(5, 3)
    g.bid(0, 4, 3)
    eq(g.counted(3), 4)  # seats 0 and 1 only
    eq(g.counted(3, 3), 4)  # seat 3 counts itself and seat 0 (wrap)
    r = g.snyd(1)
    eq((r.count, r.loser), (4, 1))
    lose_die(g, 2)
    lose_die(g, 2)
    eq(list(g.dice_left), [2, 1, 0, 2])
    deal(g, [3, 3], [3], [], [3, 3])
    eq(g.max_count(1), 3)  # seat 1 and seat 3: seat 2 is out
    eq(g.counted(3, 1), 3)
    eq(g.on_turn, 3)
    g.bid(3, 4, 3)  # seat 3 counts itself and seat 0 (wrapping)
    r = g.snyd(0)
    eq((r.count, r.loser), (4, 0))


def test_open_die():
    g = game(seats=3, dice=2, open_die=True)
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]])
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]], [0, 2, 1])
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]], [0, None, 1])
    raises(Illegal, g.start_round, [[1, 2], [3, 4], [5, 6]], [0, 1])
    g.start_round([[1, 2], [3, 4], [5, 6]], [0, 1, 1])
    eq([g.shown_die(s) for s in range(3)], [1, 4, 6])
    g.bid(0, 1, 6)
    g.snyd(1)  # a 6 and a one: seat 1 loses
    e = raises(Illegal, g.start_round, [[1, 2], [3], [5, 6]], [0, 0, 1])
    eq(str(e), "seat 1 has no die to lay open")
    g.start_round([[1, 2], [3], [5, 6]], [1, None, 0])
    eq([g.shown_die(s) for s in range(3)], [2, 0, 5])
    assert g.palifico
    eq(g.counted(5), 1)  # the open die still counts (palifico: ones are not wild)


# ---- the legal-bid picker ---------------------------------------------------------------------
def brute(g):
    mx = g.max_count(g.on_turn)
    return [(c, f) for c in range(1, mx + 1) for f in range(1, 7) if g.is_legal_bid(c, f)]


def walk(g):
    out = []
    b = g.first_bid()
    while b:
        out.append(b)
        b = g.step_bid(b[0], b[1], 1)
    return out


def test_step_order_with_jokers():
    g = game(seats=2, dice=2)
    full(g)
    eq(walk(g), [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6),
                 (3, 2), (3, 3), (3, 4), (3, 5), (3, 6), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6)])
    g2 = game(seats=2, dice=2, open_on_ones=True)
    full(g2)
    eq(walk(g2)[9:12], [(2, 6), (1, 1), (3, 2)])  # ones(n) between (2n, 6) and (2n+1, 2)
    eq(walk(g2)[-3:], [(4, 6), (2, 1), (3, 1), (4, 1)][-3:])
    g.bid(0, 3, 4)
    eq(walk(g), [(3, 5), (3, 6), (4, 4), (4, 5), (4, 6), (2, 1), (3, 1), (4, 1)])
    eq(g.step_bid(4, 1, -1), (3, 1))
    eq(g.step_bid(2, 1, -1), (4, 6))
    eq(g.step_bid(3, 5, -1), None)
    eq(g.step_bid(9, 3, -1), (4, 1))  # from anywhere above: the strongest legal bid


def test_step_agrees_with_legality_random_games():
    rng = Rng(7)
    for gi in range(30):
        rules = Rules(dice=1 + rng.below(5), jokers=rng.below(4) > 0, palifico=rng.below(2) > 0,
                      open_on_ones=rng.below(3) == 0, count_scope=rng.below(2))
        n = 2 + rng.below(5)
        g = Game(rules, n, rng.below(n))
        while not g.over:
            g.start_round([[rng.die() for _ in range(g.dice_left[s])] for s in range(n)])
            while g.in_round:
                w = walk(g)
                eq(sorted(w), brute(g), "game %d" % gi)
                down = []
                b = g.step_bid(99, 6, -1)
                while b:
                    down.append(b)
                    b = g.step_bid(b[0], b[1], -1)
                eq(down, w[::-1])
                for f in range(1, 7):
                    m = [c for c, ff in w if ff == f]
                    eq(g.min_raise(f), min(m) if m else 0)
                if not w or (g.bid_face and rng.below(3) == 0):
                    g.snyd(g.on_turn)
                else:
                    g.bid(g.on_turn, *w[min(len(w) - 1, rng.below(4))])
