"""Fake `machine` for the MicroPython unix port: the calls the handheld's hardware layer makes, same API.

Pins read levels from a board table (unset input pins with PULL_UP read 1, like a released button).
A PC process changes levels and ADC voltages through the host link (hostlink.py: BUTTON and ADC
messages); an in-process test uses the sim_* functions below (host-only, not part of machine).
`lightsleep(ms)` sleeps ms (under the virtual clock, vclock/time.py, it advances the clock) and ends
early only when a wake source set with the esp32 fake fires (ext0/ext1, level-triggered: checked at
entry and after every change from the PC), as on the ESP32; any other button changes its level but
sleeps on. wake_reason() says which: EXT0_WAKE, EXT1_WAKE or TIMER_WAKE.

Kept small: a benchmark measures the firmware's heap with this module loaded, so it keeps no logs
and loads the host link only when a PC process runs the handheld (DICECUP_LINK set).
"""
import os
import time

_levels = {}        # GPIO -> 0/1 set by the PC or a test
_adc_uv = {}        # GPIO -> microvolts at the pin
_irqs = {}          # GPIO -> (handler, trigger)
_wake = [0]         # what ended the last lightsleep (wake_reason)
_link = None
if os.getenv("DICECUP_LINK"):
    import hostlink as _link    # it turns the PC's BUTTON and ADC messages into sim_set/sim_adc


def sim_set(pin, level):
    """Drive GPIO `pin` to `level` (0 = a button to ground is pressed). Runs the pin's IRQ like hardware."""
    irq = _irqs.get(pin) if _levels.get(pin, 1) != level else None
    _levels[pin] = level
    if irq:
        handler, trigger = irq
        if (level == 0 and trigger & Pin.IRQ_FALLING) or (level == 1 and trigger & Pin.IRQ_RISING):
            if handler:
                handler(Pin(pin))


def sim_adc(pin, microvolts):
    _adc_uv[pin] = microvolts


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1
    IRQ_FALLING = 2
    IRQ_RISING = 1
    WAKE_LOW = 4
    WAKE_HIGH = 5

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        if mode != -1 or pull != -1:
            self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            _levels[self.id] = 1 if value else 0

    def value(self, v=None):
        if v is None:
            if _link and _link.linked():
                _link.pump(0)    # the PC's button changes arrive between two reads, as on a board
            return _levels.get(self.id, 1)
        _levels[self.id] = 1 if v else 0
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def irq(self, handler=None, trigger=3, wake=None):
        _irqs[self.id] = (handler, trigger)
        return None


class I2C:
    """Every device answers and every write is acknowledged; the display driver counts what it sends."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.freq = freq

    def scan(self):
        return [0x3C]

    def writeto(self, addr, buf, stop=True):
        return 1

    def writevto(self, addr, vector, stop=True):
        return 1

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0


SoftI2C = I2C


class ADC:
    ATTN_0DB = 0
    ATTN_2_5DB = 1
    ATTN_6DB = 2
    ATTN_11DB = 3
    WIDTH_12BIT = 3

    def __init__(self, pin, atten=None):
        self.pin = pin.id if isinstance(pin, Pin) else pin

    def atten(self, a):
        pass

    def width(self, w):
        pass

    def read_uv(self):
        return _adc_uv.get(self.pin, 2000000)   # 2.0 V at the pin: a full battery behind a 1:2 divider

    def read_u16(self):
        return min(65535, self.read_uv() * 65535 // 3300000)

    def read(self):
        return self.read_u16() >> 4


def lightsleep(ms=None):
    import esp32
    e = esp32.ext
    lv = _levels.get
    t0 = time.ticks_ms()
    while True:
        # ext0: its pin at its level; ext1 (the ESP32 has only these two): ANY_HIGH any pin high,
        # ALL_LOW every pin low. Level-triggered: a level already there wakes at once.
        w = 0
        if e[0] is not None and lv(e[0], 1) == e[1]:
            w = 2
        elif e[2]:
            hi = 0
            for n in e[2]:
                hi += lv(n, 1)
            if (hi if e[3] else not hi):
                w = 3
        _wake[0] = w or TIMER_WAKE
        left = ms - time.ticks_diff(time.ticks_ms(), t0) if ms else 1 << 30
        if w or left <= 0:
            return
        if _link and _link.linked():
            _link.lightsleep(left)  # returns early on a message from the PC: a button, perhaps
        elif ms:
            time.sleep_ms(left)     # in-process nothing changes a pin meanwhile
        else:
            return


def deepsleep(ms=None):
    lightsleep(ms)


def idle():
    pass


def freq(hz=None):
    return 240000000


def unique_id():
    return b"\x24\x6f\x28\x00\x00" + bytes((int(os.getenv("DICECUP_ID") or 0) & 255,))


PIN_WAKE = EXT0_WAKE = 2
EXT1_WAKE = 3
TIMER_WAKE = 4


def wake_reason():
    return _wake[0]


def reset_cause():
    return 1


def reset():
    raise SystemExit(0)


def soft_reset():
    raise SystemExit(0)
