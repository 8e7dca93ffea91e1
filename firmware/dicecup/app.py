"""app: the handheld's application - one screen at a time, button polling, redraw on change, power.

App(hw, seed) is steppable: tick(now_ms) polls the buttons once, lets the screen react, and sends a
frame only when the picture changed (the previous frame is kept to compare). now_ms is the app's
own monotonic clock; run() feeds it from time.ticks_ms on the handheld and in the PC runner.
The App keeps navigation and the loop; it owns small collaborators and asks them: `power` (a
device.power.Power: dimming and light sleep), `sound` (a device.sound.Sound: the piezo's tunes),
`battery` (a device.battery.Gauge: charge and warning; ui.lowbat shows the warning). The press that
lights a dimmed screen counts only if it moves a cursor (UP, DOWN: a menu's or a picker's, never a
move); SELECT and BACK, and any press on a dark screen, only wake it, so a misplaced press on an
idle handheld starts nothing. The game goes on where it was. hw is hw.Hardware."""
import gc
import sys
import time

from dicecup.device.battery import Gauge
from dicecup.device.power import Power
from dicecup.device.sound import Sound
from dicecup.text import strings
from dicecup.device.buttons import PRESS, RELEASE, Button, Shake
from dicecup.core.compat import const, forget, load
from dicecup.ui.gfx import Gfx

# the modules the app loaded for itself (above, and what loaded them): App._clear forgets all others
_OWN = tuple(m for m in sys.modules if m.count(".") == 2)
# what only a person's move needs (the move menu, the bid picker and the hints; the scorecard and
# the box choice): forgotten while a bot of a solo game moves (App.busy)
_PERSON = const(("dicecup.ui.snyd_person", "dicecup.ui.snyd_hint", "dicecup.ui.yatzy_sheet"))
# what only the bots use: forgotten while no bot here is about to move (a person's turn, a reveal)
# and when a game ends (the bots' view side, bots.view, yatzy_view, view_check, snyd_view,
# yatzy_coach and snyd_text, is the PC tools': a handheld's bots play() their live game)
_BOTS = const(("dicecup.bots.snyd", "dicecup.rules.snyd_odds", "dicecup.bots.yatzy", "dicecup.bots.yatzy_turn",
               "dicecup.bots.yatzy_values"))
# a table game's screens in the order they import each other (Snyd, Yatzy), after the store its
# first secret is written with: loaded a module an idle loop while the lobby waits for the start,
# where the heap has room (App.ahead), else all in the loop that starts the game (the store in the
# first secret's: docs/memory.md, Device time)
_AHEAD = const((("dicecup.storage.store", "dicecup.ui.snyd_person", "dicecup.ui.snyd", "dicecup.ui.snyd_open",
                 "dicecup.ui.snyd_table"),
                ("dicecup.storage.store", "dicecup.ui.yatzy_sheet", "dicecup.ui.yatzy", "dicecup.ui.yatzy_table")))
# what every table game's screens import (ui.table opens them), and the lobby: stay with them (App._clear)
_TABLE_UI = const(("dicecup.ui.table", "dicecup.ui.table_watch", "dicecup.ui.table_lobby"))
_ASLEEP = const(2)     # power.Power's state of a dark screen, the handheld light-sleeping (a copy)
_G_YATZY = const(2)    # table.lobby's game number of Yatzy (a copy)
_TABLE_FILE = const("table.json")  # this handheld's seat at a table (table.py keeps it): boot back into it
_NO_ROOM_TABLE = const("no_room_t")  # the table's code needs a board with PSRAM (README, Play at a table)
_TABLE_ROOM = const(24 * 1024)  # words of heap free the table's code needs at least (docs/memory.md)
_COLLECT = const(256)  # in App._swallow: a screen changed, collect at the next idle loop (one int: a name is heap)
_HELD = const(512)     # ... a redraw waits for the next loop (this one was busy already)
_HELD2 = const(1024)    # ... and a second loop (the next one draws, however busy)
_PAGES = const(2048)    # ... pages of the picture drawn wait for the next loops to go to the panel
_LATE = const(4096)     # ... and waited a loop without room: the next sends one however busy
_SHOWN = const(8192)    # ... a screen shown since the table's news last went to one (game.NEWS_SHOWN)
_ROOMY = const(256 * 1024)  # a heap with this much free collects in an idle loop (App.forget)
_FULL = const(192 * 1024)  # at a table, an idle loop collects where less than this is free
_FRESH = const(192 * 1024)  # a heap smaller than this (a WROOM-32's) starts each solo game by a soft reset (App.launch)
_IDLE_MS = const(10)   # a loop that took less is idle: a collection or a file write may go in it
_DRAW_MS = const(30)   # a loop that took this long before its redraw leaves it to the next
_SEND_MS = const(45)   # at a table, pages that take a loop past this wait (50 ms less the rest)
_GC_MS = const(48)     # an idle loop collects only if its time so far and the last collection's fit
_GC_TABLE_MS = const(3)  # ... and at a table only one that worked less than this (a game's start
#                          makes its live data, and so its collection, grow: 55 ms loops)
_PAGE_US = const(3200)  # a page of the panel over I2C at 400 kHz (141 bytes, 9 bits each)
_POLL_MS = const(20)          # the loop's period while awake (App.tick returns it)
_SLEEP_POLL_MS = const(1000)  # a light sleep's slice while asleep (a button press ends it early)


class App:
    # What is forgotten when is decided here, and only here (docs/architecture.md, Loading and forgetting code):
    # home, launch, and a game screen's turn and over (whose move is next, its game is over). No screen names a module.

    def __init__(self, hw, seed=None):
        self.hw = hw
        self.fb = hw.display
        self.g = Gfx(self.fb)
        self.buttons = [Button(r) for r in hw.readers()]
        tilt = hw.tilt() if hasattr(hw, "tilt") else None
        self.shaker = Shake(tilt) if tilt else None
        self.power = Power()
        self.sound = Sound()
        from dicecup.storage import settings
        self.settings = settings.load()
        self.owner = settings.name()
        if seed is None:
            import os
            seed = int.from_bytes(os.urandom(4), "little")
        self.seed = seed
        self.now = 0
        self._swallow = sum(b.pressed << i for i, b in enumerate(self.buttons))  # buttons whose
        self.gc_ms = _GC_MS - 5  # next release is not the screen's, and _COLLECT ...; the last idle collection's ms
        # the frame as shown, and each page of the frame buffer beside the same page as shown, made
        # once: redraw compares them (memoryviews compare their bytes) to send only the pages that
        # changed (one attribute: each name is heap, tests/test_names.py)
        s = bytearray(len(self.fb.buffer))
        w = self.fb.width
        b = memoryview(self.fb.buffer)
        m = memoryview(s)
        self._shown = (s, [(b[i:i + w], m[i:i + w]) for i in range(0, len(s), w)])
        self.battery = Gauge()
        self.dirty = True
        self.frames = 0
        self.screen = None
        self._launch = None
        self.table = None       # table.Table while this handheld sits at a table (ui.table)
        self.radio = None       # radio.Radio once a table needed it
        self._take(settings)
        from dicecup.storage import store  # already loaded by settings at boot; dropped with the menus during a game
        b = hw.resume()  # a solo game's set-up, kept over the soft reset into it (App.launch)
        if store.exists(_TABLE_FILE) and self._loads(
                lambda: load("dicecup.ui.table").resume(self), _NO_ROOM_TABLE):
            return  # back in the seat kept on flash (ui.table.resume)
        if self.owner is None and not store.exists(settings.OWNER):
            # a new handheld: its language, then its owner's name (the table seats it, the screens
            # show it); once saved, owner.json exists and the title comes straight up
            load("dicecup.ui.firstboot").start(self)
            return
        load("dicecup.ui.title").resume(self, b)   # the title, or straight into the solo game a soft reset kept

    # --- the navigator: what screens call ---
    def launch(self, module, args=(), ahead=False, b=None):
        """Start a game (or the table's next screen) on the next tick: the screen showing and every
        screen's module go first (_clear), then module.start(app, *args) loads the game, which so
        lands in a heap the menus no longer cut into pieces (docs/memory.md). ahead: a table's
        game screens loaded ahead in its lobby (App.ahead) stay, and the game opens on them. b: a
        solo game's set-up, which on a small heap starts the game by a soft reset (ui.title.resume)."""
        if b and self.screen is not None and gc.mem_free() + gc.mem_alloc() < _FRESH:
            self.hw.reset(b)    # never returns: a whole heap, fresh name pools (docs/architecture.md)
        self._launch = (module, args, ahead)

    def to_table(self, screen, ahead=False):
        """The table's screen on the next tick (ui.table.start, which drops what the screen before it
        needed): table_watch.GAME a new game's, LOBBY the lobby after a game, CLOSE the title;
        ahead as for launch (a new game's)."""
        self.launch("dicecup.ui.table", (screen,), ahead)

    def home(self, sel=0):
        """The title menu (item sel chosen), once every module the app did not load for itself is
        forgotten: the game's, the table's, the menus' (the title loads its own again)."""
        self._clear(self.table is not None)
        from dicecup.ui import title
        self.go(title.Title(self, sel))

    def turn(self):
        """A person of this handheld is about to move (a game screen or its match says so):
        the bots' code is forgotten, to load again for their next move (busy is the other side)."""
        self.drop(_BOTS)

    def over(self):
        """A solo game is over: every module but the app's own, the records' and the showing
        screen's is forgotten (the bots', the round's and the move screens', the match's, what the
        set-up left), to make room for its record. Called again once the statistics' code has
        given the record its number."""
        self._clear(2)

    def _clear(self, mode):
        """Forget every dicecup module the app did not load for itself (mode 0), or only the
        screens' and what they read from the flash and the pins (1: ui, storage, device; what a
        launch is handed, rules and seats, and a table in play keep their code), or all but the
        records' and the showing screen's (2), or as 1 but a table game's screens (_AHEAD) and
        the table's screens' own modules and its lobby's stay (3: a new game's launch, whose
        screens the lobby loaded ahead, or any table screen's on a heap with room: forgotten, they
        loaded again in the loop that opened the game or the lobby: docs/memory.md, Device time)."""
        keep = (type(self.hw).__module__, "dicecup.ui.screen", mode == 2 and type(self.screen).__module__)
        self.forget([m for m in sys.modules if m.count(".") == 2 and m not in _OWN and
                     m not in keep and (mode & 1 == 0 or m.split(".")[1] in ("ui", "storage", "device"))
                     and (mode != 2 or m[:16] != "dicecup.records.")
                     and (mode != 3 or not (m in _AHEAD[0] or m in _AHEAD[1] or m in _TABLE_UI))])

    def ahead(self, yatzy, now=False):
        """An idle loop of a table's lobby: the next of the game's screen modules not loaded yet is
        loaded; False once none is left, or the heap is tight (the game loads them as it starts).
        now: whatever the table's step (a game's launch: App.tick)."""
        for name in _AHEAD[1 if yatzy else 0]:
            if name not in sys.modules:
                if gc.mem_free() < _ROOMY:
                    return False
                if now or not self.table.idle():   # (its step first: a secret the game's COMMIT waits on)
                    __import__(name)
                return True
        return False

    def forget(self, *groups):
        """Forget the modules of each group (a tuple of module names) and collect: at once where
        the heap is tight (what loads next needs what they held, in one piece), else at the next
        idle loop (a PSRAM heap's collection in the loop that started a table's game made it a
        long one: docs/memory.md, Device time)."""
        for names in groups:
            forget(names, False)
        if gc.mem_free() < _ROOMY:
            gc.collect()
        else:
            self._swallow |= _COLLECT

    def drop(self, *groups):
        """forget(*groups) if one of their modules is loaded (asked on every tick of a screen)."""
        for names in groups:
            for name in names:
                if name in sys.modules:
                    self.forget(*groups)
                    return

    def _loads(self, load, key="no_room"):
        """load() loads a game or the table and opens its screen; True if it did. Where the heap
        cannot hold what it loads (the table's code alone needs more than a stock ESP32-WROOM-32
        gives MicroPython: docs/memory.md), the MemoryError does not crash the handheld:
        what load() loaded is forgotten, a seat kept on flash is given up (a reboot would only
        fail again: the handheld used to crash at every boot) and the title says why (the words'
        key). Seated (a table's next game or its lobby) it still crashes: the restart resumes
        the seat in a whole heap, and only if that fails too is the seat given up."""
        seated = self.table is not None
        before = list(sys.modules)
        # the table's code on a heap that cannot hold it is not tried: a load that fails leaves
        # the names it interned in the heap (MicroPython's name pools), and the title and its
        # message found no room after it (docs/memory.md)
        if key != _NO_ROOM_TABLE or seated or gc.mem_free() >= _TABLE_ROOM * (
                8 if sys.maxsize > 1 << 32 else 4):
            try:
                return load() is not False
            except MemoryError:
                if seated:
                    raise
        self.table = None   # the table's seats and frames: the other handhelds see it gone
        self.screen = None
        forget([m for m in sys.modules if m not in before])
        from dicecup.ui import title
        from dicecup.storage import store
        from dicecup.ui.screen import Message
        store.remove(_TABLE_FILE)
        self.go(Message(self, strings.t(key), title.Title(self)))
        return True

    def go(self, screen):
        self.screen = screen
        self.dirty = True
        # a button still down belongs to the old screen: the new one never sees its release
        for i in range(len(self.buttons)):
            if self.buttons[i].pressed:
                self._swallow |= 1 << i
        # the old screen's garbage is collected at the next loop with nothing to do (tick): a
        # collection takes tens of ms on a PSRAM heap, and here it would stand between a press
        # and what the press draws and sends (docs/memory.md, Device time)
        self._swallow |= _COLLECT | _SHOWN

    def save_settings(self):
        from dicecup.storage import settings
        settings.save(self.settings)
        self._take(settings)

    def _take(self, settings):
        # what the loop needs from the settings, kept as plain ints: the settings module (and
        # store) can then be forgotten during a game (App._clear)
        s = self.settings
        strings.set_lang(s["lang"])
        p = self.power
        p.contrast = settings.CONTRAST[s["contrast"]]
        p.ms = settings.SLEEP_S[s["sleep"]] * 1000
        self.hw.contrast(p.contrast)
        self.sound.on = s["sound"]

    def name(self):
        return self.owner or strings.t("you")

    def rng_seed(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return self.seed

    # --- the loop body ---
    def tick(self, now):
        """One turn of the loop at now (ms, the app's clock); returns the ms to wait for the next."""
        self.now = now
        shown = self.frames
        t0 = time.ticks_ms()  # this loop's own time (on the board; the simulator's device time)
        tb = self.table
        module = None
        if self._launch:
            module, args, ahead = self._launch
            tb = None  # the table waits for the next loop: a screen's load is a long loop of its own
            if self.table is not None and ahead < 2 and gc.mem_free() < _ROOMY:
                # a heap near full collects in a loop of its own, once (ahead + 2), and the
                # launch goes on in the next: forget() collected in the loop that loaded the
                # screen (one of 55 ms at a game's start on the board: docs/memory.md)
                gc.collect()
                self._launch = (module, args, ahead + 2)
                module = None
            elif ahead & 1 and self.table is not None and self.ahead(self.table.gid == _G_YATZY, True):
                # a game's screen module its lobby had no idle loop to load ahead (agreeing a
                # last joiner's keys): one a loop, the game opening after (all in the launch's
                # loop it was one of 66 ms on the board: docs/memory.md, Device time)
                module = None
            else:
                self._launch = None
        if module is not None:
            self.screen = None      # the menu screen, and with it the last hold on its module
            self._clear(3 if ahead & 1 or self.table is not None and gc.mem_free() >= _ROOMY else 1)
            self._loads(lambda: load(module).start(self, *args),
                        _NO_ROOM_TABLE if module == "dicecup.ui.table" else "no_room")
        for i in range(len(self.buttons)):
            ev = self.buttons[i].update(now)
            if ev:
                self._input(i, ev)
        if self.shaker is not None and self.shaker.update(now) and self.power.state != _ASLEEP:
            self.power.wake(now, self.hw)   # (a shake on a dark screen is nobody's)
            self.screen.shake()
        self.sound.tick(now, self.hw)
        if tb is not None:
            tb.tick(now)
            w = tb.news() | self._swallow & _SHOWN  # what the game did; NEWS_SHOWN: a screen just shown
            if w:
                self._swallow &= ~_SHOWN
                self.screen.news(w)
        if self.power.state != _ASLEEP:
            self.screen.tick(now)
        w = self.battery.tick(now, self.hw)
        if w >= 0:      # the charge shown changed
            self.dirty = True
            if w < 3:   # a warning due: ui.lowbat by its dotted name (no heap holds a name of it unneeded)
                load("dicecup.ui.lowbat").warn(self, w)
        self.power.tick(now, self.hw, self.table)
        if self.dirty and self.power.state != _ASLEEP:
            # a busy loop (a reveal applied) draws in the next, and a busy next one in the one
            # after: in one loop both were long on the board (docs/memory.md, Device time)
            w = self._swallow
            if w & _HELD2 or time.ticks_diff(time.ticks_ms(), t0) < _DRAW_MS:
                self._swallow = w & ~(_HELD | _HELD2)
                self.redraw(t0)
            else:
                self._swallow = w | (_HELD2 if w & _HELD else _HELD)
        elif self._swallow & _PAGES and self.power.state != _ASLEEP:
            self.redraw(t0, False)  # the pages of the picture drawn before that wait their turn
        if shown == self.frames and self.power.at != now and \
                time.ticks_diff(time.ticks_ms(), t0) < _IDLE_MS:  # idle: nothing else to do
            t = time.ticks_ms()
            if self.table is not None and now // _POLL_MS % 8 == 0 and gc.mem_free() < _FULL:
                # at a table, about every eighth idle loop (by the clock: a counter's name is
                # heap): a heap near full of garbage (the key agreements' big integers) is
                # collected here, not in whatever loop fills it (65 ms at a game's first entry)
                self._swallow |= _COLLECT
            w = time.ticks_diff(t, t0)
            if self._swallow & _COLLECT and (w + self.gc_ms + 3 < _GC_MS or self.gc_ms > _GC_MS - 4) \
                    and (self.table is None or w < _GC_TABLE_MS):
                # (after a screen change: gc.mem_free() every loop hung the browser's page) in a
                # loop with room for one a little longer than the last (the live data grows;
                # PSRAM: docs/memory.md, Device time, parts 9 and 10)
                self._swallow &= ~_COLLECT
                gc.collect()
                self.gc_ms = time.ticks_diff(time.ticks_ms(), t)
            elif self.table is None or not self.table.idle():  # its file write, in a loop of its own too
                self.screen.idle()
        return _SLEEP_POLL_MS if self.power.state == _ASLEEP else _POLL_MS

    def _input(self, i, ev):
        bit = 1 << i
        w = self._wake()
        if w:
            # on a dimmed screen a wake-up UP or DOWN counts (it only moves a cursor); SELECT,
            # BACK and any press on a dark screen only wake it
            if w == _ASLEEP or i > 1:  # buttons.UP 0, DOWN 1
                if ev == PRESS:
                    self._swallow |= bit
                return
            if ev != PRESS:
                return
        if self.battery.warn > 3 and ev == PRESS:   # the press that closes a battery warning is not a move
            self.battery.warn &= 3
            self.dirty = True
            self._swallow |= bit
            return
        if self._swallow & bit:
            if ev == RELEASE:
                self._swallow &= ~bit
            return
        self.screen.key(i, ev)

    def _wake(self):
        """Input now (power.Power.wake); returns what the screen was (0 lit, 1 dimmed, 2 dark)."""
        w = self.power.wake(self.now, self.hw)
        if w == _ASLEEP:
            self.dirty = True
            if self.radio is not None:
                self.radio.wake()  # light sleep may have lost the fixed channel
        return w

    def your_turn(self):
        """This handheld's person is on turn now (the table's screens call it once per turn): a
        dimmed screen lights up again, as a press would, and the idle time starts afresh (at a
        table nobody touches the handheld while the others play, so it has dimmed by then)."""
        self._wake()
        self.sound.play(self.sound.TURN)

    def busy(self):
        """Something on screen moves by itself (bots playing): keeps the handheld awake; a solo
        game's person's screens are forgotten meanwhile (a table's are built on them)."""
        self.power.at = self.now    # (a dimmed screen stays dimmed)
        if self.table is None:
            self.drop(_PERSON)

    def redraw(self, t0=None, draw=True):
        """Draw the screen and send the pages that changed to the panel (draw False: those left
        unsent). t0 (tick's start): at a table the pages that fit before _SEND_MS, the rest in the
        next loops (one once they waited a loop: docs/memory.md, Device time), but on a screen
        that sends its pictures whole (Screen.whole: the lobby's code and roster)."""
        p = self._shown[1]
        n = len(p)
        if draw:
            self.dirty = False
            g = self.g
            g.clear()
            self.screen.draw(g)
            if self.screen.battery:
                g.battery(115, 0, self.battery.percent)
            if self.battery.warn > 3:
                load("dicecup.ui.lowbat").draw(self, g)
        left = 1 << 30  # microseconds of I2C this loop has room for
        if t0 is not None and self.table is not None and not self.screen.whole:
            left = _SEND_MS * 1000 - time.ticks_diff(time.ticks_ms(), t0) * 1000
            if not draw and left < _PAGE_US:
                if not self._swallow & _LATE:
                    self._swallow |= _LATE
                    return
                left = _PAGE_US
        self._swallow &= ~(_PAGES | _LATE)
        if self.fb.buffer != self._shown[0]:
            # each run of changed pages in one window: a bid changes a line or two, and a whole
            # frame is long on the I2C bus (docs/memory.md, Device time)
            i = 0
            f = self.frames
            while i < n:
                if p[i][0] == p[i][1]:
                    i += 1
                    continue
                if left < _PAGE_US:     # (held pages, once late: one a loop however busy)
                    self._swallow |= _PAGES if draw else _PAGES | _LATE
                    return
                j = i
                while j + 1 < n and p[j + 1][0] != p[j + 1][1] and left >= (j + 2 - i) * _PAGE_US:
                    j += 1
                self.hw.show(i, j)
                left -= (j + 1 - i) * _PAGE_US
                while i <= j:
                    p[i][1][:] = p[i][0]
                    i += 1
                self.frames = f + 1


def run(app):
    """The handheld's main loop (never returns)."""
    hw = app.hw
    last = time.ticks_ms()
    now = 0
    while True:
        t = time.ticks_ms()
        now += time.ticks_diff(t, last)
        last = t
        ms = app.tick(now)
        if app.power.state == _ASLEEP:
            hw.sleep(ms)
        else:
            time.sleep_ms(ms)
