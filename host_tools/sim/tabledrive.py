"""tabledrive: a test's hands on a simulated table - named handhelds, autoplay for the routine, a
scripted finger for the moment under test, and the faults a test needs (a cheating handheld).

It knows nothing of the firmware's insides either: it writes what a family would set on a handheld
(owner.json, settings.json) before the first boot, reads screens with host_tools/readback, presses
buttons through the hub, and lets autoplay.Player play every handheld it is not driving itself.

    t = TableHarness(3, names=("Anna", "Bo", "Cy"), dice=2)   # English screens, 2 dice each
    t.seat_all()                    # handheld 0 creates, the others join (autoplay); nobody starts
    t.choose(0, "Start!")           # the creator presses start with the scripted finger
    t.until(lambda: ..., 30000, "what we wait for")
    t.close()

cheat_flash(flash, seat, rnd) models a handheld whose owner edited its flash to change its dice: the
secret of that round (the one its commitment binds) is altered in tsecN.json, so after a reboot the
unchanged firmware shows other dice and reveals a secret that does not open its commitment.
"""
import json
import os

from host_tools import paths  # noqa: F401  (puts firmware/ on sys.path)
from host_tools import readback
from host_tools.sim import autoplay
from host_tools.sim.hub import Sim

from dicecup.text import strings  # firmware/dicecup/text/strings.py

LANG_EN = 1


def en(key):
    """A firmware text in English (the harness's handhelds speak English)."""
    keep = strings.lang()
    strings.set_lang(LANG_EN)
    try:
        return strings.t(key)
    finally:
        strings.set_lang(keep)


class TableHarness:
    def __init__(self, n, names, dice=2, seed=0, settings=None, game="snyd", **kw):
        """`settings`: more of settings.json on every handheld (e.g. sim.rule_settings(rules));
        `game`: what the creator's autoplay picks on the create screen (autoplay.TABLE_GAMES)."""
        self.game = game
        self.sim = Sim(n, clock="virtual", heap=kw.pop("heap", "1M"), seed=seed, **kw)
        for i, h in enumerate(self.sim.handhelds):
            os.makedirs(h.flash, exist_ok=True)
            with open(os.path.join(h.flash, "owner.json"), "w") as f:
                json.dump({"name": names[i]}, f)
            with open(os.path.join(h.flash, "settings.json"), "w") as f:
                json.dump(dict({"lang": LANG_EN, "dice": dice - 1}, **(settings or {})), f)
        self.names = list(names)
        self._read = {}
        self.watchers = []  # fn() after every step (a test following a screen)
        self.sim.start()
        self.players = [self.player(i, seed) for i in range(n)]
        self.auto = set(range(n))   # handhelds autoplay drives

    def player(self, i, seed=0, games=1):
        p = autoplay.Player(self.sim, i, self.game, games, seed=seed * 100 + i, table=True)
        p.creator = i == 0
        p.want_players = 99  # the creator never starts by itself: the test does
        return p

    def close(self):
        self.sim.close()

    # ---- time ---------------------------------------------------------------------------------
    def step(self):
        for i in sorted(self.auto):
            self.players[i].act()
        self.sim.step()
        for fn in self.watchers:
            fn()

    def run(self, ms):
        end = self.sim.now() + ms
        while self.sim.now() < end:
            self.step()

    def until(self, cond, ms, what):
        end = self.sim.now() + ms
        while not cond():
            if self.sim.now() > end:
                raise AssertionError("timed out (%d ms) waiting for %s\n%s\n%s\nautoplay: %s" % (
                    ms, what, self.screens(), self.sim.consoles(400), [
                        (i, p.presses, p.games_done, p.failed) for i, p in enumerate(self.players)
                        if i in self.auto]))
            self.step()
        return True

    # ---- screens ------------------------------------------------------------------------------
    def lines(self, i):
        fr = self.sim.handhelds[i].frame
        got = self._read.get(i)
        if got is None or got[0] is not fr:  # reading a frame is slow: once per new frame
            got = self._read[i] = (fr, [r.strip() for r in readback.lines(fr)] if fr else
                                   [""] * 8)
        return list(got[1])

    def text(self, i):
        return "\n".join(self.lines(i))

    def screens(self):
        return "\n".join("--- handheld %d (%s) at %d ms ---\n%s" % (
            i, self.names[i], self.sim.now(), self.text(i)) for i in range(self.sim.n))

    def shows(self, i, *words):
        """Every word is somewhere on handheld i's screen."""
        t = self.text(i)
        return all(w in t for w in words)

    # ---- the scripted finger ------------------------------------------------------------------
    def take(self, i):
        """Stop autoplay on handheld i (after its finger is up again)."""
        p = self.players[i]
        if i in self.auto:
            while p.release_at is not None:
                self.step()
            # and a gap after its last release: a press right after it falls inside the button's
            # debounce and is lost (a lost select is not retried; the lobby's cursor now starts
            # on Start!, so the scripted finger's first press is often a select)
            self.auto.discard(i)
            self.run(autoplay.GAP_MS)
        self.auto.discard(i)

    def give(self, i):
        """Autoplay drives handheld i again."""
        p = self.players[i]
        p.changed_at = self.sim.now()
        self.auto.add(i)

    def press(self, i, button):
        self.take(i)
        self.sim.press(i, button, True)
        self.run(autoplay.PRESS_MS)
        self.sim.press(i, button, False)
        self.run(autoplay.GAP_MS)

    def choose(self, i, label, ms=5000):
        """Move handheld i's menu cursor to the row starting with `label` and press select (the
        lobby's start once the table code shows: before, the firmware says the code is not ready)."""
        self.take(i)
        if label == en("start"):
            self.until(lambda: not self.lines(i)[0].rstrip().endswith("----"), ms,
                       "the table code on handheld %d" % i)
        end = self.sim.now() + ms
        while True:
            rows = self.lines(i)
            sel = autoplay.selected_row(self.sim.handhelds[i].frame)
            target = [r for r in range(1, 8) if rows[r].startswith(label)]
            if target and sel is not None:
                if sel == target[0]:
                    self.press(i, "select")
                    return
                self.press(i, "down" if sel < target[0] else "up")
            elif sel is not None:
                self.press(i, "down")  # the row may be below the screen
            else:
                self.step()
            if self.sim.now() > end:
                raise AssertionError("no row %r on handheld %d\n%s" % (label, i, self.screens()))

    # ---- the lobby ----------------------------------------------------------------------------
    def seat_order(self, i=0):
        """The names in seat order as handheld i's lobby lists them ("1 Anna", "2 Cy", ...; the
        creator's lobby or a joiner's waiting screen, which must be showing)."""
        out = []
        for r in self.lines(i)[1:]:
            for cell in r.split("  "):
                k, _, name = cell.strip().partition(" ")
                if k.isdigit() and name:
                    out.append((int(k), name))
        return [name for _, name in sorted(out)]

    def seat_of(self, order, i):
        """The game seat of handheld i, given the seat order (names)."""
        return order.index(self.names[i])

    def seat_all(self, who=None, ms=30000):
        """Handheld 0 creates the table, every other in `who` (default: all) joins; returns when
        they all sit, not started. The others stay on the title screen, autoplay off."""
        who = list(range(self.sim.n)) if who is None else list(who)
        self.auto = set(who) | (self.auto - set(range(self.sim.n)))
        self.until(lambda: autoplay.handhelds(self.lines(0)[1]) == len(who) and
                   all(self.shows(i, en("t_wait_start")) for i in who if i), ms,
                   "every handheld seated")


def cheat_flash(flash, seat, rnd=None):
    """Alter seat's secret for round rnd (default: every one kept, so the round being bid's too,
    whether or not the next round's was drawn ahead in an idle loop) in the handheld's
    tsecN.json: one bit of s flipped. Returns the round (the lowest altered)."""
    from dicecup.rules import fairdice
    path = os.path.join(flash, "tsec%d.json" % seat)
    with open(path) as f:
        b = bytes.fromhex(json.load(f))
    half = len(b) // 2
    draws = [fairdice.Draw.from_bytes(part) for part in (b[:half], b[half:])]
    out = b""
    hit = False
    for d in draws:
        if rnd is None or d.round == rnd:
            d.s = bytes((d.s[0] ^ 1,)) + d.s[1:]
            hit = True
        out += d.to_bytes()
    if not hit:
        raise ValueError("no secret for round %s in %s" % (rnd, path))
    with open(path, "w") as f:
        json.dump(out.hex(), f)
    return rnd if rnd is not None else min(d.round for d in draws)
