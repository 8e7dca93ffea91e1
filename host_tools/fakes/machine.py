"""Fake `machine` for the MicroPython unix port: the calls the handheld's hardware layer makes, same API.

Pins read levels from a board table (unset input pins with PULL_UP read 1, like a released button).
A PC process changes levels and ADC voltages through the host link (hostlink.py: BUTTON and ADC
messages); an in-process test uses the sim_* functions below (host-only, not part of machine).
`lightsleep(ms)` sleeps ms (under the virtual clock, vclock/time.py, it advances the clock) and ends
early only when a wake source set with the esp32 fake fires (ext0/ext1, level-triggered: checked at
entry and after every change from the PC), as on the ESP32; any other button changes its level but
sleeps on. wake_reason() says which: EXT0_WAKE, EXT1_WAKE or TIMER_WAKE.

Kept small: on an ESP32 this module is built in and costs no heap, here every name and method is
heap (bench/py_table_fakes.py counts it), so it holds only what firmware/dicecup/device/hw.py, the tests and the
bench driver use: Pin (IN, PULL_UP; value, init), I2C (only made: the ssd1306 fake counts what it
would send), ADC (ATTN_11DB; atten, read_uv), PWM (freq, duty_u16: the piezo; what it sounds is
kept in _sound and sent to the PC as a TONE message, b"Z": GPIO, then the sounding Hz in 2 bytes,
0 silent), lightsleep, wake_reason, reset, soft_reset and RTC (memory: see soft_reset). No pin IRQs: the
firmware polls its buttons. It loads the host link only when a PC process runs the handheld.
"""
import os
import time

_levels = {}        # GPIO -> 0/1 set by the PC or a test (a released button reads 1); and GPIO + 256
#                     -> 0 while a press is not read yet, 1 if it was released meanwhile (sim_set)
_adc_uv = {}        # GPIO -> microvolts at the pin
_wake = [4]         # what ended the last lightsleep (wake_reason)
_link = None
if os.getenv("DICECUP_LINK"):
    import hostlink as _link    # it turns the PC's BUTTON and ADC messages into sim_set/sim_adc


def sim_set(pin, level):
    """Drive GPIO `pin` to `level` (0 = a button to ground is pressed). A press released before any
    read saw it (a key-sending tool's 12 ms tap between two polls) is still read once as pressed:
    a finger's press outlasts a poll, and this keeps the PC's shortest taps from vanishing."""
    if level and _levels.get(pin + 256) == 0:
        _levels[pin + 256] = 1   # released after the next read (one dict: a name costs heap here)
        return
    _levels[pin] = level
    if not level:
        _levels[pin + 256] = 0


def sim_adc(pin, microvolts):
    _adc_uv[pin] = microvolts


class Pin:
    IN = 1
    PULL_UP = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None):
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            if _link and _link.linked():
                _link.pump(0)    # the PC's button changes arrive between two reads, as on a board
            v = _levels.get(self.id, 1)
            if _levels.pop(self.id + 256, 0):
                _levels[self.id] = 1     # the tap's release, now that a read saw its press
            return v
        _levels[self.id] = 1 if v else 0


class I2C:
    def __init__(self, id=0, scl=None, sda=None, freq=400000, timeout=50000):
        pass


class ADC:
    ATTN_11DB = 3

    def __init__(self, pin, atten=None):
        self.pin = pin.id if isinstance(pin, Pin) else pin

    def atten(self, a):
        pass

    def read_uv(self):
        return _adc_uv.get(self.pin, 2000000)   # 2.0 V at the pin: a full battery behind a 1:2 divider


# the piezo: _sound[0] changes of a PWM's sound so far, then a ring of the last 32 as GPIO << 16 |
# Hz (0 Hz: silent); small ints in place, so sounding allocates nothing (tests/hh/hh_shake.py reads
# it). Few names: in the game's heap every one is a qstr a real handheld's built-in machine lacks.
_sound = [0] * 33


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.id = pin.id if isinstance(pin, Pin) else pin
        self.v = [freq, duty_u16]
        _tone(self)

    def freq(self, f=None):
        if f is None:
            return self.v[0]
        self.v[0] = f
        _tone(self)

    def duty_u16(self, d=None):
        if d is None:
            return self.v[1]
        self.v[1] = d
        _tone(self)


def _tone(p):
    f = p.v[0] if p.v[1] else 0
    v = p.id << 16 | f
    n = _sound[0]
    if n and _sound[1 + (n - 1) % 32] == v:
        return
    _sound[1 + n % 32] = v
    _sound[0] = n + 1
    if _link and _link.linked():
        b = _link.tx
        b[0] = p.id
        b[1] = f >> 8
        b[2] = f & 255
        _link.send(90, b, 3)    # TONE


def lightsleep(ms=None):
    import esp32
    e = esp32.ext
    for n in list(_levels):     # a tap not read yet is over before the sleep starts
        if n > 255 and _levels.pop(n):
            _levels[n - 256] = 1
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
        _wake[0] = w or 4
        left = ms - time.ticks_diff(time.ticks_ms(), t0) if ms else 1 << 30
        if w or left <= 0:
            return
        if _link and _link.linked():
            _link.lightsleep(left)  # returns early on a message from the PC: a button, perhaps
        elif ms:
            time.sleep_ms(left)     # in-process nothing changes a pin meanwhile
        else:
            return


EXT0_WAKE = 2
EXT1_WAKE = 3
TIMER_WAKE = 4


def wake_reason():
    return _wake[0]


def reset():
    raise SystemExit(0)


class RTC:
    """The RTC's memory, which a soft reset keeps: a file in the flash folder (the process's
    folder), read by the process its runner starts after the soft reset; empty: no file. Its
    name, _rtc, is one the fakes hold already (a new name here is one a board does not pay)."""

    def memory(self, b=None):
        if b is None:
            try:
                with open("_rtc", "rb") as f:
                    return f.read()
            except OSError:
                return b""
        if b:
            with open("_rtc", "wb") as f:
                f.write(b)
        else:
            try:
                os.remove("_rtc")
            except OSError:
                pass


def soft_reset():
    """As on the board, MicroPython starts again from main.py with a whole heap and fresh name
    pools, the RTC's memory kept: this process exits with status 77 (SOFT_RESET in
    host_tools/sim/hub.py and bench/handheld_run.py), and its runner starts a new one in the same
    flash folder."""
    raise SystemExit(77)
