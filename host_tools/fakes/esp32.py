"""Fake `esp32` for the unix port: the light-sleep wake sources, as MicroPython's esp32 port has them.

wake_on_ext0(pin, level): one RTC pin (None clears it); wake_on_ext1(pins, level): RTC pins (None
keeps the last set). level is WAKEUP_ALL_LOW (False) or WAKEUP_ANY_HIGH (True), as on the device;
a pin that is no RTC pin is a ValueError("invalid pin"). The machine fake's lightsleep asks fired()
which source (if any) ends it: both are level-triggered, so a level already there wakes at once.
"""
WAKEUP_ALL_LOW = False
WAKEUP_ANY_HIGH = True
RTC_PINS = (0, 2, 4, 12, 13, 14, 15, 25, 26, 27, 32, 33, 34, 35, 36, 37, 38, 39)
ext0 = [None, False]    # pin number or None, level
ext1 = [(), False]      # pin numbers, level


def _rtc(pin):
    n = pin if isinstance(pin, int) else pin.id
    if n not in RTC_PINS:
        raise ValueError("invalid pin")
    return n


def wake_on_ext0(pin=None, level=False):
    ext0[0] = None if pin is None else _rtc(pin)
    ext0[1] = bool(level)


def wake_on_ext1(pins=None, level=False):
    if pins is not None:
        ext1[0] = tuple(_rtc(p) for p in pins)
    ext1[1] = bool(level)


def fired(level):
    """2 (EXT0_WAKE) or 3 (EXT1_WAKE) when that source's condition holds now, else 0; level(n)
    reads GPIO n. ext1 ALL_LOW needs every pin low, ANY_HIGH any pin high (the ESP32's only two)."""
    if ext0[0] is not None and level(ext0[0]) == ext0[1]:
        return 2
    pins = ext1[0]
    if pins:
        if ext1[1]:
            if any(level(n) for n in pins):
                return 3
        elif not any(level(n) for n in pins):
            return 3
    return 0
