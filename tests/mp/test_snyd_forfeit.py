"""The Snyd forfeit (record format 2): the rules core's Game.forfeit, the referee's replay of
[seat, "forfeit"] actions and null dice, and the Recorder's round trip. One test per rule of it."""
import io
import json

from mpcheck import eq, raises
from dicecup.core.shape import Malformed
from dicecup.rules.snyd import CALL_FORFEIT, Game, Illegal, Rules
from dicecup.records.snyd import replay
from dicecup.records.snyd_writer import KINDS, NO_DICE, Recorder


def rec(rounds, seats=3, dice=2, **top):
    r = {"game": "snyd", "version": 2, "seats": seats, "rules": {"dice": dice}, "rounds": rounds}
    for k in top:
        r[k] = top[k]
    return r


def fives(seats=3, n=2):
    return [[5] * n for _ in range(seats)]


def game(seats=3, dice=2, **rules):
    g = Game(Rules(dice=dice, **rules), seats)
    g.start_round([[5] * dice for _ in range(seats)])
    return g


# ---- the rules core ---------------------------------------------------------------------------
def test_core_forfeit_before_any_bid():
    g = game()
    r = g.forfeit([1])
    eq((r.call, r.caller, r.loser, r.gainer, r.count), (CALL_FORFEIT, -1, 1, -1, -1))
    eq((r.bidder, r.bid_face, r.n_forfeits, r.forfeits[0]), (-1, 0, 1, 1))
    eq(list(g.dice_left), [2, 1, 2])
    eq((g.in_round, g.opener, g.round_no, g.palifico), (False, 1, 1, True))


def test_core_several_forfeits_each_lose_one_nobody_gains():
    g = game(4, 3)
    g.bid(0, 2, 3)
    r = g.forfeit(bytes((2, 0)))  # any sequence of seats, in the order logged
    eq(list(g.dice_left), [2, 3, 2, 3])
    eq((r.loser, r.n_forfeits, list(r.forfeits[:2]), r.bidder, r.bid_count, r.bid_face),
       (2, 2, [2, 0], 0, 2, 3))
    eq(g.opener, 2)


def test_core_forfeit_with_a_call_logged_but_not_counted():
    # the table checks the call (snyd_error) and keeps it until the reveals; then it forfeits
    g = game()
    g.bid(0, 6, 5)  # six 5s: a snyd by seat 1 would make it lose
    eq(g.snyd_error(1), None)
    g.forfeit([2])
    eq(list(g.dice_left), [2, 2, 1])
    eq(g.result.caller, -1)


def test_core_forfeit_refusals_change_nothing():
    g = game()
    g.bid(0, 1, 5)
    for seats, words in (([], "at least one"), ([1, 1], "forfeited this round already"),
                         ([3], "no such seat"), ([0, 9], "no such seat")):
        e = raises(Illegal, g.forfeit, seats)
        assert words in str(e), str(e)
        eq((list(g.dice_left), g.in_round, g.bidder), ([2, 2, 2], True, 0))
    eq(g.forfeit_error(1), None)
    eq(g.forfeit_error(1, 1 << 1), "seat 1 has forfeited this round already")
    g.forfeit([1])
    eq(g.forfeit_error(1), "no round in progress")
    eq(raises(Illegal, g.forfeit, [0]).args[0], "no round in progress")


def test_core_out_seat_may_not_forfeit():
    g = Game(Rules(dice=1), 3)
    g.start_round([[2], [3], [4]])
    g.forfeit([0])
    g.start_round([[], [3], [4]])
    eq(g.forfeit_error(0), "that seat is out")
    raises(Illegal, g.forfeit, [1, 0])
    eq(list(g.dice_left), [0, 1, 1])


def test_core_opener_skips_a_first_forfeiter_that_is_out():
    g = Game(Rules(dice=1), 4)
    g.start_round([[2], [3], [4], [5]])
    r = g.forfeit([1, 2])  # both out: seat 3 is the next clockwise with dice
    eq((r.loser, r.eliminated, r.out, g.opener, g.palifico), (1, 1, 0b110, 3, False))
    eq(g.alive(), 2)


def test_core_eliminated_is_the_lowest_seat_out_when_the_first_keeps_dice():
    g = Game(Rules(dice=2), 3)
    g.start_round([[2, 2], [3, 3], [4, 4]])
    g.forfeit([1, 2])
    g.start_round([[2, 2], [3], [4]])
    r = g.forfeit([0, 2])
    eq((r.loser, r.eliminated, r.out, list(g.dice_left)), (0, 2, 0b100, [1, 1, 0]))


def test_core_palifico_looks_at_the_first_forfeiter_only():
    g = Game(Rules(dice=2), 4)
    g.start_round(fives(4))
    g.forfeit([1, 2])  # both left with one die: only seat 1 is "the loser"
    eq((g.opener, g.palifico), (1, True))
    g.start_round([[5, 5], [5], [5], [5, 5]])
    g.forfeit([2])  # seat 2 has one die left, no palifico yet, four players left
    eq((list(g.dice_left), g.opener, g.palifico), ([2, 1, 0, 2], 3, False))
    g.start_round([[5, 5], [5], [], [5, 5]])
    g.forfeit([0])  # seat 0 left with one die, three players: palifico
    eq((g.opener, g.palifico), (0, True))
    g.start_round([[5], [5], [], [5, 5]])
    g.forfeit([3, 1])  # seat 3 down to one die; seat 1 out: two players left, no palifico
    eq((list(g.dice_left), g.opener, g.palifico, g.alive()), ([1, 0, 0, 1], 3, False, 2))


def test_core_palifico_not_twice_for_the_same_seat():
    g = Game(Rules(dice=3), 3)
    g.start_round(fives(3, 3))
    g.forfeit([0])
    g.start_round([[5, 5], [5, 5, 5], [5, 5, 5]])
    g.forfeit([0])
    eq(g.palifico, True)
    g.start_round([[5], [5, 5, 5], [5, 5, 5]])
    g.bid(0, 1, 5)
    g.snyd(1)  # one 5 out of 7: seat 1 loses
    g.start_round([[5], [5, 5], [5, 5, 5]])
    g.forfeit([2, 1])
    g.start_round([[5], [5], [5, 5]])
    g.forfeit([1, 0])  # 0 and 1 both out: seat 2 wins
    eq((g.over, g.winner(), g.opener), (True, 2, -1))


def test_core_forfeit_ends_the_game_as_usual():
    g = Game(Rules(dice=1), 2)
    g.start_round([[2], [3]])
    r = g.forfeit([0])
    eq((g.over, g.winner(), g.opener, r.eliminated), (True, 1, -1, 0))
    raises(Illegal, g.start_round, [[], [3]])


def test_core_every_seat_forfeits_its_last_die_no_winner():
    g = Game(Rules(dice=1), 2)
    g.start_round([[2], [3]])
    r = g.forfeit([1, 0])
    eq((g.over, g.winner(), g.alive(), r.out), (True, -1, 0, 3))


def test_core_hidden_dice_must_forfeit():
    g = Game(Rules(dice=2), 3)
    g.start_round([[1, 2], None, [3, 4]])
    eq(g.hidden, 2)
    g.bid(0, 1, 2)
    g.bid(1, 2, 2)
    eq(g.snyd_error(2), None)  # the call itself is legal...
    e = raises(Illegal, g.snyd, 2)  # ...but seat 1's dice cannot be counted
    eq(str(e), "seat 1 never revealed its dice: it must forfeit")
    eq(g.hidden_error(0), "seat 1 never revealed its dice: it must forfeit")
    eq(g.hidden_error(2), None)
    raises(Illegal, g.forfeit, [0])
    g.forfeit([0, 1])
    eq((list(g.dice_left), g.hidden), ([1, 1, 2], 0))
    g.start_round([[1], [2], [3, 4]])
    eq(g.hidden, 0)


def test_core_hidden_dice_of_an_out_seat():
    g = Game(Rules(dice=1), 3)
    g.start_round([[1], [2], [3]])
    g.forfeit([0])
    eq(str(raises(Illegal, g.start_round, [None, [2], [3]])), "seat 0 is out: its dice are [], not null")


def test_core_bidding_still_works_after_a_forfeit_round():
    g = game()
    g.forfeit([2, 0])
    g.start_round([[3], [3, 3], [3]])
    eq(g.on_turn, 2)
    g.bid(2, 2, 3)
    g.bid(0, 3, 3)
    r = g.snyd(1)
    eq((r.count, r.loser, r.out, r.n_forfeits), (4, 1, 0, 0))


# ---- the referee ------------------------------------------------------------------------------
def test_referee_forfeit_round_output():
    out = replay(rec([{"dice": fives(), "actions": [[0, "bid", 2, 5], [1, "bid", 3, 5],
                                                   [2, "forfeit"], [0, "forfeit"]]}]))
    eq(out, {"rounds": [{"opener": 0, "palifico": False, "call": "forfeit", "caller": None,
                         "bidder": 1, "bid": [3, 5], "count": None, "loser": 2, "gainer": None,
                         "dice_left": [1, 2, 1], "eliminated": [], "forfeits": [2, 0]}],
             "next_opener": 2, "winner": None, "error": None})


def test_referee_forfeit_without_bids():
    out = replay(rec([{"dice": fives(), "actions": [[1, "forfeit"]]}]))
    r = out["rounds"][0]
    eq((r["bid"], r["bidder"], r["loser"], r["forfeits"], out["next_opener"]), (None, None, 1, [1], 1))
    eq(r["palifico"], False)
    eq(out["error"], None)


def test_referee_other_rounds_leave_forfeits_out():
    out = replay(rec([{"dice": fives(), "actions": [[0, "bid", 2, 5], [1, "snyd"]]}]))
    assert "forfeits" not in out["rounds"][0]
    eq(out["rounds"][0]["call"], "snyd")


def test_referee_call_then_forfeit_is_not_counted():
    # seat 1 calls snyd on six 5s (it would lose), then seat 2 forfeits: only seat 2 loses
    out = replay(rec([{"dice": fives(), "actions": [[0, "bid", 6, 5], [1, "snyd"], [2, "forfeit"]]}]))
    r = out["rounds"][0]
    eq((r["call"], r["caller"], r["count"], r["dice_left"], r["bid"]),
       ("forfeit", None, None, [2, 2, 1], [6, 5]))
    out = replay(rec([{"dice": fives(4), "actions": [[0, "bid", 2, 5], [2, "calza"], [1, "forfeit"]]}],
                     seats=4))
    eq((out["error"], out["rounds"][0]["dice_left"]), (None, [2, 1, 2, 2]))


def test_referee_an_illegal_call_before_forfeits_is_a_violation():
    def err(actions):
        return replay(rec([{"dice": fives(), "actions": actions}]))["error"]
    eq(err([[0, "snyd"], [1, "forfeit"]]), {"round": 0, "action": 0, "reason": "there is no bid to call"})
    eq(err([[0, "bid", 2, 5], [2, "snyd"], [1, "forfeit"]])["reason"], "not that seat's turn")
    eq(err([[0, "bid", 2, 5], [1, "calza"], [1, "forfeit"]])["reason"],
       "calza is for the seats not on turn")


def test_referee_anything_after_the_forfeits_is_a_violation():
    def err(actions):
        return replay(rec([{"dice": fives(), "actions": actions}]))["error"]
    eq(err([[0, "forfeit"], [1, "bid", 1, 2]]),
       {"round": 0, "action": 1, "reason": "the round is over: no action after a forfeit"})
    eq(err([[0, "bid", 1, 2], [0, "forfeit"], [1, "snyd"]])["action"], 2)
    eq(err([[0, "forfeit"], [1, "forfeit"], [2, "calza"]])["action"], 2)
    eq(err([[0, "bid", 1, 2], [1, "snyd"], [0, "forfeit"], [2, "bid", 3, 3]])["action"], 3)
    # a counted call, then a forfeit: the round was over
    eq(err([[0, "bid", 1, 2], [1, "snyd"], [2, "bid", 2, 2], [0, "forfeit"]])["action"], 2)


def test_referee_a_seat_forfeits_once():
    e = replay(rec([{"dice": fives(), "actions": [[0, "forfeit"], [0, "forfeit"]]}]))["error"]
    eq(e, {"round": 0, "action": 1, "reason": "seat 0 has forfeited this round already"})


def test_referee_any_seat_in_play_may_forfeit_but_not_an_out_one():
    rounds = [{"dice": [[5], [5], [5]], "actions": [[2, "forfeit"]]},
              {"dice": [[5], [5], []], "actions": [[0, "bid", 1, 5], [2, "forfeit"]]}]
    out = replay(rec(rounds, dice=1))
    eq(out["error"], {"round": 1, "action": 1, "reason": "that seat is out"})
    eq(out["rounds"][0]["eliminated"], [2])
    eq(out["next_opener"], 0)  # seat 2 is out: the next seat clockwise, wrapping


def test_referee_null_dice_for_a_forfeiting_seat():
    rounds = [{"dice": [[5, 5], None, None], "actions": [[0, "bid", 1, 5], [2, "forfeit"], [1, "forfeit"]]},
              {"dice": [[5, 5], [5], [5]], "actions": [[2, "bid", 1, 5], [0, "snyd"]]}]
    out = replay(rec(rounds))
    eq(out["error"], None)
    eq([r["dice_left"] for r in out["rounds"]], [[2, 1, 1], [1, 1, 1]])


def test_referee_null_dice_for_a_seat_that_does_not_forfeit():
    rnd = {"dice": [[5, 5], None, [5, 5]], "actions": [[0, "bid", 1, 5], [1, "snyd"]]}
    out = replay(rec([rnd]))
    eq(out["error"], {"round": 0, "action": None,
                      "reason": "seat 1 never revealed its dice: it must forfeit"})
    eq(out["rounds"], [])
    rnd["actions"] = [[0, "forfeit"]]  # another seat's forfeit does not cover seat 1
    eq(replay(rec([rnd]))["error"]["action"], None)
    rnd["actions"] = []  # nor does an unfinished round
    eq(replay(rec([rnd]))["error"]["action"], None)


def test_referee_null_dice_for_an_out_seat():
    rounds = [{"dice": [[5], [5], [5]], "actions": [[2, "forfeit"]]},
              {"dice": [[5], [5], None], "actions": [[0, "forfeit"]]}]
    eq(replay(rec(rounds, dice=1))["error"],
       {"round": 1, "action": None, "reason": "seat 2 is out: its dice are [], not null"})


def test_referee_forfeit_can_end_the_game():
    rounds = [{"dice": [[5], [5]], "actions": [[0, "bid", 1, 5], [1, "forfeit"]]}]
    out = replay(rec(rounds, seats=2, dice=1))
    eq((out["winner"], out["next_opener"], out["rounds"][0]["eliminated"]), (0, None, [1]))
    rounds.append({"dice": [[5], []], "actions": []})
    eq(replay(rec(rounds, seats=2, dice=1))["error"],
       {"round": 1, "action": None, "reason": "the game is over"})


def test_referee_several_seats_out_at_once():
    out = replay(rec([{"dice": [[5], [5], [5], [5]], "actions": [[3, "forfeit"], [1, "forfeit"]]}],
                     seats=4, dice=1))
    r = out["rounds"][0]
    eq((r["eliminated"], r["forfeits"], r["loser"], out["next_opener"]), ([1, 3], [3, 1], 3, 0))


def test_referee_versions_and_shape():
    ok = rec([{"dice": fives(), "actions": [[0, "forfeit"]]}])
    for v in (1, 2):
        ok["version"] = v
        eq(replay(ok)["error"], None)
    for bad in ({"version": 3}, {"version": "2"}):
        r = rec([])
        r.update(bad)
        raises(Malformed, replay, r)
    for act in ([0, "forfeit", 1], [0, "forfeits"], [0, "forfeit", 1, 2]):
        raises(Malformed, replay, rec([{"dice": fives(), "actions": [act]}]))
    raises(Malformed, replay, rec([{"dice": [[5, 5], None, 5], "actions": []}]))


# ---- the recorder -----------------------------------------------------------------------------
def test_recorder_kinds_fit_two_bits():
    eq(KINDS.index("forfeit"), 3)
    for s in range(8):
        for k in range(4):
            assert s << 2 | k < 0xFE  # never a round marker
    assert NO_DICE > 5


def test_recorder_round_trip_with_forfeits():
    rules = Rules(dice=2)
    rc = Recorder(rules, 3, 1, ["a", "b", "c"])
    rc.round([[1, 2], None, [3, 4]])
    rc.action(1, "bid", 2, 3)
    rc.action(2, "snyd")
    rc.action(1, "forfeit")
    rc.round([[1, 2], [6], [3, 4]])
    rc.action(1, "forfeit")
    rc.action(0, "forfeit")
    want = {"game": "snyd", "version": 2, "rules": rules.to_dict(), "seats": 3, "first": 1,
            "rounds": [{"dice": [[1, 2], None, [3, 4]],
                        "actions": [[1, "bid", 2, 3], [2, "snyd"], [1, "forfeit"]]},
                       {"dice": [[1, 2], [6], [3, 4]], "actions": [[1, "forfeit"], [0, "forfeit"]]}],
            "names": ["a", "b", "c"]}
    eq(rc.record(), want)
    f = io.StringIO()
    rc.write(f)
    eq(json.loads(f.getvalue()), want)
    out = replay(want)
    eq(out["error"], None)
    eq([r["dice_left"] for r in out["rounds"]], [[2, 1, 2], [1, 0, 2]])
    eq(out["next_opener"], 2)
    # a null seat is one byte: the marker, 2+1+3 dice bytes, then the actions
    eq(rc.at(0), 0xFE)
    eq([rc.at(i) for i in range(1, 8)], [2, 1, 2, NO_DICE, 2, 3, 4])
    eq(rc.at(8 + 6), 1 << 2 | 3)
