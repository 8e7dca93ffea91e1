"""Yatzy over the table with the real firmware in the simulator (host_tools.sim, virtual clock, the
bus's airtime model at 1 Mbit/s, autoplay on every handheld): radio frames and bytes per Yatzy turn
(one box filled) for 2 and 4 handhelds, counted from the first log entry to the end of the game
(heartbeats and repeats included), and the smallest -X heapsize (16K steps) with which all 4
handhelds of a Yatzy table finish a game. Takes a few minutes.
"""
import os
import sys
import time

import benchlib
from dicecup.table import wire
from host_tools.sim.hub import Sim

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from py_table_sim import agreed_record, air, play  # noqa: E402


def started(n, **kw):
    """A started Sim; a build that is being rebuilt meanwhile (make build elsewhere) is waited for."""
    for _ in range(20):
        sim = Sim(n, **kw)
        try:
            return sim.start()
        except (RuntimeError, FileNotFoundError):
            sim.close()
            time.sleep(3)
    raise RuntimeError("no complete build to run")


def run(n, game="yatzy", loss=0.0, seed=1, heap="1M", limit_ms=900_000):
    sim = started(n, clock="virtual", seed=seed, loss=loss, dup=loss / 3, reorder=loss / 3,
                  heap=heap, airtime_mbps=1.0)
    try:
        out = {"ok": play(sim, n, game, seed, limit_ms)}
        if not out["ok"]:
            return out
        rec = agreed_record(sim, out)
        codec, fr, txs = air(sim)
        start = None
        frames = nbytes = 0
        for x in txs:
            if start is None and codec.decode(x.data, fr) == wire.OK and fr.type == wire.T_ENTRY:
                start = x.t
            if start is not None:
                frames += 1
                nbytes += len(x.data)
        turns = len(rec["turns"])
        out.update(turns=turns, frames=frames / turns, bytes=nbytes / turns,
                   seconds=(sim.now() - start) / 1000.0)
        return out
    finally:
        sim.close()


def main():
    for n in (2, 4):
        r = run(n, seed=3)
        if not r["ok"]:
            benchlib.row("yatzy table sim", "%d handhelds: game did not finish" % n, 0)
            continue
        benchlib.row("yatzy table sim", "frames/Yatzy turn, %d handhelds" % n,
                     round(r["frames"], 1), "frames")
        benchlib.row("yatzy table sim", "bytes/Yatzy turn, %d handhelds" % n, round(r["bytes"]),
                     "B")
        # heartbeats run on the clock: a turn's frames grow with how long its player takes
        benchlib.row("yatzy table sim", "simulated s/Yatzy turn (autoplay), %d handhelds" % n,
                     round(r["seconds"] / r["turns"], 2), "s")
    # the smallest heap (16K steps) with which all 4 handhelds finish (64-bit unix port + fakes)
    lo, hi = 80, 272
    while hi - lo > 16:
        mid = (lo + hi) // 2 // 16 * 16
        if run(4, seed=3, heap="%dK" % mid)["ok"]:
            hi = mid
        else:
            lo = mid
    benchlib.row("yatzy table sim", "smallest heap, 4-handheld Yatzy table (unix port, fakes incl.)",
                 hi, "KB", "96")


if __name__ == "__main__":
    main()
