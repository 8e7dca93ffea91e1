"""Property-based tests of the Yatzy core and its records (hypothesis): random legal games."""
import io
import json

from hypothesis import given
from hypothesis import strategies as st

from dicecup.rules.yatzy import NOT_FREE, Yatzy
from dicecup.records.yatzy import replay
from dicecup.records.yatzy_writer import Recorder

# the most a box can ever hold, per variant family (worked out by hand from the spec)
SCAND_MAX = {"one_pair": 12, "two_pairs": 22, "three_of_a_kind": 18, "four_of_a_kind": 24,
             "small_straight": 15, "large_straight": 20, "full_house": 28, "chance": 30, "yatzy": 50}
MAXI_MAX = dict(SCAND_MAX, three_pairs=30, five_of_a_kind=30, full_straight=21, castle=33, tower=34,
                chance=36, yatzy=100)
AMER_MAX = {"three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "small_straight": 30,
            "large_straight": 40, "yahtzee": 50, "chance": 30}
BONUS = {"standard": (63, 50), "triple": (63, 50), "yahtzee": (63, 35)}


def box_max(g, b):
    name = g.boxes()[b]
    if b < 6:
        return (b + 1) * g.ndice
    return {"maxi": MAXI_MAX, "yahtzee": AMER_MAX}.get(g.variant, SCAND_MAX)[name]


games = st.tuples(
    st.sampled_from(["standard", "maxi", "yahtzee", "triple"]),
    st.integers(1, 3),
    st.fixed_dictionaries({}, optional={"bonus": st.sampled_from(["84/100", "75/50"]),
                                        "saved_rolls": st.booleans()}),
    st.randoms(use_true_random=False),
)


class Shadow:
    """The handheld's Recorder, and beside it the record built the plain way (lists and dicts, as the
    spec writes it) to hold the recorder's streamed text against."""

    def __init__(self, variant, players, options):
        names = ['p%d "\u00e6"\\' % p for p in range(players)]  # quotes, a backslash, non-ASCII
        self.real = Recorder(variant, players, options, names)
        self.expected = {"game": "yatzy", "version": 2, "variant": variant, "options": dict(options or {}),
                         "players": players, "names": names, "turns": []}

    def turn(self, p, rolls, held, category, column=0):
        self.real.turn(p, rolls, held, category, column)
        t = {"p": p, "rolls": [list(r) for r in rolls]}
        if any(held):
            t["held"] = held
        t["category"] = category
        if column:
            t["column"] = column
        self.expected["turns"].append(t)


def play_random(variant, players, options, rnd):
    """Play a whole random legal game, checking each step; returns (game, recorder, fills)."""
    opts = options if variant == "maxi" else {}
    g = Yatzy(variant, players, opts)
    w = Shadow(variant, players, opts)
    fills = {}
    while not g.finished:
        p = g.current
        rolls, held = [], []
        for i in range(rnd.randint(1, g.rolls_left)):
            mask = rnd.getrandbits(g.ndice) if i else 0
            if rnd.random() < 0.15:   # plenty of Yatzys, so the joker rules get exercised
                face = g.dice[0] if mask & 1 else rnd.randint(1, 6)
                mask &= 1
                dice = [face] * g.ndice
            else:
                dice = [g.dice[j] if mask >> j & 1 else rnd.randint(1, 6) for j in range(g.ndice)]
            g.roll(dice, mask)
            rolls.append(dice)
            if i:
                held.append([j for j in range(g.ndice) if mask >> j & 1])
        legal = []
        for col in range(g.columns):
            out = g.scores_for(None, col)
            for b in range(g.nbox):
                assert (out[b] == NOT_FREE) == (g.why_not(b, col) is not None)
                if out[b] != NOT_FREE:
                    assert out[b] == g.score(b)
                    legal.append((b, col))
        assert legal, "a turn must always have a legal box"
        b, col = rnd.choice(legal)
        assert g.is_free(p, b, col)
        s = g.fill(b, col)
        assert 0 <= s <= box_max(g, b), (g.boxes()[b], s)
        assert (p, col, b) not in fills
        fills[(p, col, b)] = s
        w.turn(p, rolls, held, g.boxes()[b], col)
    return g, w, fills


@given(games)
def test_random_game_fills_every_box_once_and_totals_add_up(game):
    variant, players, options, rnd = game
    g, w, fills = play_random(variant, players, options, rnd)
    assert len(fills) == players * g.columns * g.nbox
    if variant == "maxi":
        at, bonus = {"84/100": (84, 100), "75/50": (75, 50)}[options.get("bonus", "84/100")]
    else:
        at, bonus = BONUS[variant]
    for p in range(players):
        expect = g.yahtzee_bonus(p)
        assert expect % 100 == 0 and (expect == 0 or variant == "yahtzee")
        for col in range(g.columns):
            upper = sum(fills[(p, col, b)] for b in range(6))
            assert g.upper(p, col) == upper
            assert g.bonus(p, col) == (bonus if upper >= at else 0)
            part = sum(fills[(p, col, b)] for b in range(g.nbox)) + g.bonus(p, col)
            expect += part * (col + 1)
        assert g.total(p) == expect
    tops = [g.total(p) for p in range(players)]
    assert g.winners() == [p for p in range(players) if tops[p] == max(tops)]


@given(games)
def test_recorded_game_replays_to_the_same_totals(game):
    g, w, _ = play_random(*game)
    f = io.StringIO()
    w.real.write(f)
    text = f.getvalue()
    assert text == json.dumps(w.expected)  # the streamed text is exactly the record's JSON
    assert w.real.record() == w.expected
    out = replay(json.loads(text))
    assert out["error"] is None
    assert out["finished"] is True and out["next"] is None
    assert [p["total"] for p in out["players"]] == [g.total(p) for p in range(g.players)]
    assert [p["yahtzee_bonus"] for p in out["players"]] == [g.yahtzee_bonus(p) for p in range(g.players)]
    assert out["winners"] == g.winners()


@given(st.sampled_from(["standard", "maxi", "yahtzee"]), st.lists(st.integers(1, 6), min_size=6,
       max_size=6), st.randoms(use_true_random=False))
def test_scores_do_not_depend_on_dice_order(variant, dice, rnd):
    g = Yatzy(variant, 1)
    dice = dice[:g.ndice]
    shuffled = list(dice)
    rnd.shuffle(shuffled)
    for b in range(g.nbox):
        assert g.score(b, dice) == g.score(b, shuffled)
        assert 0 <= g.score(b, dice) <= box_max(g, b)


def test_every_reason_code_has_words():
    # the reason texts moved to yatzy_reasons: every _why code yatzy uses must have its words, and
    # every text a user of the core can meet must be reachable
    import os
    import re

    from dicecup.rules import yatzy, yatzy_forfeit, yatzy_reasons
    src = "".join(open(m.__file__).read() for m in (yatzy, yatzy_forfeit))
    codes = {int(n) for n in re.findall(r"_why\((\d+)", src)} | set(range(1, 8))  # 1..7: _bar's codes
    assert sorted(codes) == list(range(1, len(yatzy_reasons.REASONS)))
    g = Yatzy("standard", 1)
    assert g.why_not(0) == "roll before filling a box"
    try:
        Yatzy("standard", 9)
        raise AssertionError("9 scorecards accepted")
    except ValueError as e:
        assert str(e) == "bad game: 'standard', 9 scorecards, options None"
