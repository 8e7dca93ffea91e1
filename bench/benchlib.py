"""Helpers shared by the benchmark scripts; runs under MicroPython and CPython alike."""
import gc
import json
import sys
import time

MICROPYTHON = sys.implementation.name == "micropython"


def row(area, metric, value, unit="", target=""):
    """Emit one table row for host_tools.bench."""
    print("BENCH " + json.dumps({"area": area, "metric": metric, "value": value,
                                  "unit": unit, "target": target}))


def ticks_us():
    if MICROPYTHON:
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def elapsed_us(t0):
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), t0)
    return ticks_us() - t0


def mem_alloc():
    """Bytes allocated on the heap after a full collection (MicroPython only; None on CPython)."""
    gc.collect()
    return gc.mem_alloc() if MICROPYTHON else None


def interp():
    return "micropython" if MICROPYTHON else "cpython"
