"""Device time on the handheld's side: counts the work the board would spend time on, for the clock.

Loaded only when DICECUP_DEVTIME is set (the simulator sets it from host_tools/devtime.py's model:
eight integers, in the order of Model.env), before the firmware: host_tools/fakes/_devtime.py runs
it first (so `import gc` anywhere finds the counting gc below), the browser's entry imports it
first. The virtual clock (vclock/time.py) takes what is owed at every ticks_ms and sleep_ms.

Counted, never timed, so a seeded run repeats: each loop (a sleep to the next), each byte the
interpreter allocates (micropython.mem_total), each byte show() sends over I2C, each collection
(gc.collect(), and one whenever the allocations since the last filled what the live data left of the
heap) with the live data it marks, each file written and its bytes. Owed time is kept in nanoseconds.
Small ints in one list, no allocation while counting (its names are heap a board does not spend).
"""
import builtins
import gc as _gc
import io
import micropython
import os
import sys

import hostlink

_k = [int(x) for x in os.getenv("DICECUP_DEVTIME").split()]
# _k: ns per loop, ns per allocated byte, ns per I2C byte, us per collection, ns per live byte,
#     the heap's bytes, us per file written, ns per byte written
# _s: ns owed to the clock, mem_total at the last count, bytes allocated since the last collection,
#     live bytes after it, ns of this loop's work, ns of work since the last report, the longest loop's
#     ns since the last report, collections, files written
_s = [0, micropython.mem_total(), 0, 0, 0, 0, 0, 0, 0]
# this loop's work by kind (ns): the CPU, the screen, collections, flash; printed for a loop longer
# than DICECUP_DEVTIME_LOG ms when that is set (in the handheld's console.log)
_w = [0, 0, 0, 0]
_log = int(os.getenv("DICECUP_DEVTIME_LOG") or "0") * 1000000


def charge(ns, kind=0):
    _s[0] += ns
    _s[4] += ns
    _w[kind] += ns


def _pause():
    live = _gc.mem_alloc()
    _s[2] = 0
    _s[3] = live
    _s[7] += 1
    charge(_k[3] * 1000 + live * _k[4], 2)


def _count():
    t = micropython.mem_total() - hostlink.own   # what the link allocated is the host's (hostlink.py)
    d = t - _s[1]
    _s[1] = t
    if d:
        charge(d * _k[1])
        _s[2] += d
        if _s[2] > _k[5] - _s[3]:   # the heap is full of garbage: the board collects now
            _pause()


def owed_ms():
    """Whole ms of work not on the clock yet (the rest stays owed)."""
    _count()
    ms = _s[0] // 1000000
    _s[0] -= ms * 1000000
    return ms


def loop():
    """A firmware loop ends (it sleeps): its fixed cost, and the loop's work into the report."""
    _count()
    charge(_k[0])
    w = _s[4]
    _s[4] = 0
    if _log and w > _log:
        print("devtime: a loop of %d us: cpu %d, screen %d, gc %d, flash %d" % (
            w // 1000, _w[0] // 1000, _w[1] // 1000, _w[2] // 1000, _w[3] // 1000))
    _w[0] = _w[1] = _w[2] = _w[3] = 0
    _s[5] += w
    if w > _s[6]:
        _s[6] = w


def report(b, i):
    """Work since the last report and its longest loop, in us, into b[i:i + 8] (big-endian). Allocates
    nothing: how often it runs depends on when the link's messages arrive."""
    _put(b, i, _s[5] // 1000)
    _put(b, i + 4, _s[6] // 1000)
    _s[5] = 0
    _s[6] = 0


def _put(b, i, v):
    b[i] = v >> 24 & 255
    b[i + 1] = v >> 16 & 255
    b[i + 2] = v >> 8 & 255
    b[i + 3] = v & 255


def show(n):
    charge(n * _k[2], 1)


class _Gc:
    """gc as the firmware sees it: a collection costs its pause."""
    mem_alloc = _gc.mem_alloc
    mem_free = _gc.mem_free
    enable = _gc.enable
    disable = _gc.disable
    isenabled = _gc.isenabled
    threshold = _gc.threshold

    @staticmethod
    def collect():
        _count()
        r = _gc.collect()
        _pause()
        return r


sys.modules["gc"] = _Gc


class _File(io.IOBase):
    """A file opened for writing: its bytes and its close cost flash time."""

    def __init__(self, f):
        self._f = f

    def write(self, data):
        charge(len(data) * _k[7], 3)
        return self._f.write(data)

    def ioctl(self, req, arg):
        return 0

    def flush(self):
        return self._f.flush()

    def close(self):
        if self._f is not None:
            _s[8] += 1
            charge(_k[6] * 1000, 3)
            self._f.close()
            self._f = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_open = builtins.open


def _opens(path, mode="r", *args, **kw):
    f = _open(path, mode, *args, **kw)
    if "w" in mode or "a" in mode or "+" in mode:
        return _File(f)
    return f


builtins.open = _opens
