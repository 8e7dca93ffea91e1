"""battery: LiPo cell voltage to a charge percentage, and the app's gauge of it (pure; no hardware access).

The handheld reads the divider with hw.Hardware.battery_mv() (ADC on the pin map's battery.adc,
times battery.ratio) and shows percent(mv). The curve is a typical single-cell LiPo discharged
at about 0.1C, which is what a handheld at the table drawing ~114 mA from a 1000 mAh cell does
(hardware/power.md: the ESP32-S3-Zero), so the voltage already includes the sag under the radio's
load. 0 % is 3.30 V: the ME6211 regulator holds 3.3 V at the table's current only down to about
3.45 V at the cell, and the cell's protection cuts off at about 2.5-3.0 V.

Warnings (Gauge, below: app.App shows them through lowbat): LOW at 20 % (3.67 V) comes about 85 mAh of the 850
mAh hardware/power.md counts as usable before CRITICAL: 45 minutes of table play at its 114 mA, 1.6
hours solo at 54 mA - time to finish the game and find a charger. CRITICAL at 10 % (3.61 V) says
the battery is empty and saves a solo game's record. It comes before the rail can fail: sending a
frame draws about 366 mA for a millisecond, and below about 3.57 V at the cell (8 %; an estimate,
power.md) the regulator's dropout then dips the 3.3 V rail under the ESP32-S3's 3.0 V, which may
reset the handheld, some 9 minutes of table play after the critical warning. Alone, with the radio
off, nothing is sent and the rail stays above 3.0 V down to 0 %.
"""
from dicecup.core.compat import const

# (millivolts, percent), falling; linear between points. Held as bytes, the voltage as
# (mV - 3000) // 10 (a tuple of pairs cost more heap: docs/memory.md).
# pairs: 115,100  105,90  97,80  90,70  84,60  79,50  75,40  71,30  67,20  61,10  50,5  30,0
_CURVE = const(b"\x73\x64\x69\x5a\x61\x50\x5a\x46\x54\x3c\x4f\x32"
                b"\x4b\x28\x47\x1e\x43\x14\x3d\x0a\x32\x05\x1e\x00")
LOW = const(20)        # percent: show the low-battery warning at or below this
CRITICAL = const(10)   # percent: warn again, and save the game in progress (above the
                       # charge where a frame sent may dip the rail too far: hardware/power.md)
_READ_MS = const(30000)  # Gauge reads the cell this often


def percent(mv):
    """Charge left in percent (0-100, an int) for a cell voltage in millivolts."""
    c = _CURVE
    prev_mv = 3000 + c[0] * 10
    if mv >= prev_mv:
        return 100
    prev_pc = c[1]
    for i in range(2, len(c), 2):
        v = 3000 + c[i] * 10
        pc = c[i + 1]
        if mv >= v:
            return pc + ((mv - v) * (prev_pc - pc) + (prev_mv - v) // 2) // (prev_mv - v)
        prev_mv, prev_pc = v, pc
    return 0


def pin_to_cell_mv(pin_uv, ratio):
    """Cell millivolts from the ADC pin's microvolts (ADC.read_uv()) and the divider ratio."""
    return int(pin_uv * ratio) // 1000


def warning(pc):
    """0 (none), 1 (low) or 2 (critical) for a charge of pc percent."""
    return 2 if pc <= CRITICAL else (1 if pc <= LOW else 0)


class Gauge:
    """The cell as the app shows it (app.App owns one, `app.battery`): its charge, read every 30 s
    (`percent`, the status bar's), and the warning (`warn`: bits 0-1 the level warned of so far, 0
    none, 1 low, 2 critical; bits 2-3 the one on screen now, 3: critical, game saved. ui.lowbat sets
    and draws it. One int: each attribute is heap)."""

    # the state's first values, as class attributes: an __init__ would be one more function's
    # code in the heap of every game
    at = -_READ_MS     # when the cell was read last, on the app's clock
    percent = 100
    warn = 0

    def tick(self, now, hw):
        """-1 while the charge shown stands; else it changed (the app redraws), and this is the
        warning level ui.lowbat is to take now (warning(); 0 when the cell was charged again), or
        3 for none. hw: the hardware object (battery_mv)."""
        if now - self.at < _READ_MS:
            return -1
        self.at = now
        mv = hw.battery_mv()
        pc = percent(mv) if mv else 100
        if pc == self.percent:
            return -1
        self.percent = pc
        w = warning(pc)
        if w > self.warn & 3 or (self.warn & 3 and pc > LOW + 10):  # worse, or charged
            return w
        return 3
