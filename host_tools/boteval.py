"""How good a Snyd bot level is, in one table: the levels in order, the family of simple strategies,
normal bots at a 4-seat table, and a public engine's bot through the bot protocol.

    python -m host_tools.boteval [--level hard] [--games 1000] [--seed 1] [--jobs 2] [--markdown]
                                 [--dicebot "python3 tests/dicebot.py"] [--no-published]

Rows (win rate of the bot of the row, 95% Wilson interval, the issue-25 target where it sets one):
  - the ladder, heads-up: easy vs kids, normal vs easy, hard vs normal (each level against the one below)
  - --level heads-up against every named member of host_tools.snyd_family (the issue's 30-line bot
    among them)
  - --level at a 4-seat table against three normal bots
  - --level against the DiceBot of tests/dicebot.py (the probability-threshold bot of a public
    Perudo engine, written anew, its arithmetic corrected), heads-up and against three of it at
    4 seats, through the bot protocol (one process of the command plays every DiceBot seat); and
    the same against the DiceBot with its arithmetic as published, for comparison (--no-published
    leaves those out)
The games are host_tools.tournament's (seeded per game, seats and opener rotating), so a row here is
the same number as the tournament command prints for it. The exploitability check
(host_tools.exploit) is the other half of the measure.
"""
import argparse
import json
import multiprocessing
import os
import shlex
import sys
import time

from host_tools.paths import ROOT  # (and firmware/ on sys.path)
from dicecup.bots import snyd
from host_tools import exploit, snyd_family, tournament

DICEBOT = "%s %s" % (shlex.quote(sys.executable), shlex.quote(os.path.join(ROOT, "tests", "dicebot.py")))
LADDER = (("easy", "kids"), ("normal", "easy"), ("hard", "normal"))
TARGETS = {("ladder", "hard"): 0.65, ("family", "hard"): 0.60, ("4 normal", "hard"): 0.40,
           ("dicebot 2", "hard"): 0.70, ("dicebot 4", "hard"): 0.45}


def _row(kind, level, against, seats, wins, games, t0, target=None):
    lo, hi = tournament.wilson(wins, games)
    return {"kind": kind, "level": level, "against": against, "seats": seats, "wins": wins, "games": games,
            "rate": wins / games, "ci95": [lo, hi], "chance": 1 / seats, "target": target,
            "seconds": round(time.time() - t0, 1)}


def rows(level="hard", games=1000, seed=1, jobs=2, dicebot=DICEBOT, published=True, ladder=True):
    """Yields the table's rows (dicts) one by one, as they are measured."""
    if ladder:
        for hi, lo in LADDER:
            t0 = time.time()
            w = tournament.match(hi, lo, 2, games, seed, jobs)
            yield _row("ladder", hi, lo, 2, w, games, t0, TARGETS.get(("ladder", hi)))
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    try:
        for name, p in snyd_family.MEMBERS.items():
            t0 = time.time()
            # heads-up somebody wins every game: the level's wins are the member's losses
            w = games - exploit.wins(p, level, 2, exploit.seeds(seed, 0, games), jobs, None, pool)
            yield _row("family", level, "family:" + name, 2, w, games, t0, TARGETS.get(("family", level)))
    finally:
        if pool:
            pool.close()
            pool.join()
    t0 = time.time()
    w = tournament.match(level, "normal", 4, games, seed, jobs)
    yield _row("4 normal", level, "normal", 4, w, games, t0, TARGETS.get(("4 normal", level)))
    if not dicebot:
        return
    for cmd, tag in ((dicebot, "dicebot"), (dicebot + " --published", "dicebot-published")):
        if tag != "dicebot" and not published:
            continue
        bot = tournament.External(cmd, 30.0)
        try:
            for seats in (2, 4):
                t0 = time.time()
                w = tournament.match_against_bot(level, bot, seats, games, seed)
                target = TARGETS.get(("dicebot %d" % seats, level)) if tag == "dicebot" else None
                yield _row(tag, level, tag, seats, w, games, t0, target)
        finally:
            bot.close()


def text_line(r):
    lo, hi = r["ci95"]
    tgt = ""
    if r["target"] is not None:
        tgt = "  target >= %.0f%%: %s" % (100 * r["target"], "met" if r["rate"] >= r["target"] else "NOT met")
    return ("%d seats  %-6s vs %-24s %5.1f%%  [%4.1f, %4.1f]  (%d games, chance %.0f%%, %.0fs)%s"
            % (r["seats"], r["level"], r["against"], 100 * r["rate"], 100 * lo, 100 * hi, r["games"],
               100 * r["chance"], r["seconds"], tgt))


def against_words(r):
    """The opponents of a row in a few words: a level, a family member's name, the DiceBot; x3 at 4 seats."""
    a = r["against"]
    name = {"dicebot": "DiceBot", "dicebot-published": "DiceBot as published"}.get(a, a.replace("family:", ""))
    return name + (" x%d" % (r["seats"] - 1) if r["seats"] > 2 else "")


def markdown(rs):
    """The rows as the table of docs/bots.md, and what each family member that played does."""
    out = ["| seats | bot | against | win rate [95% CI] | games | target |", "|---|---|---|---|---|---|"]
    members = []
    for r in rs:
        lo, hi = r["ci95"]
        tgt = "" if r["target"] is None else ">= %.0f%%%s" % (100 * r["target"],
                                                             "" if r["rate"] >= r["target"] else " (not met)")
        name = against_words(r)
        if r["against"].startswith("family:"):
            members.append(r["against"][7:])
            name = "`%s`" % name
        out.append("| %d | %s | %s | %.1f%% [%.1f, %.1f] | %d | %s |" % (
            r["seats"], r["level"], name, 100 * r["rate"], 100 * lo, 100 * hi, r["games"], tgt))
    if members:
        out.append("")
        out += ["- `%s`: %s" % (m, snyd_family.describe(snyd_family.MEMBERS[m])) for m in members]
    return "\n".join(out)


def parser():
    ap = argparse.ArgumentParser(prog="python -m host_tools.boteval", description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="hard", choices=list(snyd.LEVELS),
                    help="the level measured against the family, normal bots and the DiceBot (default hard)")
    ap.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--dicebot", default=DICEBOT, help="the DiceBot's command (default: this Python "
                    "running tests/dicebot.py); empty: no DiceBot rows")
    ap.add_argument("--no-published", action="store_true", help="leave out the DiceBot as published")
    ap.add_argument("--no-ladder", action="store_true", help="leave out the levels against each other")
    ap.add_argument("--markdown", action="store_true", help="print the table for docs/bots.md at the end")
    ap.add_argument("--json", action="store_true", help="one JSON object per row")
    return ap


def main(argv=None):
    a = parser().parse_args(argv)
    if a.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    got = []
    try:
        for r in rows(a.level, a.games, a.seed, a.jobs, a.dicebot, not a.no_published, not a.no_ladder):
            got.append(r)
            print(json.dumps(r) if a.json else text_line(r), flush=True)
    except tournament.BotError as e:
        print("boteval: %s" % e, file=sys.stderr)
        return 1
    if a.markdown:
        print()
        print(markdown(got))
    return 0


if __name__ == "__main__":
    sys.exit(main())
