"""The simulator's window (pygame): the handhelds side by side, clickable buttons, one key row each.

Each handheld is drawn as its OLED (white on black, at `scale`) with its four buttons underneath,
left to right as they sit on the cup: back, down, up, select (the order of their x in the pin map's
enclosure layout). Mouse: press and hold a button. Keyboard: one row of four keys per handheld, left
to right the buttons above them (1 2 3 4 = back, down, up, select; shown under each), and a key that
shakes the cup (its tilt switch: 9, o, l, . for handhelds 1-4, then 0, p, ;, /). What the piezo
sounds shows on the panel (a note and its pitch under the screen, the screen's frame lit while it
sounds); `--sound` plays it through pygame's mixer too. Faults and tools:
  F1..F8      reboot handheld 1..8 (power-cycle: same flash, new process)
  Shift+F1..  drop handheld 1..8 (kill it; F-key again brings it back)
  F9          screenshot of every handheld into the screenshot folder (default build/screenshots/,
              ignored by git like all of build/; --screenshots DIR for another), the path said
  F10         toggle a lossy radio (30% loss, 10% duplicates) on and off
  F11         one more stranger on the handhelds' channel (garbage and replayed frames, 5/s)
  F12         every handheld restarts at the same moment (a power strip; --reboot-all headless)
  Esc         quit
"""
import json
import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_tools.paths import ROOT
from host_tools.sim import images
from host_tools.sim.hub import BUTTONS

SHOTS = os.path.join(ROOT, "build", "screenshots")  # F9's folder: under build/, which git ignores
CUP = ("back", "down", "up", "select")  # left to right on the cup (README), if a map has no layout


def button_order(pinmap):
    """The four buttons left to right as the cup has them: by x in the pin map's layout."""
    try:
        with open(pinmap) as f:
            at = json.load(f).get("layout", {}).get("buttons", {})
        order = tuple(sorted(BUTTONS, key=lambda b: at[b]["x"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return CUP
    return order

KEY_ROWS = ("1234", "qwer", "asdf", "zxcv", "5678", "tyui", "ghjk", "bnm,")
SHAKE_KEYS = ("9", "o", "l", ".", "0", "p", ";", "/")
TONE_SHOWN_MS = 250     # a note stays on the panel this long after it started (most last 30-80 ms)
TONE = (120, 200, 255)
LABELS = {"up": "UP", "down": "DOWN", "select": "SEL", "back": "BACK"}
BG = (24, 24, 28)
PANEL = (44, 44, 52)
BTN = (80, 80, 92)
BTN_DOWN = (200, 200, 90)
TEXT = (210, 210, 220)
DIM = (130, 130, 140)


class Window:
    MAX_PER_ROW = 6  # more handhelds wrap onto further rows

    def origin(self, i):
        """Top-left corner of handheld i's panel in the window."""
        return (i % self.per_row) * self.col, (i // self.per_row) * self.cell_h

    def __init__(self, sim, scale=None, shots_dir=SHOTS, title="dicecup simulator", sound=False):
        self.sim = sim
        n = sim.n
        self.scale = scale or (3 if n <= 3 else 2)
        self.shots_dir = shots_dir
        self.sw, self.sh = 128 * self.scale, 64 * self.scale
        self.pad = 16
        self.col = self.sw + 2 * self.pad
        self.cell_h = self.pad + self.sh + 16 + 44 + 24 + 16
        self.per_row = min(n, self.MAX_PER_ROW)
        self.height = self.cell_h * ((n + self.per_row - 1) // self.per_row) + 24
        pygame.display.init()  # not pygame.init(): the simulator needs no sound device
        pygame.font.init()
        self.surface = pygame.display.set_mode((self.col * self.per_row, self.height))
        pygame.display.set_caption(title)
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self.held = {}  # (handheld, button) -> source ("mouse" or key)
        self.rects = []  # (rect, handheld, button)
        self.order = button_order(sim.pinmap)
        self.keymap = {}
        for i in range(min(n, len(KEY_ROWS))):  # handhelds past the eighth: mouse only
            for b, ch in zip(self.order, KEY_ROWS[i]):
                self.keymap[ch] = (i, b)
        self.lossy = False
        self.message = ""
        self._screens = {}  # handheld -> ((frame, contrast, on), rendered surface)
        self.shake_keys = {SHAKE_KEYS[i]: i for i in range(min(n, len(SHAKE_KEYS)))}
        self.sound = sound and self._mixer()
        self._heard = [0] * n   # tones of each handheld played so far (--sound)
        self._notes = {}        # Hz -> pygame Sound

    def _mixer(self):
        try:
            pygame.mixer.init(22050, -16, 1)
            return True
        except pygame.error as e:
            self.message = "no sound: %s" % e
            return False

    def _play_tones(self):
        """--sound: each handheld's new notes through the mixer (a square wave, 80 ms)."""
        for i, h in enumerate(self.sim.handhelds):
            new = h.tones[self._heard[i]:]
            self._heard[i] = len(h.tones)
            for _, hz in new[-1:]:
                if not hz:
                    continue
                snd = self._notes.get(hz)
                if snd is None:
                    rate, half = 22050, max(1, 22050 // (2 * hz))
                    frames = bytearray()
                    for k in range(rate * 80 // 1000):
                        v = 6000 if (k // half) & 1 else -6000
                        frames += v.to_bytes(2, "little", signed=True)
                    snd = self._notes[hz] = pygame.mixer.Sound(buffer=bytes(frames))
                snd.play()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self):
        s = self.surface
        s.fill(BG)
        self.rects = []
        for i, h in enumerate(self.sim.handhelds):
            x0, y0 = self.origin(i)
            pygame.draw.rect(s, PANEL, (x0 + 4, y0 + 4, self.col - 8, self.cell_h - 8),
                             border_radius=12)
            key = (h.frame, h.contrast, h.display_on)
            cached = self._screens.get(i)
            if cached is None or cached[0] != key:  # render a screen only when it changed
                img = images.screen(h.frame, self.scale, h.contrast, h.display_on)
                cached = (key, pygame.image.fromstring(img.tobytes(), img.size, "RGB"))
                self._screens[i] = cached
            s.blit(cached[1], (x0 + self.pad, y0 + self.pad))
            sounding = h.tone or (h.tone_at is not None and
                                  self.sim.now() - h.tone_at < TONE_SHOWN_MS)
            if sounding:    # the piezo: the screen's frame lights up while it sounds
                pygame.draw.rect(s, TONE, (x0 + self.pad - 3, y0 + self.pad - 3, self.sw + 6,
                                           self.sh + 6), 2, border_radius=3)
            y = y0 + self.pad + self.sh + 6
            state = "on" if h.alive else "off (exit %s)" % h.exit_code
            last = next((hz for _, hz in reversed(h.tones) if hz), 0)
            note = "  note %d Hz" % last if sounding else ""
            shake = [k for k, j in self.shake_keys.items() if j == i]
            s.blit(self.small.render("handheld %d  %s  frames %d%s%s" % (
                i + 1, state, h.frames, "  shake: key " + shake[0] if shake else "", note), True,
                TONE if sounding else DIM), (x0 + self.pad, y))
            y += 20
            bw = (self.sw - 3 * 8) // 4
            keys = KEY_ROWS[i] if i < len(KEY_ROWS) else "    "
            for k, b in enumerate(self.order):
                r = pygame.Rect(x0 + self.pad + k * (bw + 8), y, bw, 40)
                down = (i, b) in self.held
                pygame.draw.rect(s, BTN_DOWN if down else BTN, r, border_radius=8)
                t = self.font.render(LABELS[b], True, BG if down else TEXT)
                s.blit(t, t.get_rect(center=r.center))
                kt = self.small.render("key %s" % keys[k].upper() if keys[k] != " " else "",
                                       True, DIM)
                s.blit(kt, kt.get_rect(center=(r.centerx, r.bottom + 12)))
                self.rects.append((r, i, b))
        c = self.sim.bus.counts
        line = "radio: %d sent, %d delivered, %d lost, %d dup%s   F1-F8 reboot, F9 screenshot, " \
               "F10 lossy radio, F11 stranger, F12 reboot all, Esc quit   %s" % (c["sent"], c["delivered"], c["lost"], c["dup"],
                                                  " (LOSSY)" if self.lossy else "", self.message)
        s.blit(self.small.render(line, True, DIM), (8, self.height - 22))
        pygame.display.flip()

    # -- input -------------------------------------------------------------------------------
    def _set(self, i, b, down, source):
        if down:
            if (i, b) not in self.held:
                self.held[(i, b)] = source
                self.sim.press(i, b, True)
        elif self.held.get((i, b)) == source:
            del self.held[(i, b)]
            self.sim.press(i, b, False)

    def screenshot_all(self):
        """F9: a PNG of every handheld's screen; says where, in the window and on the terminal.
        Returns the paths written."""
        os.makedirs(self.shots_dir, exist_ok=True)
        stamp = time.strftime("%H%M%S")
        paths = []
        for i, h in enumerate(self.sim.handhelds):
            if h.frame is not None:
                paths.append(images.save_png(h.frame, os.path.join(self.shots_dir, "handheld%d-%s.png"
                                                                   % (i + 1, stamp)), 4, h.contrast, h.display_on))
        where = os.path.join(self.shots_dir, "handheldN-%s.png" % stamp)
        try:
            rel = os.path.relpath(where)
            where = rel if not rel.startswith("..") else where
        except ValueError:  # another drive (Windows)
            pass
        self.message = "%d screenshot(s): %s" % (len(paths), where)
        print("F9: " + self.message, flush=True)
        return paths

    def handle(self, ev):
        """One pygame event; returns False to quit."""
        if ev.type == pygame.QUIT:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for r, i, b in self.rects:
                if r.collidepoint(ev.pos):
                    self._set(i, b, True, "mouse")
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            for (i, b), src in list(self.held.items()):
                if src == "mouse":
                    self._set(i, b, False, "mouse")
        elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
            down = ev.type == pygame.KEYDOWN
            if down and ev.key == pygame.K_ESCAPE:
                return False
            if down and pygame.K_F1 <= ev.key <= pygame.K_F8:
                i = ev.key - pygame.K_F1
                if i < self.sim.n:
                    if ev.mod & pygame.KMOD_SHIFT:
                        self.sim.kill(i)
                        self.message = "handheld %d dropped" % (i + 1)
                    else:
                        self.sim.reboot(i)
                        self.message = "handheld %d rebooted" % (i + 1)
            elif down and ev.key == pygame.K_F9:
                self.screenshot_all()
            elif down and ev.key == pygame.K_F12:
                self.sim.reboot_all()
                self.message = "every handheld restarted at once"
            elif down and ev.key == pygame.K_F11:
                chans = [r.channel for r in self.sim.bus.radios.values() if r.on]
                ch = max(set(chans), key=chans.count) if chans else 1
                self.sim.add_stranger(5.0, ch, seed=len(self.sim.strangers))
                self.message = "%d stranger(s) on channel %d" % (len(self.sim.strangers), ch)
            elif down and ev.key == pygame.K_F10:
                self.lossy = not self.lossy
                self.sim.bus.loss, self.sim.bus.dup = (0.3, 0.1) if self.lossy else (0.0, 0.0)
            else:
                ch = pygame.key.name(ev.key)
                if down and ch in self.shake_keys and self.sim.tilt_pin is not None:
                    self.sim.shake(self.shake_keys[ch])
                elif ch in self.keymap:
                    i, b = self.keymap[ch]
                    self._set(i, b, down, "key")
        return True

    def run(self, seconds=None, fps=30):
        """The window's loop: step the simulation, handle input, redraw at fps."""
        end = None if seconds is None else time.monotonic() + seconds
        frame_s = 1.0 / fps
        try:
            while end is None or time.monotonic() < end:
                t = time.monotonic()
                for ev in pygame.event.get():
                    if not self.handle(ev):
                        return
                while time.monotonic() - t < frame_s:
                    self.sim.step(5)
                if self.sound:
                    self._play_tones()
                self.draw()
        finally:
            pygame.quit()
