"""The pin-map checker: is a board's pin map electrically sound on its chip and board?

Owns each chip's pin facts (ESP32 and ESP32-S3 datasheets: flash and PSRAM pins, input-only, strapping,
USB, RTC and ADC1 pins) and the rules built on them; the board's own pins (an LED, a button, which GPIOs
it brings out) come from host_tools.boards, chosen by the map's board_id. Every problem names the GPIO,
the pin-map key that uses it and the reason, so a maker can fix it.
Usage: python -m host_tools.pincheck [PINMAP.json ...]   (no argument: every board's map; exit 0 sound,
1 problems found, 2 unreadable)
"""
import json
import math
import os
import sys

from host_tools import boards
from host_tools.paths import HARDWARE

DEFAULT_PATH = os.path.join(HARDWARE, "pinmap.json")


class Chip:
    """One chip's pin facts. flash/reserved: {gpio: reason}; strapping: {gpio: what it does at reset}."""

    def __init__(self, name, gpios, flash, reserved, input_only, rtc, rtc_text, adc1, adc1_text,
                 strapping, pullup_breaks, adc_max_mv, wake_via_text):
        self.name, self.gpios, self.flash, self.reserved = name, gpios, flash, reserved
        self.input_only, self.rtc, self.rtc_text, self.adc1, self.adc1_text = input_only, rtc, rtc_text, adc1, adc1_text
        self.strapping, self.pullup_breaks, self.adc_max_mv = strapping, pullup_breaks, adc_max_mv
        self.wake_via_text = wake_via_text


# ESP32 (WROOM-32) pin facts: ESP32 datasheet, chapter "Pin Definitions" and "Strapping Pins".
GPIOS = frozenset(list(range(0, 20)) + [21, 22, 23, 25, 26, 27] + list(range(32, 40)))
FLASH = frozenset(range(6, 12))
INPUT_ONLY = frozenset(range(34, 40))
# On an ESP32-WROVER (PSRAM: the heap the table needs, like the S3's) GPIO 16 and 17 drive the PSRAM;
# the WROOM's map serves a WROVER board too, so it leaves them free.
PSRAM = frozenset([16, 17])
RTC = frozenset([0, 2, 4, 12, 13, 14, 15, 25, 26, 27] + list(range(32, 40)))
ADC1 = frozenset(range(32, 40))
STRAPPING = {
    0: "GPIO 0 low at reset starts the ROM download mode instead of MicroPython",
    2: "GPIO 2 must be low or floating at reset for flashing to work",
    5: "GPIO 5 at reset sets the SDIO slave timing",
    12: "GPIO 12 high at reset selects 1.8 V flash and the board will not boot",
    15: "GPIO 15 low at reset silences the boot log and changes SDIO timing",
}
# An external pull-up holds these strapping pins at the level that breaks boot or flashing.
PULLUP_BREAKS = frozenset([2, 12])
ADC_MAX_MV = 2450       # ESP32 ADC at 11 dB attenuation reads up to about 2.45 V

ESP32 = Chip(
    "ESP32", GPIOS,
    {p: "GPIO 6-11 are wired to the flash chip; using one crashes the board" for p in FLASH},
    {p: "GPIO 16 and 17 drive the PSRAM on an ESP32-WROVER, the board with the heap a table needs; "
        "this map serves it too" for p in PSRAM},
    INPUT_ONLY, RTC, "0, 2, 4, 12-15, 25-27, 32-39", ADC1, "GPIO 32-39", STRAPPING, PULLUP_BREAKS, ADC_MAX_MV,
    "the original ESP32's ext1 knows only ALL_LOW or ANY_HIGH")

# ESP32-S3 pin facts: ESP32-S3 datasheet, "Pin Overview", "Strapping Pins", "Analog Functions", "RTC and
# Low-Power Management". GPIO 22-25 do not exist; 26-32 drive the in-package flash and quad PSRAM of an
# ESP32-S3FH4R2 (33-37 too on octal-PSRAM parts, which have no such board here); 19/20 are USB D-/D+.
S3_GPIOS = frozenset(list(range(0, 22)) + list(range(26, 49)))
S3_FLASH = frozenset(range(26, 33))
S3_OCTAL = frozenset(range(33, 38))
S3_USB = {19: "GPIO 19 is USB D-: the board's USB-C port (flashing, the REPL, deploy) needs it",
          20: "GPIO 20 is USB D+: the board's USB-C port (flashing, the REPL, deploy) needs it"}
S3_RTC = frozenset(range(0, 22))
S3_ADC1 = frozenset(range(1, 11))
S3_STRAPPING = {
    0: "GPIO 0 low at reset starts the ROM download mode instead of MicroPython",
    3: "GPIO 3 at reset chooses where JTAG comes from",
    45: "GPIO 45 high at reset selects 1.8 V for the flash and PSRAM, which then fail",
    46: "GPIO 46 high at reset with GPIO 0 low is an invalid boot mode; it also controls the ROM log",
}
ESP32S3 = Chip(
    "ESP32-S3", S3_GPIOS,
    {p: "GPIO 26-32 are wired to the flash and PSRAM inside the ESP32-S3FH4R2; using one crashes the board"
     for p in S3_FLASH},
    dict(S3_USB), frozenset(), S3_RTC, "GPIO 0-21", S3_ADC1, "GPIO 1-10", S3_STRAPPING, frozenset([45, 46]),
    3100,   # ESP32-S3 ADC at 12 dB attenuation reads up to about 3.1 V (ESP-IDF ADC guide)
    "the firmware arms ext0 for the wake button (ext1 only for a second one)")
CHIPS = {"esp32": ESP32, "esp32s3": ESP32S3}

BUTTONS = ("up", "down", "select", "back")
# optional part -> how it is wired: "output" drives the pin, "switch" pulls it to GND when closed
OPTIONAL_ROLES = {"buzzer": "output", "vibration": "output", "tilt": "switch"}
CELL_FULL_MV = 4200     # a LiPo cell fully charged
OLED_ADDRESSES = (0x3C, 0x3D)
I2C_MAX_HZ = 1000000


class Problem:
    """One thing wrong with the pin map: the GPIO (or None), the key using it, and why."""

    def __init__(self, pin, where, reason):
        self.pin, self.where, self.reason = pin, where, reason

    def __str__(self):
        if self.pin is None:
            return "%s: %s" % (self.where, self.reason)
        return "GPIO %s (%s): %s" % (self.pin, self.where, self.reason)

    __repr__ = __str__


def _is_pin(v):
    return isinstance(v, int) and not isinstance(v, bool)


def uses(pm):
    """Every (pin, key, role) the map assigns. role: 'switch', 'output', 'i2c' or 'adc'."""
    out = []
    i2c = pm.get("i2c") or {}
    for k in ("scl", "sda"):
        if k in i2c:
            out.append((i2c[k], "i2c." + k, "i2c"))
    for name in BUTTONS:
        if name in (pm.get("buttons") or {}):
            out.append((pm["buttons"][name], "buttons." + name, "switch"))
    if "adc" in (pm.get("battery") or {}):
        out.append((pm["battery"]["adc"], "battery.adc", "adc"))
    for name, pin in sorted((pm.get("optional") or {}).items()):
        out.append((pin, "optional." + name, OPTIONAL_ROLES.get(name, "unknown")))
    return out


def _structure(pm, chip):
    probs = []
    i2c = pm.get("i2c")
    if not isinstance(i2c, dict):
        return [Problem(None, "i2c", "missing: the OLED's I2C bus must be given (id, scl, sda, freq)")]
    for k in ("scl", "sda"):
        if not _is_pin(i2c.get(k)):
            probs.append(Problem(None, "i2c." + k, "must be given explicitly as a GPIO number "
                                 "(I2C(0) otherwise defaults to scl=18, sda=19)"))
    if i2c.get("id") not in (0, 1):
        probs.append(Problem(None, "i2c.id", "must be 0 or 1 (the ESP32 has two hardware I2C buses)"))
    freq = i2c.get("freq")
    if not _is_pin(freq) or not 10000 <= freq <= I2C_MAX_HZ:
        probs.append(Problem(None, "i2c.freq", "must be a frequency in Hz from 10000 to %d (400000 "
                             "recommended for the SSD1306)" % I2C_MAX_HZ))
    oled = pm.get("oled")
    if not isinstance(oled, dict) or (oled.get("width"), oled.get("height")) != (128, 64):
        probs.append(Problem(None, "oled", "must describe the 128x64 SSD1306 (width 128, height 64)"))
    elif oled.get("address") not in OLED_ADDRESSES:
        probs.append(Problem(None, "oled.address", "must be 60 (0x3C) or 61 (0x3D), the SSD1306's "
                             "two I2C addresses, not %r" % (oled.get("address"),)))
    buttons = pm.get("buttons")
    if not isinstance(buttons, dict):
        probs.append(Problem(None, "buttons", "missing: the four buttons up, down, select, back"))
    else:
        for name in BUTTONS:
            if not _is_pin(buttons.get(name)):
                probs.append(Problem(None, "buttons." + name, "missing or not a GPIO number"))
        for name in sorted(set(buttons) - set(BUTTONS)):
            probs.append(Problem(None, "buttons." + name, "unknown button (the handheld has "
                                 "up, down, select, back)"))
    battery = pm.get("battery")
    if not isinstance(battery, dict) or not _is_pin(battery.get("adc")):
        probs.append(Problem(None, "battery.adc", "missing: the GPIO of the battery-voltage divider"))
    else:
        ratio = battery.get("ratio")
        if not isinstance(ratio, (int, float)) or isinstance(ratio, bool) or ratio <= 0:
            probs.append(Problem(None, "battery.ratio", "must be the divider ratio "
                                 "(battery volts / pin volts), e.g. 2.0 for two equal resistors"))
        elif CELL_FULL_MV / ratio > chip.adc_max_mv:
            probs.append(Problem(battery["adc"], "battery.ratio", "ratio %g puts %d mV on the pin at a "
                                 "full cell; the %s's ADC reads only up to %d mV (use a ratio of at least "
                                 "%.2f)" % (ratio, CELL_FULL_MV / ratio, chip.name, chip.adc_max_mv,
                                            CELL_FULL_MV / chip.adc_max_mv)))
    for name in sorted((pm.get("optional") or {})):
        if name not in OPTIONAL_ROLES:
            probs.append(Problem(None, "optional." + name, "unknown optional part (known: %s)"
                                 % ", ".join(sorted(OPTIONAL_ROLES))))
    ext = pm.get("external_pullups", [])
    if not isinstance(ext, list) or not all(_is_pin(p) for p in ext):
        probs.append(Problem(None, "external_pullups", "must be a list of GPIO numbers"))
    return probs


def _pin_rules(pin, where, role, ext_pullups, chip, board):
    if not _is_pin(pin):
        return [Problem(None, where, "%r is not a GPIO number" % (pin,))]
    if pin in chip.flash:
        return [Problem(pin, where, chip.flash[pin])]
    if pin not in chip.gpios:
        return [Problem(pin, where, "the %s has no GPIO %s" % (chip.name, pin))]
    if pin in chip.reserved:
        return [Problem(pin, where, chip.reserved[pin])]
    if board is not None and pin in board.reserved:
        also = "; it is a strapping pin too: " + chip.strapping[pin] if pin in chip.strapping else ""
        return [Problem(pin, where, "taken by %s on the %s%s" % (board.reserved[pin], board.name, also))]
    probs = []
    if board is not None and pin not in board.pins:
        probs.append(Problem(pin, where, "the %s does not bring GPIO %s out to its edge pins" % (board.name, pin)))
    if pin in chip.input_only:
        if role in ("output", "i2c"):
            probs.append(Problem(pin, where, "GPIO 34-39 are input-only; %s needs a pin that can "
                                 "drive" % ("the I2C bus" if role == "i2c" else "this part")))
        elif role == "switch" and pin not in ext_pullups:
            probs.append(Problem(pin, where, "GPIO 34-39 have no internal pull-up; fit a 10k "
                                 "pull-up to 3V3 and list the pin in external_pullups"))
    if pin in chip.strapping and role == "switch":
        probs.append(Problem(pin, where, "strapping pin: a switch held at power-on pulls it low; "
                             + chip.strapping[pin]))
    if role == "adc" and pin not in chip.adc1:
        probs.append(Problem(pin, where, "the battery divider must be on ADC1 (%s on the %s): ADC2 "
                             "cannot be read while WiFi/ESP-NOW is on" % (chip.adc1_text, chip.name)))
    return probs


def _wake_rules(pm, chip):
    wake = pm.get("wake")
    buttons = pm.get("buttons") or {}
    if wake not in BUTTONS or not _is_pin(buttons.get(wake)):
        return [Problem(None, "wake", "must name one of the buttons (%s), not %r"
                        % (", ".join(BUTTONS), wake))]
    pin = buttons[wake]
    probs = []
    if pin not in chip.rtc:
        probs.append(Problem(pin, "wake (buttons.%s)" % wake, "not an RTC pin, so it cannot wake the "
                             "%s from sleep (RTC pins: %s)" % (chip.name, chip.rtc_text)))
    via = pm.get("wake_via", "ext0")
    if via != "ext0":
        probs.append(Problem(pin, "wake_via", "%r cannot wake on one button wired to GND: %s; use ext0"
                             % (via, chip.wake_via_text)))
    return probs


def _layout_rules(pm):
    lay = pm.get("layout")
    if lay is None:
        return []
    probs = []
    try:
        cup = lay["cup"]
        r_in = cup["top_d"] / 2.0 - cup["wall"]
        scr = lay["screen"]
        holes = lay["buttons"]
    except (KeyError, TypeError) as e:
        return [Problem(None, "layout", "missing %s (needs cup, screen and buttons)" % e)]
    for name in BUTTONS:
        if name not in holes:
            probs.append(Problem(None, "layout.buttons." + name, "no hole for the %s button" % name))
    sx0, sx1 = scr["x"] - scr["w"] / 2.0, scr["x"] + scr["w"] / 2.0
    sy0, sy1 = scr["y"] - scr["h"] / 2.0, scr["y"] + scr["h"] / 2.0
    corners = [(sx0, sy0), (sx0, sy1), (sx1, sy0), (sx1, sy1)]
    if max(math.hypot(x, y) for x, y in corners) > r_in:
        probs.append(Problem(None, "layout.screen", "the window does not fit inside the top face "
                             "(inner radius %.1f mm)" % r_in))
    names = sorted(holes)
    for i, a in enumerate(names):
        h = holes[a]
        r = h["d"] / 2.0
        if math.hypot(h["x"], h["y"]) + r > r_in:
            probs.append(Problem(None, "layout.buttons." + a, "the hole reaches past the top face "
                                 "(inner radius %.1f mm)" % r_in))
        # nearest point of the screen window to the hole's centre
        nx, ny = min(max(h["x"], sx0), sx1), min(max(h["y"], sy0), sy1)
        if math.hypot(h["x"] - nx, h["y"] - ny) < r + 1.5:
            probs.append(Problem(None, "layout.buttons." + a, "the hole is closer than 1.5 mm to "
                                 "the screen window"))
        for b in names[i + 1:]:
            g = holes[b]
            if math.hypot(h["x"] - g["x"], h["y"] - g["y"]) < r + g["d"] / 2.0 + 1.5:
                probs.append(Problem(None, "layout.buttons." + a, "the hole overlaps the %s "
                                     "button's hole (keep 1.5 mm between holes)" % b))
    return probs


def board_of(pm):
    """(Chip, Board or None) a parsed map is checked against: the board its board_id names."""
    board = boards.of_pinmap(pm)
    return (CHIPS[board.chip], board) if board is not None else (ESP32, None)


def check(pm):
    """Every Problem with pin map pm (a parsed dict); an empty list means it is sound."""
    if not isinstance(pm, dict):
        return [Problem(None, "pinmap", "must be a JSON object")]
    probs = []
    if "board_id" in pm and pm["board_id"] not in boards.BOARDS:
        probs.append(Problem(None, "board_id", "unknown board %r (known: %s)"
                             % (pm["board_id"], ", ".join(sorted(boards.BOARDS)))))
    chip, board = board_of(pm)
    probs += _structure(pm, chip)
    ext = [p for p in pm.get("external_pullups", []) if _is_pin(p)] \
        if isinstance(pm.get("external_pullups", []), list) else []
    seen = {}
    for pin, where, role in uses(pm):
        probs.extend(_pin_rules(pin, where, role, ext, chip, board))
        if _is_pin(pin):
            if pin in seen:
                probs.append(Problem(pin, where, "already used by %s; every part needs its own pin"
                                     % seen[pin]))
            else:
                seen[pin] = where
    for pin in ext:
        if pin in chip.pullup_breaks:
            probs.append(Problem(pin, "external_pullups", "strapping pin: a pull-up holds it high "
                                 "at reset; " + chip.strapping[pin]))
        elif pin not in seen:
            probs.append(Problem(pin, "external_pullups", "no part in the pin map uses this pin"))
    probs.extend(_wake_rules(pm, chip))
    probs.extend(_layout_rules(pm))
    return probs


def load(path=DEFAULT_PATH):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def checked(tool, path=None):
    """The pin map for a generator named `tool`, or None after telling stderr why it is unusable."""
    path = path or DEFAULT_PATH
    try:
        pm = load(path)
    except (OSError, ValueError) as e:
        print("%s: cannot read %s: %s" % (tool, os.path.relpath(path), e), file=sys.stderr)
        return None
    probs = check(pm)
    for p in probs:
        print("%s: pin map problem: %s" % (tool, p), file=sys.stderr)
    return None if probs else pm


def all_paths():
    """Every board's pin map, the reference board's first."""
    return [boards.BOARDS[k].pinmap for k in sorted(boards.BOARDS, key=lambda k: k != boards.REFERENCE)]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] in (["-h"], ["--help"]):
        print("usage: python -m host_tools.pincheck [PINMAP.json ...]  (default: every board's map)",
              file=sys.stderr)
        return 2
    worst = 0
    for path in argv or all_paths():
        try:
            pm = load(path)
        except (OSError, ValueError) as e:
            print("pincheck: cannot read %s: %s" % (path, e), file=sys.stderr)
            worst = 2
            continue
        probs = check(pm)
        for p in probs:
            print("pincheck: %s: %s" % (os.path.relpath(path), p), file=sys.stderr)
        if probs:
            print("pincheck: %d problem(s); the pin map is not safe to wire" % len(probs), file=sys.stderr)
            worst = max(worst, 1)
            continue
        chip, board = board_of(pm)
        print("pincheck: %s is sound for the %s (%s rules, %d pins checked)"
              % (os.path.relpath(path), board.name if board else "ESP32 board", chip.name, len(uses(pm))))
    return worst


if __name__ == "__main__":
    sys.exit(main())
