"""The handheld's pin map: read once at boot from pinmap.json (copied from hardware/pinmap.json).

hardware/pinmap.json is the single source of truth; DEFAULT mirrors it for a board deployed without
the file, so a handheld still boots with the common wiring. Returns plain dicts; no hardware access.
"""
import json

DEFAULT = {
    "version": 1,
    "i2c": {"id": 0, "scl": 22, "sda": 21, "freq": 400000},
    "oled": {"driver": "ssd1306", "width": 128, "height": 64, "address": 60},
    "buttons": {"up": 32, "down": 33, "select": 25, "back": 26},
    "wake": "select",
    "battery": {"adc": 35, "ratio": 2.0},
    "optional": {},
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
