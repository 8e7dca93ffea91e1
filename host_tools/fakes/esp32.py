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
    # RTC pins of the ESP32 (0, 2, 4, 12-15, 25-27, 32-39) or of the ESP32-S3 (0-21): the fake
    # stands for either chip; which pins a board's map may use is host_tools.pincheck's to say
    if n > 21 and n not in b"\x19\x1a\x1b\x20\x21\x22\x23\x24\x25\x26\x27":
        raise ValueError("invalid pin")
    return n


def wake_on_ext0(pin=None, level=False):
    ext[0] = None if pin is None else _rtc(pin)
    ext[1] = bool(level)


def wake_on_ext1(pins=None, level=False):
    if pins is not None:
        ext[2] = [_rtc(p) for p in pins]
    ext[3] = bool(level)
