# bench-heap: 1M
# (1M: the hard Snyd bot allocates about 80 KB a decision, garbage included, and five decisions run with the collector off)
"""Bots on the .mpy build (unix port): resident heap of the bot modules (bytecode; frozen into the
firmware it would live in flash), bytes allocated per decision (garbage included), what the Yatzy
bot keeps between decisions, and the latency per decision (mean and worst; limit 20 ms for Snyd on
this port). The heap a decision needs at its peak is bench/py_bots_heap.py's (bisection on the heap
size)."""
import gc

import benchlib

gc.collect()
m0 = benchlib.mem_alloc()
from dicecup.rules import snyd  # noqa: E402
from dicecup.rules import yatzy  # noqa: E402
from dicecup.rules import snyd_odds  # noqa: E402
from dicecup.core import shape  # noqa: E402
m1 = benchlib.mem_alloc()
from dicecup.bots import rng as botrng  # noqa: E402
from dicecup.bots import view as botview  # noqa: E402
from dicecup.bots import snyd as snyd_bot  # noqa: E402
m2 = benchlib.mem_alloc()
from dicecup.bots import yatzy_turn  # noqa: E402
from dicecup.bots import yatzy_values  # noqa: E402
from dicecup.bots import yatzy as yatzy_bot  # noqa: E402
m3 = benchlib.mem_alloc()
import botviews  # noqa: E402
from dicecup.bots import snyd_view  # noqa: E402  (the view side: loaded by the first decision before)
from dicecup.bots import yatzy_coach  # noqa: E402

benchlib.row("bots", "heap: rules cores (snyd, yatzy, snyd_odds, core.shape; shared with the game)", m1 - m0, "B")
benchlib.row("bots", "heap: snyd bot modules (bots.rng, bots.view, bots.snyd)", m2 - m1, "B")
benchlib.row("bots", "heap: yatzy bot modules (yatzy_turn, yatzy_values, bots.yatzy)", m3 - m2, "B")

yatzy_bot.use_tables("build/tables")


def timing(fn, views):
    worst = 0
    total = 0
    for v in views:
        t0 = benchlib.ticks_us()
        fn(v)
        dt = benchlib.elapsed_us(t0)
        total += dt
        worst = dt if dt > worst else worst
    return total / len(views), worst


def alloc_per_call(fn, views):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for v in views:
        fn(v)
    b = gc.mem_alloc()
    gc.enable()
    return (b - a) // len(views)


SV = botviews.snyd_views(40, seats=4)
SV6 = botviews.snyd_views(20, seats=6, seed=3)
rng = botrng.Rng(1)
for level in snyd_bot.LEVELS:
    def one(v, level=level):
        snyd_view.decide(v, level, rng)

    one(SV[0])
    mean, worst = timing(one, SV + SV6)
    benchlib.row("snyd bot", "decision time %s mean / worst (4 and 6 seats)" % level,
                 "%.2f / %.2f" % (mean / 1000, worst / 1000), "ms", "< 20")
    benchlib.row("snyd bot", "allocated per decision, %s (garbage included)" % level, alloc_per_call(one, SV[:5]), "B")

YV = botviews.yatzy_views(12)
for level in ("easy", "hard"):
    yatzy_bot._kept[-1] = None  # the key of the turn the solver holds: each level solves afresh

    def yone(v, level=level):
        yatzy_coach.decide(v, level, rng)

    gc.collect()
    y0 = gc.mem_alloc()
    yone(YV[0])
    gc.collect()
    kept = gc.mem_alloc() - y0
    benchlib.row("yatzy bot", "heap kept after a decision, %s (solver arrays, table file)" % level, kept, "B")
    mean, worst = timing(yone, YV)
    benchlib.row("yatzy bot", "decision time %s mean / worst (new turn: every roll judged)" % level,
                 "%.0f / %.0f" % (mean / 1000, worst / 1000), "ms")
