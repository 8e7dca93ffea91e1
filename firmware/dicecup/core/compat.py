"""compat: what the firmware asks of its runtime, the same on MicroPython and CPython - `const`, and
loading and forgetting code by module name (the one mechanism for both).

`const` is MicroPython's compile-time constant marker; mpy-cross recognises `X = const(n)` by name,
so importing it from here keeps the optimisation on the device while CPython gets the identity.
A private `_X = const(...)` (an int, a str, bytes or a tuple of them) is not even a module
attribute on MicroPython: no interned name, no dict slot.

The handheld loads a game's or the table's code when it is needed and forgets it again, so that the
solo games fit a stock ESP32-WROOM-32's heap. Forgetting a module of a package takes two steps:
MicroPython keeps a submodule both in sys.modules and as an attribute of its parent package
(`dicecup.ui` holds `ui.snyd` once `dicecup.ui.snyd` is imported), and deleting only the first
frees nothing. Names are full dotted names ("dicecup.ui.snyd").

One module rather than two (a loader of its own) only to save heap: every module costs three
interned names (its dotted name, its own, its file's path) and the solo Snyd game sits at the edge
of a name pool (docs/memory.md).
"""
import gc
import sys

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x


def load(name):
    """Import the module named (a dotted name) and return it (__import__ returns the top package)."""
    __import__(name)
    return sys.modules[name]


def forget(names, collect=True):
    """Drop modules no screen needs any more, so the heap they hold can be collected (objects still
    in use keep what they need alive)."""
    for name in names:
        m = sys.modules.get(name)
        if m is None:
            continue
        del sys.modules[name]
        i = name.rfind(".")
        parent = sys.modules.get(name[:i]) if i > 0 else None
        if parent is not None and getattr(parent, name[i + 1:], None) is m:
            delattr(parent, name[i + 1:])
    if collect:
        gc.collect()
