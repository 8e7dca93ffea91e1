"""Runs the firmware's pure-module tests (tests/mp/test_*.py) under CPython and the MicroPython port."""
import os
import subprocess

import pytest

import mprun
from host_tools.paths import FIRMWARE, MICROPYTHON, TESTS_MP

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = sorted(f[:-3] for f in os.listdir(TESTS_MP) if f.startswith("test_") and f.endswith(".py"))


def _cases():
    for m in MODULES:
        for name in mprun.test_names(__import__(m)):
            yield m, name


@pytest.mark.parametrize("mod,name", list(_cases()))
def test_cpython(mod, name):
    getattr(__import__(mod), name)()


@pytest.mark.parametrize("mod", MODULES)
def test_micropython(mod):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([FIRMWARE, TESTS_MP, HERE]))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=2M", os.path.join(HERE, "mprun.py"), mod],
                       capture_output=True, text=True, env=env, timeout=600)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    # the runner must have run every test the module defines, not silently fewer
    expected = len(mprun.test_names(__import__(mod)))
    assert out.count("PASS ") == expected, out
