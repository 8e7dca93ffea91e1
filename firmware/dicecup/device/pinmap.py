"""The handheld's pin map: read once at boot from pinmap.json (`make deploy BOARD=...` copies that
board's map: hardware/pinmap.json for the reference ESP32-S3 board, hardware/pinmap_wroom.json for a
WROOM-32). The pin map is the only thing in the firmware that differs between boards.

DEFAULT mirrors hardware/pinmap.json (the reference board) for a board deployed without the file, so
a handheld still boots with the common wiring. Returns plain dicts; no hardware access.
"""
import json

DEFAULT = {
    "version": 1,
    "i2c": {"id": 0, "scl": 9, "sda": 8, "freq": 400000},
    "oled": {"driver": "ssd1306", "width": 128, "height": 64, "address": 60},
    "buttons": {"up": 10, "down": 11, "select": 12, "back": 13},
    "wake": "select",
    "battery": {"adc": 1, "ratio": 2.0},
    "optional": {"buzzer": 4, "tilt": 5},
}


def load(path="pinmap.json"):
    """The pin map at path, or DEFAULT when the file is missing or unreadable."""
    try:
        with open(path) as f:
            pm = json.load(f)
    except (OSError, ValueError):
        return DEFAULT
    for key in ("i2c", "oled", "buttons", "battery"):
        if key not in pm:
            return DEFAULT
    return pm
