"""The bot command of docs/bots.md: one view per line in, one move per line out.

    python -m host_tools.bot --game snyd|yatzy --level kids|easy|normal|hard [--seed S]

Reads views (JSON, one per line) from standard input until it ends; answers each with the move as
one JSON line, flushed at once. A line that is not a readable view gets {"error": "..."} and the bot
goes on. The moves come from the same firmware modules the handheld runs (bots.snyd, bots.yatzy), with
a bots.rng.Rng seeded by --seed (default 1): same seed and views, same moves.
A Snyd view that only offers an out-of-turn calza the bot does not want is answered with null.

The hard Yatzy bot reads the optimal-play value tables (`make tables`: build/tables, or --tables DIR).
Where a variant's table is missing it plays that variant like the normal bot, and says so once on
standard error at the first view of that variant (Maxi-Yatzy has no table: always like normal).
The hard Snyd bot reads its solved heads-up endgames from the same folder (snyd_endgame.svt); without
them it says so once on standard error and plays those endgames by its heuristic.
"""
import argparse
import json
import os
import sys

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.bots import rng as botrng
from dicecup.bots import snyd as snyd_bot
from dicecup.bots import snyd_view
from dicecup.bots import snyd_hard
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots import yatzy_coach

from host_tools.yatzy_table import TABLES

GAMES = {"snyd": snyd_view, "yatzy": yatzy_coach}  # the bots' view side: decide(view, level, rng)
yatzy_bot.use_tables(TABLES)  # the hard Yatzy bot's value tables (make tables); heuristic without
snyd_hard.use_tables(TABLES)  # the hard Snyd bot's solved endgames (make tables); heuristic without
SNYD_NOTE = ("no solved endgames (%s missing; `make tables` builds them in seconds): the hard Snyd bot "
             "plays heads-up endgames by its heuristic")
yatzy_coach.cache_scores(True)
TABLE_OF = {"standard": "standard", "yahtzee": "yahtzee", "triple": "standard"}  # the file a variant reads


def table_note(variant, folder=TABLES):
    """Why the hard Yatzy bot plays this variant like the normal one (None: it does not)."""
    if variant == "maxi":
        return "Maxi-Yatzy has no value table: the hard bot plays it like the normal one"
    name = TABLE_OF.get(variant)
    if name is None:
        return None  # not a variant: the view is answered with an error
    path = os.path.join(folder, "yatzy_%s.yvt" % name)
    try:
        from dicecup.bots import yatzy_values
        yatzy_values.Values(path).close()
        return None
    except (OSError, ValueError) as e:
        why = "missing" if isinstance(e, OSError) else "not a value table"
        return ("no value table for %s (%s %s; `make tables` builds it, about 2 minutes): "
                "the hard bot plays %s like the normal one" % (variant, path, why, variant))


def answer(line, bot, level, rng, seen=None, tables=TABLES):
    """The output line for one input line (never raises for bad input). seen: a hard Yatzy bot's
    set of variants already looked at, to say once on standard error where it lacks a table in
    the folder tables."""
    try:
        view = json.loads(line)
    except ValueError as e:
        return json.dumps({"error": "not JSON: %s" % e})
    if seen is not None and isinstance(view, dict):
        v = view.get("variant")
        if isinstance(v, str) and v not in seen:
            seen.add(v)
            note = table_note(v, tables)
            if note:
                sys.stderr.write("bot: %s\n" % note)
                sys.stderr.flush()
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
    ap.add_argument("--tables", metavar="DIR", default=TABLES,
                    help="the hard bots' tables (default build/tables: make tables); without a "
                         "Yatzy variant's table it plays that variant like normal, without Snyd's "
                         "endgames it plays them by its heuristic, and says so")
    a = ap.parse_args(argv)
    bot = GAMES[a.game]
    yatzy_bot.use_tables(a.tables)
    snyd_hard.use_tables(a.tables)
    if a.game == "snyd" and a.level == "hard" and not snyd_hard.has_table():
        sys.stderr.write("bot: %s\n" % SNYD_NOTE % os.path.join(a.tables, "snyd_endgame.svt"))
        sys.stderr.flush()
    rng = botrng.Rng(a.seed)
    seen = set() if a.game == "yatzy" and a.level == "hard" else None
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(answer(line, bot, a.level, rng, seen, a.tables) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
