"""dicecup in the browser (host_tools/web, docs/web.md): boot, tick and heap per handheld on the
WebAssembly port, and whether 8 handhelds keep their 50 ticks a second in headless Chromium.

1. tests/web/lockstep.mjs in Node.js: a 4-handheld Snyd table game, seed 7, virtual clock, each
   handheld in a worker thread running the page's own worker script; boot to the title per
   handheld, every App.tick's time (median, p95) and every handheld's heap (gc.mem_alloc after a
   collection, every 100 steps; the peak) on this 32-bit port, the honest figure for the board.
2. tests/web/browser.mjs --only bench8 (where Debian's chromium and `npm ci` in tests/web are
   there, else a row says it was skipped): 8 handhelds on the wall clock in headless Chromium, the
   fingers seating them at one Snyd table and playing; over 30 s the steps a second each got (50
   asked: each step is one App.tick on every handheld), boot, tick median and p95.
Needs Node.js and `make mp32`; skipped with a row otherwise. About a minute.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import benchlib
from host_tools.paths import ROOT

WEBTESTS = os.path.join(ROOT, "tests", "web")
MP = os.path.join(ROOT, "host_tools", "mp32", "node_modules", "@micropython", "micropython-webassembly-pyscript")
CHROMIUM = shutil.which("chromium")


def _json(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        raise RuntimeError("%s failed: %s %s" % (cmd[1], r.stdout[-800:], r.stderr[-800:]))
    return json.loads(lines[-1])


def main():
    node = shutil.which("node")
    if not node or not os.path.isdir(MP):
        benchlib.row("web", "skipped: needs Node.js and `make mp32`", 0)
        return
    from host_tools.web.__main__ import build
    with tempfile.TemporaryDirectory() as d:
        site = os.path.join(d, "web")
        build(site, firmware=False)
        env = dict(os.environ, HEAP_EVERY="100")
        g = _json([node, os.path.join(WEBTESTS, "lockstep.mjs"), site, os.path.join(d, "out"),
                   sys.executable, "4", "snyd", "7", "600"], env)
        benchlib.row("web", "Node: 4-handheld Snyd table game, virtual s / wall s",
                     "%.0f / %.1f" % (g["virtual_s"], g["wall_s"]), "s")
        benchlib.row("web", "Node: boot to the title per handheld (worker, wasm loaded)",
                     "%d-%d" % (min(g["boot_ms"]), max(g["boot_ms"])), "ms")
        benchlib.row("web", "Node: App.tick median / p95 (all handhelds, whole game)",
                     "%.2f / %.2f" % (g["tick_median_ms"], g["tick_p95_ms"]), "ms")
        benchlib.row("web", "heap per handheld at a 4-table game, peak (32-bit port)",
                     "%.1f-%.1f" % (min(g["heap_peak"]) / 1024, max(g["heap_peak"]) / 1024), "KB")
        if not CHROMIUM or not os.path.isdir(os.path.join(WEBTESTS, "node_modules", "puppeteer-core")):
            benchlib.row("web", "Chromium: skipped, needs chromium and `make web-test` once", 0)
            return
        b = _json([node, os.path.join(WEBTESTS, "browser.mjs"), site, os.path.join(d, "b"), sys.executable,
                   CHROMIUM, "--only", "bench8"])["bench8"]
        benchlib.row("web", "Chromium: 8 handhelds, wall clock, steps/s each (50 asked)",
                     round(b["steps_per_s"], 1), "/s", ">= 50")
        benchlib.row("web", "Chromium: boot of the page to 8 titles / per handheld",
                     "%d / %d-%d" % (b["boot_ms"], min(b["boots"]), max(b["boots"])), "ms")
        benchlib.row("web", "Chromium: App.tick median / p95, 8 handhelds at a table",
                     "%.2f / %.2f" % (b["tick_median_ms"], b["tick_p95_ms"]), "ms")


if __name__ == "__main__":
    main()
