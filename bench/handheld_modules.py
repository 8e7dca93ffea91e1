"""Rows for bench/mp_handheld_modules_*.py: what the handheld's heap holds during one game, module by
module. Each firmware module's heap when first imported (gc.mem_alloc after a collection, without
the modules it imports itself), in import order, for the modules of 1 KB or more; the rest summed.

Read with care: a module's number includes any qstr pool its names happened to overflow (the pools
double; about 7 KB for the one after ~630 names on the 64-bit unix port), and what a module's code
creates later (a game, a solver) is not in it: bench/mp_handheld_*.py has the peak."""
import builtins
import gc
import sys

import benchlib
import handheld_game

_imp = builtins.__import__


def report(kind, label):
    seen = []
    stack = []

    def hook(name, *a):
        if name in sys.modules:
            return _imp(name, *a)
        gc.collect()
        before = gc.mem_alloc()
        stack.append(0)
        try:
            m = _imp(name, *a)
        finally:
            kids = stack.pop()
        gc.collect()
        total = gc.mem_alloc() - before
        if stack:
            stack[-1] += total
        # a package's module comes back for `import a.b.c` without a fromlist: look the module up
        own = sys.modules.get(name, m)
        leaf = name.split(".")[-1]   # the rows keep the modules' own names
        if getattr(own, "__file__", "").endswith(".mpy") and leaf not in [s[0] for s in seen]:
            seen.append((leaf, total - kids))
        return m

    builtins.__import__ = hook
    try:
        ok = handheld_game.run(kind)[0]
    finally:
        builtins.__import__ = _imp
    small = 0
    for name, own in seen:
        if own >= 1024:
            benchlib.row("handheld", "%s: heap of module %s (first import)" % (label, name), own, "B")
        else:
            small += own
    benchlib.row("handheld", "%s: heap of the %d modules under 1 KB" % (label, len([s for s in seen if s[1] < 1024])),
                 small, "B")
    benchlib.row("handheld", "%s: finished with the import counter on" % label, "yes" if ok else "NO")
