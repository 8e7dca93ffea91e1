"""battery: LiPo cell voltage to a charge percentage (pure; no hardware access).

The handheld reads the divider with hw.Hardware.battery_mv() (ADC on the pin map's battery.adc,
times battery.ratio) and shows percent(mv). The curve is a typical single-cell LiPo discharged
at about 0.1C, which is what a handheld at the table drawing ~114 mA from a 1000 mAh cell does
(hardware/power.md: the ESP32-S3-Zero), so the voltage already includes the sag under the radio's
load. 0 % is 3.30 V: the ME6211 regulator holds 3.3 V at the table's current only down to about
3.45 V at the cell, and the cell's protection cuts off at about 2.5-3.0 V.

Warnings (app.App shows them through lowbat): LOW at 20 % (3.67 V) comes about 85 mAh of the 850
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
_CHARGING_MV = const(4250)  # above a full cell's voltage only while the charger is pushing current


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

