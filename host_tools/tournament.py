"""Seeded Snyd tournaments between bots, on the rules core's own game loop.

    python -m host_tools.tournament [--games N] [--seats 2 4 6] [--levels kids easy normal hard]
                                    [--against random seed] [--seed S] [--jobs 2] [--rules JSON]

For each table size, level and opponent it plays N games of one bot of that level against seats-1
opponents, the bot's seat and the first opener rotating from game to game, and prints its win rate
with a 95% Wilson interval (chance is 1/seats). Every move goes through the bot protocol's views
(botview.snyd_view: each seat sees only its own dice) and is judged by snyd.Game; the dice come from
a botrng.Rng seeded per game, so a run is reproducible to the move. Games run on --jobs processes.

Out-of-turn calza: before the seat on turn acts, every other seat that may call calza (clockwise from
the seat on turn) is offered the view and answers a calza or lets it pass (None).
"""
import argparse
import json
import math
import multiprocessing
import sys
import time

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.bots import botrng
from dicecup.rules import snyd
from dicecup.bots import snyd_bot
from dicecup.bots import snyd_botview
from dicecup.bots.botview import snyd_view
from host_tools import snyd_baselines

OPPONENTS = {"random": snyd_baselines.random_legal, "seed": snyd_baselines.seed}


def player(name):
    """A move function view, rng -> move for a level name or a baseline name."""
    if name in OPPONENTS:
        return OPPONENTS[name]
    if name in snyd_bot.LEVELS:
        return lambda view, rng: snyd_botview.decide(view, name, rng)
    raise ValueError("unknown player %r" % name)


def play(rules, players, seed, first=0, max_actions=5000):
    """One game; players[s](view, rng) -> move. Returns (winner, number of rounds)."""
    n = len(players)
    g = snyd.Game(rules, n, first)
    dice_rng = botrng.Rng(seed)
    rngs = [botrng.Rng(seed * 31 + s + 1) for s in range(n)]
    acts = 0
    while not g.over:
        hands = [bytes(dice_rng.die() for _ in range(g.dice_left[s])) for s in range(n)]
        shown = None
        if rules.open_die:
            shown = [dice_rng.below(g.dice_left[s]) if g.dice_left[s] >= 2 else None for s in range(n)]
        g.start_round(hands, shown)
        actions = []
        while g.in_round:
            acts += 1
            if acts > max_actions:
                raise RuntimeError("game did not end")
            if g.bid_face and rules.calza and g.rules.calza_by != snyd.CALZA_TURN:
                called = False
                s = g.on_turn
                for _ in range(n - 1):
                    s = (s + 1) % n
                    if s != g.on_turn and g.may_calza(s):
                        mv = players[s](snyd_view(g, s, actions), rngs[s])
                        if mv is not None:
                            _apply(g, s, mv, actions)
                            called = True
                            break
                if called:
                    break
            s = g.on_turn
            mv = players[s](snyd_view(g, s, actions), rngs[s])
            _apply(g, s, mv, actions)
    return g.winner(), g.round_no


def _apply(g, s, mv, actions):
    if mv is None:
        raise snyd.Illegal("seat %d on turn made no move" % s)
    if mv[0] == "bid":
        g.bid(s, mv[1], mv[2])
        actions.append([s, "bid", mv[1], mv[2]])
    elif mv[0] == "snyd":
        g.snyd(s)
    elif mv[0] == "calza":
        g.calza(s)
    else:
        raise snyd.Illegal("unknown move %r" % (mv,))


def wilson(k, n, z=1.96):
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def _chunk(args):
    rules_d, seats, hero, opp, seeds = args
    rules = snyd.Rules.from_dict(rules_d)
    hp, op = player(hero), player(opp)
    wins = 0
    for sd in seeds:
        seat = sd % seats
        ps = [op] * seats
        ps[seat] = hp
        w, _ = play(rules, ps, sd, first=(sd // seats) % seats)
        wins += w == seat
    return wins


def match(hero, opp, seats, games, seed=1, jobs=2, rules_d=None):
    """Win count of `hero` in `games` games against seats-1 `opp` players."""
    rules_d = rules_d or {}
    seeds = list(range(seed * 1000003, seed * 1000003 + games))
    step = max(1, games // (jobs * 8))
    chunks = [(rules_d, seats, hero, opp, seeds[i:i + step]) for i in range(0, games, step)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return sum(pool.map(_chunk, chunks))
    return sum(_chunk(c) for c in chunks)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.tournament", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seats", type=int, nargs="+", default=[2, 4, 6])
    ap.add_argument("--levels", nargs="+", default=list(snyd_bot.LEVELS))
    ap.add_argument("--against", nargs="+", default=sorted(OPPONENTS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="{}", help="the spec's rules object as JSON (defaults otherwise)")
    ap.add_argument("--json", action="store_true", help="one JSON object per result line")
    a = ap.parse_args(argv)
    rules_d = json.loads(a.rules)
    snyd.Rules.from_dict(rules_d)  # a bad rules object stops here with its reason
    for seats in a.seats:
        for opp in a.against:
            for lv in a.levels:
                t0 = time.time()
                w = match(lv, opp, seats, a.games, a.seed, a.jobs, rules_d)
                lo, hi = wilson(w, a.games)
                res = {"seats": seats, "level": lv, "against": opp, "games": a.games, "wins": w,
                       "rate": w / a.games, "ci95": [lo, hi], "chance": 1 / seats,
                       "seconds": round(time.time() - t0, 1)}
                if a.json:
                    print(json.dumps(res), flush=True)
                else:
                    print("%d seats  %-6s vs %-6s  %5.1f%%  [%4.1f, %4.1f]  (%d games, chance %.0f%%, %.0fs)"
                          % (seats, lv, opp, 100 * w / a.games, 100 * lo, 100 * hi, a.games,
                             100 / seats, time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
