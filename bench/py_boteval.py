"""Issue 25's measures of the Snyd bots: host_tools.boteval's table (the levels in order, a level
against the family of simple strategies, three normal bots, the DiceBot through the bot protocol)
and the exploitability check (host_tools.exploit: the best answer found in the family, against
every level, heads-up and at 4 seats).

BOTEVAL_GAMES games per table row (default 1000) for BOTEVAL_LEVEL (default hard); the search's
budget: EXPLOIT_LEVELS (default "kids easy normal hard"), EXPLOIT_CANDIDATES (12), EXPLOIT_GAMES
(150), EXPLOIT_TOP (1), EXPLOIT_ROUNDS (2), EXPLOIT_REFINE (300), EXPLOIT_FINAL (1000). docs/bots.md
says which runs its numbers come from."""
import os

import benchlib
from host_tools import boteval, exploit, snyd_family

E = os.environ.get
GAMES = int(E("BOTEVAL_GAMES", "1000"))
LEVEL = E("BOTEVAL_LEVEL", "hard")
JOBS = int(E("BENCH_JOBS", "2"))


def pct(r):
    return "%.1f [%.1f, %.1f]" % (100 * r["rate"], 100 * r["ci95"][0], 100 * r["ci95"][1])


for r in boteval.rows(LEVEL, GAMES, seed=1, jobs=JOBS):
    tgt = ">= %.0f" % (100 * r["target"]) if r["target"] is not None else ""
    benchlib.row("snyd eval %d seats" % r["seats"], "%s vs %s: win rate (95%% CI, %d games)" % (
        r["level"], boteval.against_words(r), r["games"]), pct(r), "%", tgt)

for lv in E("EXPLOIT_LEVELS", "kids easy normal hard").split():
    for seats in (2, 4):
        res = exploit.search(lv, seats, seed=1, candidates=int(E("EXPLOIT_CANDIDATES", "12")),
                             games=int(E("EXPLOIT_GAMES", "150")), top=int(E("EXPLOIT_TOP", "1")),
                             rounds=int(E("EXPLOIT_ROUNDS", "2")), refine_games=int(E("EXPLOIT_REFINE", "300")),
                             final=int(E("EXPLOIT_FINAL", "1000")), jobs=JOBS)
        benchlib.row("snyd exploit %d seats" % seats, "best answer to %s: its win rate (95%% CI, %d games; %d "
                     "tried): %s" % (lv, res["games"], res["tried"], snyd_family.describe(res["params"])),
                     pct(res), "%", "<= %.0f" % (100 * exploit.CEILINGS[seats]) if lv == "hard" else "")
