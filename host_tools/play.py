"""python -m host_tools.play: one handheld on the PC, in the terminal, played from the keyboard.

Runs the unchanged firmware (the .mpy build, rebuilt first) under the MicroPython unix port on the
host fakes, through the simulator's hub (host_tools/sim/hub.py, one handheld), and draws each frame
it shows with half-block characters (128x64 pixels in 128x32 characters).

Keys: Up/k = up, Down/j = down, Enter/Space = select, Left/Backspace = back (a tap each).
      p = hold BACK down / let go again (to look under the cup), L = a long press of select,
      q = quit.
A terminal sends no key-up events, so holding a key is spelled with p and L.
Options: --flash DIR keeps the handheld's flash (settings, records) in DIR (default:
build/play-flash), --fresh starts from an empty flash.
"""
import argparse
import os
import select
import shutil
import sys
import termios
import tty

from host_tools import build
from host_tools.paths import ROOT

KEYS = {"\x1b[A": "up", "k": "up", "\x1b[B": "down", "j": "down", "\r": "select", "\n": "select",
        " ": "select", "\x1b[D": "back", "\x7f": "back", "\x08": "back"}


def render(frame, width=128, height=64, on=True):
    """The frame as lines of half blocks: each character is two pixels stacked."""
    out = []
    for y in range(0, height, 2):
        row = []
        for x in range(width):
            top = on and frame[(y >> 3) * width + x] >> (y & 7) & 1
            bot = on and frame[((y + 1) >> 3) * width + x] >> ((y + 1) & 7) & 1
            row.append("█" if top and bot else "▀" if top else "▄" if bot else " ")
        out.append("".join(row))
    return out


def _keys(fd):
    """Every key waiting on the terminal (escape sequences kept whole)."""
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 64)
        if not chunk:
            break
        data += chunk
    s = data.decode("utf-8", "replace")
    keys = []
    i = 0
    while i < len(s):
        if s[i] == "\x1b" and s[i + 1:i + 2] == "[" and i + 2 < len(s):
            keys.append(s[i:i + 3])
            i += 3
        else:
            keys.append(s[i])
            i += 1
    return keys


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.play", description=__doc__.split("\n")[0])
    ap.add_argument("--flash", default=os.path.join(ROOT, "build", "play-flash"))
    ap.add_argument("--fresh", action="store_true", help="empty the flash folder first")
    args = ap.parse_args(argv)
    if not sys.stdin.isatty():
        print("play needs a terminal (it reads single key presses)", file=sys.stderr)
        return 2
    errors = build.build()
    if errors:
        for rel, msg in errors:
            print("mpy-cross failed on firmware/%s: %s" % (rel, msg), file=sys.stderr)
        return 1
    from host_tools.sim.hub import Sim
    if args.fresh:
        shutil.rmtree(args.flash, ignore_errors=True)
    os.makedirs(args.flash, exist_ok=True)
    sim = Sim(n=1, flash_root=args.flash, clock="wall")
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    shown = None
    back_held = False
    try:
        sim.start()
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[2J\x1b[?25l")
        while sim.handhelds[0].alive:
            sim.run_for(20)
            for k in _keys(fd):
                if k == "q":
                    return 0
                if k == "p":
                    back_held = not back_held
                    sim.press(0, "back", back_held)
                elif k == "L":
                    sim.click(0, "select", hold_ms=1000)
                elif k in KEYS:
                    sim.click(0, KEYS[k])
            h = sim.handhelds[0]
            state = (bytes(h.frame) if h.frame else None, h.display_on, back_held)
            if h.frame is not None and state != shown:
                shown = state
                lines = render(h.frame, on=h.display_on)
                sys.stdout.write("\x1b[H" + "\n".join(lines) + "\n")
                sys.stdout.write("\x1b[K[arrows/j/k] move [enter] select [left] back  "
                                 "[p] back %s  [L] long select  [q] quit\n"
                                 % ("HELD" if back_held else "up"))
                sys.stdout.flush()
        print("the handheld stopped; its console: %s" % sim.handhelds[0].log_path, file=sys.stderr)
        return 1
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[?25h\n")
        sim.close()


if __name__ == "__main__":
    sys.exit(main())
