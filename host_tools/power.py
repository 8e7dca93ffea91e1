"""The power budget: hours of play per charge from the handheld's duty cycle (writes hardware/power.md).

Owns the current figures of each part and the duty-cycle scenarios; every number in power.md comes
from here, so changing an assumption and running `python -m host_tools.power --write` keeps the
document honest. `--check` exits 1 when hardware/power.md is out of date.
"""
import os
import sys

from host_tools.paths import HARDWARE
import settings as firmware_settings   # the handheld's sleep-time setting and its default (firmware/)

POWER_MD = os.path.join(HARDWARE, "power.md")

CELL_MAH = 1000
# Usable share of the nominal capacity: the regulator stops holding 3.3 V near 3.4 V at the cell,
# which leaves ~5-10 % unused, and cells lose capacity with age and cold; 0.85 is a fair planning figure.
USABLE = 0.85
NIGHT_H = 8.0

# Current at the cell in mA. The regulator is linear, so cell current = load current + its own 0.04 mA.
# Sources: ESP32 datasheet / ../shared/GUIDE.md (radio and sleep figures), SSD1306 module measurements
# (typical text screen), ME6211 datasheet (quiescent current).
I_RX = 100.0          # WiFi station on for ESP-NOW, power save off (PM_NONE), CPU at 160 MHz: 95-100 mA
I_TX = 240.0          # while a frame is on the air
I_CPU = 29.0          # radio off, CPU running (solo play against bots)
I_LIGHTSLEEP = 0.8    # light sleep, RAM kept, radio off
I_OLED_ON = 10.0      # SSD1306 with a mostly dark screen of text and dice (full white is ~20+ mA)
I_OLED_DIM = 4.0      # the firmware's dimmed contrast (app.DIM_LEVEL); SSD1306 current falls with contrast
I_OLED_OFF = 0.01     # display power-off command, panel asleep
I_BOARD = 1.0         # regulator quiescent 0.04 + divider 0.021 (4.2 V / 200 kOhm) + USB-UART chip idle;
                      # an estimate: measure yours, and remove the dev board's power LED if it lights on battery
# The firmware's duty cycle (firmware/app.py, settings.py): with no button pressed the screen dims after
# half the sleep time and the handheld light-sleeps after all of it; the default sleep time is:
SLEEP_S = firmware_settings.SLEEP_S[firmware_settings.SCHEMA["sleep"][0]]
BREAKS = 4            # breaks in a games night; each costs SLEEP_S awake before the handheld sleeps
# Radio traffic of one handheld at the table (design/table-protocol.md): a heartbeat about once a second
# plus log entries and acknowledgements; budget 3 frames a second of 100 bytes at the 1 Mbit/s rate.
FRAMES_PER_S = 3.0
FRAME_BYTES = 100
PHY_BITS_PER_S = 1000000
PREAMBLE_S = 192e-6 + 60e-6   # long preamble + MAC header/FCS/ack turnaround, rounded up


def tx_extra_ma(frames_per_s=FRAMES_PER_S, frame_bytes=FRAME_BYTES):
    """Average extra current of transmitting on top of receiving."""
    airtime = PREAMBLE_S + frame_bytes * 8.0 / PHY_BITS_PER_S
    return frames_per_s * airtime * (I_TX - I_RX)


def state_ma():
    """Current of each state the firmware can be in, in mA at the cell."""
    return {
        "table, screen on": I_RX + tx_extra_ma() + I_OLED_ON + I_BOARD,
        "table, screen dimmed": I_RX + tx_extra_ma() + I_OLED_DIM + I_BOARD,
        "solo, radio off, screen on": I_CPU + I_OLED_ON + I_BOARD,
        "light sleep": I_LIGHTSLEEP + I_OLED_OFF + I_BOARD,
    }


def _night():
    awake_h = BREAKS * SLEEP_S / 3600.0   # the timeout before each break's sleep, half of it dimmed
    table_h, break_h = 6.5, 1.5
    return {"table, screen on": (table_h * 0.6 + awake_h / 2) / NIGHT_H,
            "table, screen dimmed": (table_h * 0.4 + awake_h / 2) / NIGHT_H,
            "light sleep": (break_h - awake_h) / NIGHT_H}


# name -> (what it models, {state: share of the time})
SCENARIOS = [
    ("table play, screen always on", "every minute at the table, a button pressed at least every %d s so the "
     "screen never dims (worst case)" % (SLEEP_S // 2),
     {"table, screen on": 1.0}),
    ("table play, screen dims", "at the table; 40 %% of the time nobody presses for %d s (others' turns) and "
     "the screen dims; the radio stays on to follow the game" % (SLEEP_S // 2),
     {"table, screen on": 0.6, "table, screen dimmed": 0.4}),
    ("games night", "8 h evening: 6.5 h at the table (dimmed 40 %% of it) and %d breaks, 1.5 h in all, where "
     "each handheld sleeps %d s after the last press" % (BREAKS, SLEEP_S), _night()),
    ("solo against bots", "one handheld, bots on the device, radio off",
     {"solo, radio off, screen on": 1.0}),
]


def average_ma(shares):
    states = state_ma()
    assert abs(sum(shares.values()) - 1.0) < 1e-9, shares
    return sum(states[s] * f for s, f in shares.items())


def hours(avg_ma, cell_mah=CELL_MAH):
    return cell_mah * USABLE / avg_ma


def cell_for(avg_ma, h=NIGHT_H):
    """Nominal mAh needed to run h hours at avg_ma."""
    return avg_ma * h / USABLE


def sleep_needed_h(h=NIGHT_H, cell_mah=CELL_MAH):
    """Hours of light sleep an h-hour night needs so a cell lasts, with the rest at the table (screen on)."""
    states = state_ma()
    on, off = states["table, screen on"], states["light sleep"]
    budget = cell_mah * USABLE
    if on * h <= budget:
        return 0.0
    return (on * h - budget) / (on - off)


def report():
    """power.md as text."""
    st = state_ma()
    out = ["# Power budget (generated by `python -m host_tools.power --write`; do not edit)", ""]
    out.append("Cell: %d mAh LiPo, %d %% of it usable (%d mAh): the regulator holds 3.3 V down to about "
               "3.4 V at the cell, and age and cold take the rest." % (CELL_MAH, USABLE * 100, CELL_MAH * USABLE))
    out += ["", "## Current of each state (mA at the cell)", "", "| state | mA |", "|---|---|"]
    for name, ma in st.items():
        out.append("| %s | %.1f |" % (name, ma))
    out += ["", "Parts of those figures: radio receiving (ESP-NOW, power save off) %.0f mA; transmitting "
            "%.0f mA while on the air, %.0f frames/s of %d bytes adds %.2f mA on average; radio off with the "
            "CPU running %.0f mA; light sleep %.1f mA; OLED %.0f mA on (dark screen of text and dice), "
            "%.0f mA dimmed, %.2f mA off; regulator, divider and the dev board's idle USB chip %.1f mA "
            "(estimate)." % (I_RX, I_TX, FRAMES_PER_S, FRAME_BYTES, tx_extra_ma(), I_CPU, I_LIGHTSLEEP,
                             I_OLED_ON, I_OLED_DIM, I_OLED_OFF, I_BOARD), "",
            "The firmware's duty cycle (firmware/app.py, its default sleep time in firmware/settings.py): "
            "with no button pressed the screen dims after %d s and the handheld light-sleeps (radio off, "
            "screen off) after %d s; a button wakes it where it was." % (SLEEP_S // 2, SLEEP_S), ""]
    out += ["## Hours per charge", "", "| scenario | duty cycle | average mA | hours on %d mAh | cell for %g h |"
            % (CELL_MAH, NIGHT_H), "|---|---|---|---|---|"]
    for name, what, shares in SCENARIOS:
        avg = average_ma(shares)
        out.append("| %s | %s | %.1f | **%.1f** | %d mAh |" % (name, what, avg, hours(avg), round(cell_for(avg))))
    worst = average_ma(SCENARIOS[0][2])
    need = sleep_needed_h()
    out += ["", "## What this means", ""]
    out.append("- The radio decides everything. To follow a table game a handheld must listen all the time "
               "with WiFi power save off (power save drops ESP-NOW frames, see ../shared/GUIDE.md), so it "
               "draws about %.0f mA whatever the screen does. Modem sleep is not counted on, and the model "
               "assumes a handheld in a table game stays awake (light sleep turns the radio off and frames "
               "would be missed), so at the table only the screen dims." % I_RX)
    out.append("- Continuous play at the table with the screen always on lasts **%.1f h** on %d mAh: %s. "
               % (hours(worst), CELL_MAH, "that is a whole %g-hour night" % NIGHT_H if hours(worst) >= NIGHT_H
                  else "just short of a whole %g-hour night" % NIGHT_H)
               + "A full night of non-stop play needs a %d mAh cell: fit a 1200 mAh cell (603450 size, "
                 "6 x 34 x 50 mm, fits the same space)." % round(cell_for(worst)))
    out.append("- A real games night has breaks: with at least **%d minutes** of light sleep in 8 hours (a "
               "handheld left alone sleeps %d s after the last press) the %d mAh cell lasts the "
               "night. The 'games night' row above, with 1.5 h of breaks, ends with %.0f %% left."
               % (round(need * 60 + 0.5), SLEEP_S, CELL_MAH,
                  100 * (1 - average_ma(SCENARIOS[2][2]) * NIGHT_H / (CELL_MAH * USABLE))))
    out.append("- Solo play against bots runs about %.0f h if the firmware keeps the radio off while no table is "
               "joined." % hours(average_ma(SCENARIOS[3][2])))
    out.append("- Charging: the TP4056 module charges at 1 A (its 1.2 kOhm R_PROG), about 1.5 h from empty "
               "for 1000 mAh. For a cell under 1000 mAh fit a larger R_PROG (2.4 kOhm = 500 mA).")
    out.append("- Check it on your build: a USB power meter between the charger and a charged cell, or a "
               "multimeter in series with the cell, while a table game runs.")
    return "\n".join(out) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    text = report()
    if "--write" in argv:
        with open(POWER_MD, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(POWER_MD))
        return 0
    if "--check" in argv:
        try:
            with open(POWER_MD, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = ""
        if current != text:
            print("power: %s is out of date; run python -m host_tools.power --write" % os.path.relpath(POWER_MD),
                  file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
