"""Snyd on CPython: bid check, picker step and full-game replay times beside MicroPython's, and the
.mpy sizes of the Snyd modules."""
import os

import benchlib
import snyd_bench
from host_tools.paths import BUILD
from dicecup.records.snyd import replay

g = snyd_bench.game_in_progress()
legal, step = snyd_bench.time_checks(g, 20000)
benchlib.row("snyd", "is_legal_bid (CPython)", legal, "us")
benchlib.row("snyd", "step_bid: next legal bid (CPython)", step, "us")
benchlib.row("snyd", "bid_prob: exact binomial tail, 25 unseen (CPython)", snyd_bench.time_odds(5000),
             "us")

t0 = benchlib.ticks_us()
snyd_bench.random_game(3, recorder=False)
benchlib.row("snyd", "play a random 6-player game, core only (CPython)",
             benchlib.elapsed_us(t0) / 1000, "ms")

_, record = snyd_bench.random_game(3)
t0 = benchlib.ticks_us()
out = replay(record)
dt = benchlib.elapsed_us(t0)
assert out["error"] is None and out["winner"] is not None
acts = sum(len(r["actions"]) for r in record["rounds"])
benchlib.row("snyd", "replay a random 6-player game, %d rounds %d actions (CPython)"
             % (len(record["rounds"]), acts), dt / 1000, "ms")

for name in ("snyd.mpy", "snyd_text.mpy", "snyd_odds.mpy", "snyd_record.mpy", "snyd_writer.mpy"):
    path = os.path.join(BUILD, name)
    if os.path.exists(path):
        benchlib.row("snyd", ".mpy size: " + name, os.path.getsize(path), "B")
    else:
        benchlib.row("snyd", ".mpy size: " + name, "not built (make build)", "")
