"""Bot tournaments and Yatzy statistics (CPython, the firmware's bots through host_tools).

Snyd: every level against random-legal and seed-heuristic opponents at 2-, 4- and 6-seat tables,
win rate with a 95% Wilson interval. Yatzy: mean, spread, bonus rate and yatzy rate per level in
standard, next to the optimal value from the value table (host_tools.yatzy_table).
By default BOT_GAMES=400 Snyd games per row and YATZY_GAMES=300 Yatzy games per level, so `make
bench` stays a few minutes; `make tournament` runs the issue's 10,000 games per row."""
import os

import benchlib
from host_tools import tournament, yatzy_sim

GAMES = int(os.environ.get("BOT_GAMES", "400"))
YGAMES = int(os.environ.get("YATZY_GAMES", "300"))

for seats in (2, 4, 6):
    for opp in ("random", "seed"):
        for lv in ("kids", "easy", "normal", "hard"):
            w = tournament.match(lv, opp, seats, GAMES, seed=1, jobs=2)
            lo, hi = tournament.wilson(w, GAMES)
            target = ""
            if lv == "hard" and opp == "seed" and seats in (2, 4):
                target = ">= %d" % (60 if seats == 2 else 40)
            benchlib.row("snyd %d seats" % seats, "%s vs %s: win rate (95%% CI, %d games)" % (lv, opp, GAMES),
                         "%.1f [%.1f, %.1f]" % (100.0 * w / GAMES, 100 * lo, 100 * hi), "%", target)

best = yatzy_sim.optimal("standard")
benchlib.row("yatzy standard", "optimal solitaire mean (value table, 0.1-point rounding)",
             "%.2f" % best if best else None, "points", "248.44")
for lv in ("kids", "easy", "normal", "hard"):
    r = yatzy_sim.run("standard", lv, YGAMES, seed=1, jobs=2)
    benchlib.row("yatzy standard", "%s: mean +- 95%% CI (%d games)" % (lv, YGAMES),
                 "%.1f +- %.1f" % (r["mean"], r["ci95"]), "points", ">= 244" if lv == "hard" else "")
    benchlib.row("yatzy standard", "%s: sd / bonus rate / yatzy rate" % lv,
                 "%.1f / %.0f%% / %.0f%%" % (r["sd"], 100 * r["bonus_rate"], 100 * r["yatzy_rate"]), "")
ybest = yatzy_sim.optimal("yahtzee")
benchlib.row("yatzy yahtzee", "optimal solitaire mean (value table, 0.1-point rounding)",
             "%.2f" % ybest if ybest else None, "points", "254.59")
r = yatzy_sim.run("yahtzee", "hard", YGAMES, seed=1, jobs=2)
benchlib.row("yatzy yahtzee", "hard: mean +- 95%% CI (%d games)" % YGAMES, "%.1f +- %.1f" % (r["mean"], r["ci95"]),
             "points")
