"""The bot command of shared/spec/bot-protocol.md: one view per line in, one move per line out.

    python -m host_tools.bot --game snyd|yatzy --level kids|easy|normal|hard [--seed S]

Reads views (JSON, one per line) from standard input until it ends; answers each with the move as
one JSON line, flushed at once. A line that is not a readable view gets {"error": "..."} and the bot
goes on. The moves come from the same firmware modules the handheld runs (snyd_bot, yatzy_bot), with
a botrng.Rng seeded by --seed (default 1): same seed and views, same moves.
A Snyd view that only offers an out-of-turn calza the bot does not want is answered with null.
"""
import argparse
import json
import sys

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
import botrng
import snyd_bot
import yatzy_bot

from host_tools.yatzy_table import TABLES

GAMES = {"snyd": snyd_bot, "yatzy": yatzy_bot}
yatzy_bot.use_tables(TABLES)  # the hard Yatzy bot's value tables (make tables); heuristic without
yatzy_bot.cache_scores(True)


def answer(line, bot, level, rng):
    """The output line for one input line (never raises for bad input)."""
    try:
        view = json.loads(line)
    except ValueError as e:
        return json.dumps({"error": "not JSON: %s" % e})
    try:
        move = bot.decide(view, level, rng)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        # TypeError & co.: a view with a value of the wrong type somewhere deep
        return json.dumps({"error": "bad view: %s" % (e,)})
    return json.dumps(move)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.bot", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--level", required=True, choices=list(snyd_bot.LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    bot = GAMES[a.game]
    rng = botrng.Rng(a.seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(answer(line, bot, a.level, rng) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
