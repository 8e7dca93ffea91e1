"""Seeded solitaire Yatzy games for the bots: mean, spread, bonus rate and yatzy rate per level.

    python -m host_tools.yatzy_sim [--games N] [--variant standard] [--levels ...] [--seed S] [--jobs 2]

Each game is the rules core's (yatzy.Yatzy, one scorecard); the dice come from a rng.Rng seeded per
game; the bot sees bots.view.yatzy_view and answers through yatzy_coach.decide, exactly as on the handheld.
Prints one line per level (or JSON with --json), next to the optimal value where the value table
knows it (standard, yahtzee).
"""
import argparse
import json
import math
import multiprocessing
import os
import sys
import time

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.bots import rng
from dicecup.rules import yatzy
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots import yatzy_coach
from dicecup.bots.view import yatzy_view
from host_tools.yatzy_table import TABLES, path_for

yatzy_bot.use_tables(TABLES)
yatzy_coach.cache_scores(True)


def play(variant, level, seed, options=None):
    """One solitaire game; returns (total, bonus won in any column, yatzy box scored non-zero)."""
    g = yatzy.Yatzy(variant, 1, options)
    dice_rng = rng.Rng(seed)
    bot_rng = rng.Rng(seed + 7919)
    die = dice_rng.die
    names = g.boxes()
    while not g.finished:
        g.roll_with(die)
        while True:
            mv = yatzy_coach.decide(yatzy_view(g, None, options), level, bot_rng)
            if mv[0] == "hold":
                held = 0
                for i in mv[1]:
                    held |= 1 << i
                g.held = 0
                for i in mv[1]:
                    g.toggle_hold(i)
                g.roll_with(die)
            else:
                g.fill(names.index(mv[1]), mv[2])
                break
    ybox = len(names) - 1 if names[-1] in ("yatzy", "yahtzee") else names.index("yahtzee")
    bonus = any(g.bonus(0, c) for c in range(g.columns))
    yz = any((g.get(0, ybox, c) or 0) > 0 for c in range(g.columns))
    return g.total(0), bonus, yz


def _chunk(args):
    variant, level, seeds, options = args
    return [play(variant, level, s, options) for s in seeds]


def run(variant, level, games, seed=1, jobs=2, options=None):
    seeds = list(range(seed * 100003, seed * 100003 + games))
    step = max(1, games // (jobs * 8))
    chunks = [(variant, level, seeds[i:i + step], options) for i in range(0, games, step)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_chunk, chunks)
    else:
        parts = [_chunk(c) for c in chunks]
    res = [r for p in parts for r in p]
    tot = [r[0] for r in res]
    n = len(tot)
    mean = sum(tot) / n
    sd = math.sqrt(sum((t - mean) ** 2 for t in tot) / (n - 1)) if n > 1 else 0.0
    return {"variant": variant, "level": level, "games": n, "mean": mean, "sd": sd,
            "ci95": 1.96 * sd / math.sqrt(n), "bonus_rate": sum(r[1] for r in res) / n,
            "yatzy_rate": sum(r[2] for r in res) / n}


def optimal(variant):
    """The optimal solitaire mean from the built value table, or None."""
    p = path_for(variant)
    if not os.path.exists(p):
        return None
    from dicecup.bots import yatzy_values
    t = yatzy_values.Values(p)
    v = t.value(0, 0, 0)
    t.close()
    return v


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.yatzy_sim", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--variant", default="standard", choices=yatzy.VARIANTS)
    ap.add_argument("--options", default="{}", help="maxi options as JSON")
    ap.add_argument("--levels", nargs="+", default=list(yatzy_bot.LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    opts = json.loads(a.options) or None
    yatzy.Yatzy(a.variant, 1, opts)  # bad options stop here with their reason
    best = optimal(a.variant)
    for lv in a.levels:
        t0 = time.time()
        r = run(a.variant, lv, a.games, a.seed, a.jobs, opts)
        r["optimal"] = best
        r["seconds"] = round(time.time() - t0, 1)
        if a.json:
            print(json.dumps(r), flush=True)
        else:
            print("%-8s %-6s mean %6.1f +- %.1f  sd %5.1f  bonus %4.1f%%  yatzy %4.1f%%  (%d games%s, %.0fs)"
                  % (a.variant, lv, r["mean"], r["ci95"], r["sd"], 100 * r["bonus_rate"],
                     100 * r["yatzy_rate"], r["games"],
                     ", optimal %.2f" % best if best else "", r["seconds"]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
