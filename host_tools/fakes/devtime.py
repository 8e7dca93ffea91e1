"""Device time on the handheld's side: counts the work the board would spend time on, for the clock.

Loaded only when DICECUP_DEVTIME is set (the simulator sets it from host_tools/devtime.py's model:
eight integers, in the order of Model.env), before the firmware: host_tools/fakes/_devtime.py runs
it first (so `import gc` anywhere finds the counting gc below), the browser's entry imports it
first. It wraps the virtual clock's (vclock/time.py) ticks_ms and sleep_ms, so that what is owed is
on the clock at every read and sleep, and the host link's pump, wait_for and send, whose own
allocations are not charged (a board has no link, and when a message is read, early or in pieces,
depends on the host). Everything of device time is here: the fakes that are always loaded hold
no name of it (their names are heap, tests/test_names.py).
After each loop it sends the PC its work in us (b"D", 4 bytes, big-endian; host_tools/sim/hub.py).

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
import time

_k = [int(x) for x in os.getenv("DICECUP_DEVTIME").split()]
# _k: ns per loop, ns per allocated byte, ns per I2C byte, us per collection, ns per live byte,
#     the heap's bytes, us per file written, ns per byte written
# _s: ns owed to the clock, mem_total at the last count (less the link's), bytes allocated since the
#     last collection, live bytes after it, ns of this loop's work, the I2C bytes counted so far,
#     the link's own allocations, collections, files written
#     and where micropython has no mem_total (the browser's port): mem_alloc at the last count, the
#     bytes the heap grew by so far (its collections run between two ticks there, so within a
#     tick the heap only grows by what is allocated); the loops reported to the PC so far, and
#     the loops kept in _ring
_mt = getattr(micropython, "mem_total", None)
_s = [0, 0, 0, 0, 0, 0, 0, 0, 0, _gc.mem_alloc(), 0, 0, 0]
# this loop's work by kind (ns): the CPU, the screen, collections, flash; printed for a loop longer
# than DICECUP_DEVTIME_LOG ms when that is set (in the handheld's console.log), from the loop
# numbered DICECUP_DEVTIME_LOG_FROM on (its index in the simulator's Handheld.work): a print's
# garbage changes what gc.mem_free() tells the firmware, and so the run's course from there
_w = [0, 0, 0, 0]
_log = int(os.getenv("DICECUP_DEVTIME_LOG") or "0") * 1000000
_log_from = int(os.getenv("DICECUP_DEVTIME_LOG_FROM") or "0")
# with the log: the last _RING loops' clock time and work by kind (us), printed before the first
# loop printed: what led up to it, in the course of the run without prints
_RING = 16
_ring = [0] * (6 * _RING)


def charge(ns, kind=0):
    _s[0] += ns
    _s[4] += ns
    _w[kind] += ns


def _pause():
    live = _gc.mem_alloc()
    _s[9] = live
    _s[2] = 0
    _s[3] = live
    _s[7] += 1
    charge(_k[3] * 1000 + live * _k[4], 2)


def _total():
    if _mt:
        return _mt() - _s[6]
    a = _gc.mem_alloc()
    if a > _s[9]:
        _s[10] += a - _s[9]
    _s[9] = a
    return _s[10]


_s[1] = _total()


def _count():
    t = _total()
    d = t - _s[1]
    _s[1] = t
    if d:
        charge(d * _k[1])
        _s[2] += d
        if _s[2] > _k[5] - _s[3]:   # the heap is full of garbage: the board collects now
            _gc.collect()  # (so that what is marked is the live data: the host's heap, not
            _pause()       # collected yet, held the garbage too, and the pause was up to 5 times too long)
    m = sys.modules.get("ssd1306")  # the panel's fake counts its I2C bytes
    if m:
        n = m.stats["bytes"]
        if n != _s[5]:
            charge((n - _s[5]) * _k[2], 1)
            _s[5] = n


def owed_ms(count=True):
    """Whole ms of work not on the clock yet (the rest stays owed). count=False: only what is
    charged already, without counting the heap (gc.mem_alloc walks the whole allocation table
    where there is no mem_total: the browser's port)."""
    if count:
        _count()
    ms = _s[0] // 1000000
    _s[0] -= ms * 1000000
    return ms


def _own(t):
    """The log's own allocations since mem_total was t are not charged: a logged run takes the
    course of the same run without the log."""
    if _mt:
        _s[6] += _mt() - t


def _keep(w):
    r = _ring
    j = _s[12] % _RING * 6
    _s[12] += 1
    r[j] = _ticks()
    r[j + 1] = w // 1000
    for k in range(4):
        r[j + 2 + k] = _w[k] // 1000


def _print(w):
    t = _mt() if _mt else 0
    if _s[12] > 0:   # the loops before the first printed, oldest first
        n = _s[12]
        for i in range(max(0, n - _RING), n - 1):
            j = i % _RING * 6
            print("devtime: before, at %d ms a loop of %d us: cpu %d, screen %d, gc %d, flash %d" % tuple(
                _ring[j:j + 6]))
        _s[12] = -1
    print("devtime: at %d ms a loop of %d us: cpu %d, screen %d, gc %d, flash %d" % (
        _ticks(), w // 1000, _w[0] // 1000, _w[1] // 1000, _w[2] // 1000, _w[3] // 1000))
    _own(t)


def loop():
    """A firmware loop ends (it sleeps): its fixed cost; its work goes to the PC (b"D"). Its
    locals and stack fit in 11 words (the log's print is _print's): a frame on the heap would be
    charged to every loop."""
    _count()
    charge(_k[0])
    w = _s[4]
    _s[4] = 0
    if _s[12] >= 0:
        _keep(w)    # (kept with the log or without: the allocations are the same)
    if _log and w > _log and _s[11] >= _log_from:
        _print(w)
    _w[0] = _w[1] = _w[2] = _w[3] = 0
    if hostlink.linked():
        b = hostlink.tx
        w //= 1000
        b[0] = w >> 24 & 255
        b[1] = w >> 16 & 255
        b[2] = w >> 8 & 255
        b[3] = w & 255
        hostlink.send(68, b, 4)
        _s[11] += 1


# the clock: what is owed is on it at every read and before every sleep
_ticks = time.ticks_ms
_sleep = time.sleep_ms


def _ticks_ms():
    # a read within a loop (the App times its own work) counts the heap only where that is cheap
    # (mem_total); in the browser the loop's allocations are counted when it sleeps, so its
    # reads see the work charged so far (three heap walks a loop made the page too slow to answer)
    time.advance(owed_ms(_mt is not None))
    return _ticks()


def _sleep_ms(ms):
    loop()
    time.advance(owed_ms())
    _sleep(ms)


time.ticks_ms = _ticks_ms
time.sleep_ms = _sleep_ms

# the link: its own allocations are the host's (fixed arguments: a call allocates nothing outside)
_pump = hostlink.pump
_wait = hostlink.wait_for
_send = hostlink.send


def _pump_own(ms=0):
    t = micropython.mem_total()
    r = _pump(ms)
    _s[6] += micropython.mem_total() - t
    return r


def _wait_own(kind):
    t = micropython.mem_total()
    _wait(kind)
    _s[6] += micropython.mem_total() - t


def _send_own(kind, payload=b"", n=-1):
    t = micropython.mem_total()
    _send(kind, payload, n)
    _s[6] += micropython.mem_total() - t


if _mt:
    hostlink.pump = _pump_own
    hostlink.wait_for = _wait_own
    hostlink.send = _send_own


class _Gc:
    """gc as the firmware sees it: a collection costs its pause."""
    mem_alloc = _gc.mem_alloc

    @staticmethod
    def mem_free():
        # the board's: its heap less the live data at the last collection and the bytes counted
        # since (the host's heap also holds the link's, and collects on its own, uncharged)
        return min(_gc.mem_free(), _k[5] - _s[3] - _s[2])
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
        if _log and _s[11] >= _log_from:
            t = _mt() if _mt else 0
            print("devtime: write", path)
            _own(t)
        return _File(f)
    return f


builtins.open = _opens
