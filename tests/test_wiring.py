"""Wiring generated from each board's pin map: the committed SVG and Wokwi files are current and match the map."""
import copy
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from host_tools import boards, pincheck, wiring
from host_tools.paths import ROOT

PM = pincheck.load()                                    # the reference S3 board's
MAPS = {k: pincheck.load(b.pinmap) for k, b in boards.BOARDS.items()}
# Pin names of Wokwi's board-esp32-devkit-c-v4 (wokwi-boards board.json) and of the other parts (wokwi-docs).
ESP_PINS = {"3V3", "EN", "VP", "VN", "34", "35", "32", "33", "25", "26", "27", "14", "12", "GND.1", "13", "D2",
            "D3", "CMD", "5V", "GND.2", "23", "22", "TX", "RX", "21", "GND.3", "19", "18", "5", "17", "16", "4",
            "0", "2", "15", "D1", "D0", "CLK"}
# board-esp32-s3-devkitc-1 (wokwi-boards): GPIO numbers, TX/RX for 43/44, power pins numbered.
S3_PINS = {str(g) for g in list(range(0, 22)) + list(range(35, 49))} | {"3V3.1", "3V3.2", "RST", "5V", "GND.1",
                                                                         "GND.2", "GND.3", "GND.4", "TX", "RX"}
BOARD_PINS = {"board-esp32-devkit-c-v4": ESP_PINS, "board-esp32-s3-devkitc-1": S3_PINS}
BOARD_PART = {"wroom": "board-esp32-devkit-c-v4", "s3": "board-esp32-s3-devkitc-1"}
PART_PINS = {"board-ssd1306": {"GND", "VCC", "SCL", "SDA"}, "wokwi-pushbutton": {"1.l", "1.r", "2.l", "2.r"},
             "wokwi-potentiometer": {"GND", "SIG", "VCC"}, "wokwi-buzzer": {"1", "2"}, "wokwi-led": {"A", "C"}}


@pytest.mark.parametrize("board", sorted(MAPS))
def test_committed_files_are_what_the_generator_writes(board):
    for path, text in wiring.outputs(MAPS[board]).items():
        with open(path, encoding="utf-8") as f:
            assert f.read() == text, "%s is stale: run python -m host_tools.wiring" % path


def test_check_flag_agrees():
    r = subprocess.run([sys.executable, "-m", "host_tools.wiring", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def _nets(d):
    """Undirected adjacency of the diagram's connections: 'part:pin' -> set of 'part:pin'."""
    adj = {}
    for a, b, *_ in d["connections"]:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj


def _esp(gpio):
    return "esp:" + {36: "VN", 39: "VP", 43: "TX", 44: "RX"}.get(gpio, str(gpio))


def check_diagram_matches(d, pm):
    types = {p["id"]: p["type"] for p in d["parts"]}
    assert types["esp"] == BOARD_PART[pm.get("board_id", "wroom")]
    v33 = "esp:3V3.1" if types["esp"] == "board-esp32-s3-devkitc-1" else "esp:3V3"
    for a, b, *_ in d["connections"]:
        for end in (a, b):
            part, pin = end.split(":", 1)
            if part == "esp":
                assert pin in BOARD_PINS[types["esp"]], end
            elif not part.startswith("$"):
                assert pin in PART_PINS[types[part]], end
    adj = _nets(d)
    oled = [p for p in d["parts"] if p["type"] == "board-ssd1306"]
    assert len(oled) == 1 and int(oled[0]["attrs"]["i2c-address"], 16) == pm["oled"]["address"]
    o = oled[0]["id"]
    assert adj[o + ":SDA"] == {_esp(pm["i2c"]["sda"])}
    assert adj[o + ":SCL"] == {_esp(pm["i2c"]["scl"])}
    assert adj[o + ":VCC"] == {v33} and adj[o + ":GND"] <= {"esp:GND.1", "esp:GND.2", "esp:GND.3"}
    buttons = {p["attrs"]["label"]: p["id"] for p in d["parts"] if p["type"] == "wokwi-pushbutton"}
    for name, gpio in pm["buttons"].items():
        bid = buttons[name]
        assert adj[bid + ":1.l"] == {_esp(gpio)}, name
        assert adj[bid + ":2.l"] <= {"esp:GND.1", "esp:GND.2", "esp:GND.3"}, name
    pots = [p["id"] for p in d["parts"] if p["type"] == "wokwi-potentiometer"]
    assert adj[pots[0] + ":SIG"] == {_esp(pm["battery"]["adc"])}
    if "buzzer" in pm["optional"]:
        bz = [p["id"] for p in d["parts"] if p["type"] == "wokwi-buzzer"][0]
        assert adj[bz + ":2"] == {_esp(pm["optional"]["buzzer"])}
    if "tilt" in pm["optional"]:
        assert adj[buttons["tilt (shake)"] + ":1.l"] == {_esp(pm["optional"]["tilt"])}
    # nothing else is wired to a GPIO
    gpio_ends = {e for a, b, *_ in d["connections"] for e in (a, b) if e.startswith("esp:") and
                 e[4:] not in ("3V3", "3V3.1", "GND.1", "GND.2", "GND.3") and
                 not (e[4:] in ("TX", "RX") and "$serialMonitor:" + {"TX": "RX", "RX": "TX"}[e[4:]] in adj[e])}
    expected = {_esp(pm["i2c"]["sda"]), _esp(pm["i2c"]["scl"]), _esp(pm["battery"]["adc"])}
    expected |= {_esp(g) for g in pm["buttons"].values()} | {_esp(g) for g in pm["optional"].values()}
    assert gpio_ends == expected


@pytest.mark.parametrize("board", sorted(MAPS))
def test_wokwi_diagram_matches_the_pin_map(board):
    with open(os.path.join(wiring.DRAWINGS[board].wokwi_dir, "diagram.json"), encoding="utf-8") as f:
        check_diagram_matches(json.load(f), MAPS[board])


def _toml(path):
    try:
        import tomllib
    except ImportError:   # Python 3.10: the file is flat key = value lines under [wokwi]
        cfg = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                if "=" in line and not line.startswith("#"):
                    k, v = (x.strip() for x in line.split("=", 1))
                    cfg[k] = v.strip('"') if v.startswith('"') else int(v)
        return {"wokwi": cfg}
    with open(path, "rb") as f:
        return tomllib.load(f)


def test_wokwi_toml_points_at_the_micropython_image_and_serial_port():
    cfg = _toml(wiring.TOML_PATH)["wokwi"]
    assert cfg["version"] == 1 and cfg["firmware"].endswith(".bin") and cfg["rfc2217ServerPort"] == 4000


def _svg_wires(text):
    root = ET.fromstring(text)
    return {(int(e.get("data-gpio")), e.get("data-part")) for e in root.iter()
            if e.get("class") == "wire"}


def _expected_wires(pm):
    exp = {(pm["i2c"]["sda"], "oled:SDA"), (pm["i2c"]["scl"], "oled:SCL"), (pm["battery"]["adc"], "battery")}
    exp |= {(g, "button:" + n) for n, g in pm["buttons"].items()}
    exp |= {(g, n) for n, g in pm["optional"].items()}
    return exp


@pytest.mark.parametrize("board", sorted(MAPS))
def test_svg_wires_every_pin_of_the_map_and_nothing_else(board):
    with open(wiring.DRAWINGS[board].svg_path, encoding="utf-8") as f:
        text = f.read()
    assert _svg_wires(text) == _expected_wires(MAPS[board])
    for gpio, _ in _expected_wires(MAPS[board]):
        assert "GPIO %d" % gpio in text
    assert wiring.DRAWINGS[board].title in text


def test_generator_follows_a_changed_pin_map():
    pm = copy.deepcopy(PM)
    pm["buttons"]["up"], pm["optional"]["buzzer"] = 2, 6
    assert pincheck.check(pm) == []
    check_diagram_matches(wiring.diagram(pm), pm)
    assert _svg_wires(wiring.svg(pm)) == _expected_wires(pm)
    assert (2, "button:up") in _svg_wires(wiring.svg(pm))
