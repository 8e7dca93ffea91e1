"""The board's side of `make board-bench` (host_tools/boardbench.py runs it on a handheld through
mpremote, or under the unix port standing in for one): the device-time model's quantities, measured.
Prints one line, BOARD {json}: each in microseconds (the median of a few runs where it repeats):
  cpu_us      the CPU benchmark below (the same code timed on the PC gives the CPU factor)
  gc_us       a collection with about LIVE_KB of small objects live (the table's heap)
  live_kb     what was live then (gc.mem_alloc)
  heap_kb     the heap's size (mem_alloc + mem_free)
  show_us     a whole frame's show(); page_us one page through the page window (hw.Hardware.show)
  x25519_us   one X25519 scalar multiplication (the table's key agreement)
  flash_us    one small file written (200 bytes through open/write/close, as store.save does)
Runs with the firmware on the path (a deployed handheld has it on flash).
"""
import gc
import json
import time

LIVE_KB = 120


def _med(f, n=5):
    ts = []
    for _ in range(n):
        t = time.ticks_us()
        f()
        ts.append(time.ticks_diff(time.ticks_us(), t))
    ts.sort()
    return ts[len(ts) // 2]


def cpu():
    """Python work like the firmware's: small ints, lists, dicts, str formatting, method calls."""
    d = {}
    acc = 0
    for i in range(2000):
        k = "k%d" % (i & 63)
        d[k] = d.get(k, 0) + i
        lst = [i, i + 1, i + 2]
        acc += sum(lst) & 0xFFFF
    return acc


def main():
    out = {"cpu_us": _med(cpu)}
    keep = [[i, i + 1] for i in range(LIVE_KB * 1024 // 48)]   # small objects: a table's live data
    gc.collect()
    out["gc_us"] = _med(gc.collect)
    out["live_kb"] = gc.mem_alloc() // 1024
    out["heap_kb"] = (gc.mem_alloc() + gc.mem_free()) // 1024
    del keep
    gc.collect()
    try:
        from dicecup.device import hw
        h = hw.Hardware()
        out["show_us"] = _med(h.display.show)
        out["page_us"] = _med(lambda: h.show(3, 3))
    except Exception as e:  # no panel on this board: said, not measured
        out["show_error"] = repr(e)
    from dicecup.table import x25519
    k = bytes(range(32))
    u = bytes([9] + [0] * 31)
    out["x25519_us"] = _med(lambda: x25519.x25519(k, u), 3)
    data = "x" * 200

    def write():
        with open("bench.tmp", "w") as f:
            f.write(data)
    out["flash_us"] = _med(write)
    try:
        import os
        os.remove("bench.tmp")
    except OSError:
        pass
    print("BOARD " + json.dumps(out))


main()
