"""The pin-map checker: both boards' shipped maps are sound, and each electrical rule of each chip (ESP32,
ESP32-S3) and board rejects a bad map by pin and reason."""
import copy
import json
import subprocess
import sys

import pytest

from host_tools import boards, pincheck
from host_tools.paths import ROOT

GOOD = pincheck.load(boards.BOARDS["wroom"].pinmap)    # the WROOM-32's map: ESP32 rules
S3 = pincheck.load()                                   # hardware/pinmap.json: the reference S3 board


def bad(base=None, **changes):
    """A copy of a shipped map (the WROOM's unless base) with dotted keys replaced (None deletes the key)."""
    pm = copy.deepcopy(GOOD if base is None else base)
    for dotted, value in changes.items():
        *path, last = dotted.split("__")
        d = pm
        for k in path:
            d = d[k]
        if value is None:
            del d[last]
        else:
            d[last] = value
    return pm


def problems(pm):
    return [str(p) for p in pincheck.check(pm)]


def test_shipped_pin_maps_are_sound():
    assert problems(GOOD) == []
    assert problems(S3) == []
    assert S3["board_id"] == boards.REFERENCE and pincheck.board_of(S3)[0] is pincheck.ESP32S3
    assert pincheck.board_of(GOOD)[0] is pincheck.ESP32


def test_cli_checks_every_board_map():
    r = subprocess.run([sys.executable, "-m", "host_tools.pincheck"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "pinmap.json is sound for the Waveshare ESP32-S3-Zero (ESP32-S3 rules" in r.stdout
    assert "pinmap_wroom.json is sound for the ESP32-DevKitC V4" in r.stdout


@pytest.mark.parametrize("change,pin,words", [
    (dict(buttons__up=7), 7, "flash chip"),
    (dict(buttons__down=20), 20, "no GPIO 20"),
    (dict(buttons__down=16), 16, "PSRAM"),
    (dict(optional__buzzer=17), 17, "ESP32-WROVER"),
    (dict(optional__buzzer=34), 34, "input-only"),
    (dict(i2c__scl=36), 36, "input-only"),
    (dict(buttons__back=39), 39, "no internal pull-up"),
    (dict(buttons__select=0), 0, "strapping pin"),
    (dict(buttons__back=12), 12, "1.8 V flash"),
    (dict(optional__tilt=15), 15, "strapping pin"),
    (dict(buttons__up=21), 21, "already used by i2c.sda"),
    (dict(battery__adc=26, buttons__back=27, optional__buzzer=None), 26, "ADC1"),
    (dict(buttons__select=23), 23, "not an RTC pin"),
    (dict(wake_via="ext1"), 25, "ALL_LOW"),
    (dict(battery__ratio=1.5), 35, "ratio of at least"),
    (dict(battery__ratio=1.6), 35, "ESP32's ADC reads only up to 2450 mV"),
    (dict(external_pullups=[12], buttons__back=12), 12, "pull-up holds it high"),
])
def test_each_rule_names_the_pin_and_the_reason(change, pin, words):
    found = problems(bad(**change))
    hits = [p for p in found if p.startswith("GPIO %d " % pin) and words in p]
    assert hits, "expected a problem with GPIO %d mentioning %r, got %s" % (pin, words, found)


@pytest.mark.parametrize("change,pin,words", [
    (dict(buttons__up=0), 0, "the board's BOOT button on the Waveshare ESP32-S3-Zero; it is a strapping pin"),
    (dict(i2c__scl=0), 0, "BOOT button"),
    (dict(buttons__up=3), 3, "JTAG"),
    (dict(optional__tilt=45), 45, "strapping pin"),
    (dict(buttons__back=46), 46, "invalid boot mode"),
    (dict(buttons__down=19), 19, "USB D-"),
    (dict(optional__buzzer=20), 20, "USB D+"),
    (dict(buttons__up=26), 26, "flash and PSRAM"),
    (dict(i2c__sda=30), 30, "flash and PSRAM"),
    (dict(buttons__up=23), 23, "the ESP32-S3 has no GPIO 23"),
    (dict(optional__buzzer=49), 49, "no GPIO 49"),
    (dict(battery__adc=11, buttons__down=2), 11, "ADC1 (GPIO 1-10 on the ESP32-S3)"),
    (dict(battery__adc=12, buttons__select=1), 12, "ADC2"),
    (dict(optional__buzzer=21), 21, "WS2812 RGB LED"),
    (dict(buttons__select=43, wake="select"), 43, "not an RTC pin"),
    (dict(buttons__up=38), 38, "does not bring GPIO 38 out"),
    (dict(buttons__up=8), 8, "already used by i2c.sda"),
    (dict(wake_via="ext1"), 12, "ext0"),
    (dict(external_pullups=[45], optional__tilt=45), 45, "pull-up holds it high"),
])
def test_each_s3_rule_names_the_pin_and_the_reason(change, pin, words):
    found = problems(bad(S3, **change))
    hits = [p for p in found if p.startswith("GPIO %d " % pin) and words in p]
    assert hits, "expected a problem with GPIO %d mentioning %r, got %s" % (pin, words, found)


def test_s3_pins_the_esp32_forbids_are_fine_on_the_s3():
    # flash pins, WROVER PSRAM and input-only of the ESP32 are ordinary GPIOs on the S3 (13 is its edge pin)
    assert problems(bad(S3, buttons__back=7, optional__buzzer=6)) == []
    assert problems(bad(S3, i2c__scl=2, i2c__sda=9)) == []


def test_unknown_board_id():
    assert any("board_id: unknown board" in p for p in problems(bad(S3, board_id="c3")))


def test_input_only_button_is_fine_with_a_declared_external_pullup():
    pm = bad(buttons__back=39, external_pullups=[39])
    assert problems(pm) == []


def test_battery_on_input_only_adc1_pin_needs_no_pullup():
    assert problems(bad(battery__adc=34)) == []


@pytest.mark.parametrize("change,words", [
    (dict(i2c__scl=None), "i2c.scl: must be given explicitly"),
    (dict(i2c__id=2), "i2c.id"),
    (dict(oled__address=0x27), "oled.address"),
    (dict(buttons__select=None, wake="up"), "buttons.select: missing"),
    (dict(wake="menu"), "wake: must name one of the buttons"),
    (dict(optional__laser=13), "optional.laser: unknown optional part"),
    (dict(external_pullups=[4]), "no part in the pin map uses this pin"),
    (dict(layout__buttons__up={"x": 0, "y": 12, "d": 11}), "screen window"),
    (dict(layout__buttons__up={"x": -20, "y": -15, "d": 11}), "overlaps"),
    (dict(layout__buttons__select={"x": 33, "y": 0, "d": 11}), "past the top face"),
    (dict(layout__screen={"x": 0, "y": 25, "w": 40, "h": 20}), "does not fit"),
])
def test_structure_and_layout_rules(change, words):
    found = problems(bad(**change))
    assert any(words in p for p in found), found


def test_every_problem_found_at_once():
    found = problems(bad(buttons__up=7, buttons__down=34, i2c__sda=None))
    assert len(found) >= 3, found


def test_cli_rejects_a_bad_map_naming_pin_and_reason(tmp_path):
    p = tmp_path / "pinmap.json"
    p.write_text(json.dumps(bad(buttons__select=0)))
    r = subprocess.run([sys.executable, "-m", "host_tools.pincheck", str(p)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "GPIO 0 (buttons.select): strapping pin" in r.stderr


def test_cli_unreadable_file(tmp_path):
    p = tmp_path / "pinmap.json"
    p.write_text("{not json")
    r = subprocess.run([sys.executable, "-m", "host_tools.pincheck", str(p)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2 and "cannot read" in r.stderr


from hypothesis import given, strategies as st  # noqa: E402

ROLES = ["i2c.scl", "i2c.sda", "buttons.up", "buttons.down", "buttons.select", "buttons.back", "battery.adc",
         "optional.buzzer", "optional.tilt"]


GOOD_PINS = [GOOD["i2c"]["scl"], GOOD["i2c"]["sda"]] + [GOOD["buttons"][b] for b in pincheck.BUTTONS] + \
    [GOOD["battery"]["adc"], GOOD["optional"]["buzzer"], GOOD["optional"]["tilt"]]
# the shipped map with one to three pins moved anywhere (so both passing and failing maps come up often)
PIN_LISTS = st.lists(st.tuples(st.integers(0, len(ROLES) - 1), st.integers(-1, 41)), min_size=1, max_size=3).map(
    lambda moves: [dict(moves).get(i, p) for i, p in enumerate(GOOD_PINS)])


def _passed(base, pins, ext, wake):
    """Check `base` with `pins` in ROLES' order, these external pull-ups and wake button: the map
    if the checker passed it, else None (every refusal with a reason, a place and a pin or none)."""
    pm = copy.deepcopy(base)
    for role, pin in zip(ROLES, pins):
        a, b = role.split(".")
        pm[a][b] = pin
    pm["external_pullups"] = sorted(set(ext))
    pm["wake"] = wake
    found = pincheck.check(pm)
    for p in found:
        assert p.reason and p.where and (p.pin is None or isinstance(p.pin, int))
    return None if found else pm


@given(pins=PIN_LISTS, ext=st.lists(st.sampled_from([34, 35, 36, 39, 2, 12, 4]), max_size=3),
       wake=st.sampled_from(["up", "down", "select", "back"]))
def test_any_map_the_checker_passes_is_electrically_sound(pins, ext, wake):
    pm = _passed(GOOD, pins, ext, wake)
    if pm is None:
        return
    # an independent statement of the rules, for maps the checker let through
    assert len(set(pins)) == len(pins)
    assert not set(pins) & set(range(6, 12))
    assert not set(pins) & {16, 17}  # a WROVER's PSRAM
    assert all(p in pincheck.GPIOS for p in pins)
    switches = pins[2:6] + [pins[8]]
    assert not set(switches) & {0, 2, 5, 12, 15}
    assert all(p in pm["external_pullups"] for p in switches if p >= 34)
    assert not set(pins[:2] + [pins[7]]) & set(range(34, 40))
    assert 32 <= pins[6] <= 39
    assert pm["buttons"][wake] in {0, 2, 4, 12, 13, 14, 15, 25, 26, 27} | set(range(32, 40))
    assert not set(pm["external_pullups"]) & {2, 12}


@pytest.mark.parametrize("tool", ["wiring", "enclosure"])
def test_generators_refuse_a_bad_or_unreadable_pin_map(tool, tmp_path, monkeypatch, capsys):
    """wiring and enclosure share pincheck.checked: a bad map stops them with the problem, by tool name."""
    import importlib
    mod = importlib.import_module("host_tools." + tool)
    path = tmp_path / "pinmap.json"
    path.write_text(json.dumps(bad(buttons__up=6)))
    monkeypatch.setattr(pincheck, "DEFAULT_PATH", str(path))
    assert mod.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("%s: pin map problem: " % tool) and "GPIO 6" in err
    path.write_text("{not json")
    assert mod.main(["--check"]) == 1
    assert capsys.readouterr().err.startswith("%s: cannot read " % tool)
    assert pincheck.checked(tool, str(path)) is None
    assert pincheck.checked(tool) is None
    monkeypatch.undo()
    assert pincheck.checked(tool) == S3


S3_ROLES_PINS = [S3["i2c"]["scl"], S3["i2c"]["sda"]] + [S3["buttons"][b] for b in pincheck.BUTTONS] + \
    [S3["battery"]["adc"], S3["optional"]["buzzer"], S3["optional"]["tilt"]]
S3_PIN_LISTS = st.lists(st.tuples(st.integers(0, len(ROLES) - 1), st.integers(-1, 50)), min_size=1,
                        max_size=3).map(lambda moves: [dict(moves).get(i, p) for i, p in enumerate(S3_ROLES_PINS)])


@given(pins=S3_PIN_LISTS, ext=st.lists(st.sampled_from([45, 46, 2, 7, 43]), max_size=2),
       wake=st.sampled_from(["up", "down", "select", "back"]))
def test_any_s3_map_the_checker_passes_is_electrically_sound(pins, ext, wake):
    """The same property for the ESP32-S3 rules and the S3-Zero's own pins, stated independently."""
    pm = _passed(S3, pins, ext, wake)
    if pm is None:
        return
    assert len(set(pins)) == len(pins)
    assert not set(pins) & set(range(26, 33))          # in-package flash and PSRAM
    assert not set(pins) & {19, 20}                    # USB
    assert not set(pins) & {0, 21}                     # the board's BOOT button and RGB LED
    assert all(p in set(range(1, 14)) | {43, 44} for p in pins)   # the S3-Zero's edge pins
    switches = pins[2:6] + [pins[8]]
    assert not set(switches) & {0, 3, 45, 46}
    assert 1 <= pins[6] <= 10                          # ADC1
    assert pm["buttons"][wake] <= 21                   # RTC GPIO 0-21
    assert not set(pm["external_pullups"]) & {45, 46}
