"""Fake `esp32` for the unix port: the light-sleep wake sources, as MicroPython's esp32 port has them.

wake_on_ext0(pin, level): one RTC pin (None clears it); wake_on_ext1(pins, level): RTC pins (None
keeps the last set). level is WAKEUP_ALL_LOW (False) or WAKEUP_ANY_HIGH (True), as on the device;
a pin that is no RTC pin is a ValueError("invalid pin"). The machine fake's lightsleep reads ext
(kept small: a benchmark counts this module's heap): ext0 pin, its level, ext1 pins, their level.
"""
WAKEUP_ALL_LOW = False
WAKEUP_ANY_HIGH = True
ext = [None, False, (), False]


def _rtc(p):
    n = p if isinstance(p, int) else p.id
    if n not in b"\x00\x02\x04\x0c\x0d\x0e\x0f\x19\x1a\x1b\x20\x21\x22\x23\x24\x25\x26\x27":
        raise ValueError("invalid pin")
    return n


def wake_on_ext0(pin=None, level=False):
    ext[0] = None if pin is None else _rtc(pin)
    ext[1] = bool(level)


def wake_on_ext1(pins=None, level=False):
    if pins is not None:
        ext[2] = [_rtc(p) for p in pins]
    ext[3] = bool(level)
