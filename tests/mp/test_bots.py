"""Bots (bots.snyd, bots.yatzy, yatzy_turn, bots.view, bots.rng) under both interpreters: legal moves on
every level, decisions blind to other seats' dice, determinism, and the expectimax's arithmetic."""
from mpcheck import Rng, eq, play_move, raises

from dicecup.bots import rng as botrng
from dicecup.bots import view as botview
from dicecup.rules import snyd
from dicecup.bots import snyd as snyd_bot
from dicecup.bots import snyd_view
from dicecup.rules import yatzy
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots import yatzy_coach
from dicecup.bots.yatzy_turn import Dice, Solver

SPEC_VIEW = {"rules": {"dice": 5, "jokers": True, "palifico": True, "calza": True, "open_on_ones": False,
                       "calza_by": "any", "count_scope": "table", "open_die": False},
             "seats": 4, "me": 2, "dice": [1, 3, 3, 5, 6], "dice_left": [5, 4, 5, 3],
             "palifico": False, "opener": 0, "actions": [[0, "bid", 3, 3], [1, "bid", 4, 3]],
             "shown": None, "may": ["bid", "snyd", "calza"]}

RULESETS = (
    snyd.Rules(),
    snyd.Rules(dice=3, jokers=False, palifico=False, calza=False),  # the kids preset
    snyd.Rules(dice=2, open_on_ones=True, calza_by=snyd.CALZA_TURN, count_scope=snyd.SCOPE_NEIGHBOURS),
    snyd.Rules(dice=3, jokers=False, calza_by=snyd.CALZA_ANY, open_die=True),
)


def test_rng_is_deterministic_and_in_range():
    a, b = botrng.Rng(7), botrng.Rng(7)
    xs = [a.die() for _ in range(200)]
    eq(xs, [b.die() for _ in range(200)])
    assert min(xs) == 1 and max(xs) == 6
    assert botrng.Rng(8).next() != botrng.Rng(7).next()
    c = botrng.Rng(1)
    hits = sum(1 for _ in range(2000) if c.chance(64))
    assert 350 < hits < 650, hits


def check_snyd_move(view, mv):
    g = botview.snyd_table(view)
    me = view["me"]
    if mv is None:
        assert "bid" not in view["may"] and "snyd" not in view["may"]
        return
    assert mv[0] in view["may"], (mv, view["may"])
    if mv[0] == "bid":
        assert g.bid_error(me, mv[1], mv[2]) is None, (mv, g.bid_error(me, mv[1], mv[2]))
    elif mv[0] == "calza":
        assert g.rules.calza and not g.palifico


def test_spec_view_every_level():
    for lv in snyd_bot.LEVELS:
        check_snyd_move(SPEC_VIEW, snyd_view.decide(SPEC_VIEW, lv, botrng.Rng(3)))


def test_bad_views_raise_value_error():
    raises(ValueError, snyd_view.decide, "x", "hard", botrng.Rng(1))
    raises(ValueError, snyd_view.decide, SPEC_VIEW, "genius", botrng.Rng(1))
    v = dict(SPEC_VIEW)
    v["actions"] = [[0, "bid", 3, 3], [1, "bid", 2, 3]]  # not a raise
    raises(ValueError, snyd_view.decide, v, "hard", botrng.Rng(1))
    v = dict(SPEC_VIEW)
    v["dice"] = [1, 2]
    raises(ValueError, snyd_view.decide, v, "easy", botrng.Rng(1))


def play_snyd(rules, seats, levels, seed, max_rounds=60):
    """A whole game, every seat a bot; returns the decisions in order."""
    r = Rng(seed)
    g = snyd.Game(rules, seats, r.below(seats))
    rngs = [botrng.Rng(seed + s) for s in range(seats)]
    log = []
    while not g.over and g.round_no < max_rounds:
        shown = None
        if rules.open_die:
            shown = [r.below(g.dice_left[s]) if g.dice_left[s] >= 2 else None for s in range(seats)]
        g.start_round([bytes(r.die() for _ in range(g.dice_left[s])) for s in range(seats)], shown)
        acts = []
        while g.in_round:
            s = g.on_turn
            view = botview.snyd_view(g, s, acts)
            mv = snyd_view.decide(view, levels[s], rngs[s])
            check_snyd_move(view, mv)
            log.append(mv)
            play_move(g, acts, s, mv)
    assert g.over
    return log


def test_snyd_games_every_level_and_ruleset_are_legal():
    for i in range(len(RULESETS)):
        play_snyd(RULESETS[i], 3 + i % 2, snyd_bot.LEVELS, 100 + i)


def test_snyd_same_seed_same_decisions():
    a = play_snyd(RULESETS[0], 4, snyd_bot.LEVELS, 5)
    eq(a, play_snyd(RULESETS[0], 4, snyd_bot.LEVELS, 5))


def test_snyd_decision_blind_to_other_dice():
    # the same round with every other seat's dice replaced: the views and the decisions agree
    r = Rng(9)
    for trial in range(6):
        rules = RULESETS[trial % len(RULESETS)]
        n = 4
        mine = bytes(r.die() for _ in range(rules.dice))
        views = []
        for variant in range(2):
            g = snyd.Game(rules, n, 0)
            hands = [bytes(r.die() for _ in range(rules.dice)) for _ in range(n)]
            hands[2] = mine
            shown = [0 if rules.dice >= 2 else None] * n if rules.open_die else None
            if shown:
                # the open dice are public: keep them equal, change only what is hidden
                for s in range(n):
                    hands[s] = mine[:1] + hands[s][1:]
            g.start_round(hands, shown)
            acts = []
            for s in (0, 1):
                b = g.first_bid() if not acts else g.step_bid(g.bid_count, g.bid_face, 1)
                g.bid(s, b[0], b[1])
                acts.append([s, "bid", b[0], b[1]])
            views.append(botview.snyd_view(g, 2, acts))
        eq(views[0], views[1])
        for lv in snyd_bot.LEVELS:
            eq(snyd_view.decide(views[0], lv, botrng.Rng(trial)), snyd_view.decide(views[1], lv, botrng.Rng(trial)))


def test_dice_numbering_round_trips():
    for n in (5, 6):
        d = Dice(n)
        eq(d.nroll, 252 if n == 5 else 462)
        c = bytearray(7)
        for k in range(0, d.nkeep, 7):
            d.counts(k, c)
            eq(d.index(c), k)
        buf = bytearray(n)
        for r in range(0, d.nroll, 5):
            eq(d.dice_of(d.first_roll + r, buf), n)
            eq(d.roll_index(bytes(reversed(buf))), r)


def test_expectimax_on_sixes():
    # worth of a roll = the number of sixes: holding sixes, each other die has one chance in six a roll
    s = Solver(5)
    s.begin(lambda r, dice: float(sum(1 for v in dice if v == 6)))
    dice = bytearray(b"\x06\x06\x01\x02\x03")
    v1 = s.hold_value(dice, 0b00011, 1)
    assert abs(v1 - 2.5) < 0.01, v1
    mask, v2, now = s.best_hold(dice, 2)
    eq(mask, 0b00011)
    assert abs(v2 - (2 + 3 * 11 / 36)) < 0.01, v2
    eq(now, 2.0)
    mask, _, _ = s.best_hold(b"\x06\x06\x06\x06\x06", 2)
    eq(mask, 0b11111)  # nothing to gain: score now


def yatzy_turns(variant, level, turns, seed, options=None):
    g = yatzy.Yatzy(variant, 1, options)
    r = Rng(seed)
    rng = botrng.Rng(seed)
    names = g.boxes()
    for _ in range(turns):
        if g.finished:
            break
        g.roll_with(r.die)
        while True:
            view = botview.yatzy_view(g, None, options)
            mv = yatzy_coach.decide(view, level, rng)
            if mv[0] == "hold":
                assert view["rolls_left"] > 0
                g.held = 0
                for i in mv[1]:
                    g.toggle_hold(i)
                g.roll_with(r.die)
            else:
                eq(mv[0], "score")
                g.fill(names.index(mv[1]), mv[2])  # the core rejects an illegal box
                break
    return g


def test_yatzy_bots_legal_in_every_variant():
    for v in yatzy.VARIANTS:
        for lv in yatzy_bot.LEVELS:
            yatzy_turns(v, lv, 3 if v == "maxi" else 4, 11)
    g = yatzy_turns("standard", "easy", 15, 3)
    assert g.finished


def test_yatzy_bad_views():
    v = {"variant": "standard", "options": {}, "dice": [2, 2, 5, 6, 6], "rolls_left": 2, "saved_rolls": 0,
         "columns": [{"scores": {"ones": 3, "chance": 22}}], "yahtzee_bonus": 0}
    rng = botrng.Rng(1)
    assert yatzy_coach.decide(v, "normal", rng)[0] in ("hold", "score")
    for k, bad in (("variant", "poker"), ("dice", [2, 2, 5]), ("dice", [0, 1, 2, 3, 4]),
                   ("columns", [{"scores": {"sevens": 3}}]), ("rolls_left", -1), ("columns", [])):
        w = dict(v)
        w[k] = bad
        raises(ValueError, yatzy_coach.decide, w, "normal", rng)


def test_coach_prices_choices():
    v = {"variant": "standard", "options": {}, "dice": [6, 6, 6, 2, 1], "rolls_left": 0, "saved_rolls": 0,
         "columns": [{"scores": {}}], "yahtzee_bonus": 0}
    best, bv, mine = yatzy_coach.coach(v, ["score", "ones", 0])
    eq(best[0], "score")
    assert mine < bv - 1, (best, bv, mine)  # a one in ones, three sixes wasted: it costs
    _, bv2, same = yatzy_coach.coach(v, best)
    assert abs(same - bv2) < 1e-6
