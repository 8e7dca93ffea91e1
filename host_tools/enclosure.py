"""The enclosure: writes hardware/enclosure/pinmap_params.scad from the pin map's layout block, and
renders hardware/enclosure/dicecup.png with OpenSCAD for docs/building.md.

dicecup.scad (hand-written, parametric) includes the params file, so the screen window and the button
holes always sit where hardware/pinmap.json says. Rendering needs `openscad` (Debian: apt-get install
openscad xvfb); nothing else here does.
Usage: python -m host_tools.enclosure [--check | --render]
"""
import os
import shutil
import subprocess
import sys

from host_tools import pincheck
from host_tools.paths import HARDWARE

DIR = os.path.join(HARDWARE, "enclosure")
SCAD = os.path.join(DIR, "dicecup.scad")
PARAMS = os.path.join(DIR, "pinmap_params.scad")
PNG = os.path.join(DIR, "dicecup.png")


def _num(v):
    return ("%.3f" % v).rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _vec(vals):
    return "[" + ", ".join(_num(v) for v in vals) + "]"


def params(pm):
    """pinmap_params.scad as text."""
    lay = pm["layout"]
    cup, scr, mod = lay["cup"], lay["screen"], lay["oled_module"]
    side, lid = lay["side"], lay["lid"]
    out = ["// Generated from hardware/pinmap.json (layout) by host_tools/enclosure.py; do not edit.",
           "// Top-face coordinates in mm from its centre, x right, y away from the player.",
           "cup_top_d = %s;" % _num(cup["top_d"]), "cup_mouth_d = %s;" % _num(cup["mouth_d"]),
           "cup_height = %s;" % _num(cup["height"]), "wall = %s;" % _num(cup["wall"]),
           "lid_t = %s;" % _num(cup["lid"]),
           "screen = %s;          // x, y, w, h of the window" % _vec([scr["x"], scr["y"], scr["w"], scr["h"]]),
           "oled_module = %s;     // board w, h, glass centre offset from board centre in y"
           % _vec([mod["w"], mod["h"], mod["glass_dy"]])]
    rows = ['["%s", %s, %s, %s]' % (n, _num(b["x"]), _num(b["y"]), _num(b["d"]))
            for n, b in sorted(lay["buttons"].items(), key=lambda kv: kv[1]["x"])]
    out.append("buttons = [%s];  // name, x, y, hole diameter" % ", ".join(rows))
    for key in ("charge_usb", "power_switch"):
        s = side[key]
        out.append("%s = %s;  // angle, height above the mouth, w, h" % (key, _vec([s["angle"], s["z"], s["w"], s["h"]])))
    b = side["buzzer_holes"]
    out.append("buzzer_holes = %s;  // angle, height, hole d, count" % _vec([b["angle"], b["z"], b["d"], b["n"]]))
    u = lid["data_usb"]
    out.append("data_usb = %s;  // slot in the lid for the board's USB: x, y, w, h" % _vec([u["x"], u["y"], u["w"], u["h"]]))
    wake = pm["wake"]
    out.append('wake_button = "%s";' % wake)
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
    pm = pincheck.checked("enclosure")
    if pm is None:
        return 1
    text = params(pm)
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
