"""The power budget of each board: hours of play per charge from the handheld's duty cycle, and whether
the regulator holds 3.3 V at the current the radio draws (writes hardware/power.md for the reference
board, hardware/power_<board>.md for the others, as host_tools.wiring does with its drawings).

Owns the current figures of each chip, board and part, with where each comes from, and the duty-cycle
scenarios; every number in power.md comes from here, so changing an assumption and running
`python -m host_tools.power --write` keeps the documents honest. Which chip a board carries, whether
it has PSRAM and what its own regulator is come from host_tools.boards. `--check` exits 1 when a
committed file is out of date.
"""
import os
import sys

from host_tools import boards
from host_tools.paths import HARDWARE
from dicecup.device import battery as firmware_battery     # the LiPo curve the handheld shows its charge with (firmware/)
from dicecup.storage import settings as firmware_settings   # the handheld's sleep-time setting and its default (firmware/)


def power_md(key):
    """The budget file of board `key`: power.md for the reference board, power_<key>.md otherwise."""
    return os.path.join(HARDWARE, "power.md" if key == boards.REFERENCE else "power_%s.md" % key)


POWER_MD = power_md(boards.REFERENCE)

CELL_MAH = 1000
# Usable share of the nominal capacity: a planning figure. At the table the firmware's critical warning
# (battery.CRITICAL) ends play before a frame sent can dip the 3.3 V rail too far (regulator() computes
# where), and cells lose capacity with age and cold.
USABLE = 0.85
NIGHT_H = 8.0


class Figure:
    """A current in mA and where it comes from; `estimate` marks a figure no datasheet gives."""

    def __init__(self, ma, source, estimate=False):
        self.ma, self.source, self.estimate = float(ma), source, estimate

    def cited(self):
        return self.source + (" (estimate)" if self.estimate else "")


# ESP32-S3 Series Datasheet v2.0 (Espressif), section 5.6. Table 5-7 (Wi-Fi in active mode) is measured
# with one core running at 80 MHz; Table 5-8 (modem sleep: radio off, CPU on) gives the CPU at each clock.
S3_DATASHEET = {
    "rx_ht20": 88.0,       # Table 5-7: RX 802.11b/g/n HT20
    "tx_11b": 340.0,       # Table 5-7: TX 802.11b 1 Mbps @21 dBm, peak (ESP-NOW's default rate)
    "tx_ht20": 283.0,      # Table 5-7: TX 802.11n HT20 MCS7 @18.5 dBm, peak
    "cpu_80": 28.4,        # Table 5-8: 80 MHz, one core running 32-bit code, the other idle, peripheral clocks off
    "cpu_160": 39.9,       # Table 5-8: the same at 160 MHz, MicroPython's clock on ESP32_GENERIC_S3
    "cpu_160_all": 54.6,   # Table 5-8: the same with every peripheral clock on
    "lightsleep": 0.24,    # Table 5-9: light sleep, Wi-Fi and VDD_SPI off
    "psram_sleep": 0.04,   # Table 5-9 note: 2 MB quad PSRAM (3.3 V) adds 40 uA in light sleep
}
_S3_CPU_STEP = S3_DATASHEET["cpu_160"] - S3_DATASHEET["cpu_80"]   # the radio tables' CPU at 80 MHz -> 160 MHz

# The chip's own current in each state (mA at its 3.3 V pin), by boards.Board.chip.
CHIP = {
    "esp32s3": {
        "rx": Figure(S3_DATASHEET["rx_ht20"] + _S3_CPU_STEP,
                     "ESP32-S3 datasheet v2.0 Table 5-7: RX %g mA with one core at 80 MHz, plus %.1f mA for the core "
                     "at 160 MHz (Table 5-8: %g against %g mA); MicroPython's ESP-NOW with power save off measured "
                     "104 mA on an ESP32-S3 board" % (S3_DATASHEET["rx_ht20"], _S3_CPU_STEP, S3_DATASHEET["cpu_160"],
                                                       S3_DATASHEET["cpu_80"])),
        "tx": Figure(S3_DATASHEET["tx_11b"] + _S3_CPU_STEP,
                     "ESP32-S3 datasheet v2.0 Table 5-7: TX 802.11b 1 Mbps at 21 dBm %g mA peak (802.11n HT20 MCS7: "
                     "%g mA), plus the same %.1f mA for the core at 160 MHz" % (S3_DATASHEET["tx_11b"],
                                                                                 S3_DATASHEET["tx_ht20"], _S3_CPU_STEP)),
        "cpu": Figure(S3_DATASHEET["cpu_160"],
                      "ESP32-S3 datasheet v2.0 Table 5-8: modem sleep at 160 MHz, one core running, peripheral "
                      "clocks off (%g mA with all of them on)" % S3_DATASHEET["cpu_160_all"]),
        "lightsleep": Figure(S3_DATASHEET["lightsleep"], "ESP32-S3 datasheet v2.0 Table 5-9: light sleep"),
    },
    "esp32": {
        "rx": Figure(100.0, "ESP32 datasheet: RX 802.11b/g/n 95-100 mA; MicroPython's ESP-NOW with power save off "
                            "measured 100 mA on an ESP32 board"),
        "tx": Figure(240.0, "ESP32 datasheet: TX 802.11b 1 Mbps at 19.5 dBm"),
        "cpu": Figure(29.0, "ESP32 datasheet: modem sleep at 160 MHz 27-44 mA; MicroPython with the radio off "
                            "measured 28.9 mA"),
        "lightsleep": Figure(0.8, "ESP32 datasheet: light sleep"),
    },
}

# What the board itself adds, by board key: its PSRAM (only a board with boards.Board.psram) and the
# parts on it that draw current from the 3V3 rail the ME6211 feeds.
PSRAM = {
    "awake": Figure(3.0, "the 2 MB quad PSRAM in use (the heap lives there) on top of the datasheet's chip figures, "
                         "which are for chips without PSRAM; MicroPython on an ESP32-S3 board with PSRAM measured "
                         "4 mA above them awake, radio on or off", estimate=True),
    "sleep": Figure(S3_DATASHEET["psram_sleep"], "ESP32-S3 datasheet v2.0 Table 5-9: 2 MB quad PSRAM in light sleep"),
}
BOARD_PARTS = {
    "s3": [("the WS2812 RGB LED, dark", Figure(1.0, "WS2812B LEDs measure just under 1 mA each while dark; counted "
                                                      "in case the board feeds it from 3V3", estimate=True))],
    "wroom": [("the USB-serial chip idle and the power LED", Figure(0.94, "a CP2102 or CH340 idling with USB "
                                                                       "unplugged; remove the power LED if it "
                                                                       "lights on battery", estimate=True))],
}
# The board's own USB-serial chip, for the text: the S3's USB is the chip's own (boards.Board.usb_ids).
USB_SERIAL = {"s3": None, "wroom": "CP210x/CH340"}

# The same on every board (BOM: ME6211C33, a 0.96" SSD1306 module, a 2 x 100 kOhm divider).
I_OLED_ON = Figure(10.0, "SSD1306 module with a mostly dark screen of text and dice (full white is 20 mA and more)")
I_OLED_DIM = Figure(4.0, "the firmware's dimmed contrast (device.power._DIM_LEVEL); SSD1306 current falls with contrast",
                    estimate=True)
I_OLED_OFF = Figure(0.01, "SSD1306 display-off command, panel asleep")
I_REGULATOR = Figure(0.04, "ME6211 datasheet: 40 uA quiescent")
I_DIVIDER = Figure(4.2 / 200.0, "the battery divider: 4.2 V over 2 x 100 kOhm")

# The regulator between the switched cell and the board's 3V3 pin (BOM: ME6211C33M5G), on every board.
LDO_NAME = "ME6211C33"
LDO_RATED_MA = 500
LDO_DROPOUT = [(100.0, 0.12), (200.0, 0.26)]   # ME6211 datasheet, typical dropout (V) at 100 and 200 mA;
                                               # it gives no maximum and no figure above 200 mA
R_PATH = 0.1     # ohm between the cell and the regulator: DW01A/FS8205A FETs, slide switch, wires (estimate)
R_CELL = 0.15    # ohm, a 1000 mAh LiPo's internal resistance for current above the curve's load (estimate)
V_RAIL = 3.3
# The charge curve the handheld shows (firmware/dicecup/device/battery.py): its 100 % and its 0 %, in volts.
V_FULL = (3000 + firmware_battery._CURVE[0] * 10) / 1000.0
V_EMPTY = (3000 + firmware_battery._CURVE[-2] * 10) / 1000.0
# The lowest supply each chip's board is rated for: ESP32-S3 datasheet Table 5-2, ESP32-WROOM-32 datasheet.
VDD_MIN = {"esp32s3": 3.0, "esp32": 3.0}
# The board's own regulator, for the question whether it could replace the ME6211 (boards.Board.regulator).
ONBOARD = {
    "s3": {"min_in": 3.7, "source": "Waveshare's wiki: 3.7-6 V on the 5V pad",
           "why_not": "it sits on the board's USB 5 V rail, so a cell wired there would be charged straight from "
                      "USB whenever the data cable is plugged in (its own datasheet's dropout figure was not found: "
                      "only Waveshare's input range is used here)"},
    "wroom": {"min_in": V_RAIL + 1.1, "source": "AMS1117 datasheet: 1.1 V typical dropout",
              "why_not": ""},
}

# The firmware's duty cycle (firmware/dicecup/app.py, settings.py): with no button pressed the screen dims after
# half the sleep time and the handheld light-sleeps after all of it; the default sleep time is:
SLEEP_S = firmware_settings.SLEEP_S[firmware_settings.SCHEMA["sleep"][0]]
BREAKS = 4            # breaks in a games night; each costs SLEEP_S awake before the handheld sleeps
# Radio traffic of one handheld at the table (docs/protocol.md): a heartbeat about once a second
# plus log entries and acknowledgements; budget 3 frames a second of 100 bytes at the 1 Mbit/s rate.
FRAMES_PER_S = 3.0
FRAME_BYTES = 100
PHY_BITS_PER_S = 1000000
PREAMBLE_S = 192e-6 + 60e-6   # long preamble + MAC header/FCS/ack turnaround, rounded up


def _board(board):
    return boards.get(board) if board is None or isinstance(board, str) else board


class Budget:
    """Every current of one board, in mA, and where each comes from."""

    def __init__(self, board=None):
        b = self.board = _board(board)
        chip = CHIP[b.chip]
        self.rx, self.tx, self.cpu, self.lightsleep = chip["rx"], chip["tx"], chip["cpu"], chip["lightsleep"]
        self.psram_awake = PSRAM["awake"] if b.psram else None
        self.psram_sleep = PSRAM["sleep"] if b.psram else None
        self.parts = BOARD_PARTS.get(b.key, [])
        self.usb_serial = USB_SERIAL.get(b.key)

    def board_ma(self):
        """The regulator, the divider and the board's own parts, awake or asleep."""
        return I_REGULATOR.ma + I_DIVIDER.ma + sum(f.ma for _, f in self.parts)

    def psram_ma(self, asleep=False):
        f = self.psram_sleep if asleep else self.psram_awake
        return f.ma if f is not None else 0.0

    def tx_extra_ma(self, frames_per_s=FRAMES_PER_S, frame_bytes=FRAME_BYTES):
        """Average extra current of transmitting on top of receiving."""
        airtime = PREAMBLE_S + frame_bytes * 8.0 / PHY_BITS_PER_S
        return frames_per_s * airtime * (self.tx.ma - self.rx.ma)

    def state_ma(self):
        """Current of each state the firmware can be in, in mA at the cell (the regulator is linear, so the
        cell's current is the load's plus the regulator's own)."""
        awake = self.psram_ma() + self.board_ma()
        return {
            "table, screen on": self.rx.ma + self.tx_extra_ma() + I_OLED_ON.ma + awake,
            "table, screen dimmed": self.rx.ma + self.tx_extra_ma() + I_OLED_DIM.ma + awake,
            "solo, radio off, screen on": self.cpu.ma + I_OLED_ON.ma + awake,
            "light sleep": self.lightsleep.ma + self.psram_ma(asleep=True) + I_OLED_OFF.ma + self.board_ma(),
        }

    def figures(self):
        """(what, Figure) of every figure the states are made of, for the table in power.md."""
        out = [("radio receiving (ESP-NOW, power save off)", self.rx), ("radio transmitting", self.tx),
               ("radio off, CPU running", self.cpu), ("light sleep", self.lightsleep)]
        if self.psram_awake is not None:
            out += [("PSRAM, awake", self.psram_awake), ("PSRAM, light sleep", self.psram_sleep)]
        out += [("OLED on", I_OLED_ON), ("OLED dimmed", I_OLED_DIM), ("OLED off", I_OLED_OFF),
                ("regulator quiescent", I_REGULATOR), ("battery divider", I_DIVIDER)]
        return out + list(self.parts)


def budget(board=None):
    return Budget(board)


def state_ma(board=None):
    return Budget(board).state_ma()


def tx_extra_ma(board=None, **kw):
    return Budget(board).tx_extra_ma(**kw)


def _night():
    awake_h = BREAKS * SLEEP_S / 3600.0   # the timeout before each break's sleep, half of it dimmed
    table_h, break_h = 6.5, 1.5
    return {"table, screen on": (table_h * 0.6 + awake_h / 2) / NIGHT_H,
            "table, screen dimmed": (table_h * 0.4 + awake_h / 2) / NIGHT_H,
            "light sleep": (break_h - awake_h) / NIGHT_H}


# (name, what it models, {state: share of the time})
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


def average_ma(shares, board=None):
    states = state_ma(board)
    assert abs(sum(shares.values()) - 1.0) < 1e-9, shares
    return sum(states[s] * f for s, f in shares.items())


def hours(avg_ma, cell_mah=CELL_MAH):
    return cell_mah * USABLE / avg_ma


def cell_for(avg_ma, h=NIGHT_H):
    """Nominal mAh needed to run h hours at avg_ma."""
    return avg_ma * h / USABLE


def sleep_needed_h(h=NIGHT_H, cell_mah=CELL_MAH, board=None):
    """Hours of light sleep an h-hour night needs so a cell lasts, with the rest at the table (screen on)."""
    states = state_ma(board)
    on, off = states["table, screen on"], states["light sleep"]
    budget_mah = cell_mah * USABLE
    if on * h <= budget_mah:
        return 0.0
    return (on * h - budget_mah) / (on - off)


def dropout_v(ma):
    """The ME6211's typical dropout at `ma`: the datasheet's figures, linear between them and beyond them
    (an estimate above 200 mA, where the datasheet gives none)."""
    (i0, v0), (i1, v1) = LDO_DROPOUT
    return v0 + (ma - i0) * (v1 - v0) / (i1 - i0)


def warning_mv(level):
    """The highest cell voltage (mV) at which the handheld warns at `level` (1 low, 2 critical), by the
    firmware's own curve and thresholds (battery.percent, battery.warning)."""
    mv = int(round(V_FULL * 1000))
    while mv > 0 and firmware_battery.warning(firmware_battery.percent(mv)) < level:
        mv -= 1
    return mv


def regulator(board=None):
    """The dropout argument for one board, as numbers: where the ME6211 stops holding 3.3 V (cell volts
    under the table's load, as firmware/dicecup/device/battery.py's curve reads them) steadily and during a frame sent."""
    bud = Budget(board)
    b = bud.board
    steady = bud.state_ma()["table, screen on"]
    burst = steady + bud.tx.ma - bud.rx.ma
    sag = (burst - steady) / 1000.0 * R_CELL   # the cell's own sag for the burst's extra current
    hold = V_RAIL + dropout_v(steady) + steady / 1000.0 * R_PATH
    burst_33 = V_RAIL + dropout_v(burst) + burst / 1000.0 * R_PATH + sag
    burst_min = VDD_MIN[b.chip] + dropout_v(burst) + burst / 1000.0 * R_PATH + sag
    own = ONBOARD[b.key]
    return {
        "steady_ma": steady, "burst_ma": burst, "dropout_steady": dropout_v(steady), "dropout_burst": dropout_v(burst),
        "hold_v": hold, "hold_pc": firmware_battery.percent(int(round(hold * 1000))),
        "margin_full_v": V_FULL - hold, "burst_33_v": burst_33,
        "burst_33_pc": firmware_battery.percent(int(round(burst_33 * 1000))),
        "burst_min_v": burst_min, "burst_min_pc": firmware_battery.percent(int(round(burst_min * 1000))),
        "vdd_min": VDD_MIN[b.chip], "empty_rail_v": min(V_RAIL, V_EMPTY - steady / 1000.0 * R_PATH - dropout_v(steady)),
        "own_min_in": own["min_in"], "own_min_pc": firmware_battery.percent(int(round(own["min_in"] * 1000))),
        # the firmware's warnings, in cell volts, and how far the critical one sits above the dip while sending
        "low_v": warning_mv(1) / 1000.0, "critical_v": warning_mv(2) / 1000.0,
        "critical_margin_v": warning_mv(2) / 1000.0 - burst_min,
    }


def regulator_text(board=None):
    """The section of power.md that says whether 3.3 V holds, with every figure's source."""
    bud = Budget(board)
    b = bud.board
    r = regulator(b)
    own = ONBOARD[b.key]
    out = ["## Does the regulator hold 3.3 V?", ""]
    out.append("The switched cell feeds an %s (%d mA) into the board's 3V3 pin. Its datasheet gives a typical "
               "dropout of %d mV at %d mA and %d mV at %d mA and nothing above that, no maximum either; the "
               "figures below take it as linear in the current, which beyond %d mA is an estimate. Between the "
               "cell and the regulator sit the protection FETs, the switch and the wires, counted as %.2f ohm "
               "(estimate); the cell's own sag at the table's current is already in firmware/dicecup/device/battery.py's curve, "
               "and for the extra current of a frame on the air it is counted as %.2f ohm (estimate)."
               % (LDO_NAME, LDO_RATED_MA, LDO_DROPOUT[0][1] * 1000, LDO_DROPOUT[0][0], LDO_DROPOUT[1][1] * 1000,
                  LDO_DROPOUT[1][0], LDO_DROPOUT[1][0], R_PATH, R_CELL))
    out += ["", "| load | current | dropout | 3.3 V holds down to (cell) | charge left there |", "|---|---|---|---|---|"]
    out.append("| at the table, screen on (steady) | %.0f mA | %.0f mV | %.2f V | %d %% |"
               % (r["steady_ma"], r["dropout_steady"] * 1000, r["hold_v"], r["hold_pc"]))
    out.append("| a frame on the air (%s) | %.0f mA | %.0f mV (extrapolated) | %.2f V | %d %% |"
               % ("%.0f mA radio peak" % bud.tx.ma, r["burst_ma"], r["dropout_burst"] * 1000, r["burst_33_v"],
                  r["burst_33_pc"]))
    out += ["", "- Steady: at the table's %.0f mA the rail holds 3.3 V from a full cell (%.2f V, %.2f V of margin "
            "over the %.2f V it needs) down to %.2f V, which leaves %d %% of the charge by the curve the handheld "
            "shows; below that the rail follows the cell, still %.2f V at the curve's 0 %% (%.2f V), above the "
            "%s's %.1f V minimum."
            % (r["steady_ma"], V_FULL, r["margin_full_v"], r["hold_v"], r["hold_v"], r["hold_pc"], r["empty_rail_v"],
               V_EMPTY,
               "ESP32-S3" if b.chip == "esp32s3" else "ESP32", r["vdd_min"])]
    out.append("- A frame on the air: for the %.1f ms a %d-byte frame takes, the chip draws %.0f mA. The rail then "
               "dips under 3.3 V below %.2f V at the cell (%d %% left) and under the chip's %.1f V minimum below "
               "%.2f V (%d %% left). These come from the extrapolated dropout: an estimate."
               % ((PREAMBLE_S + FRAME_BYTES * 8.0 / PHY_BITS_PER_S) * 1000, FRAME_BYTES, r["burst_ma"],
                  r["burst_33_v"], r["burst_33_pc"], r["vdd_min"], r["burst_min_v"], r["burst_min_pc"]))
    crit, low = firmware_battery.CRITICAL, firmware_battery.LOW
    if r["burst_min_pc"] >= crit or r["critical_margin_v"] <= 0:
        out.append("  That is at or above the firmware's critical warning (battery.CRITICAL, %d %%, %.2f V): a "
                   "handheld could reset while sending before it saves its game and warns. Raise battery.CRITICAL "
                   "above %d %% or fit a regulator with less dropout." % (crit, r["critical_v"], r["burst_min_pc"]))
    else:
        out.append("  So the firmware warns first: at %d %% (%.2f V) that the battery is low, and at %d %% "
                   "(battery.CRITICAL, %.2f V, %.2f V above that point) that it is empty, when it also saves a solo "
                   "game's record (a table's state is on flash already). Charge it then: under %.2f V a handheld at "
                   "the table may reset at any frame it sends, so the %d %% usable above counts no charge below the "
                   "critical warning. Alone, with the radio off, nothing is sent: the rail follows the steady case "
                   "above, still %.2f V at the curve's 0 %%."
                   % (low, r["low_v"], crit, r["critical_v"], r["critical_margin_v"], r["burst_min_v"],
                      USABLE * 100, r["empty_rail_v"]))
    if own["min_in"] >= V_FULL:
        reach = "more than a full cell's %.2f V: it would never hold 3.3 V from the cell" % V_FULL
    else:
        reach = "so the %d %% of the charge below %.2f V would be out of its range" % (r["own_min_pc"], own["min_in"])
    out.append("- The board's own regulator, %s, does not replace it. It needs at least %.1f V in (%s), %s%s."
               % (b.regulator, own["min_in"], own["source"], reach, "; and " + own["why_not"] if own["why_not"] else ""))
    return out


def report(board=None):
    """power.md (or power_<board>.md) as text."""
    bud = Budget(board)
    b = bud.board
    st = bud.state_ma()
    r = regulator(b)
    out = ["# Power budget: %s (generated by `python -m host_tools.power --write`; do not edit)" % b.name, ""]
    others = [k for k in boards.BOARDS if k != b.key]
    out.append("The %s handheld. The same model for the %s: %s." % (
        "reference" if b.key == boards.REFERENCE else "supported", " and the ".join(boards.BOARDS[k].name for k in others),
        ", ".join("[%s](%s)" % ((os.path.basename(power_md(k)),) * 2) for k in others)))
    out += ["", "Cell: %d mAh LiPo, %d %% of it usable (%d mAh): the charge counts down to the firmware's critical "
            "warning at %d %%, which comes before a frame sent can dip the 3.3 V rail under the chip's minimum "
            "(%d %% left; see the end of this page), and age and cold take the rest."
            % (CELL_MAH, USABLE * 100, CELL_MAH * USABLE, firmware_battery.CRITICAL, r["burst_min_pc"])]
    out += ["", "## Current of each state (mA at the cell)", "", "| state | mA |", "|---|---|"]
    for name, ma in st.items():
        out.append("| %s | %.1f |" % (name, ma))
    out += ["", "Transmitting: %.0f frames/s of %d bytes at 1 Mbit/s add %.2f mA on average to receiving. "
            "%s" % (FRAMES_PER_S, FRAME_BYTES, bud.tx_extra_ma(),
                    "The board has no USB-serial chip: the %s's USB is its own." % ("ESP32-S3" if b.chip == "esp32s3"
                                                                                   else b.chip)
                    if bud.usb_serial is None else "The board's %s USB-serial chip idles on battery." % bud.usb_serial),
            "", "## Where the figures come from", "", "| figure | mA | source |", "|---|---|---|"]
    for what, f in bud.figures():
        out.append("| %s | %s | %s |" % (what, ("%.3f" % f.ma).rstrip("0").rstrip("."), f.cited()))
    out += ["", "The firmware's duty cycle (firmware/dicecup/app.py, its default sleep time in firmware/dicecup/storage/settings.py): "
            "with no button pressed the screen dims after %d s and the handheld light-sleeps (radio off, "
            "screen off) after %d s; a button wakes it where it was." % (SLEEP_S // 2, SLEEP_S), ""]
    out += ["## Hours per charge", "", "| scenario | duty cycle | average mA | hours on %d mAh | cell for %g h |"
            % (CELL_MAH, NIGHT_H), "|---|---|---|---|---|"]
    for name, what, shares in SCENARIOS:
        avg = average_ma(shares, b)
        out.append("| %s | %s | %.1f | **%.1f** | %d mAh |" % (name, what, avg, hours(avg), round(cell_for(avg))))
    worst = average_ma(SCENARIOS[0][2], b)
    need = sleep_needed_h(board=b)
    out += ["", "## What this means", ""]
    out.append("- The radio decides everything. To follow a table game a handheld must listen all the time "
               "with WiFi power save off (power save drops ESP-NOW frames), so it draws about %.0f mA whatever "
               "the screen does. Modem sleep is not counted on, and the model assumes a handheld in a table game "
               "stays awake (light sleep turns the radio off and frames would be missed), so at the table only "
               "the screen dims." % bud.rx.ma)
    out.append("- Continuous play at the table with the screen always on lasts **%.1f h** on %d mAh: %s. "
               % (hours(worst), CELL_MAH, "that is a whole %g-hour night" % NIGHT_H if hours(worst) >= NIGHT_H
                  else "just short of a whole %g-hour night" % NIGHT_H)
               + "A full night of non-stop play needs a %d mAh cell: fit a 1200 mAh cell (603450 size, "
                 "6 x 34 x 50 mm, fits the same space)." % round(cell_for(worst)))
    if need > 0:
        out.append("- A real games night has breaks: with at least **%d minutes** of light sleep in 8 hours (a "
                   "handheld left alone sleeps %d s after the last press) the %d mAh cell lasts the "
                   "night. The 'games night' row above, with 1.5 h of breaks, ends with %.0f %% left."
                   % (round(need * 60 + 0.5), SLEEP_S, CELL_MAH,
                      100 * (1 - average_ma(SCENARIOS[2][2], b) * NIGHT_H / (CELL_MAH * USABLE))))
    out.append("- Solo play against bots runs about %.0f h if the firmware keeps the radio off while no table is "
               "joined." % hours(average_ma(SCENARIOS[3][2], b)))
    out.append("- Charging: the TP4056 module charges at 1 A (its 1.2 kOhm R_PROG), about 1.5 h from empty "
               "for 1000 mAh. For a cell under 1000 mAh fit a larger R_PROG (2.4 kOhm = 500 mA).")
    out.append("- Check it on your build: a USB power meter between the charger and a charged cell, or a "
               "multimeter in series with the cell, while a table game runs.")
    out += [""] + regulator_text(b)
    return "\n".join(out) + "\n"


def outputs():
    """{path: text} of every file this module writes, the reference board's first."""
    keys = sorted(boards.BOARDS, key=lambda k: k != boards.REFERENCE)
    return {power_md(k): report(k) for k in keys}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    files = outputs()
    if "--write" in argv:
        for path, text in files.items():
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote %s" % os.path.relpath(path))
        return 0
    if "--check" in argv:
        stale = []
        for path, text in files.items():
            try:
                with open(path, encoding="utf-8") as f:
                    current = f.read()
            except OSError:
                current = ""
            if current != text:
                stale.append(path)
        for path in stale:
            print("power: %s is out of date; run python -m host_tools.power --write" % os.path.relpath(path),
                  file=sys.stderr)
        return 1 if stale else 0
    for text in files.values():
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
