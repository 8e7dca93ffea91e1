"""`make pictures`: the README's and docs/simulator.md's pictures, made from a table game.

docs/sim-snyd.gif is the first rounds of a 4-handheld Snyd table game in the simulator (virtual
clock, a fixed seed, autoplay pressing every handheld's buttons), and docs/sim-window.png the
simulator's window during it, while handheld 2 holds BACK to peek at its dice (at the table a
handheld shows its dice only while BACK is held). Nothing here changes what the firmware does: the
peek is a press of the real button, with handheld 2's autoplay finger lifted meanwhile.

Usage: python -m host_tools.pictures [--out DIR] [--seconds S]
"""
import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the window is drawn off-screen
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from host_tools.paths import ROOT  # noqa: E402  (first: puts firmware/ on sys.path)
from host_tools import readback  # noqa: E402
from host_tools.sim import autoplay, images  # noqa: E402
from host_tools.sim.hub import Sim  # noqa: E402

N = 4
PEEKER = 1          # handheld 2 on the screen
PEEK_MS = 1800
SEED = 7


def _waiting(frame):
    """Handheld's screen shows another seat's turn (its dice hidden): a moment to peek."""
    top = readback.lines(frame)[0]
    return top.startswith("Tur:") or top.startswith("Turn:")


def make(out, seconds=16.0):
    """Writes sim-snyd.gif and sim-window.png into `out`; returns their paths."""
    import pygame
    from host_tools.sim.__main__ import _stale
    from host_tools.sim.window import Window
    if _stale():  # the handhelds run the .mpy build, as in `python -m host_tools.sim`
        from host_tools import build
        if build.main([]) != 0:
            raise RuntimeError("pictures: the firmware did not build")
    os.makedirs(out, exist_ok=True)
    gif = os.path.join(out, "sim-snyd.gif")
    png = os.path.join(out, "sim-window.png")
    from host_tools import boards
    # the reference board's heap, as `python -m host_tools.sim` gives it (the table needs PSRAM;
    # Sim's own default of 256K no longer holds a 4-handheld table's start on the 64-bit port)
    heap = boards.get(boards.REFERENCE).sim_heap()
    with Sim(N, clock="virtual", seed=SEED, heap=heap) as sim:
        win = Window(sim, scale=2, title="dicecup")
        players = [autoplay.Player(sim, i, "snyd", 1, seed=SEED * 100 + i) for i in range(N)]
        rec = images.Recorder(N, max_snaps=0)
        start = [None]
        waits = [0]
        peek = {"at": None, "shot": False}

        def seen(h):
            if start[0] is None and "Ryster" in readback.text(h.frame) or \
                    start[0] is None and "Shaking" in readback.text(h.frame):
                start[0] = sim.now()  # the game's first shake: the pictures start here
            if start[0] is not None:
                rec.update(sim.now(), h.id, h.frame)

        for h in sim.handhelds:
            h.on_frame.append(seen)
        while start[0] is None or sim.now() - start[0] < seconds * 1000:
            if sim.now() > 120_000:
                raise RuntimeError("pictures: the table game did not start in 2 minutes")
            now = sim.now()
            if peek["at"] is None and start[0] is not None and _waiting(sim.handhelds[PEEKER].frame):
                waits[0] += 1
                if waits[0] == 3:  # not the very first turn: a few bids are on the screens
                    peek["at"] = now
                    win._set(PEEKER, "back", True, "script")
            peeking = peek["at"] is not None and now - peek["at"] < PEEK_MS
            if peek["at"] is not None and not peeking and (PEEKER, "back") in win.held:
                win._set(PEEKER, "back", False, "script")
            if peeking and not peek["shot"] and now - peek["at"] > PEEK_MS / 2:
                win.draw()
                pygame.image.save(win.surface, png)
                peek["shot"] = True
            for p in players:
                if not (peeking and p.i == PEEKER):
                    p.act()
            sim.step()
        if not peek["shot"]:
            raise RuntimeError("pictures: handheld %d never waited for another seat" % (PEEKER + 1))
        n = rec.save_gif(gif)
    return gif, png, n


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.pictures", description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "docs"), help="folder (default docs/)")
    p.add_argument("--seconds", type=float, default=16.0, help="game time in the GIF (default 16)")
    a = p.parse_args(argv)
    gif, png, n = make(a.out, a.seconds)
    print("%s (%d frames, %d KB)\n%s" % (gif, n, os.path.getsize(gif) // 1024, png))
    return 0


if __name__ == "__main__":
    sys.exit(main())
