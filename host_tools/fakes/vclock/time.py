"""A virtual clock that shadows MicroPython's `time` (put host_tools/fakes/vclock first on MICROPYPATH).

Time only moves when the program sleeps, so a handheld run is fast and replays exactly. With a
host link (hostlink.py) the PC grants time with TIME messages: sleeping past the grant sends WAITING
and blocks until the PC grants more. `advance(ms)` lets an in-process test move the clock.
Everything the firmware uses from `time` is here with the same behaviour (ticks wrap like the port's).
"""
import hostlink

_PERIOD = 1 << 30
_now = 0
# Under the simulator's lockstep (DICECUP_CLOCK=virtual with a link) no time passes before the first
# grant, so a handheld that boots early cannot run ahead of the others; otherwise run freely.
_grant = 0 if hostlink._env("DICECUP_CLOCK") == "virtual" and hostlink._env("DICECUP_LINK") \
    else hostlink.FREE_RUN


def _on_time(payload):
    global _grant
    _grant = hostlink.from_be32(payload)


hostlink.on(hostlink.TIME, _on_time)


def advance(ms):
    global _now
    _now += ms


def _sleep(ms):
    global _now
    target = _now + ms
    while hostlink.linked() and _grant != hostlink.FREE_RUN and target > _grant:
        if _now < _grant:
            _now = _grant
        hostlink.send(hostlink.WAITING, hostlink.be32(_now))
        hostlink.wait_for(hostlink.TIME)
    hostlink.pump(0)
    _now = target


def ticks_ms():
    return _now % _PERIOD


def ticks_us():
    return (_now * 1000) % _PERIOD


def ticks_cpu():
    return ticks_us()


def ticks_add(t, delta):
    return (t + delta) % _PERIOD


def ticks_diff(a, b):
    d = (a - b) % _PERIOD
    return d - _PERIOD if d >= _PERIOD // 2 else d


def sleep_ms(ms):
    _sleep(ms)


def sleep_us(us):
    _sleep(us // 1000)


def sleep(s):
    _sleep(int(s * 1000))


def time():
    return 1796000000 + _now // 1000


def time_ns():
    return (1796000000000 + _now) * 1000000


def localtime(secs=None):
    import utime
    return utime.localtime(time() if secs is None else secs)


gmtime = localtime
