"""The Yatzy forfeit (record format 2): the rules core's forfeit_box / forfeit, the referee's replay of
{"p", "forfeit": true, "category"} turns, and the Recorder's round trip, on both interpreters."""
import io
import json

from mpcheck import eq, raises
from dicecup.core.shape import Malformed
from dicecup.rules.yatzy import BOXES, VARIANTS, Illegal, Yatzy
from dicecup.rules.yatzy_forfeit import FORFEIT_ORDER
from dicecup.records.yatzy import replay
from dicecup.records.yatzy_writer import Recorder

# the record spec's Scoring section, box by box as it first names them, per variant
SCAND = ["ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
         "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight", "full_house",
         "chance", "yatzy"]
SPEC_ORDER = {"standard": SCAND, "triple": SCAND,
              "maxi": SCAND + ["three_pairs", "five_of_a_kind", "full_straight", "castle", "tower"],
              "yahtzee": ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
                          "four_of_a_kind", "full_house", "small_straight", "large_straight",
                          "yahtzee", "chance"]}


def rec(turns, variant="standard", players=2, **extra):
    r = {"game": "yatzy", "version": 2, "variant": variant, "players": players, "turns": turns}
    r.update(extra)
    return r


def ff(p, category, **more):
    t = {"p": p, "forfeit": True, "category": category}
    t.update(more)
    return t


# ---- the rules core ---------------------------------------------------------------------------
def test_forfeit_order_is_the_spec_scoring_order():
    for v in VARIANTS:
        i = VARIANTS.index(v)
        eq([BOXES[i][b] for b in FORFEIT_ORDER[i]], SPEC_ORDER[v], v)


def test_forfeits_fill_every_box_in_that_order():
    for v in VARIANTS:
        g = Yatzy(v, 1)
        seen = []
        while not g.finished:
            box, col = g.forfeit_box()
            eq(g.forfeit(), (box, col))
            eq(g.get(0, box, col), 0)
            seen.append((col, g.boxes()[box]))
        eq(g.forfeit_box(), None)
        want = [(c, b) for c in range(g.columns) for b in SPEC_ORDER[v]]
        eq(seen, want, v)
        eq((g.total(0), g.winners()), (0, [0]))
        raises(Illegal, g.forfeit)


def test_forfeit_box_of_another_scorecard_and_the_turn_passes():
    g = Yatzy("standard", 2)
    g.roll([1, 1, 1, 1, 1])
    g.fill(g.box_index("ones"))
    eq(g.forfeit_box(0), (1, 0))
    eq(g.forfeit_box(), (0, 0))  # scorecard 1, to move
    g.roll([2, 3, 4, 5, 6])
    g.roll([2, 3, 4, 5, 6])
    eq(g.forfeit(), (0, 0))  # rolls made: still 0, in the first free box
    eq((g.get(1, 0), g.current, g.roll_no, g.rolls_left, g.turn), (0, 0, 0, 3, 2))


def test_forfeit_with_a_box_checks_it():
    g = Yatzy("triple", 1)
    g.forfeit(0, 0)
    e = raises(Illegal, g.forfeit, 0, 1)
    eq(str(e), "a forfeit must go in the first free box, twos (column 0)")
    raises(Illegal, g.forfeit, 5)
    eq(g.turn, 1)
    g = Yatzy("standard", 1)
    eq(str(raises(Illegal, g.forfeit, 2)), "a forfeit must go in the first free box, ones")


def test_triple_lowest_column_first():
    g = Yatzy("triple", 1)
    # fill column 0 but its chance box, and a box of column 1
    for b in range(g.nbox):
        if g.boxes()[b] != "chance":
            g.roll([6, 6, 6, 6, 6])
            g.fill(b, 0)
    g.roll([1, 2, 3, 4, 6])
    g.fill(0, 1)
    eq(g.forfeit_box(), (g.box_index("chance"), 0))
    g.forfeit()
    eq(g.forfeit_box(), (1, 1))


def test_maxi_forfeit_saves_no_rolls():
    g = Yatzy("maxi", 1)
    g.forfeit()  # no rolls made: the three are not saved
    eq((g.saved_rolls[0], g.rolls_left), (0, 3))
    g.roll([1] * 6)
    g.fill(g.box_index("twos"))  # two rolls saved
    eq(g.saved_rolls[0], 2)
    g.roll([1] * 6)
    g.forfeit()  # two fresh rolls unused: not saved; the saved ones are untouched
    eq((g.saved_rolls[0], g.rolls_left), (2, 5))
    for _ in range(4):
        g.roll([1] * 6)
    g.forfeit()  # one saved roll spent on this turn
    eq((g.saved_rolls[0], g.rolls_left), (1, 4))


def test_yahtzee_forfeit_earns_no_bonus_and_ignores_the_joker_rule():
    g = Yatzy("yahtzee", 1)
    g.roll([6] * 5)
    g.fill(g.box_index("yahtzee"))
    g.roll([6] * 5)  # a joker Yahtzee: a fill would have to go in sixes
    eq(g.forfeit(), (0, 0))
    eq((g.yahtzee_bonus(0), g.get(0, 0), g.is_free(0, 5)), (0, 0, True))


# ---- the referee ------------------------------------------------------------------------------
def test_referee_forfeit_without_rolls():
    out = replay(rec([ff(0, "ones"), {"p": 1, "rolls": [[1, 1, 2, 3, 4]], "category": "ones"},
                      ff(0, "twos")]))
    eq(out["error"], None)
    eq(out["players"][0]["columns"][0]["scores"], {"ones": 0, "twos": 0})
    eq((out["players"][0]["total"], out["next"]), (0, 1))


def test_referee_forfeit_with_rolls_checked_as_usual():
    t = ff(0, "ones", rolls=[[1, 2, 3, 4, 5], [1, 2, 6, 6, 6]], held=[[0, 1]])
    eq(replay(rec([t]))["error"], None)
    t["held"] = [[0, 1, 2]]  # the third die changed
    eq(replay(rec([t]))["error"], {"turn": 0, "reason": "held dice changed (position 2)"})
    t["held"] = [[0, 1]]
    t["rolls"] = t["rolls"] * 2  # four rolls
    eq(replay(rec([t]))["error"]["reason"], "too many rolls (at most 3)")
    eq(replay(rec([ff(0, "ones", rolls=[[1, 2, 3, 4]])]))["error"]["reason"], "bad dice: 4 dice")
    eq(replay(rec([ff(0, "ones", rolls=[])]))["error"], None)


def test_referee_forfeit_in_the_wrong_box():
    turns = [{"p": 0, "rolls": [[1, 1, 2, 3, 4]], "category": "ones"}, ff(1, "ones"), ff(0, "ones")]
    out = replay(rec(turns))
    eq(out["error"], {"turn": 2, "reason": "a forfeit must go in the first free box, twos"})
    eq(out["players"][1]["columns"][0]["scores"], {"ones": 0})  # the turns before are scored
    eq(replay(rec([ff(0, "chance")]))["error"]["turn"], 0)
    eq(replay(rec([ff(0, "full_house")]))["error"]["reason"],
       "a forfeit must go in the first free box, ones")
    eq(replay(rec([ff(0, "no_box")]))["error"]["reason"], "no box 'no_box' in standard")


def test_referee_forfeit_wrong_player():
    eq(replay(rec([ff(1, "ones")]))["error"], {"turn": 0, "reason": "wrong player: 0 to move, got 1"})


def test_referee_triple_forfeit_column():
    turns = [ff(0, b) for b in SCAND]
    out = replay(rec(turns + [ff(0, "ones", column=1)], "triple", 1))
    eq(out["error"], None)
    eq(out["players"][0]["columns"][1]["scores"], {"ones": 0})
    out = replay(rec(turns + [ff(0, "ones")], "triple", 1))  # column 0 is full
    eq(out["error"], {"turn": 15, "reason": "a forfeit must go in the first free box, ones (column 1)"})
    out = replay(rec([ff(0, "ones", column=2)], "triple", 1))
    eq(out["error"]["reason"], "a forfeit must go in the first free box, ones (column 0)")


def test_referee_maxi_forfeit_saves_no_rolls():
    turns = [{"p": 0, "rolls": [[1] * 6], "category": "ones"}, ff(0, "twos", rolls=[[2] * 6])]
    out = replay(rec(turns, "maxi", 1))
    eq((out["error"], out["players"][0]["saved_rolls"]), (None, 2))
    turns = [ff(0, "ones", rolls=[[2] * 6])]
    eq(replay(rec(turns, "maxi", 1))["players"][0]["saved_rolls"], 0)


def test_referee_a_game_of_forfeits_finishes():
    turns = []
    for b in SPEC_ORDER["yahtzee"]:
        turns.append(ff(0, b))
        turns.append({"p": 1, "rolls": [[6, 6, 6, 6, 6]], "category": b})
    out = replay(rec(turns, "yahtzee"))
    eq(out["error"], None)
    eq((out["finished"], out["next"], out["winners"], out["players"][0]["total"]), (True, None, [1], 0))
    eq(replay(rec(turns + [ff(0, "ones")], "yahtzee"))["error"], {"turn": 26, "reason": "the game is over"})


def test_referee_shape_and_versions():
    for v in (1, 2):
        eq(replay(rec([ff(0, "ones")], version=v))["error"], None)
    for bad in (rec([], version=3), rec([{"p": 0, "forfeit": "yes", "category": "ones"}]),
                rec([{"p": 0, "forfeit": True}]), rec([{"p": 0, "forfeit": False, "category": "ones"}]),
                rec([ff(0, "ones", held=[[0]])]), rec([ff(0, "ones", rolls=[[1, 2, 3, 4, 5]], held=[[0]])])):
        raises(Malformed, replay, bad)
    # "forfeit": false is an ordinary turn
    eq(replay(rec([{"p": 0, "forfeit": False, "rolls": [[1] * 5], "category": "ones"}]))["error"], None)


# ---- the recorder -----------------------------------------------------------------------------
def test_recorder_round_trip_with_forfeits():
    rc = Recorder("triple", 2, names=["a", "b"])
    rc.turn(0, [], None, "ones", forfeit=True)
    rc.turn(1, [[1, 2, 3, 4, 5], [1, 2, 6, 6, 6]], [[0, 1]], "ones", 0, True)
    rc.turn(0, [[3, 3, 3, 1, 2]], None, "threes", 2)
    want = {"game": "yatzy", "version": 2, "variant": "triple", "options": {}, "players": 2,
            "names": ["a", "b"],
            "turns": [{"p": 0, "forfeit": True, "category": "ones"},
                      {"p": 1, "forfeit": True, "rolls": [[1, 2, 3, 4, 5], [1, 2, 6, 6, 6]],
                       "held": [[0, 1]], "category": "ones"},
                      {"p": 0, "rolls": [[3, 3, 3, 1, 2]], "category": "threes", "column": 2}]}
    eq(rc.record(), want)
    f = io.StringIO()
    rc.write(f)
    eq(json.loads(f.getvalue()), want)
    out = replay(want)
    eq(out["error"], None)
    eq(out["players"][0]["total"], 27)
