"""The pin-map checker: is hardware/pinmap.json electrically sound on an ESP32 DevKitC?

Owns the ESP32 pin facts (flash, PSRAM on a WROVER, input-only, strapping, RTC, ADC1 pins) and the rules built on them.
Every problem names the GPIO, the pin-map key that uses it and the reason, so a maker can fix it.
Usage: python -m host_tools.pincheck [PINMAP.json]   (exit 0 sound, 1 problems found, 2 unreadable)
"""
import json
import math
import os
import sys

from host_tools.paths import HARDWARE

DEFAULT_PATH = os.path.join(HARDWARE, "pinmap.json")

# ESP32 (WROOM-32) pin facts: ESP32 datasheet, chapter "Pin Definitions" and "Strapping Pins".
GPIOS = frozenset(list(range(0, 20)) + [21, 22, 23, 25, 26, 27] + list(range(32, 40)))
FLASH = frozenset(range(6, 12))
INPUT_ONLY = frozenset(range(34, 40))
# On an ESP32-WROVER (the board a table handheld needs: PSRAM gives MicroPython the heap the table's
# code takes) GPIO 16 and 17 drive the PSRAM; one map serves both boards, so it leaves them free.
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
BUTTONS = ("up", "down", "select", "back")
# optional part -> how it is wired: "output" drives the pin, "switch" pulls it to GND when closed
OPTIONAL_ROLES = {"buzzer": "output", "vibration": "output", "tilt": "switch"}
ADC_MAX_MV = 2450       # ESP32 ADC at 11 dB attenuation reads up to about 2.45 V
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


def _structure(pm):
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
        elif CELL_FULL_MV / ratio > ADC_MAX_MV:
            probs.append(Problem(battery["adc"], "battery.ratio", "ratio %g puts %d mV on the pin at a "
                                 "full cell; the ADC reads only up to %d mV (use a ratio of at least "
                                 "%.2f)" % (ratio, CELL_FULL_MV / ratio, ADC_MAX_MV,
                                            CELL_FULL_MV / ADC_MAX_MV)))
    for name in sorted((pm.get("optional") or {})):
        if name not in OPTIONAL_ROLES:
            probs.append(Problem(None, "optional." + name, "unknown optional part (known: %s)"
                                 % ", ".join(sorted(OPTIONAL_ROLES))))
    ext = pm.get("external_pullups", [])
    if not isinstance(ext, list) or not all(_is_pin(p) for p in ext):
        probs.append(Problem(None, "external_pullups", "must be a list of GPIO numbers"))
    return probs


def _pin_rules(pin, where, role, ext_pullups):
    if not _is_pin(pin):
        return [Problem(None, where, "%r is not a GPIO number" % (pin,))]
    if pin in FLASH:
        return [Problem(pin, where, "GPIO 6-11 are wired to the flash chip; using one crashes the board")]
    if pin not in GPIOS:
        return [Problem(pin, where, "the ESP32 has no GPIO %s" % pin)]
    if pin in PSRAM:
        return [Problem(pin, where, "GPIO 16 and 17 drive the PSRAM on an ESP32-WROVER, the board "
                        "a handheld needs to play at a table")]
    probs = []
    if pin in INPUT_ONLY:
        if role in ("output", "i2c"):
            probs.append(Problem(pin, where, "GPIO 34-39 are input-only; %s needs a pin that can "
                                 "drive" % ("the I2C bus" if role == "i2c" else "this part")))
        elif role == "switch" and pin not in ext_pullups:
            probs.append(Problem(pin, where, "GPIO 34-39 have no internal pull-up; fit a 10k "
                                 "pull-up to 3V3 and list the pin in external_pullups"))
    if pin in STRAPPING and role == "switch":
        probs.append(Problem(pin, where, "strapping pin: a switch held at power-on pulls it low; "
                             + STRAPPING[pin]))
    if role == "adc" and pin not in ADC1:
        probs.append(Problem(pin, where, "the battery divider must be on ADC1 (GPIO 32-39): ADC2 "
                             "cannot be read while WiFi/ESP-NOW is on"))
    return probs


def _wake_rules(pm):
    wake = pm.get("wake")
    buttons = pm.get("buttons") or {}
    if wake not in BUTTONS or not _is_pin(buttons.get(wake)):
        return [Problem(None, "wake", "must name one of the buttons (%s), not %r"
                        % (", ".join(BUTTONS), wake))]
    pin = buttons[wake]
    probs = []
    if pin not in RTC:
        probs.append(Problem(pin, "wake (buttons.%s)" % wake, "not an RTC pin, so it cannot wake the "
                             "ESP32 from sleep (RTC pins: 0, 2, 4, 12-15, 25-27, 32-39)"))
    via = pm.get("wake_via", "ext0")
    if via != "ext0":
        probs.append(Problem(pin, "wake_via", "%r cannot wake on one button wired to GND: the "
                             "original ESP32's ext1 knows only ALL_LOW or ANY_HIGH; use ext0" % (via,)))
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


def check(pm):
    """Every Problem with pin map pm (a parsed dict); an empty list means it is sound."""
    if not isinstance(pm, dict):
        return [Problem(None, "pinmap", "must be a JSON object")]
    probs = _structure(pm)
    ext = [p for p in pm.get("external_pullups", []) if _is_pin(p)] \
        if isinstance(pm.get("external_pullups", []), list) else []
    seen = {}
    for pin, where, role in uses(pm):
        probs.extend(_pin_rules(pin, where, role, ext))
        if _is_pin(pin):
            if pin in seen:
                probs.append(Problem(pin, where, "already used by %s; every part needs its own pin"
                                     % seen[pin]))
            else:
                seen[pin] = where
    for pin in ext:
        if pin in PULLUP_BREAKS:
            probs.append(Problem(pin, "external_pullups", "strapping pin: a pull-up holds it high "
                                 "at reset; " + STRAPPING[pin]))
        elif pin not in seen:
            probs.append(Problem(pin, "external_pullups", "no part in the pin map uses this pin"))
    probs.extend(_wake_rules(pm))
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


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1 or argv[:1] in (["-h"], ["--help"]):
        print("usage: python -m host_tools.pincheck [PINMAP.json]", file=sys.stderr)
        return 2
    path = argv[0] if argv else DEFAULT_PATH
    try:
        pm = load(path)
    except (OSError, ValueError) as e:
        print("pincheck: cannot read %s: %s" % (path, e), file=sys.stderr)
        return 2
    probs = check(pm)
    for p in probs:
        print("pincheck: %s: %s" % (os.path.relpath(path), p), file=sys.stderr)
    if probs:
        print("pincheck: %d problem(s); the pin map is not safe to wire" % len(probs), file=sys.stderr)
        return 1
    print("pincheck: %s is sound (%d pins checked)" % (os.path.relpath(path), len(uses(pm))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
