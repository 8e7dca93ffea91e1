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


def autoplay_game(n=4, seed=1, clock="virtual", limit_ms=900000):
    """n handhelds each play one Snyd game vs 3 bots through autoplay. Returns wall seconds,
    simulated seconds, whether all finished, and the mean CPU seconds per handheld process."""
    t0 = time.monotonic()
    with Sim(n, clock=clock, seed=seed) as sim:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=seed * 100 + i, table=False)
                   for i in range(n)]
        while not all(p.finished or p.failed for p in players) and sim.now() < limit_ms:
            for p in players:
                p.act()
            sim.step(10 if clock == "virtual" else 2)
        ok = all(p.finished for p in players)
        cpu = statistics.mean(cpu_s(h.proc.pid) for h in sim.handhelds)
        return time.monotonic() - t0, sim.now() / 1000.0, ok, cpu


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
    walls = []
    for seed in (1, 2, 3):
        wall, simulated, ok, cpu = autoplay_game(seed=seed)
        walls.append(wall)
        if not ok:
            benchlib.row("sim", "4-handheld Snyd autoplay game (seed %d)" % seed, "NOT FINISHED")
    benchlib.row("sim", "4-handheld Snyd autoplay game, headless (virtual clock), wall time",
                 "%.1f (%.1f-%.1f)" % (statistics.median(walls), min(walls), max(walls)), "s",
                 "median of 3 seeds")
    wall, simulated, ok, cpu = autoplay_game(clock="wall", limit_ms=60000)
    benchlib.row("sim", "4 handhelds playing Snyd on the wall clock: CPU per handheld",
                 round(100 * cpu / wall, 1), "% of a core", "over %.0f s of play" % wall)
    for n in (4, 8, 16, 32):
        cpu, p50, p95 = realtime(n)
        benchlib.row("sim", "%d handhelds in menus, wall clock: CPU per handheld" % n,
                     round(cpu * 100, 1), "% of a core")
        benchlib.row("sim", "%d handhelds: press -> new frame p50/p95" % n,
                     "%.0f/%.0f" % (p50, p95), "ms", "<= 100 real time")


if __name__ == "__main__":
    main()
