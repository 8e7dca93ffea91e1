"""The whole handheld firmware on the host fakes, playing one game through its buttons (bench driver).

    micropython bench/handheld_game.py snyd|snyd_open|snyd_hints|snyd_hard|maxi|maxi_coach    (MICROPYPATH: build/firmware and bench/)

snyd_open: the same Snyd game with the open-die rule on (the person lays open their first die);
snyd_hints: with the bid hints on (every bid picker and move menu draws one);
snyd_hard: against hard bots (their own module, snyd_hard, and its endgame table if tables/ holds one);
maxi_coach: the Maxi game with the Yatzy coach on after every box and hold (its word is closed at once).

Runs on the .mpy build with host_tools/fakes first on the path, in a fresh folder under /tmp as
the flash. The person at seat 0 plays a plain strategy by pressing buttons (no screen read-back,
which would cost heap the handheld never spends); bots play the other seats. Used by
bench/mp_handheld_*.py (peak heap, frames), bench/mp_handheld_modules_*.py (heap per module) and
bench/py_handheld.py (the smallest heap that completes, by running this under ever smaller
-X heapsize). Exit status 0 when the game finished.

Its own heap is part of every number measured, so it is kept small: one class, few names, and the
steps that run once (flash folder, fakes, result) outside the loop's objects.
"""
import gc
import os
import sys


class Driver:
    step_ms = 20

    def __init__(self, kind):
        from dicecup import app
        from dicecup.device import hw
        import machine
        from dicecup.device import pinmap
        from dicecup.play import seats
        # bots answer 300 ms after a move: no bot move falls inside a button press (120 ms), so
        # the frames counted during presses are the ones the person's actions caused
        seats.Bot.think_ms = 300
        self.sim_set = machine.sim_set
        pm = pinmap.load()
        self.pins = pm["buttons"]
        self.app = app.App(hw.Hardware(pm), 12345)
        self.kind = kind
        self.now = self.ticks = 0
        self.counts = [0, 0, 0, 0]  # button presses, frames sent during them, most in one, peak heap
        self.tick()

    def tick(self):
        self.now += self.step_ms
        self.app.tick(self.now)
        self.ticks += 1

    def press(self, name, n=1):
        pin = self.pins[name]
        c = self.counts
        for _ in range(n):
            frames = self.app.frames
            for level in (0, 1):
                self.sim_set(pin, level)
                for _ in range(3):
                    self.tick()
            f = self.app.frames - frames
            c[0] += 1
            c[1] += f
            c[2] = max(c[2], f)
        gc.collect()
        c[3] = max(c[3], gc.mem_alloc())

    def play(self):
        a = self.app
        press = self.press
        maxi = self.kind[:4] == "maxi"
        if not maxi:
            press("select")             # Title: Snyd
            press("select")             # set-up: Start! (5 bots from the settings)
        else:
            press("down", 2)            # title: Yatzy
            press("select")
            press("down")               # the variants: Maxi-Yatzy
            press("select")
            press("select")             # set-up: Start! (3 people + 3 bots from the settings)
        if type(a.screen).__name__ not in ("Round", "Turn", "Choose"):
            return False
        turn = 0
        while self.ticks < 2000000:
            name = type(a.screen).__name__
            m = getattr(a.screen, "m", None)
            if name == "GameOver":
                return m.kind == ("yatzy" if maxi else "snyd")
            if name in ("Reveal", "Summary", "Choose", "Message"):    # Message: the coach's word     # Choose: the open die, the first one
                press("select")
            elif name == "Round" and m.game.in_round and m.game.on_turn == m.me:
                press("select")
                moves = a.screen.moves
                turn += 1
                if "snyd" in moves and turn % 3 == 0:
                    press("down", moves.index("snyd"))
                    press("select")
                else:
                    press("select")     # Byd: the picker opens at the smallest raise
                    press("select")
            elif name == "Turn" and not m.game.finished and m.seat().local:
                if m.game.roll_no == 0 or (len(self.kind) > 4 and m.game.roll_no == 1):
                    press("select")     # roll (coached: the second roll too, a hold of nothing)
                else:
                    press("down")       # onto Skriv
                    press("select")
                    press("select")     # the first free box
            else:
                self.tick()
                if self.ticks & 15 == 0:    # the bots' turns too: their code and solver are live then
                    gc.collect()
                    c = self.counts
                    c[3] = max(c[3], gc.mem_alloc())
        return False


def run(kind):
    """Play one game in a fresh flash folder (the current directory meanwhile); returns what was
    measured as a tuple (handheld_bench.FIELDS names its items: a dict's keys would be names in the
    game's heap). The host fakes come first on the path: their heap (fakes) is part of every number
    here, and a real handheld does not spend it (its machine module is built in)."""
    sys.path.insert(0, __file__[:__file__.rfind("/") + 1] + "../host_tools/fakes")
    gc.collect()
    a = gc.mem_alloc()
    import esp32  # noqa: F401
    import machine  # noqa: F401
    import ssd1306
    gc.collect()
    fakes = gc.mem_alloc() - a
    cwd = os.getcwd()
    path = (os.getenv("TMPDIR") or "/tmp") + "/dicecup-bench-%d" % int.from_bytes(os.urandom(3), "little")
    os.mkdir(path)
    os.chdir(path)
    with open("settings.json", "w") as f:      # a 6-seat game: 5 bots, or 3 people + 3 bots
        f.write('{"sleep": 4, "bots": 5, "y_people": 2, "y_bots": 3%s}' %
                (', "open_die": true' if kind == "snyd_open" else
                 ', "hints": 1' if kind == "snyd_hints" else
                 ', "bot_level": 3' if kind == "snyd_hard" else
                 ', "coach": 2' if len(kind) > 4 and kind[:4] == "maxi" else ""))
    with open("owner.json", "w") as f:         # named: no first boot's question
        f.write('{"name": "BENCH"}')
    try:
        gc.collect()
        a = gc.mem_alloc()
        d = Driver(kind)
        gc.collect()
        title = gc.mem_alloc() - a
        ok = d.play()
    finally:    # a game that ran out of heap leaves no flash folder behind either
        os.chdir(cwd)
        _rm(path)
    return (ok, fakes, title, d.app.frames, ssd1306.stats["bytes"], ssd1306.stats["frames"]) + tuple(d.counts)


def _rm(p):
    try:
        os.remove(p)
    except OSError:     # a folder
        for name in os.listdir(p):
            _rm(p + "/" + name)
        os.rmdir(p)


if __name__ == "__main__":
    r = run(sys.argv[1] if len(sys.argv) > 1 else "snyd")
    print(r)
    sys.exit(0 if r[0] else 1)
