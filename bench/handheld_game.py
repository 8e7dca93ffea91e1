"""The whole handheld firmware on the host fakes, playing one game through its buttons (bench driver).

    micropython bench/handheld_game.py snyd|maxi    (MICROPYPATH: build/firmware and bench/)

Runs on the .mpy build with host_tools/fakes first on the path, in a fresh folder under /tmp as
the flash. The person at seat 0 plays a plain strategy by pressing buttons (no screen read-back,
which would cost heap the handheld never spends); bots play the other seats. Used by
bench/mp_handheld_*.py (peak heap, frames), bench/mp_handheld_modules_*.py (heap per module) and
bench/py_handheld.py (the smallest heap that completes, by running this under ever smaller
-X heapsize). Exit status 0 when the game finished.
"""
import gc
import json
import os
import sys

_T0 = None


def _fakes():
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    return here + "/../host_tools/fakes"


def _rmtree(d):
    for name in os.listdir(d):
        p = d + "/" + name
        try:
            os.remove(p)
        except OSError:
            _rmtree(p)
    os.rmdir(d)


def setup(kind):
    """Fresh flash (a new folder, now the current directory) with settings for a 6-seat game;
    returns the folder."""
    d = (os.getenv("TMPDIR") or "/tmp") + "/dicecup-bench-%d" % (os.urandom(2)[0] * 256 + os.urandom(1)[0])
    os.mkdir(d)
    os.chdir(d)
    s = {"sleep": 4, "bots": 5, "y_people": 2, "y_bots": 3}
    with open("settings.json", "w") as f:
        json.dump(s, f)
    return d


class Driver:
    step_ms = 20

    def __init__(self, kind):
        import machine
        import app
        import hw
        import pinmap
        import seats
        # bots answer 300 ms after a move: no bot move falls inside a button press (120 ms), so
        # the frames counted during presses are the ones the person's actions caused
        seats.Bot.think_ms = 300
        self.machine = machine
        self.kind = kind
        self.pm = pinmap.load()
        self.hw = hw.Hardware(self.pm)
        self.app = app.App(self.hw, 12345)
        self.now = 0
        self.presses = 0
        self.press_frames = 0
        self.max_press_frames = 0
        self.peak = 0
        self.ticks = 0
        self.tick()

    def tick(self):
        self.now += self.step_ms
        self.app.tick(self.now)
        self.ticks += 1

    def sample(self):
        gc.collect()
        a = gc.mem_alloc()
        if a > self.peak:
            self.peak = a

    def press(self, name, n=1):
        pin = self.pm["buttons"][name]
        for _ in range(n):
            f0 = self.app.frames
            self.machine.sim_set(pin, 0)
            for _ in range(3):
                self.tick()
            self.machine.sim_set(pin, 1)
            for _ in range(3):
                self.tick()
            self.presses += 1
            f = self.app.frames - f0
            self.press_frames += f
            if f > self.max_press_frames:
                self.max_press_frames = f
        self.sample()

    def screen(self):
        return type(self.app.screen).__name__

    def play(self, max_ticks=2000000):
        a = self.app
        if self.kind == "snyd":
            self.press("select")           # Title: Snyd
            self.press("select")           # set-up: Start! (5 bots from the settings)
        else:
            self.press("down", 2)          # title: Yatzy
            self.press("select")
            self.press("down")             # the variants: Maxi-Yatzy
            self.press("select")
            self.press("select")           # set-up: Start! (3 people + 3 bots from the settings)
        if self.screen() not in ("Round", "Turn"):
            return False
        turn = 0
        while self.ticks < max_ticks:
            name = self.screen()
            if name == "GameOver":
                return a.screen.m.kind == ("snyd" if self.kind == "snyd" else "yatzy")
            if name in ("Reveal", "Summary"):
                self.press("select")
            elif name == "Round":
                g = a.screen.m.game
                if g.in_round and g.on_turn == a.screen.m.me:
                    self.press("select")
                    moves = a.screen.moves
                    turn += 1
                    if "snyd" in moves and turn % 3 == 0:
                        self.press("down", moves.index("snyd"))
                        self.press("select")
                    else:
                        self.press("select")   # Byd: the picker opens at the smallest raise
                        self.press("select")
                elif not g.dice_left[a.screen.m.me]:
                    self.tick()
                else:
                    self.tick()
            elif name == "Turn":
                m = a.screen.m
                if not m.game.finished and m.seat().local:
                    if m.game.roll_no == 0:
                        self.press("select")   # roll
                    else:
                        self.press("down")     # onto Skriv
                        self.press("select")
                        self.press("select")   # the first free box
                else:
                    self.tick()
            else:
                self.tick()
        return False


def fakes_first():
    """Put the host fakes first on the path; returns the heap they hold once imported (bytes), the
    part of every number here a real handheld does not spend (its machine module is built in)."""
    sys.path.insert(0, _fakes())
    gc.collect()
    a = gc.mem_alloc()
    import esp32  # noqa: F401
    import machine  # noqa: F401
    import ssd1306  # noqa: F401
    gc.collect()
    return gc.mem_alloc() - a


def run(kind):
    """Play one game; returns a dict of what was measured."""
    fakes = fakes_first()
    home = os.getcwd()
    flash = setup(kind)
    import ssd1306
    gc.collect()
    before = gc.mem_alloc()
    d = Driver(kind)
    gc.collect()
    title = gc.mem_alloc() - before
    ok = d.play()
    os.chdir(home)
    _rmtree(flash)
    return {"ok": ok, "peak": d.peak, "fakes": fakes, "presses": d.presses, "title": title,
            "press_frames": d.press_frames, "max_press_frames": d.max_press_frames,
            "frames": d.app.frames, "bytes": ssd1306.stats["bytes"], "shows": ssd1306.stats["frames"]}


if __name__ == "__main__":
    r = run(sys.argv[1] if len(sys.argv) > 1 else "snyd")
    print("RESULT", json.dumps(r))
    sys.exit(0 if r["ok"] else 1)
