"""entry: main.py's boot for the browser, with the loop turned inside out.

main.py cannot run in a page: its loop sleeps, and a Web Worker that sleeps never hears the page
again. So the worker (host_tools/web/static/handheld.mjs) calls boot() once, then tick(now) every
step: the virtual clock (host_tools/fakes/vclock/time.py) is moved to the page's time, and
App.tick runs once, as app.run's loop body does. Everything the firmware does inside a tick (its
radio, its flash, its screen) goes through the unchanged fakes and the host link (jslink).

The firmware's names used here, all in this one place: dicecup.app.App,
dicecup.device.hw.Hardware and dicecup.ui.crash.log. A crash is shown by the page (the traceback is
printed and kept in error.log as on the handheld); crash.show waits in a loop for a button, which a
worker cannot.
"""
import os

if os.getenv("DICECUP_DEVTIME"):    # device time: before the firmware's first `import gc`
    import devtime
else:
    devtime = None
import gc  # noqa: E402
import time  # noqa: E402

import hostlink  # noqa: E402

from dicecup import app  # the firmware: every firmware import of the web entry is on these two lines (and _fail's)
from dicecup.device import hw

_app = None
_hw = None
_last = 0
_now = 0
crash = None    # the exception's text once the firmware failed


def _fail(e):
    global crash
    from dicecup.ui import crash as failed  # loaded only now, as main.py does
    failed.log(e)  # error.log, as on the handheld
    crash = "%s: %s" % (type(e).__name__, e)


def boot(now=0):
    """What main.py does before its loop, at the page's time now (ms): a handheld booted again
    (a reload) starts its clock there, so its first tick is not a jump over the time it was off
    (its table would count every other handheld silent since its boot, and gone)."""
    global _app, _hw, _last
    t = time.ticks_ms()
    if now > t:
        time.advance(now - t)
    try:
        _hw = hw.Hardware()
        _app = app.App(_hw)
    except Exception as e:
        _fail(e)
    _last = time.ticks_ms()


def tick(now):
    """One turn of app.run's loop at the page's time now (ms). Returns the ms the page should wait
    before the next (the loop's sleep, as App.tick returns it: short awake, a second asleep), or -1
    after a crash."""
    global _last, _now
    t = time.ticks_ms()
    if now > t:
        time.advance(now - t)   # the firmware may have slept past now inside the last tick
    if crash is not None or _app is None:
        hostlink.pump(0)
        return -1
    t = time.ticks_ms()
    _now += time.ticks_diff(t, _last)
    _last = t
    try:
        w = _app.tick(_now)     # the loop's sleep: App.tick says how long
    except Exception as e:
        _fail(e)
        return -1
    if devtime:     # the loop's work on the board: on the clock, and the page waits that much longer
        devtime.loop()
        t = devtime.owed_ms()
        time.advance(t)
        w += t
    return w


def collect():
    gc.collect()


def heap():
    """Bytes of the Python heap in use: call collect() first, in an earlier call from JavaScript
    (in this port a collection runs only when control returns to JavaScript, bench/py_heap32.py)."""
    return gc.mem_alloc()
