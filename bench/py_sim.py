"""Simulator numbers: a headless 4-handheld Snyd game with autoplay, CPU per handheld process, and
how many handhelds run at once in real time (button press to new frame on the wall clock).

Runs the real firmware (.mpy build) through host_tools.sim; takes about a minute.
"""
import os
import statistics
import time

import benchlib
from host_tools.sim import autoplay
from host_tools.sim.hub import Sim

TICK = os.sysconf("SC_CLK_TCK")


def cpu_s(pid):
    with open("/proc/%d/stat" % pid) as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / TICK  # utime + stime


def autoplay_game(n=4, seed=1):
    """Wall seconds for n handhelds to each finish one Snyd game vs 3 bots (virtual clock)."""
    t0 = time.monotonic()
    with Sim(n, clock="virtual", seed=seed) as sim:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=seed * 100 + i) for i in range(n)]
        while not all(p.finished or p.failed for p in players) and sim.now() < 900000:
            for p in players:
                p.act()
            sim.step()
        ok = all(p.finished for p in players)
        return time.monotonic() - t0, sim.now() / 1000.0, ok


def realtime(n, seconds=6.0):
    """On the wall clock with n handhelds: CPU share per handheld process, and the delay from a
    select press to the next frame (the firmware polls buttons every 20 ms)."""
    with Sim(n, clock="wall") as sim:
        sim.run_for(1500)
        c0 = [cpu_s(h.proc.pid) for h in sim.handhelds]
        t0 = time.monotonic()
        lat = []
        k = 0
        while time.monotonic() - t0 < seconds:
            h = sim.handhelds[k % n]
            before = h.frames
            b = "down" if k % 2 == 0 else "up"
            sim.press(h.id, b, True)
            tp = time.monotonic()
            while h.frames == before and time.monotonic() - tp < 1.0:
                sim.step(1)
            lat.append((time.monotonic() - tp) * 1000)
            sim.press(h.id, b, False)
            sim.run_for(80)
            k += 1
        wall = time.monotonic() - t0
        cpu = [(cpu_s(h.proc.pid) - c) / wall for h, c in zip(sim.handhelds, c0)]
    lat.sort()
    return statistics.mean(cpu), lat[len(lat) // 2], lat[int(len(lat) * 0.95) - 1]


def main():
    wall, simulated, ok = autoplay_game()
    benchlib.row("sim", "4-handheld Snyd autoplay game, wall time", round(wall, 2), "s",
                 "all finished" if ok else "NOT FINISHED")
    benchlib.row("sim", "  same game, simulated time", round(simulated, 1), "s")
    for n in (4, 8, 16):
        cpu, p50, p95 = realtime(n)
        benchlib.row("sim", "%d handhelds wall clock: CPU per handheld" % n, round(cpu * 100, 1),
                     "% of a core")
        benchlib.row("sim", "%d handhelds: press -> new frame p50/p95" % n,
                     "%.0f/%.0f" % (p50, p95), "ms", "<= 100 real time")


if __name__ == "__main__":
    main()
