"""One table of the heap each case needs, on a 32-bit MicroPython (an ESP32's) and on the 64-bit unix
port: solo 6-seat Snyd and Maxi-Yatzy against bots, and the table with 2, 4 and 8 handhelds in Snyd and
Yatzy (docs/memory.md shows it and how each number is made).

Each case runs once in the simulator (virtual clock, seed 3, autoplay, a 2M heap so nothing is tight)
with bench/py_table_fakes.py's probe around main.py: every handheld's peak gc.mem_alloc after a
collection, sampled every 100 virtual ms, less the host fakes' imports and objects (C modules on a
real board). That is the 64-bit column. The 32-bit column divides it by the ratio bench/py_heap32.py
measures for the firmware's code, loaded both ways (the WebAssembly port cannot run the simulator:
no sockets for the host link), so it is an estimate, labelled so. A case fits a board when its
32-bit need plus a 16 KB margin is at most the board's heap (host_tools/boards.py). A few minutes.
"""
import os
import re
import tempfile

import benchlib
import py_heap32
import py_table_fakes
from host_tools import boards
import py_table_sim
from host_tools.sim.hub import MAIN, Sim

CASES = [("solo 6-seat Snyd against bots", "snyd", 1), ("solo Maxi-Yatzy against bots", "maxi", 1),
         ("table, 2 handhelds, Snyd", "snyd", 2), ("table, 4 handhelds, Snyd", "snyd", 4),
         ("table, 8 handhelds, Snyd", "snyd", 8), ("table, 2 handhelds, Yatzy", "yatzy", 2),
         ("table, 4 handhelds, Yatzy", "yatzy", 4), ("table, 8 handhelds, Yatzy", "yatzy", 8)]
MARGIN = 16 * 1024


def peak(game, n, seed=3, limit_ms=3_600_000):
    """Max over the handhelds of (peak live heap - the fakes' imports), or None when it did not finish."""
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "probe.py")
        with open(probe, "w") as f:
            f.write(py_table_fakes.PROBE)
        with Sim(n, clock="virtual", seed=seed, heap="2M", airtime_mbps=1.0, scripts=[probe] * n,
                 args=[MAIN]) as sim:
            if not py_table_sim.play(sim, n, game, seed, limit_ms):
                return None
            out = 0
            for h in sim.handhelds:
                with open(h.log_path) as f:
                    log = f.read()
                fk = int(re.findall(r"HEAP fakes (\d+)", log)[-1])
                out = max(out, max(int(x) for x in re.findall(r"HEAP peak (\d+)", log)) - fk)
            return out


def main():
    ratio = py_heap32.ratio() or boards.HEAP_RATIO_64_32
    own = py_table_fakes.fake_costs()["objects"] - py_table_fakes.SHARED
    benchlib.row("memory", "64-bit / 32-bit heap ratio (bench/py_heap32.py; boards.py uses %.2f)"
                 % boards.HEAP_RATIO_64_32, round(ratio, 2), "")
    wroom, s3 = boards.BOARDS["wroom"], boards.BOARDS["s3"]
    for label, game, n in CASES:
        p = peak(game, n)
        if p is None:
            benchlib.row("memory", "%s: did not finish" % label, 0)
            continue
        p -= own
        p32 = p / ratio
        fits = [b.key for b in (wroom, s3) if p32 + MARGIN <= b.heap_kb * 1024]
        benchlib.row("memory", "%s: 64-bit peak live heap" % label, round(p / 1024, 1), "KB")
        benchlib.row("memory", "%s: 32-bit (64-bit / ratio), fits %s" % (label, " and ".join(fits) or "neither"),
                     round(p32 / 1024, 1), "KB")


if __name__ == "__main__":
    main()
