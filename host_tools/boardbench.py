"""`make board-bench BOARD=s3 PORT=...`: the device-time model's quantities measured on a real handheld.

Runs bench/board_bench.py on the handheld through mpremote (the CPU benchmark, a collection at the
table's heap, show() and one page, X25519, a small flash write), the same CPU benchmark under the
unix port here (the CPU factor is the board's time over this PC's), and writes the results in the
model's format to hardware/devtime_BOARD.json, which host_tools/devtime.get then takes instead of
its estimates (docs/memory.md, Device time). PORT=unix runs the board's side under the unix port,
standing in for a board (the tests do). Without a board it says so in one line (exit 1).
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

from host_tools import boards, devtime
from host_tools.paths import BUILD, MICROPYTHON, ROOT, tool

SCRIPT = os.path.join(ROOT, "bench", "board_bench.py")
FAKES = os.path.join(ROOT, "host_tools", "fakes")


def _parse(out):
    for line in out.splitlines():
        if line.startswith("BOARD "):
            return json.loads(line[6:])
    raise RuntimeError("no BOARD line in the board's output:\n" + out[-2000:])


def on_unix(heap):
    """The board's side under the unix port (with the fakes): a stand-in board, and this PC's CPU."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([BUILD, FAKES]))
    env.pop("DICECUP_LINK", None)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, SCRIPT], capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=300)
    return _parse(r.stdout + r.stderr)


def on_board(port):
    r = subprocess.run([tool("mpremote"), "connect", port, "run", SCRIPT], capture_output=True,
                       text=True, timeout=600)
    return _parse(r.stdout + r.stderr)


def model_of(key, board, host):
    """The measurements in the model's format (host_tools/devtime.Model's fields)."""
    m = devtime.MODELS[key]
    out = {"board": key, "measured": datetime.date.today().isoformat(),
           "cpu": round(board["cpu_us"] / max(1, host["cpu_us"]), 2),
           "flash_file_us": board["flash_us"], "raw": board, "host": {"cpu_us": host["cpu_us"]}}
    if "show_us" in board:
        out["i2c_hz"] = round((12 + 1 + 1024) * 9 * 1e6 / max(1, board["show_us"]))
    # the fixed part of a collection, from one at the measured live data and heap
    out["gc_us"] = max(0, round(board["gc_us"] - m.gc_us_per_heap_kb * board["heap_kb"]
                                - m.gc_us_per_live_kb * board["live_kb"]))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--board", default=boards.REFERENCE, choices=sorted(boards.BOARDS))
    p.add_argument("--port", default="", help="the handheld's serial port, or unix (the unix port stands in)")
    p.add_argument("--out", default=None, help="where to write (default hardware/devtime_BOARD.json)")
    a = p.parse_args(argv)
    port = (a.port or "").strip()
    if not port or (port != "unix" and not os.path.exists(port)):
        print("board-bench: no board%s: connect a handheld and give its port, e.g. make board-bench "
              "BOARD=%s PORT=/dev/ttyACM0 (nothing was measured)" % (" at " + port if port else "", a.board))
        return 1
    host = on_unix(boards.get(a.board).sim_heap())
    board = host if port == "unix" else on_board(port)
    out = model_of(a.board, board, host)
    path = a.out or devtime.measured_path(a.board)
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("board-bench %s: CPU %.1fx this PC, show %s us, collection %s us at %s KB live, X25519 %s us, "
          "a file %s us -> %s" % (a.board, out["cpu"], board.get("show_us", "?"), board["gc_us"],
                                  board["live_kb"], board["x25519_us"], board["flash_us"], path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
