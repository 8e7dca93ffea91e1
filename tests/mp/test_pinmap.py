"""pinmap: the firmware reads the hardware pin map and falls back to the common wiring."""
from dicecup.device import pinmap
from mpcheck import eq


def test_missing_file_gives_default():
    eq(pinmap.load("/nonexistent/pinmap.json"), pinmap.DEFAULT)


def test_default_matches_hardware_file():
    for path in ("hardware/pinmap.json", "../hardware/pinmap.json"):
        try:
            open(path).close()
        except OSError:
            continue
        pm = pinmap.load(path)
        for key in ("i2c", "oled", "buttons", "battery", "wake"):
            eq(pm[key], pinmap.DEFAULT[key], key)
        return
    raise AssertionError("hardware/pinmap.json not found from the test's working directory")
