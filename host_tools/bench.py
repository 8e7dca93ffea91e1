"""`make bench`: run every benchmark script under bench/ and print one table.

bench/mp_*.py run under the MicroPython unix port on the .mpy build (build/firmware on sys.path)
with a limited heap (a `# bench-heap: 96K` line in the script sets it; default 128K);
bench/py_*.py run under CPython with firmware/ on sys.path. Each script prints rows with
benchlib.row(); anything else it prints is ignored. A script that fails is reported as a row too.
Usage: python -m host_tools.bench [NAME_SUBSTRING ...]
"""
import json
import os
import re
import subprocess
import sys

from host_tools.paths import BUILD, FIRMWARE, MICROPYTHON, ROOT

BENCH = os.path.join(ROOT, "bench")
DEFAULT_HEAP = "128K"


def _heap_of(path):
    with open(path) as f:
        m = re.search(r"^# bench-heap:\s*(\S+)", f.read(), re.M)
    return m.group(1) if m else DEFAULT_HEAP


def command_for(name):
    """The command line that runs bench/NAME, and the env it needs."""
    path = os.path.join(BENCH, name)
    env = dict(os.environ)
    if name.startswith("mp_"):
        env["MICROPYPATH"] = os.pathsep.join([BUILD, BENCH])
        return [MICROPYTHON, "-X", "heapsize=" + _heap_of(path), path], env
    env["PYTHONPATH"] = os.pathsep.join([FIRMWARE, BENCH, ROOT])
    return [sys.executable, path], env


def run_script(name):
    """Run one script; returns its rows (dicts)."""
    cmd, env = command_for(name)
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=1800)
    rows = []
    for line in r.stdout.splitlines():
        if line.startswith("BENCH "):
            rows.append(json.loads(line[6:]))
    if r.returncode != 0:
        err = (r.stderr.strip().splitlines() or r.stdout.strip().splitlines() or ["?"])[-1]
        rows.append({"area": name, "metric": "FAILED", "value": err[:60], "unit": "", "target": ""})
    return rows


def scripts(filters=()):
    names = sorted(f for f in os.listdir(BENCH) if re.match(r"(mp|py)_\w+\.py$", f))
    return [n for n in names if not filters or any(s in n for s in filters)]


def fmt(v):
    if isinstance(v, float):
        return "%.3g" % v if abs(v) < 100 else "%.0f" % v
    return str(v)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    rows = []
    for name in scripts(argv):
        print("running bench/%s ..." % name, file=sys.stderr, flush=True)
        rows.extend(run_script(name))
    cols = ("area", "metric", "value", "unit", "target")
    table = [cols] + [tuple(fmt(r.get(c, "")) for c in cols) for r in rows]
    widths = [max(len(t[i]) for t in table) for i in range(len(cols))]
    for i, t in enumerate(table):
        print("  ".join(s.ljust(w) for s, w in zip(t, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    return 1 if any(r["metric"] == "FAILED" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
