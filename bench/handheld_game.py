"""The whole handheld firmware on the host fakes, playing one game through its buttons (bench driver).

    micropython bench/handheld_game.py snyd|snyd_open|snyd_hints|snyd_hard|maxi|maxi_coach [FLASH]    (MICROPYPATH: build/firmware and bench/)
    micropython bench/handheld_game.py "snyd maxi maxi_coach" FLASH [N]    (games one after another)

snyd_open: the same Snyd game with the open-die rule on (the person lays open their first die);
snyd_hints: with the bid hints on (every bid picker and move menu draws one);
snyd_hard: against hard bots (their own module, snyd_hard, and its endgame table if tables/ holds one);
maxi_coach: the Maxi game with the Yatzy coach on after every box and hold (its word is closed at once).

Games one after another ("snyd maxi maxi_coach", one argument) are played as a person would:
game over to the title, and through its menus to the next game (the coach is turned on in the
settings menu). At the end of each game it prints the game's kind and micropython.qstr_info()'s
line (the names the game holds).

A soft reset (where the heap is small the App starts a solo game in a whole heap: app.App.launch)
ends this process with status 77, as host_tools/fakes/machine.py's soft_reset does, and keeps the
flash folder FLASH: bench/handheld_run.py then starts this script again with the same arguments
and N, the games finished so far, and it goes on with the game the App booted into.

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
import micropython
import os
import sys


class Driver:
    step_ms = 20

    def __init__(self, kind, n):
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
        self.kind = kind    # the games to play, a list (few names: each is one in the game's heap)
        self.n = n          # the one being played
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

    def start(self, kind):
        """From the title, through the menus, into a game of kind (a soft reset ends the process
        on the press that starts it)."""
        a = self.app
        press = self.press
        if kind[:4] == "maxi":
            coach = 2 if len(kind) > 4 else 0
            if a.settings["coach"] != coach:
                while a.screen.sel != 3:    # title: the settings
                    press("down")
                press("select")
                press("up")                 # onto the coach (the menu's last item)
                while a.settings["coach"] != coach:
                    press("select")
                press("back")
            sel = (2, 1, 3)     # title: Yatzy; the variants: Maxi-Yatzy; set-up: Start! (3 people + 3 bots)
        else:
            sel = (0, 2)        # title: Snyd; set-up: Start! (5 bots from the settings)
        for i in sel:
            while a.screen.sel != i:
                press("down")
            press("select")

    def play(self):
        a = self.app
        while True:
            kind = self.kind[self.n]
            if type(a.screen).__name__ == "Title":
                self.start(kind)
            if not self.game(kind[:4] == "maxi"):
                return False
            print(kind)
            micropython.qstr_info()
            self.n += 1
            if self.n == len(self.kind):
                return True
            self.press("select")        # game over: the title

    def game(self, maxi):
        a = self.app
        press = self.press
        kind = self.kind[self.n]
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
                if m.game.roll_no == 0 or (len(kind) > 4 and m.game.roll_no == 1):
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


def run(kind, path=None, n=0):
    """Play the games kind names ("snyd", or "snyd maxi maxi_coach": one after another) in the
    flash folder path (a fresh one if None; the current directory meanwhile), from its n-th on;
    returns what was measured as a tuple (handheld_bench.FIELDS names its items: a dict's keys
    would be names in the game's heap). The host fakes come first on the path: their heap (fakes)
    is part of every number here, and a real handheld does not spend it (its machine module is
    built in). A path that is there already is the flash a soft reset left: the App boots into
    the game."""
    sys.path.insert(0, __file__[:__file__.rfind("/") + 1] + "../host_tools/fakes")
    gc.collect()
    a = gc.mem_alloc()
    import esp32  # noqa: F401
    import machine  # noqa: F401
    import ssd1306
    gc.collect()
    fakes = gc.mem_alloc() - a
    cwd = os.getcwd()
    if path is None:
        path = (os.getenv("TMPDIR") or "/tmp") + "/dicecup-bench-%d" % int.from_bytes(os.urandom(3), "little")
    kind = kind.split()
    try:
        os.mkdir(path)
        os.chdir(path)
        with open("settings.json", "w") as f:      # a 6-seat game: 5 bots, or 3 people + 3 bots
            f.write('{"sleep": 4, "bots": 5, "y_people": 2, "y_bots": 3%s}' %
                    (', "open_die": true' if kind[0] == "snyd_open" else
                     ', "hints": 1' if kind[0] == "snyd_hints" else
                     ', "bot_level": 3' if kind[0] == "snyd_hard" else
                     ', "coach": 2' if len(kind[0]) > 4 and kind[0][:4] == "maxi" else ""))
        with open("owner.json", "w") as f:         # named: no first boot's question
            f.write('{"name": "BENCH"}')
    except OSError:     # there: after a soft reset
        os.chdir(path)
    a = 0       # 1: a soft reset ends this process
    try:
        gc.collect()
        a = gc.mem_alloc()
        d = Driver(kind, n)
        gc.collect()
        title = gc.mem_alloc() - a
        ok = d.play()
        a = 0
    except SystemExit:  # machine.soft_reset: the flash stays for the next process
        a = 1
        raise
    finally:    # a game that ran out of heap leaves no flash folder behind either
        os.chdir(cwd)
        if a != 1:
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
    a = sys.argv
    r = run(a[1] if len(a) > 1 else "snyd", a[2] if len(a) > 2 else None, int(a[3]) if len(a) > 3 else 0)
    print(r)
    sys.exit(0 if r[0] else 1)
