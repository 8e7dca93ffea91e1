"""A virtual clock that shadows MicroPython's `time` (put host_tools/fakes/vclock first on MICROPYPATH).

Time only moves when the program sleeps, so a handheld run is fast and replays exactly. With a
host link (hostlink.py) the PC grants time with TIME messages: sleeping past the grant sends WAITING
and blocks until the PC grants more. `advance(ms)` lets an in-process test move the clock.
What the firmware, the fakes and the simulator's test scripts use of `time` is here, with the same
behaviour (ticks wrap like the port's): ticks_ms, ticks_diff, sleep_ms. The rest of the real module
is left out: every name here is heap a real handheld does not spend (bench/py_table_fakes.py).
"""
import hostlink

_now = 0


def advance(ms):
    global _now
    _now += ms


def sleep_ms(ms):
    global _now
    target = _now + ms
    hl = hostlink
    while hl.grant != hl.FREE_RUN and target > hl.grant and hl.linked():
        if _now < hl.grant:
            _now = hl.grant
        b = hl.tx
        b[0] = _now >> 24 & 255
        b[1] = _now >> 16 & 255
        b[2] = _now >> 8 & 255
        b[3] = _now & 255
        hl.send(87, b, 4)           # WAITING
        hl.wait_for(84)             # TIME
    hl.pump(0)
    _now = target


def ticks_ms():
    return _now & 0x3FFFFFFF


def ticks_diff(a, b):
    d = (a - b) & 0x3FFFFFFF
    return d - 0x40000000 if d & 0x20000000 else d
