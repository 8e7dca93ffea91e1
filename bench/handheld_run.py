"""Run bench/handheld_game.py under the unix port as a board runs main.py: where the App starts a
solo game by a soft reset (app.App.launch: a small heap), host_tools/fakes/machine.py's soft_reset
ends the process with status SOFT_RESET and the RTC's memory stays in the flash folder; a new
process then starts in the same folder, and the App boots straight into the game; own_heap is the
heap the bench itself holds in such a game. CPython only (bench/py_handheld.py, tests/test_names.py)."""
import os
import shutil
import subprocess
import tempfile

from host_tools.paths import MICROPYTHON, ROOT

SOFT_RESET = 77  # host_tools/fakes/machine.py's soft_reset exits with it
GAME = os.path.join(ROOT, "bench", "handheld_game.py")
# the bench's own heap: the driver's code (a board runs main.py's few lines) and the fakes of the
# modules a board has built in, machine and esp32 (their code and names are in its firmware image);
# the ssd1306 fake is left in, as a board loads the real driver into its heap
_OWN = """
import gc, sys
gc.collect()
a = gc.mem_alloc()
sys.path.insert(0, %r)
import handheld_game, esp32, machine
gc.collect()
print(gc.mem_alloc() - a)
"""


def play(kinds, heap, env, timeout=600, boots=16):
    """Play handheld_game's games kinds ("snyd", "snyd maxi maxi_coach") under -X heapsize=heap,
    starting it again after every soft reset. Returns the last process's exit status (0: the
    games finished), every process's output, and how many processes ran."""
    scratch = tempfile.mkdtemp(prefix="dicecup-heap-")  # a run that dies leaves its flash folder here
    out = []
    try:
        for n in range(1, boots + 1):
            done = "".join(out).count("\nqstr pool:")     # the games finished so far (handheld_game.play)
            r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, GAME, kinds, os.path.join(scratch, "flash"),
                                str(done)], capture_output=True, text=True, env=dict(env, TMPDIR=scratch),
                               timeout=timeout)
            out.append(r.stdout + r.stderr)
            if r.returncode != SOFT_RESET:
                return r.returncode, "".join(out), n
        return SOFT_RESET, "".join(out), boots
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def own_heap(env):
    """Bytes of heap the bench itself holds throughout a game that a handheld does not spend
    (env: play's, its MICROPYPATH with the build and bench/). bench/py_handheld.py gives a game
    that much on top of a heap size, so its answer is the heap the firmware needs (docs/memory.md)."""
    r = subprocess.run([MICROPYTHON, "-c", _OWN % os.path.join(ROOT, "host_tools", "fakes")],
                       capture_output=True, text=True, env=env, timeout=60)
    return int(r.stdout.split()[-1])
