"""The heap the firmware's code takes on a 32-bit MicroPython, beside the 64-bit unix port.

Every other heap number in `make bench` comes from the unix port, which is 64-bit: 8-byte pointers
and 32-byte heap blocks, against 4 and 16 on the ESP32. This measures how much that overstates the
code a handheld holds at an 8-handheld Snyd table (the modules loaded at its peak, bench/
py_table_fakes.py), by importing the same .mpy files, in the same order, into MicroPython's
WebAssembly port (32-bit, MicroPython 1.28, run by Node.js from host_tools/mp32, `npm ci` there)
and into the unix port, each with a 1M heap: gc.mem_alloc after a collection, before and after
(in the WebAssembly port each step is its own runPython call, so the collection really runs first).
The host fakes and hw.py are left out (the WebAssembly port has no sockets for the host link).
Skipped, with a row saying so, when Node.js or the package is missing. A few seconds.
"""
import os
import re
import shutil
import subprocess
import tempfile

import benchlib
from host_tools.paths import BUILD, MICROPYTHON, ROOT, firmware_module

MP32 = os.path.join(ROOT, "host_tools", "mp32")
# what a handheld holds while it plays at an 8-handheld Snyd table, its own modules first
MODULES = ("compat strings gfx ui.screen buttons battery store app radio wire fairdice log "
           "game table.table ui.table rules.snyd snyd_writer snyd snyd_seats snyd_person ui.snyd "
           "snyd_table").split()
MODULES = tuple(firmware_module(m) for m in MODULES)

# One step per line group; the WebAssembly runner (host_tools/mp32/heap.mjs) runs each group as its
# own runPython call, because there gc.collect() only marks a collection as pending and it runs when
# control returns to JavaScript: a gc.mem_alloc() in the same call as the garbage would count it.
# The unix port runs the same text as one script (the markers are comments), where gc.collect() is
# immediate. So each import is followed by a collection in a later step before it is measured.
STEP = "\n#--step--\n"


def script(path, modules):
    steps = ["import gc, sys\nsys.path[:] = [%r]\nR = {}\ngc.collect()" % path, "gc.collect()",
             "R['start'] = gc.mem_alloc()"]
    for m in modules:
        steps += ["gc.collect()", "R['b'] = gc.mem_alloc()\n__import__(%r)" % m, "gc.collect()",
                  "print('MOD', %r, gc.mem_alloc() - R['b'])" % m]
    steps += ["gc.collect()", "print('TOTAL', gc.mem_alloc() - R['start'])"]
    return STEP.join(steps) + "\n"


def costs(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    got = dict(re.findall(r"(?m)^MOD (\S+) (\d+)$", r.stdout))
    total = re.search(r"(?m)^TOTAL (\d+)$", r.stdout)
    if not total:
        raise RuntimeError("import measure failed: %s %s" % (r.stdout[-500:], r.stderr[-1500:]))
    return {k: int(v) for k, v in got.items()}, int(total.group(1))


def measure():
    """(by64, t64, by32, t32) or None where Node.js or the WebAssembly package is missing."""
    node = shutil.which("node")
    runner = os.path.join(MP32, "node_modules", "@micropython", "micropython-webassembly-pyscript")
    if not node or not os.path.isdir(runner):
        return None
    with tempfile.TemporaryDirectory() as d:
        s32 = os.path.join(d, "m32.py")
        with open(s32, "w") as f:
            f.write(script("/fw", MODULES))
        s64 = os.path.join(d, "m64.py")
        with open(s64, "w") as f:
            f.write(script(BUILD, MODULES))
        by32, t32 = costs([node, os.path.join(MP32, "heap.mjs"), str(1 << 20), BUILD, s32])
        by64, t64 = costs([MICROPYTHON, "-X", "heapsize=1M", s64])
    return by64, t64, by32, t32


def ratio():
    """The 64-bit / 32-bit heap ratio of the firmware's code, or None where it cannot be measured."""
    m = measure()
    return m[1] / m[3] if m else None


def main():
    m = measure()
    if m is None:
        benchlib.row("heap 32-bit", "skipped: needs Node.js and `npm ci` in host_tools/mp32", 0)
        return
    by64, t64, by32, t32 = m
    benchlib.row("heap 32-bit", "table's code at an 8-handheld Snyd table, 64-bit unix port", t64, "B")
    benchlib.row("heap 32-bit", "the same on 32-bit MicroPython (WebAssembly port)", t32, "B")
    benchlib.row("heap 32-bit", "64-bit / 32-bit (the ratio host_tools/boards.py scales by)", round(t64 / t32, 2), "")
    for m in ("table.table", "log", "wire", "rules.snyd", "snyd_person"):
        f = firmware_module(m)
        benchlib.row("heap 32-bit", "%s: 64-bit / 32-bit" % m, "%d / %d" % (by64[f], by32[f]), "B")


if __name__ == "__main__":
    main()
