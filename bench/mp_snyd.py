# bench-heap: 96K
"""Snyd rules core on the .mpy build: resident heap of the module plus a 6-player game in progress,
the time to check a bid and to step the bid picker, bytes allocated per action, and a full random
6-player game replayed from its record (unix port)."""
import gc

import benchlib

gc.collect()
m0 = benchlib.mem_alloc()
from dicecup.rules import snyd  # noqa: E402

m1 = benchlib.mem_alloc()
import snyd_bench  # noqa: E402  (the bench's own helper: measured apart from the core)

mb = benchlib.mem_alloc()
g = snyd_bench.game_in_progress()
m2 = benchlib.mem_alloc()
benchlib.row("snyd", "heap: import snyd (.mpy)", m1 - m0, "B")
benchlib.row("snyd", "heap: import snyd + 6-player game in progress", (m1 - m0) + (m2 - mb), "B",
             "<= 12288")
benchlib.row("snyd", "heap: the 6-player Game object", m2 - mb, "B")

N = 2000
legal, step = snyd_bench.time_checks(g, N)
benchlib.row("snyd", "is_legal_bid (unix port)", legal, "us")
benchlib.row("snyd", "step_bid: next legal bid (unix port)", step, "us")
benchlib.row("snyd", "bid_prob: exact binomial tail, 25 unseen (unix port)",
             snyd_bench.time_odds(500), "us")

gc.collect()
a0 = gc.mem_alloc()
for _ in range(N):
    g.is_legal_bid(7, 3)
    g.min_raise(1)
benchlib.row("snyd", "bytes allocated per legality check", (gc.mem_alloc() - a0) // N, "B", "0")

# rounds played through the core with dice lists made beforehand: what the core itself allocates
g = snyd.Game(snyd.Rules(), 6)
hands = [[2, 3, 4, 5, 6][:n] for n in range(6)]
rows = [None] * 6
gc.collect()
a0 = gc.mem_alloc()
for _ in range(20):
    for s in range(6):
        rows[s] = hands[g.dice_left[s]]
    g.start_round(rows)
    for _ in range(4):
        g.bid(g.on_turn, g.min_raise(3), 3)
    g.snyd(g.on_turn)
benchlib.row("snyd", "bytes allocated per round (start, 4 bids, snyd)", (gc.mem_alloc() - a0) // 20,
             "B", "0")

# a whole game through the core alone: bids, calls, round ends (allocation only for the dice lists)
t0 = benchlib.ticks_us()
done, _ = snyd_bench.random_game(3, recorder=False)
benchlib.row("snyd", "play a random 6-player game, core only (unix port)",
             benchlib.elapsed_us(t0) / 1000, "ms")

g, record = snyd_bench.random_game(3)
del g
from dicecup.records import snyd as snyd_record  # noqa: E402

gc.collect()
t0 = benchlib.ticks_us()
out = snyd_record.replay(record)
dt = benchlib.elapsed_us(t0)
assert out["error"] is None and out["winner"] is not None
acts = sum(len(r["actions"]) for r in record["rounds"])
benchlib.row("snyd", "replay a random 6-player game, %d rounds %d actions (unix port)"
             % (len(record["rounds"]), acts), dt / 1000, "ms")
