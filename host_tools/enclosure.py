"""The enclosure: writes hardware/enclosure/pinmap_params.scad from every board's pin map (its layout
block) and board facts (host_tools/boards.py: the board's size, thickness and USB connector), and renders
hardware/enclosure/dicecup.png with OpenSCAD for docs/building.md.

dicecup.scad (hand-written, parametric) includes the params file, so the screen window and the button
holes always sit where the pin map says, and the board's pocket on the lid and the slot for its USB cable
fit the board. The params file holds every board: `board = "s3"` (the reference) picks one, and
`openscad -D 'board="wroom"' ...` builds the cup for the WROOM-32 DevKitC. A value that differs between
boards is written as by_board([[key, value], ...]). Rendering needs `openscad` (Debian: apt-get install
openscad xvfb); nothing else here does. The generator refuses (naming the board and the reason) a board
that does not fit its pocket on the lid or whose connector sits too deep for a cable's plug.
Usage: python -m host_tools.enclosure [--check | --render]
"""
import math
import os
import shutil
import subprocess
import sys

from host_tools import boards, pincheck
from host_tools.paths import HARDWARE

DIR = os.path.join(HARDWARE, "enclosure")
SCAD = os.path.join(DIR, "dicecup.scad")
PARAMS = os.path.join(DIR, "pinmap_params.scad")
PNG = os.path.join(DIR, "dicecup.png")

CLEAR = 0.5          # mm around the board in its pocket and around the cable's plug in the lid's slot
POCKET_WALL = 1.2    # the pocket's walls on the lid: 3 perimeters of a 0.4 mm nozzle
POCKET_H = 6.0       # how high they hold the standing board (hot glue does the rest)
LID_CLEAR = 0.3      # dicecup.scad's `clear`: the lid is this much smaller than the mouth
NOTCH_R = 5.0        # dicecup.scad's finger notch at the lid's +x edge
ROOM_UNDER_TOP = 12.0  # mm under the top face the buttons' strip and the OLED take
# The molded part of a cable's plug, which the lid's slot must let through, and the deepest a
# receptacle's face may sit behind the outer face so the plug still mates (Makers Making Change's
# OpenAT design guide: "keep out" and "wall to connector").
PLUG = {"USB-C": {"keep_out": (12.0, 6.0), "max_recess": 2.0},
        "micro-USB": {"keep_out": (12.0, 8.0), "max_recess": 1.9}}


def _num(v):
    return ("%.3f" % v).rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _vec(vals):
    return "[" + ", ".join(_num(v) for v in vals) + "]"


def lid_d(cup):
    """The lid's diameter (dicecup.scad's lid(): the mouth's inner diameter at the lid's height, less clear)."""
    r_out = cup["mouth_d"] / 2.0 + (cup["top_d"] - cup["mouth_d"]) / 2.0 * cup["lid"] / cup["height"]
    return 2 * (r_out - cup["wall"]) - LID_CLEAR


def pocket(pm, board):
    """The board's pocket on the lid and the slot for its cable, from the pin map's layout.lid.board and
    the board's facts: {"x", "y", "angle", "inner": (w, t), "outer": (w, t), "slot": (x, y, w, h),
    "recess", "length"}. The board stands on its USB end: its short edge lies along `angle`, its
    thickness across it; the slot is the plug's keep-out around the connector's centre."""
    lay = pm["layout"]
    place = lay["lid"]["board"]
    short, length = min(board.size_mm), max(board.size_mm)
    t, usb = board.thick_mm, board.usb
    plug = PLUG[usb["connector"]]
    inner = (short + 2 * CLEAR, t + 2 * CLEAR)
    outer = (inner[0] + 2 * POCKET_WALL, inner[1] + 2 * POCKET_WALL)
    # the connector's centre from the pocket's centre: along the edge (centred on it unless the board says
    # otherwise) and across the board (the receptacle on the PCB's top face)
    du = usb.get("offset", 0.0)
    dv = usb["above"] + usb["h"] / 2.0 - t / 2.0
    a = math.radians(place.get("angle", 0))
    sx = place["x"] + du * math.cos(a) - dv * math.sin(a)
    sy = place["y"] + du * math.sin(a) + dv * math.cos(a)
    w, h = plug["keep_out"]
    return {"x": place["x"], "y": place["y"], "angle": place.get("angle", 0), "inner": inner, "outer": outer,
            "slot": (round(sx, 3), round(sy, 3), w + 2 * CLEAR, h + 2 * CLEAR),
            "recess": lay["cup"]["lid"] - usb["sticks_out"], "length": length}


def problems(pm, board):
    """Why the board does not fit its cup (an empty list: it fits)."""
    cup = pm["layout"]["cup"]
    p = pocket(pm, board)
    usb = board.usb
    out = []
    r = lid_d(cup) / 2.0
    a = math.radians(p["angle"])
    corners = []
    for su in (-1, 1):
        for sv in (-1, 1):
            u, v = su * p["outer"][0] / 2.0, sv * p["outer"][1] / 2.0
            corners.append((p["x"] + u * math.cos(a) - v * math.sin(a), p["y"] + u * math.sin(a) + v * math.cos(a)))
    if max(math.hypot(x, y) for x, y in corners) > r - 1.0:
        out.append("the %s's pocket (%s x %s mm) reaches past the lid (%.1f mm across, 1 mm kept)"
                   % (board.name, _num(p["outer"][0]), _num(p["outer"][1]), 2 * r))
    else:
        # the finger notch's centre (r, 0) in the pocket's own frame, and its distance to the pocket
        nx, ny = r - p["x"], -p["y"]
        u, v = nx * math.cos(a) + ny * math.sin(a), -nx * math.sin(a) + ny * math.cos(a)
        du = max(abs(u) - p["outer"][0] / 2.0, 0.0)
        dv = max(abs(v) - p["outer"][1] / 2.0, 0.0)
        if math.hypot(du, dv) < NOTCH_R + 1.0:
            out.append("the %s's pocket runs into the finger notch at the lid's +x edge" % board.name)
    if usb["sticks_out"] > cup["lid"]:
        out.append("the %s's %s sticks out %s mm past its edge, more than the %s mm lid: the cup would not stand "
                   "flat" % (board.name, usb["connector"], _num(usb["sticks_out"]), _num(cup["lid"])))
    elif p["recess"] > PLUG[usb["connector"]]["max_recess"]:
        out.append("the %s's %s sits %s mm inside the lid's outer face; a cable's plug reaches only %s mm: make the "
                   "lid thinner" % (board.name, usb["connector"], _num(p["recess"]),
                                    _num(PLUG[usb["connector"]]["max_recess"])))
    if p["slot"][2] > p["inner"][0] + 2 * POCKET_WALL:
        out.append("the cable's slot (%s mm) is wider than the %s's pocket" % (_num(p["slot"][2]), board.name))
    room = cup["height"] - cup["wall"] - cup["lid"] - ROOM_UNDER_TOP
    if p["length"] > room:
        out.append("the %s stands %s mm tall; the cup has %s mm under its buttons and screen"
                   % (board.name, _num(p["length"]), _num(room)))
    return out


def _board_lines(pm, board):
    """{name: (value text, comment)} of every line of one board's params, in file order."""
    lay = pm["layout"]
    cup, scr, mod = lay["cup"], lay["screen"], lay["oled_module"]
    side = lay["side"]
    rows = ['["%s", %s, %s, %s]' % (n, _num(b["x"]), _num(b["y"]), _num(b["d"]))
            for n, b in sorted(lay["buttons"].items(), key=lambda kv: kv[1]["x"])]
    out = [("cup_top_d", _num(cup["top_d"]), ""), ("cup_mouth_d", _num(cup["mouth_d"]), ""),
           ("cup_height", _num(cup["height"]), ""), ("wall", _num(cup["wall"]), ""), ("lid_t", _num(cup["lid"]), ""),
           ("screen", _vec([scr["x"], scr["y"], scr["w"], scr["h"]]), "x, y, w, h of the window"),
           ("oled_module", _vec([mod["w"], mod["h"], mod["glass_dy"]]),
            "board w, h, glass centre offset from board centre in y"),
           ("buttons", "[%s]" % ", ".join(rows), "name, x, y, hole diameter")]
    for key in ("charge_usb", "power_switch"):
        s = side[key]
        out.append((key, _vec([s["angle"], s["z"], s["w"], s["h"]]), "angle, height above the mouth, w, h"))
    b = side["buzzer_holes"]
    out.append(("buzzer_holes", _vec([b["angle"], b["z"], b["d"], b["n"]]), "angle, height, hole d, count"))
    p = pocket(pm, board)
    out.append(("board_pocket", _vec([p["x"], p["y"], p["angle"], p["inner"][0], p["inner"][1], POCKET_WALL,
                                      POCKET_H]),
                "the board's pocket on the lid: x, y, angle, inside w (its short edge) and t, wall, height"))
    out.append(("board_size", _vec([min(board.size_mm), p["length"], board.thick_mm]),
                "the board standing in it: short edge, length (up), thickness"))
    s = p["slot"]
    out.append(("data_usb", _vec([s[0], s[1], s[2], s[3], p["angle"]]),
                "the lid's slot for the plug of the board's USB cable: x, y, w, h, angle"))
    out.append(("wake_button", '"%s"' % pm["wake"], ""))
    return out


def params(maps=None):
    """pinmap_params.scad as text, for {board key: parsed pin map} (default: every board's own map)."""
    if maps is None:
        maps = {k: pincheck.load(boards.BOARDS[k].pinmap) for k in boards.BOARDS}
    keys = sorted(maps, key=lambda k: k != boards.REFERENCE)
    lines = {k: _board_lines(maps[k], boards.BOARDS[k]) for k in keys}
    out = ["// Generated from the pin maps (layout) and host_tools/boards.py by host_tools/enclosure.py; do not edit.",
           "// Top-face coordinates in mm from its centre, x right, y away from the player.",
           '// One set of values per board; openscad -D \'board="%s"\' picks another than the reference.'
           % '|'.join(keys),
           'board = "%s";' % keys[0],
           "function by_board(values) = [for (v = values) if (v[0] == board) v[1]][0];"]
    for i, (name, value, note) in enumerate(lines[keys[0]]):
        values = [lines[k][i][1] for k in keys]
        if len(set(values)) == 1:
            text = value
        else:
            text = "by_board([%s])" % ", ".join('["%s", %s]' % (k, v) for k, v in zip(keys, values))
        out.append("%s = %s;%s" % (name, text, "  // " + note if note else ""))
    return "\n".join(out) + "\n"


def render(out=PNG):
    """Render the building guide's picture; returns an error message or None."""
    exe = shutil.which("openscad")
    if not exe:
        return "openscad is not installed (Debian/Ubuntu: sudo apt-get install openscad xvfb)"
    cmd = [exe, "-o", out, "--imgsize=900,700", "--colorscheme=Tomorrow", "--autocenter", "--viewall",
           "--camera=0,0,0,48,0,20,0", "-D", 'part="show"', SCAD]
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24"] + cmd
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode != 0 or not os.path.exists(out):
        return "openscad failed: " + (r.stderr.strip().splitlines() or ["no output"])[-1]
    return None


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    maps = {}
    for key in sorted(boards.BOARDS, key=lambda k: k != boards.REFERENCE):
        pm = pincheck.checked("enclosure", boards.BOARDS[key].pinmap if key != boards.REFERENCE else None)
        if pm is None:
            return 1
        bad = problems(pm, boards.BOARDS[key])
        for p in bad:
            print("enclosure: %s" % p, file=sys.stderr)
        if bad:
            return 1
        maps[key] = pm
    text = params(maps)
    try:
        with open(PARAMS, encoding="utf-8") as f:
            same = f.read() == text
    except OSError:
        same = False
    if "--check" in argv:
        if not same:
            print("enclosure: %s is out of date; run python -m host_tools.enclosure" % os.path.relpath(PARAMS),
                  file=sys.stderr)
        return 0 if same else 1
    if not same:
        with open(PARAMS, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote %s" % os.path.relpath(PARAMS))
    if "--render" in argv:
        err = render()
        if err:
            print("enclosure: %s" % err, file=sys.stderr)
            return 1
        print("wrote %s" % os.path.relpath(PNG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
