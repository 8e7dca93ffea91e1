# bench-heap: 64K
"""The handheld's game log: yatzy_writer's import and a Recorder holding a whole 8-card Triple game
(360 turns, one to three rolls each), on the .mpy build."""
import benchlib
from dicecup.rules import yatzy

m0 = benchlib.mem_alloc()
from dicecup.records import yatzy_writer  # noqa: E402

m1 = benchlib.mem_alloc()
g = yatzy.Yatzy("triple", 8)
w = yatzy_writer.Recorder("triple", 8)
seed = [12345]


def die():
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return seed[0] % 6 + 1


rolls = [None, None, None]
while not g.finished:
    n = 1 + g.turn % 3
    for k in range(n):
        g.roll_with(die)
        rolls[k] = bytes(g.dice)
    # the first free box, found the category screen's way: why_not would load the reason texts
    # (yatzy_reasons) into this Recorder's measurement
    col = 0
    out = g.scores_for(None, col)
    b = 0
    while out[b] == yatzy.NOT_FREE:
        b += 1
        if b == g.nbox:
            b, col = 0, col + 1
            out = g.scores_for(None, col)
    p = g.current
    g.fill(b, col)
    w.turn(p, rolls[:n], None, b, col)
del g
m2 = benchlib.mem_alloc()
benchlib.row("yatzy", "heap: import yatzy_writer (.mpy)", m1 - m0, "B")
benchlib.row("yatzy", "heap: Recorder after a whole 8-card Triple game", m2 - m1, "B")
