"""The handheld's firmware, driven through its fake buttons under the MicroPython unix port.

Each tests/hh/hh_*.py module holds plain test_* functions (tests/mprun.py runs them) that build the
real app on the host fakes (host_tools/fakes), press buttons and assert on the text and dice read
back from the frames the display was sent (host_tools/readback).
"""
import os
import subprocess

import pytest

from host_tools.paths import FIRMWARE, MICROPYTHON, ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
HH = os.path.join(HERE, "hh")
PATH = os.pathsep.join([os.path.join(ROOT, "host_tools", "fakes"), FIRMWARE,
                        os.path.join(ROOT, "host_tools"), HH, os.path.join(HERE, "mp"), HERE])
MODULES = sorted(f[:-3] for f in os.listdir(HH) if f.startswith("hh_") and f.endswith(".py"))


def run_module(mod, cwd):
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=4M", os.path.join(HERE, "mprun.py"), mod],
                       capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=PATH),
                       cwd=cwd, timeout=300)
    return r.returncode, r.stdout + r.stderr


@pytest.mark.parametrize("mod", MODULES)
def test_handheld(mod, tmp_path):
    code, out = run_module(mod, str(tmp_path))
    assert code == 0, out
    assert "PASS " in out and "FAIL " not in out, out
