"""Wiring, generated from each board's pin map: for the reference Waveshare ESP32-S3-Zero
hardware/wiring.svg and the Wokwi project in hardware/wokwi/ (from hardware/pinmap.json); for the
WROOM-32 DevKitC hardware/wiring_wroom.svg and hardware/wokwi_wroom/ (from hardware/pinmap_wroom.json).

Owns each board's header order and the Wokwi part and pin names (Wokwi has no S3-Zero part: its
project uses board-esp32-s3-devkitc-1, the same chip, wired by GPIO number). Nothing here is drawn by
hand: change a pin map, run `python -m host_tools.wiring`, commit what it writes.
Usage: python -m host_tools.wiring [--check]   (--check exits 1 when a committed file is out of date)
"""
import json
import os
import sys
from xml.sax.saxutils import escape

from host_tools import boards, pincheck
from host_tools.paths import HARDWARE

SVG_PATH = os.path.join(HARDWARE, "wiring.svg")      # the reference board's (BOARD_FILES has both)
WOKWI_DIR = os.path.join(HARDWARE, "wokwi")
DIAGRAM_PATH = os.path.join(WOKWI_DIR, "diagram.json")
TOML_PATH = os.path.join(WOKWI_DIR, "wokwi.toml")
# The MicroPython image the maker downloads (docs/building.md); Wokwi runs the same file as a real board.
WOKWI_FIRMWARE = "ESP32_GENERIC.bin"
WOKWI_SERIAL_PORT = 4000

# ESP32-DevKitC V4 headers, top (antenna end) to bottom, as printed on the board.
LEFT_HEADER = ["3V3", "EN", "36", "39", "34", "35", "32", "33", "25", "26", "27", "14", "12", "GND",
               "13", "9", "10", "11", "5V"]
RIGHT_HEADER = ["GND", "23", "22", "1", "3", "21", "GND", "19", "18", "5", "17", "16", "4", "0", "2",
                "15", "8", "7", "6"]
SILK = {"36": "VP", "39": "VN", "1": "TX", "3": "RX", "9": "SD2", "10": "SD3", "11": "CMD",
        "8": "SD1", "7": "SD0", "6": "CLK"}
# Wokwi's board-esp32-devkit-c-v4 names its pins like this (wokwi-boards board.json).
WOKWI_PIN = {36: "VN", 39: "VP", 1: "TX", 3: "RX", 9: "D2", 10: "D3", 11: "CMD", 8: "D1", 7: "D0", 6: "CLK"}
# Waveshare ESP32-S3-Zero castellated edges, USB end first, as printed on the board (TX=43, RX=44).
S3_LEFT = ["5V", "GND", "3V3", "1", "2", "3", "4", "5", "6"]
S3_RIGHT = ["43", "44", "13", "12", "11", "10", "9", "8", "7"]


class Drawing:
    """What the generators draw for one board: headers, silk names, the Wokwi part and its pin names."""

    def __init__(self, title, left, right, silk, part, wokwi_pin, v33, gnd, firmware, svg_path, wokwi_dir):
        self.title, self.left, self.right, self.silk = title, left, right, silk
        self.part, self.wokwi_pin, self.v33, self.gnd, self.firmware = part, wokwi_pin, v33, gnd, firmware
        self.svg_path, self.wokwi_dir = svg_path, wokwi_dir


DRAWINGS = {
    "wroom": Drawing("ESP32-DevKitC V4", LEFT_HEADER, RIGHT_HEADER, SILK, "board-esp32-devkit-c-v4", WOKWI_PIN,
                     "3V3", ("GND.1", "GND.2"), WOKWI_FIRMWARE, os.path.join(HARDWARE, "wiring_wroom.svg"),
                     os.path.join(HARDWARE, "wokwi_wroom")),
    "s3": Drawing("Waveshare ESP32-S3-Zero", S3_LEFT, S3_RIGHT, {"43": "TX", "44": "RX"}, "board-esp32-s3-devkitc-1",
                  {43: "TX", 44: "RX"}, "3V3.1", ("GND.1", "GND.2"), "ESP32_GENERIC_S3.bin", SVG_PATH, WOKWI_DIR),
}
_DRAW = [DRAWINGS[boards.REFERENCE]]   # the board the module-level functions draw (outputs() sets it)


def _d(pm):
    b = boards.of_pinmap(pm)
    return DRAWINGS[b.key] if b is not None else DRAWINGS["wroom"]


BUTTON_KEYS = {"up": "ArrowUp", "down": "ArrowDown", "select": "Enter", "back": "Backspace"}
BUTTON_COLORS = {"up": "blue", "down": "blue", "select": "green", "back": "red"}


def connections(pm):
    """The signal wires as (gpio, part, part_pin, note), in a fixed order. The single list both the
    SVG and the Wokwi diagram are drawn from."""
    out = [(pm["i2c"]["sda"], "oled", "SDA", "I2C data"), (pm["i2c"]["scl"], "oled", "SCL", "I2C clock")]
    for name in pincheck.BUTTONS:
        out.append((pm["buttons"][name], "button:" + name, "1", "to GND when pressed"))
    out.append((pm["battery"]["adc"], "battery", "SIG", "divider midpoint, 1/%g of the cell" % pm["battery"]["ratio"]))
    for name in sorted(pm.get("optional", {})):
        out.append((pm["optional"][name], name, "+", pm.get("optional_wiring", {}).get(name, "")))
    return out


def wokwi_pin(gpio, dr=None):
    return "esp:" + (dr or _DRAW[0]).wokwi_pin.get(gpio, str(gpio))


def diagram(pm):
    """The Wokwi diagram.json for one handheld, as a dict."""
    dr = _d(pm)
    _DRAW[0] = dr
    g1, g2 = ("esp:" + g for g in dr.gnd)
    v33 = "esp:" + dr.v33
    parts = [{"type": dr.part, "id": "esp", "top": 0, "left": 0, "attrs": {}},
             {"type": "board-ssd1306", "id": "oled", "top": -140, "left": 140,
              "attrs": {"i2c-address": "0x%02x" % pm["oled"]["address"]}}]
    conns = [["esp:TX", "$serialMonitor:RX", "", []], ["esp:RX", "$serialMonitor:TX", "", []],
             ["oled:VCC", v33, "red", []], ["oled:GND", g2, "black", []]]
    for i, name in enumerate(pincheck.BUTTONS):
        parts.append({"type": "wokwi-pushbutton", "id": "btn_" + name, "top": 260, "left": -150 + 95 * i,
                      "attrs": {"color": BUTTON_COLORS[name], "label": name, "key": BUTTON_KEYS[name]}})
    # the knob stands in for the divider: start it where a 3.8 V cell would put the pin (0-1023 of 3.3 V)
    knob = round(3800.0 / pm["battery"]["ratio"] / 3300 * 1023)
    parts.append({"type": "wokwi-potentiometer", "id": "battery", "top": 40, "left": -200,
                  "attrs": {"value": str(knob)}})
    conns += [["battery:VCC", v33, "red", []], ["battery:GND", g1, "black", []]]
    opt = pm.get("optional", {})
    if "buzzer" in opt:
        parts.append({"type": "wokwi-buzzer", "id": "buzzer", "top": -120, "left": -170, "attrs": {"volume": "0.2"}})
        conns.append(["buzzer:1", g1, "black", []])
    if "vibration" in opt:
        parts.append({"type": "wokwi-led", "id": "vibration", "top": -120, "left": -250,
                      "attrs": {"color": "orange", "label": "vibration"}})
        conns.append(["vibration:C", g1, "black", []])
    if "tilt" in opt:
        parts.append({"type": "wokwi-pushbutton", "id": "tilt", "top": 360, "left": -150,
                      "attrs": {"color": "yellow", "label": "tilt (shake)", "key": "t"}})
        conns.append(["tilt:2.l", g1, "black", []])
    for gpio, part, _pin, _note in connections(pm):
        if part == "oled":
            conns.append(["oled:" + _pin, wokwi_pin(gpio), "blue" if _pin == "SDA" else "yellow", []])
        elif part.startswith("button:"):
            bid = "btn_" + part.split(":")[1]
            conns += [[bid + ":1.l", wokwi_pin(gpio), "green", []], [bid + ":2.l", g1, "black", []]]
        elif part == "battery":
            conns.append(["battery:SIG", wokwi_pin(gpio), "orange", []])
        elif part == "buzzer":
            conns.append(["buzzer:2", wokwi_pin(gpio), "purple", []])
        elif part == "vibration":
            conns.append(["vibration:A", wokwi_pin(gpio), "purple", []])
        elif part == "tilt":
            conns.append(["tilt:1.l", wokwi_pin(gpio), "gold", []])
    return {"version": 1, "author": "dicecup (generated from the %s pin map by host_tools/wiring.py)" % dr.title,
            "editor": "wokwi", "parts": parts, "connections": conns, "dependencies": {}}


def wokwi_toml(dr=None):
    dr = dr or _DRAW[0]
    key = [k for k, v in DRAWINGS.items() if v is dr][0]
    return ("# Generated by host_tools/wiring.py. Put the MicroPython image (docs/hardware.md) here as %s,\n"
            "# start the simulator, then: make deploy BOARD=%s PORT=wokwi NAME=you\n"
            "[wokwi]\nversion = 1\nfirmware = \"%s\"\nelf = \"%s\"\nrfc2217ServerPort = %d\n"
            % (dr.firmware, key, dr.firmware, dr.firmware, WOKWI_SERIAL_PORT))


# ---- SVG -------------------------------------------------------------------------------------------

_PITCH = 24
_TOP = 90
_BOARD_X0, _BOARD_X1 = 430, 590


def _pin_y(i):
    return _TOP + 30 + i * _PITCH


def _text(x, y, s, size=12, anchor="start", weight="normal", fill="#222"):
    return ('<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s">%s</text>'
            % (x, y, size, anchor, weight, fill, escape(s)))


def _box(x, y, w, h, title, lines, fill="#f4f4f4", cls="part", data=""):
    out = ['<g class="%s"%s>' % (cls, data),
           '<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="#444"/>' % (x, y, w, h, fill),
           _text(x + 8, y + 18, title, 13, weight="bold")]
    for i, line in enumerate(lines):
        out.append(_text(x + 8, y + 36 + 15 * i, line, 11))
    out.append("</g>")
    return out


_LEFT_BOXES = {
    "battery": ("battery divider", ["VSW -[100k]- pin -[100k]- GND, 100 nF"]),
    "button": ("button", ["other leg to GND (internal pull-up)"]),
    "buzzer": ("piezo buzzer", ["other lead to GND; PWM tones"]),
    "tilt": ("tilt switch SW-520D", ["other leg to GND; shake = toggles"]),
    "vibration": ("vibration motor", ["via NPN transistor + diode"]),
}


def svg(pm):
    """The wiring diagram as SVG text: the DevKitC's two headers, every used pin wired to its part."""
    dr = _d(pm)
    used = {}
    for gpio, part, pin, note in connections(pm):
        used[str(gpio)] = (part, pin, note)
    rows = max(len(dr.left), len(dr.right))
    width, height = 1060, _TOP + 30 + rows * _PITCH + 260
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Arial, sans-serif">' % (width, height, width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           _text(20, 30, "dicecup handheld wiring on the %s (generated from its pin map)" % dr.title, 18, weight="bold"),
           _text(20, 52, "Buttons, tilt switch and buzzer go to GND; all GND pins are common; 3V3 comes from "
                 "the ME6211 regulator (bottom).", 12),
           '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#1d3557" stroke="#000"/>'
           % (_BOARD_X0, _TOP, _BOARD_X1 - _BOARD_X0, rows * _PITCH + 40),
           _text((_BOARD_X0 + _BOARD_X1) // 2, _TOP + 20, dr.title, 13, "middle", "bold", "white"),
           _text((_BOARD_X0 + _BOARD_X1) // 2, _TOP + 30 + rows * _PITCH + 2, "USB", 11, "middle", fill="white")]
    left_parts, right_parts = [], []
    for side, header in (("left", dr.left), ("right", dr.right)):
        for i, name in enumerate(header):
            y = _pin_y(i)
            x = _BOARD_X0 if side == "left" else _BOARD_X1
            label = dr.silk.get(name, name)
            if name.isdigit() and label == name:
                label = "GPIO" + name if name in used else name
            hot = name in used
            out.append('<circle cx="%d" cy="%d" r="5" fill="%s" stroke="white"/>' % (x, y - 4, "#e9c46a" if hot else "#888"))
            tx = x + 10 if side == "left" else x - 10
            out.append(_text(tx, y, label, 11, "start" if side == "left" else "end", "bold" if hot else "normal",
                             "white" if hot else "#bbb"))
            if hot:
                (left_parts if side == "left" else right_parts).append((i, name, y))
    # parts on the left: stacked boxes, each wired to its pin with its own vertical lane
    by = 0
    for k, (i, name, y) in enumerate(left_parts):
        part, pin, note = used[name]
        # level with its pin when there is room, else just below the box above (wires never cross)
        by = max(y - 28, by + 56) if k else y - 28
        lane = 290 + 16 * k
        out.append('<polyline class="wire" data-gpio="%s" data-part="%s" points="%d,%d %d,%d %d,%d %d,%d" '
                   'fill="none" stroke="#2a9d8f" stroke-width="2"/>'
                   % (name, part, 250, by + 24, lane, by + 24, lane, y - 4, _BOARD_X0, y - 4))
        out.append(_text(_BOARD_X0 - 6, y - 8, "GPIO %s" % name, 10, "end", fill="#2a9d8f", weight="bold"))
        title, lines = _LEFT_BOXES.get(part.split(":")[0], (part, [note]))
        if part.startswith("button:"):
            title = "button %s%s" % (part.split(":")[1], " (wake)" if part.split(":")[1] == pm["wake"] else "")
        out.extend(_box(20, by, 230, 48, title, lines,
                        fill="#fdf0d5" if part.startswith("button") else "#e9f5f2"))
    # parts on the right: the OLED takes every right-header wire plus power
    oled_rows = [(i, name, y) for i, name, y in right_parts if used[name][0] == "oled"]
    ox, oy = 760, _TOP + 10
    out.extend(_box(ox, oy, 270, 130, "OLED SSD1306 128x64 (I2C 0x%02X)" % pm["oled"]["address"],
                    ["VCC -> 3V3, GND -> GND", "SDA -> GPIO %d, SCL -> GPIO %d" % (pm["i2c"]["sda"], pm["i2c"]["scl"]),
                     "bus I2C(%d) at %d kHz" % (pm["i2c"]["id"], pm["i2c"]["freq"] // 1000)], fill="#e7ecef"))
    for k, (i, name, y) in enumerate(oled_rows):
        py = oy + 95 + 14 * k
        out.append('<polyline class="wire" data-gpio="%s" data-part="oled:%s" points="%d,%d %d,%d %d,%d %d,%d" '
                   'fill="none" stroke="#457b9d" stroke-width="2"/>'
                   % (name, used[name][1], _BOARD_X1, y - 4, 690 + 14 * k, y - 4, 690 + 14 * k, py, ox, py))
        out.append(_text(ox - 6, py - 3, "%s GPIO %s" % (used[name][1], name), 10, "end", fill="#457b9d"))
    for i, name, y in right_parts:
        if used[name][0] != "oled":
            part = used[name][0]
            out.append('<line class="wire" data-gpio="%s" data-part="%s" x1="%d" y1="%d" x2="%d" y2="%d" '
                       'stroke="#2a9d8f" stroke-width="2"/>' % (name, part, _BOARD_X1, y - 4, 760, y - 4))
            title = part.replace("button:", "button ") + (" (wake)" if part == "button:" + pm["wake"] else "")
            out.extend(_box(760, y - 15, 270, 22, "%s: GPIO %s, %s" % (title, name, used[name][2]), [],
                            fill="#fdf0d5" if part.startswith("button") else "#e9f5f2"))
    # the power path, drawn as a chain with net labels
    py = _TOP + rows * _PITCH + 90
    chain = [("LiPo 1000 mAh", ["JST-PH, + and -"]), ("TP4056 + DW01A", ["B+/B- to cell", "OUT+/OUT- out"]),
             ("slide switch", ["OUT+ -> VSW"]), ("ME6211C33", ["VSW -> 3V3 pin", "1 uF in and out"])]
    x = 20
    for k, (title, lines) in enumerate(chain):
        out.extend(_box(x, py, 200, 70, title, lines, fill="#fff3b0", cls="power"))
        if k:
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#e76f51" stroke-width="3"/>'
                       % (x - 50, py + 35, x, py + 35))
        x += 250
    out.append(_text(20, py + 100, "VSW (after the switch) also feeds the battery divider; all minus terminals "
                     "and GND pins are one ground. Do not plug the board's USB while the switch is on.", 12))
    out.append(_text(20, py + 118, "Wake from sleep: any button; the %s button (GPIO %d) at once via ext0, back via ext1 "
                     "(firmware/dicecup/device/hw.py), up and down within 250 ms." % (pm["wake"], pm["buttons"][pm["wake"]]), 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def outputs(pm):
    """{path: text} of every file this module generates from one board's pin map."""
    dr = _d(pm)
    return {dr.svg_path: svg(pm), os.path.join(dr.wokwi_dir, "diagram.json"): json.dumps(diagram(pm), indent=2) + "\n",
            os.path.join(dr.wokwi_dir, "wokwi.toml"): wokwi_toml(dr)}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    files = {}
    for key in sorted(boards.BOARDS, key=lambda k: k != boards.REFERENCE):
        path = boards.BOARDS[key].pinmap if key != boards.REFERENCE else None
        pm = pincheck.checked("wiring", path)
        if pm is None:
            return 1
        files.update(outputs(pm))
    stale = []
    for path, text in files.items():
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == text
        except OSError:
            same = False
        if "--check" in argv:
            if not same:
                stale.append(path)
        elif not same:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote %s" % os.path.relpath(path))
    for path in stale:
        print("wiring: %s is out of date; run python -m host_tools.wiring" % os.path.relpath(path), file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
