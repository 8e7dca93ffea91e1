"""rig: drives one handheld's real firmware in-process under the MicroPython unix port, through the
fake buttons, and reads back what its screen shows (host_tools/readback). Used by tests/hh/hh_*.py.

The clock is the test's: every step() advances it and ticks the app once, so runs are deterministic.
"""
import json
import os

import machine

from dicecup import app
from dicecup.device import hw
from dicecup.device import pinmap
import readback

NAMES = ("up", "down", "select", "back")


_runs = [0]


def fresh(settings=None, owner="Dig", lang=0):
    """A new 'flash' (a fresh folder as the current directory), optionally with settings.json, and
    owner.json naming its owner (owner=None: a new handheld, which asks for the name at boot).
    The tests' handhelds speak Danish (settings' lang 0), as the tests were written; lang=None
    leaves the language unset, as on a new handheld (English, and a first boot asks it)."""
    if lang is not None:
        settings = dict(settings or {})
        settings.setdefault("lang", lang)
    _runs[0] += 1
    d = "run%d" % _runs[0]
    while True:
        try:
            os.mkdir(d)
            break
        except OSError:
            _runs[0] += 1
            d = "run%d" % _runs[0]
    os.chdir(d)
    if settings is not None:
        with open("settings.json", "w") as f:
            json.dump(settings, f)
    if owner is not None:
        with open("owner.json", "w") as f:
            json.dump({"name": owner}, f)


def leave():
    os.chdir("..")


class Rig:
    step_ms = 20

    def __init__(self, seed=1):
        self.pm = pinmap.load()
        self.hw = hw.Hardware(self.pm)
        self.panel = self.hw.display
        self.now = 0
        self.app = app.App(self.hw, seed)
        self.step()

    def pin(self, name):
        return self.pm["buttons"][name]

    @staticmethod
    def pin_of(name):
        """A button's pin before a Rig is made (one held at boot)."""
        return pinmap.load()["buttons"][name]

    def step(self, n=1):
        for _ in range(n):
            self.now += self.step_ms
            self.app.tick(self.now)

    def idle(self, max_steps=500):
        """Step until the next frame is shown (or max_steps pass)."""
        f = self.panel.frames
        for _ in range(max_steps):
            self.step()
            if self.panel.frames != f:
                return

    def wait(self, ms):
        self.step(max(1, ms // self.step_ms))

    def down(self, name):
        machine.sim_set(self.pin(name), 0)
        self.step(3)

    def up(self, name):
        machine.sim_set(self.pin(name), 1)
        self.step(3)

    def press(self, name, times=1):
        for _ in range(times):
            self.down(name)
            self.up(name)

    def hold(self, name, ms):
        machine.sim_set(self.pin(name), 0)
        self.wait(ms)
        machine.sim_set(self.pin(name), 1)
        self.step(3)

    def text(self):
        return readback.text(self.panel.sent)

    def lines(self):
        return readback.lines(self.panel.sent)

    def faces(self):
        return readback.faces(self.panel.sent)

    def sees(self, s):
        return s in self.text()

    def until(self, s, max_ms=60000, press=None):
        """Step until the screen shows s (pressing `press` meanwhile, if given); returns the text."""
        t = 0
        while t < max_ms:
            txt = self.text()
            if s in txt:
                return txt
            if press:
                self.press(press)
                t += 6 * self.step_ms
            else:
                self.step()
                t += self.step_ms
        raise AssertionError("never saw %r; screen:\n%s" % (s, self.text()))

    def choose(self, label, max_items=20):
        """Move the menu cursor to the line that shows label and press select."""
        for _ in range(max_items):
            if self.selected().startswith(label) or self.selected().strip().startswith(label):
                self.press("select")
                return
            self.press("down")
        raise AssertionError("no menu item %r; screen:\n%s" % (label, self.text()))

    def selected(self):
        """Text of the inverted (selected) row, read from the frame: the row whose cells are mostly lit."""
        buf = self.panel.sent
        for r in range(1, 8):
            lit = 0
            for x in range(128):
                if buf[r * 128 + x] == 0xFF:
                    lit += 1
            if lit > 40:
                return readback.line(buf, r)
        return ""
