# bench-heap: 48K
"""Yatzy core on the .mpy build: resident heap of the module plus an 8-scorecard Triple game in
progress, and the time to score every box for one roll (the category screen)."""
import gc

import benchlib
from dicecup.core import compat  # noqa: F401  (the shared MicroPython/CPython shim, not part of the Yatzy core)

gc.collect()
m0 = benchlib.mem_alloc()
from dicecup.rules import yatzy  # noqa: E402

m1 = benchlib.mem_alloc()
g = yatzy.Yatzy("triple", 8)
faces = (1, 2, 3, 4, 5, 6, 2, 5, 3)
i = 0
while g.turn < 8 * 45 // 2:  # half the game played: 180 boxes filled
    d = faces[i % 9]
    g.roll((d, d, faces[(i + 1) % 9], faces[(i + 2) % 9], 6))
    for col in range(3):
        out = g.scores_for(None, col)
        b = 0
        while b < g.nbox and out[b] == yatzy.NOT_FREE:
            b += 1
        if b < g.nbox:
            g.fill(b, col)
            break
    i += 1
m2 = benchlib.mem_alloc()
benchlib.row("yatzy", "heap: import yatzy (.mpy)", m1 - m0, "B")
benchlib.row("yatzy", "heap: import + 8-card Triple game half played", m2 - m0, "B", "<= 10240")
benchlib.row("yatzy", "heap: the 8-card Triple game object", m2 - m1, "B")

# the category screen: every box free, so every box is really scored
N = 300
for variant, dice in (("standard", (3, 3, 3, 5, 5)), ("maxi", (6, 6, 6, 1, 1, 2)),
                      ("yahtzee", (2, 3, 4, 5, 5))):
    gv = yatzy.Yatzy(variant, 1)
    gv.roll(dice)
    best = None
    for _ in range(5):  # the best of five batches: the machine may be busy with other work
        t0 = benchlib.ticks_us()
        for _ in range(N):
            gv.scores_for()
        dt = benchlib.elapsed_us(t0)
        best = dt if best is None or dt < best else best
    benchlib.row("yatzy", "scores_for: all %d %s boxes, one roll (unix)" % (gv.nbox, variant), best / N, "us")

gc.collect()
a0 = gc.mem_alloc()
for _ in range(N):
    gv.scores_for()
benchlib.row("yatzy", "bytes allocated by scores_for per call", (gc.mem_alloc() - a0) // N, "B")

