"""records.yatzy: replaying records (output, rule errors, malformed input) and writing them."""
import io
import json

from mpcheck import Rng, eq, raises
from dicecup.core.shape import Malformed
from dicecup.rules.yatzy import NOT_FREE, Yatzy
from dicecup.records.yatzy import replay
from dicecup.records.yatzy_writer import Recorder

EXAMPLE_TURNS = [
    {"p": 0, "rolls": [[1, 3, 3, 5, 6], [3, 3, 3, 2, 4]], "held": [[1, 2]], "category": "three_of_a_kind"},
    {"p": 1, "rolls": [[6, 6, 6, 6, 6]], "category": "yatzy"},
]


def rec(turns, variant="standard", players=2, **extra):
    r = {"game": "yatzy", "variant": variant, "players": players, "turns": turns}
    r.update(extra)
    return r


def err(out):
    e = out["error"]
    assert e is not None, "expected a rule error"
    return e["turn"], e["reason"]


def test_spec_example():
    out = replay(rec(EXAMPLE_TURNS, options={}))
    eq(out["error"], None)
    p0, p1 = out["players"]
    eq(p0, {"columns": [{"scores": {"three_of_a_kind": 9}, "upper": 0, "bonus": 0}],
            "yahtzee_bonus": 0, "saved_rolls": 0, "total": 9})
    eq(p1["columns"][0]["scores"], {"yatzy": 50})
    eq(p1["total"], 50)
    eq((out["finished"], out["next"], out["winners"]), (False, 0, []))


def test_optional_keys_are_ignored():
    out = replay(rec(EXAMPLE_TURNS, version=1, names=["Ann", "Bo"], teams=[["Ann", "Cy"], ["Bo"]],
                     meta={"table": 3}))
    eq(out["error"], None)


def test_wrong_player():
    t = EXAMPLE_TURNS + [{"p": 1, "rolls": [[1, 1, 1, 1, 1]], "category": "ones"}]
    turn, reason = err(replay(rec(t)))
    eq(turn, 2)
    assert "wrong player" in reason
    t = [{"p": 5, "rolls": [[1, 1, 1, 1, 1]], "category": "ones"}]
    eq(err(replay(rec(t)))[0], 0)


def test_box_already_filled_keeps_earlier_turns():
    t = EXAMPLE_TURNS + [{"p": 0, "rolls": [[2, 2, 2, 4, 4]], "category": "three_of_a_kind"}]
    out = replay(rec(t))
    turn, reason = err(out)
    eq(turn, 2)
    assert "already filled" in reason
    eq([p["total"] for p in out["players"]], [9, 50])
    eq(out["next"], 0)


def test_too_many_rolls():
    t = [{"p": 0, "rolls": [[1, 2, 3, 4, 5]] * 4, "category": "chance"}]
    assert "too many rolls" in err(replay(rec(t)))[1]


def test_held_dice_changed_and_bad_dice():
    t = [{"p": 0, "rolls": [[1, 3, 3, 5, 6], [3, 1, 3, 2, 4]], "held": [[1, 2]], "category": "chance"}]
    assert "held dice changed" in err(replay(rec(t)))[1]
    for dice in ([1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 9], [0, 1, 1, 1, 1]):
        t = [{"p": 0, "rolls": [dice], "category": "chance"}]
        assert "bad dice" in err(replay(rec(t)))[1], dice


def test_unknown_box_and_column():
    t = [{"p": 0, "rolls": [[1, 1, 2, 2, 3]], "category": "three_pairs"}]
    assert "three_pairs" in err(replay(rec(t)))[1]
    t = [{"p": 0, "rolls": [[1, 1, 2, 2, 3]], "category": "ones", "column": 1}]
    assert "column" in err(replay(rec(t)))[1]
    t = [{"p": 0, "rolls": [[1, 1, 2, 2, 3]], "category": "ones", "column": 3}]
    assert "column" in err(replay(rec(t, "triple")))[1]
    t[0]["column"] = 2
    out = replay(rec(t, "triple"))
    eq(out["error"], None)
    eq([c["scores"] for c in out["players"][0]["columns"]], [{}, {}, {"ones": 2}])
    eq((out["players"][0]["columns"][2]["upper"], out["players"][0]["total"]), (2, 6))


def test_maxi_saved_rolls_in_the_record():
    one = [[1, 2, 3, 4, 5, 6]]
    t = [{"p": 0, "rolls": one, "category": "full_straight"},
         {"p": 0, "rolls": one * 5, "category": "chance"}]
    out = replay(rec(t, "maxi", 1))
    eq(out["error"], None)
    eq(out["players"][0]["saved_rolls"], 0)
    t[1]["rolls"] = one * 6
    assert "too many rolls" in err(replay(rec(t, "maxi", 1)))[1]
    t[1]["rolls"] = one * 4
    eq(replay(rec(t, "maxi", 1))["players"][0]["saved_rolls"], 1)
    assert "too many rolls" in err(replay(rec(t, "maxi", 1, options={"saved_rolls": False})))[1]


def test_maxi_bonus_option():
    t = [{"p": 0, "rolls": [[f] * 4 + [7 - f] * 2], "category": ("ones", "twos", "threes", "fours",
                                                                  "fives", "sixes")[f - 1]}
         for f in range(1, 7)]
    p = replay(rec(t, "maxi", 1))["players"][0]
    eq((p["columns"][0]["upper"], p["columns"][0]["bonus"], p["total"]), (84, 100, 184))
    p = replay(rec(t, "maxi", 1, options={"bonus": "75/50"}))["players"][0]
    eq((p["columns"][0]["bonus"], p["total"]), (50, 134))


def test_yahtzee_bonus_in_output():
    t = [{"p": 0, "rolls": [[2] * 5], "category": "yahtzee"},
         {"p": 0, "rolls": [[2] * 5], "category": "twos"},
         {"p": 0, "rolls": [[2] * 5], "category": "chance"}]
    p = replay(rec(t, "yahtzee", 1))["players"][0]
    eq((p["yahtzee_bonus"], p["total"]), (200, 50 + 10 + 10 + 200))
    t[1]["category"] = "chance"
    assert "twos" in err(replay(rec(t, "yahtzee", 1)))[1]


def test_turn_after_the_end():
    g = Yatzy("standard", 1)
    t = [{"p": 0, "rolls": [[6] * 5], "category": name} for name in g.boxes()]
    out = replay(rec(t, players=1))
    eq((out["error"], out["finished"], out["next"], out["winners"]), (None, True, None, [0]))
    eq(out["players"][0]["total"], 30 + 12 + 18 + 24 + 30 + 50)  # no bonus, no two pairs or house
    t.append({"p": 0, "rolls": [[6] * 5], "category": "chance"})
    turn, reason = err(replay(rec(t, players=1)))
    eq(turn, 15)
    assert "over" in reason


def test_malformed_records():
    ok = rec(EXAMPLE_TURNS)
    eq(replay(ok)["error"], None)
    bad = [
        [1, 2],
        rec(EXAMPLE_TURNS, extra=1),
        {"game": "yatzy", "variant": "standard", "players": 2},
        rec(EXAMPLE_TURNS, "poker"),
        rec(EXAMPLE_TURNS, players=0),
        rec(EXAMPLE_TURNS, players=9),
        rec(EXAMPLE_TURNS, players="2"),
        rec(EXAMPLE_TURNS, players=True),
        rec(EXAMPLE_TURNS, options={"bonus": "84/100"}),
        rec([], "maxi", options={"bonus": "63/50"}),
        rec([], "maxi", options={"saved_rolls": 1}),
        rec([], "maxi", options=[]),
        rec({"p": 0}),
        rec([[0, [1, 2, 3, 4, 5], "chance"]]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]]}]),
        rec([{"p": 0, "rolls": [], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, "5"]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, True]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [12345], "category": "chance"}]),
        rec([{"p": "0", "rolls": [[1, 2, 3, 4, 5]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]], "category": 3}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]], "category": "chance", "column": "1"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]], "category": "chance", "who": 1}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]], "held": [[0]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]] * 2, "held": [[5]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]] * 2, "held": [[-1]], "category": "chance"}]),
        rec([{"p": 0, "rolls": [[1, 2, 3, 4, 5]] * 2, "held": [0], "category": "chance"}]),
    ]
    for i, r in enumerate(bad):
        e = raises(Malformed, replay, r)
        assert str(e) and "\n" not in str(e), i


def test_malformed_beats_an_earlier_rule_error():
    t = [{"p": 1, "rolls": [[1, 2, 3, 4, 5]], "category": "chance"},
         {"p": 0, "rolls": "oops", "category": "chance"}]
    raises(Malformed, replay, rec(t))


def _streamed(w):
    f = io.StringIO()
    w.write(f)
    return json.loads(f.getvalue())


def test_recorder_round_trip():
    rng = Rng(21)
    for v, players, opts in (("standard", 2, None), ("maxi", 2, {"bonus": "75/50"}),
                             ("yahtzee", 3, None), ("triple", 1, None)):
        g = Yatzy(v, players, opts)
        w = Recorder(v, players, opts, names=["x"] * players)
        while not g.finished:
            p = g.current
            rolls, held = [], []
            n = 1 + rng.below(g.rolls_left)
            for i in range(n):
                if i:
                    mask = rng.below(1 << g.ndice)
                    g.held = mask
                    held.append([j for j in range(g.ndice) if mask >> j & 1])
                g.roll_with(rng.die)
                rolls.append(list(g.dice))
            for col in range(g.columns):
                out = g.scores_for(None, col)
                free = [b for b in range(g.nbox) if out[b] != NOT_FREE]
                if free:
                    box = free[rng.below(len(free))]
                    break
            g.fill(box, col)
            w.turn(p, rolls, held, g.boxes()[box], col)
        r = w.record()
        eq(_streamed(w), r, v + " streamed")
        out = replay(r)
        eq(out["error"], None, v)
        eq(out["winners"], g.winners(), v)
        eq([pl["total"] for pl in out["players"]], [g.total(p) for p in range(players)], v)


def test_recorder_writes_the_spec_shape():
    w = Recorder("triple", 2, None, names=["Ann", "Bo"], teams=[["Ann", "Cy"], ["Bo"]])
    w.turn(0, [b"\x01\x03\x03\x05\x06", [3, 3, 3, 2, 4]], [[1, 2]], "three_of_a_kind", 2)
    eq(w.record()["turns"], [{"p": 0, "rolls": [[1, 3, 3, 5, 6], [3, 3, 3, 2, 4]], "held": [[1, 2]],
                              "category": "three_of_a_kind", "column": 2}])
    w.turn(1, [[6, 6, 6, 6, 6], [6, 6, 6, 6, 6]], [[]], 14)      # a box by index, nothing held
    r = w.record()
    eq(_streamed(w), r)
    eq(r["turns"][1], {"p": 1, "rolls": [[6, 6, 6, 6, 6]] * 2, "category": "yatzy"})
    eq((r["game"], r["variant"], r["players"], r["names"], r["teams"][0]),
       ("yatzy", "triple", 2, ["Ann", "Bo"], ["Ann", "Cy"]))
    out = replay(r)
    eq((out["error"], out["next"], out["finished"]), (None, 0, False))
    eq([p["total"] for p in out["players"]], [27, 50])
    w = Recorder("maxi", 1, {"saved_rolls": False})
    w.turn(0, [[1, 2, 3, 4, 5, 6]], None, "full_straight")
    r = w.record()
    eq((r["options"], r["turns"][0]["rolls"]), ({"saved_rolls": False}, [[1, 2, 3, 4, 5, 6]]))
    eq(replay(r)["players"][0]["total"], 21)
    eq(_streamed(w), r)


def test_recorder_grows_past_its_reserve():
    from dicecup.rules.yatzy import BOXES, VARIANTS
    MAXI_BOXES = BOXES[VARIANTS.index("maxi")]
    # the log is reserved for three rolls a turn; Maxi's saved rolls can make turns longer
    w = Recorder("maxi", 1, {"saved_rolls": True})
    want = []
    rng = Rng(5)
    for t in range(30):
        rolls = [[1 + rng.below(6) for _ in range(6)] for _ in range(6)]
        held = [[0, 2]] * 5
        w.turn(0, rolls, held, t % 20)
        want.append({"p": 0, "rolls": rolls, "held": held, "category": MAXI_BOXES[t % 20]})
    r = w.record()
    eq(len(r["turns"]), 30)
    eq(r["turns"], want)
    eq(_streamed(w), r)
