"""The solo games' interned names stay within five of MicroPython's name pools (docs/memory.md).

MicroPython keeps every interned name (qstr) in pools that double in size; on the unix port the
sixth pool opens at the 621st name and costs about 7 KB of heap at once, which took the smallest
heap that completes a 6-seat Snyd game from 98K to 126-130K. Loading a module interns every name
its code uses (three more for the module itself), so a feature that adds names to a solo game's
always-loaded modules can cross it without a byte of data: this test says so the moment it does.
A game is played through the buttons by bench/handheld_game.py on the .mpy build.
"""
import os
import re
import subprocess

import pytest

from host_tools.build import build
from host_tools.paths import MICROPYTHON, ROOT

POOL_LIMIT = 5   # the pools the names may fill (the sixth is the 7 KB step)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("names") / "fw")
    assert build(out) == []
    return out


# the hints', the open die's, the hard bots' and the coach's games hold every name of the plain games and more
@pytest.mark.parametrize("kind", ["snyd_hints", "snyd_open", "snyd_hard", "maxi_coach"])
def test_a_solo_game_fills_at_most_five_name_pools(kind, built, tmp_path):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([built, os.path.join(ROOT, "bench")]),
               TMPDIR=str(tmp_path))
    code = ("import micropython, handheld_game\n"
            "r = handheld_game.run(%r)\n"
            "print(r[0])\n"
            "micropython.qstr_info()\n") % kind
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=1M", "-c", code], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0 and r.stdout.startswith("True"), r.stdout + r.stderr
    m = re.search(r"n_pool=(\d+), n_qstr=(\d+)", r.stdout)
    assert m, r.stdout
    pools, names = int(m.group(1)), int(m.group(2))
    assert pools <= POOL_LIMIT, (
        "%s holds %d interned names, %d pools: the sixth costs about 7 KB of a WROOM-32's heap; "
        "make a module-level constant private (_X = const(...)), or keep rarely used code out "
        "of always-loaded modules (docs/memory.md)" % (kind, names, pools))
