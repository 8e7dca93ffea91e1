"""Measuring Snyd bots (issue 25): the family of simple strategies plays legal moves and holds the
issue's 30-line bot, the exploitability search finds the way to beat a deliberately weak bot, the
DiceBot's chances are the exact ones (and the published arithmetic is not), the tournament's
interval is Wilson's, and the levels play a command in the other seats. Small budgets: seconds."""
import itertools
import math
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from dicecup.bots import rng as botrng, view as botview
from dicecup.rules import snyd
from host_tools import boteval, exploit, snyd_family, tournament
from host_tools.paths import ROOT
from host_tools.snyd_family import GRID, MEMBERS, Params, Strategy

import dicebot

rules_st = st.builds(snyd.Rules, dice=st.integers(1, 5), jokers=st.booleans(), palifico=st.booleans(),
                     calza=st.booleans(), open_on_ones=st.booleans(), calza_by=st.integers(0, 2),
                     count_scope=st.integers(0, 1), open_die=st.booleans())
params_st = st.builds(Params, *(st.sampled_from(g) for g in GRID))


def checked(fn, log):
    """fn as a player whose every move is checked against the rules core before the game takes it."""
    def play(view, rng):
        mv = fn(view, rng)
        g = botview.snyd_table(view)
        me = view["me"]
        if mv is None:
            assert "bid" not in view["may"] and "snyd" not in view["may"]
        elif mv[0] == "bid":
            assert len(mv) == 3 and g.bid_error(me, mv[1], mv[2]) is None, (view, mv)
        else:
            assert mv in (["snyd"], ["calza"]) and mv[0] in view["may"], (view, mv)
        log.append(mv)
        return mv
    return play


@given(rules_st, st.lists(params_st, min_size=1, max_size=3), st.sampled_from(["easy", "hard", "seed"]),
       st.integers(0, 10 ** 6))
def test_family_members_play_only_legal_moves(rules, members, other, seed):
    log = []
    players = [checked(Strategy(p), log) for p in members] + [checked(tournament.player(other), [])]
    winner, _ = tournament.play(rules, players, seed, first=seed % len(players))
    assert 0 <= winner < len(players) and log


def issue_bot(view):
    """The issue's words, written plainly for the default rules: open on your most common face (ones
    count for it), at the count you expect rounded down; call when the last bid is more than one above
    the count you expect, otherwise raise the count by one on the same face."""
    dice, may = view["dice"], view["may"]
    if "bid" not in may and "snyd" not in may:
        return None
    wild = not view["palifico"]
    unseen = sum(view["dice_left"]) - len(dice)

    def expect(face):
        mine = sum(1 for d in dice if d == face or (wild and face != 1 and d == 1))
        return mine + unseen * (1 / 3 if wild and face != 1 else 1 / 6)

    bids = [a for a in view["actions"] if a[1] == "bid"]
    if not bids:
        faces = range(2, 7) if wild else range(1, 7)
        mine = {f: sum(1 for d in dice if d == f or (wild and d == 1)) for f in faces}
        face = max(faces, key=lambda f: (mine[f], f))
        return ["bid", max(1, int(expect(face))), face]
    count, face = bids[-1][2], bids[-1][3]
    if "bid" not in may or count > expect(face) + 1:
        return ["snyd"]
    return ["bid", count + 1, face]


@given(st.integers(2, 4), st.integers(0, 10 ** 6))
def test_the_issue_bot_is_a_member(seats, seed):
    member = Strategy(MEMBERS["issue25"])
    seen = []

    def compare(view, rng):
        mv = member(view, rng)
        want = issue_bot(view)
        g = botview.snyd_table(view)
        # the member keeps to the rules where the plain words would not (a raise past the table)
        if want and want[0] == "bid" and g.bid_error(view["me"], want[1], want[2]):
            return mv
        assert mv == want, (view, mv, want)
        seen.append(mv)
        return mv
    players = [compare] + [tournament.player("normal")] * (seats - 1)
    tournament.play(snyd.Rules(calza=False), players, seed)
    assert seen


def always_calls(view, rng):
    """A deliberately weak bot: it opens with the smallest bid there is and calls snyd on every bid.
    Most of the family beats it; members that raise far or open high lose to it (step 1 ranges from
    about 20% to 100% wins), so a search that does not find the best of them fails here."""
    may = view["may"]
    if "snyd" in may:
        return ["snyd"]
    if "bid" not in may:
        return None
    b = botview.snyd_table(view).first_bid()
    return ["bid", b[0], b[1]]


def test_the_search_finds_how_to_beat_a_weak_bot_and_is_reproducible():
    kw = dict(candidates=6, games=30, top=1, rounds=1, refine_games=30, final=120, jobs=1)
    res = exploit.search(always_calls, 2, seed=3, **kw)
    assert res["games"] == 120 and res["rate"] == res["wins"] / 120
    lo, hi = res["ci95"]
    assert lo > 0.85, (res, snyd_family.describe(res["params"]))
    assert exploit.search(always_calls, 2, seed=3, **kw)["params"] == res["params"]


def test_neighbours_are_one_grid_step_along_one_parameter():
    p = MEMBERS["issue25"]
    for q in exploit.neighbours(p):
        diff = [i for i in range(len(p)) if p[i] != q[i]]
        assert len(diff) == 1
        i = diff[0]
        assert abs(GRID[i].index(p[i]) - GRID[i].index(q[i])) == 1


def brute(own, unseen, count, face, jokers):
    """Throws of the unseen dice (out of 6**unseen) that make the bid hold: every throw looked at."""
    wild = jokers and face != 1
    have = sum(1 for v in own if v == face or (wild and v == 1))
    return sum(1 for t in itertools.product(range(1, 7), repeat=unseen)
               if have + sum(1 for v in t if v == face or (wild and v == 1)) >= count)


@given(st.lists(st.integers(1, 6), max_size=5), st.integers(0, 5), st.integers(0, 12), st.integers(1, 6),
       st.booleans())
def test_the_dicebots_chance_is_the_exact_one(own, unseen, count, face, jokers):
    want = brute(own, unseen, count, face, jokers)
    have = sum(1 for v in own if v == face or (jokers and face != 1 and v == 1))
    assert dicebot.ways(count - have, unseen, jokers and face != 1) == want
    assert dicebot.chance(own, unseen, count, face, jokers) == want / 6 ** unseen


def test_the_published_arithmetic_counts_ones_twice():
    # two ones and a three: three dice count for threes, not five
    assert dicebot.chance([1, 1, 3], 0, 4, 3, True) == 0.0
    assert dicebot.published_chance([1, 1, 3], 0, 4, 3, False) == 1.0
    # palifico: ones are not wild, an unseen die shows a four one time in six
    assert dicebot.chance([4], 1, 2, 4, False) == 1 / 6
    assert dicebot.published_chance([4], 1, 2, 4, True) == 1 / 3


@given(rules_st, st.integers(2, 4), st.booleans(), st.integers(0, 10 ** 6))
def test_the_dicebot_plays_only_legal_moves(rules, seats, published, seed):
    bot = dicebot.DiceBot(seed, published)
    log = []
    players = [checked(lambda v, r: bot.decide(v), log)] * (seats - 1) + [tournament.player("normal")]
    winner, _ = tournament.play(rules, players, seed, first=seed % seats)
    assert 0 <= winner < seats and log


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_is_wilsons(kn):
    k, n = kn
    z = 1.96
    lo, hi = tournament.wilson(k, n)
    ph = k / n
    assert 0 <= lo <= ph <= hi <= 1
    # Wilson's interval: the p whose normal test does not reject k of n, |ph - p| = z sqrt(p(1-p)/n)
    for p in (lo, hi):
        if 0 < p < 1:
            assert abs(abs(ph - p) - z * math.sqrt(p * (1 - p) / n)) < 1e-9
    if k == 0:
        assert lo == 0 and abs(hi - z * z / (n + z * z)) < 1e-12


def test_the_interval_of_five_in_ten():
    lo, hi = tournament.wilson(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634


def test_levels_against_seats_of_a_command():
    r = subprocess.run([sys.executable, "-m", "host_tools.tournament", "--levels", "easy", "--seats", "2", "3",
                        "--games", "4", "--json", "--against-bot", "%s tests/dicebot.py --seed 2" % sys.executable],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    import json
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(x["seats"], x["level"], x["against"], x["games"]) for x in rows] == [(2, "easy", "bot", 4),
                                                                                   (3, "easy", "bot", 4)]
    assert all(0 <= x["wins"] <= 4 for x in rows)


def test_describe_names_every_parameter():
    d = snyd_family.describe(MEMBERS["issue25"])
    assert d == ("call when count > expected +1; raise by 1 on the same face; bluff 0%; open on its most common "
                 "face at expected +0; calza never")


def test_the_exploit_command_reports_the_strategy_it_found(capsys):
    assert exploit.main(["--levels", "easy", "--seats", "2", "--candidates", "1", "--games", "4", "--top", "1",
                         "--rounds", "1", "--refine-games", "4", "--final", "10", "--jobs", "1", "--json",
                         "--quiet"]) == 0
    import json
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == "easy" and out["seats"] == 2 and out["games"] == 10 and 0 <= out["wins"] <= 10
    assert all(v in g for v, g in zip(Params(**out["params"]), GRID))
    assert out["strategy"] == snyd_family.describe(Params(**out["params"]))


def test_the_table_has_a_row_per_measure_with_the_issues_targets():
    rs = list(boteval.rows("hard", games=3, jobs=1, dicebot=""))
    kinds = [(r["kind"], r["against"], r["seats"]) for r in rs]
    assert kinds[:3] == [("ladder", "kids", 2), ("ladder", "easy", 2), ("ladder", "normal", 2)]
    assert [k[1] for k in kinds if k[0] == "family"] == ["family:" + m for m in MEMBERS]
    assert kinds[-1] == ("4 normal", "normal", 4)
    assert {r["target"] for r in rs if r["kind"] == "family"} == {0.60}
    assert all(r["games"] == 3 and 0 <= r["wins"] <= 3 for r in rs)


def test_bot_and_against_bot_are_one_or_the_other(capsys):
    assert tournament.main(["--bot", "python3 x.py", "--against-bot", "python3 y.py"]) == 2
    assert "one of them" in capsys.readouterr().err
    assert tournament.main(["--against-bot", " "]) == 2


small_rules_st = st.builds(snyd.Rules, dice=st.integers(1, 2), jokers=st.booleans(), palifico=st.booleans(),
                           calza=st.booleans(), open_on_ones=st.booleans(), calza_by=st.integers(0, 2),
                           count_scope=st.integers(0, 1), open_die=st.booleans())


@given(small_rules_st, st.integers(2, 3), st.booleans(), st.integers(0, 10 ** 6), st.integers(1, 7),
       st.integers(1, 6))
def test_the_dicebots_chance_from_a_view_counts_every_throw_it_cannot_see(rules, seats, pal, seed, count, face):
    # the chance the DiceBot gives a bid, from its seat's view (count scope, open dice, palifico),
    # against the rules core's own count over every throw of the dice that seat cannot see
    r = botrng.Rng(seed)
    hands = [bytes(r.die() for _ in range(rules.dice)) for _ in range(seats)]
    shown = [0 if rules.dice >= 2 else None for _ in range(seats)] if rules.open_die else None

    def game(hs):
        g = snyd.Game(rules, seats, seed % seats)
        g.palifico = pal
        g.start_round(hs, shown)
        g.bid(g.on_turn, *g.first_bid())
        return g
    g = game(hands)
    me = g.on_turn
    view = botview.snyd_view(g, me, [[g.bidder, "bid", g.bid_count, g.bid_face]])
    got = dicebot.DiceBot().p(view, botview.snyd_table(view), view["dice"], g.bidder, count, face)
    hidden = [(s, i) for s in range(seats) if s != me for i in range(rules.dice)
              if not (shown and shown[s] == i)]
    hits = 0
    for throw in itertools.product(range(1, 7), repeat=len(hidden)):
        hs = [bytearray(h) for h in hands]
        for (s, i), v in zip(hidden, throw):
            hs[s][i] = v
        hits += game([bytes(h) for h in hs]).counted(face, g.bidder) >= count
    assert abs(got - hits / 6 ** len(hidden)) < 1e-12, (view, count, face, got, hits)
