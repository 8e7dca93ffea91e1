"""Yatzy on CPython: the scoring time beside MicroPython's, a whole-game replay, and the .mpy sizes."""
import os

import benchlib
from host_tools.paths import BUILD
from dicecup.rules.yatzy import NOT_FREE, Yatzy
from dicecup.records.yatzy import replay
from dicecup.records.yatzy_writer import Recorder

N = 1000
for variant, dice in (("standard", (3, 3, 3, 5, 5)), ("maxi", (6, 6, 6, 1, 1, 2))):
    g = Yatzy(variant, 1)
    g.roll(dice)
    best = None
    for _ in range(5):  # the best of five batches: the machine may be busy with other work
        t0 = benchlib.ticks_us()
        for _ in range(N):
            g.scores_for()
        dt = benchlib.elapsed_us(t0)
        best = dt if best is None or dt < best else best
    benchlib.row("yatzy", "scores_for: all %d %s boxes, one roll (CPython)" % (g.nbox, variant), best / N, "us")

# a whole 8-scorecard Triple game written by the Recorder and replayed by the referee's code
g = Yatzy("triple", 8)
w = Recorder("triple", 8)
i = 0
while not g.finished:
    dice = [(i * 7 + k * 3) % 6 + 1 for k in range(5)]
    g.roll(dice)
    for col in range(3):
        out = g.scores_for(None, col)
        free = [b for b in range(g.nbox) if out[b] != NOT_FREE]
        if free:
            p = g.current
            g.fill(free[0], col)
            w.turn(p, [dice], None, g.boxes()[free[0]], col)
            break
    i += 1
rec = w.record()
best = None
for _ in range(5):
    t0 = benchlib.ticks_us()
    out = replay(rec)
    dt = benchlib.elapsed_us(t0)
    best = dt if best is None or dt < best else best
assert out["error"] is None and out["finished"]
benchlib.row("yatzy", "replay: 8-card Triple record, 360 turns (CPython)", best / 1000, "ms")

for name in ("yatzy.mpy", "yatzy_record.mpy", "yatzy_writer.mpy"):
    path = os.path.join(BUILD, name)
    if os.path.exists(path):
        benchlib.row("yatzy", ".mpy size: " + name, os.path.getsize(path), "B")
    else:
        benchlib.row("yatzy", ".mpy size: " + name, "not built (make build)", "")
