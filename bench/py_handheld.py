"""Handheld numbers measured from the PC: the smallest -X heapsize in which the .mpy firmware still
plays a whole 6-seat Snyd game (and one with the open-die rule on, one with the bid hints) and a
Maxi-Yatzy game (and one with the coach on), each launched from the title (bisection in 2K steps, then checked 16K
upwards: see smallest_heap), the same less the bench's own heap (handheld_run.own_heap: what a
board does not spend), the total .mpy size, and the time from starting micropython to the title screen's first
frame (unix port)."""
import os
import shutil
import subprocess
import tempfile
import time

import benchlib
import handheld_run
from host_tools.paths import BUILD, MICROPYTHON, ROOT

BENCH = os.path.join(ROOT, "bench")
FAKES = os.path.join(ROOT, "host_tools", "fakes")
# the games run on a copy of the build: a build started meanwhile (another make, a test) empties
# build/firmware for a moment, and a game that then misses a module is no answer about the heap
SNAPSHOT = tempfile.mkdtemp(prefix="dicecup-build-")
shutil.copytree(BUILD, SNAPSHOT, dirs_exist_ok=True)
ENV = dict(os.environ, MICROPYPATH=os.pathsep.join([SNAPSHOT, BENCH]))


def completes(kind, kb, extra=0):
    """The game completes under -X heapsize=kb K (plus extra bytes): launched from the title as a
    person does, which on a small heap is a soft reset into it (app.App.launch; handheld_run starts
    the next process)."""
    return handheld_run.play(kind, "%d" % (kb * 1024 + extra), ENV)[0] == 0


def smallest_heap(kind, lo=32, hi=512, step=2, margin=16, extra=0):
    """The smallest heap (a multiple of step K) from which every size up to margin K larger also
    completes. Near the limit whether a game fits depends on how the heap fragments, which shifts
    with details as small as the scratch folder's name: 106K may complete where 108K does not. So
    the bisection's answer is checked upwards, and a failure above it moves the answer past it."""
    if not completes(kind, hi, extra):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if completes(kind, mid, extra):
            hi = mid
        else:
            lo = mid
    k = hi + step
    while k <= hi + margin:
        if completes(kind, k, extra):
            k += step
        else:
            hi = k = k + step
    return hi


TITLE = """
import sys, time
t0 = time.ticks_us()
sys.path.insert(0, %r)
from dicecup import app
from dicecup.device import hw
a = app.App(hw.Hardware())
a.tick(0)
assert a.frames == 1
print("TITLE_US", time.ticks_diff(time.ticks_us(), t0))
"""


def time_to_title(runs=5):
    best_wall = None
    best_in = None
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run([MICROPYTHON, "-X", "heapsize=256K", "-c", TITLE % FAKES], capture_output=True,
                           text=True, env=dict(os.environ, MICROPYPATH=BUILD), timeout=60,
                           cwd=os.path.join(ROOT, "build"))
        wall = (time.perf_counter() - t) * 1000
        us = int(r.stdout.split("TITLE_US")[1]) if "TITLE_US" in r.stdout else None
        best_wall = wall if best_wall is None else min(best_wall, wall)
        if us is not None:
            best_in = us / 1000 if best_in is None else min(best_in, us / 1000)
    return best_wall, best_in


def mpy_sizes():
    total = 0
    for d, _, files in os.walk(BUILD):
        for f in files:
            if f.endswith(".mpy"):
                total += os.path.getsize(os.path.join(d, f))
    return total


try:
    own = handheld_run.own_heap(ENV)
    benchlib.row("handheld", "the bench's own heap (driver, machine and esp32 fakes)", own, "B")
    for kind, label in (("snyd", "6-seat Snyd"), ("snyd_open", "6-seat Snyd, open-die rule on"),
                        ("snyd_hints", "6-seat Snyd, bid hints on"),
                        ("maxi", "Maxi-Yatzy, 6 cards"), ("maxi_coach", "Maxi-Yatzy, 6 cards, coach on")):
        kb = smallest_heap(kind)
        benchlib.row("handheld", label + ": smallest -X heapsize that completes",
                     kb if kb is not None else "fails at 512", "K", "64")
        kb = smallest_heap(kind, extra=own)
        benchlib.row("handheld", label + ": smallest heap the firmware needs (less the bench's own)",
                     kb if kb is not None else "fails at 512", "K", "64")
finally:
    shutil.rmtree(SNAPSHOT, ignore_errors=True)
benchlib.row("handheld", "firmware .mpy total (build/firmware)", mpy_sizes(), "B")
wall, inside = time_to_title()
benchlib.row("handheld", "start to title frame: micropython process, wall", round(wall, 1), "ms")
if inside is not None:
    benchlib.row("handheld", "start to title frame: imports + first frame, in process", round(inside, 1), "ms")
