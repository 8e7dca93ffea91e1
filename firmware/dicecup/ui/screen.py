"""ui: the screen base class and the list menu most screens are built from.

A Screen draws itself on request (draw(g)), reacts to button events (key(button, event)), to time
(tick(now)) and at a table to what the table's game did (news(ev)), and calls self.changed()
whenever what it shows changes: the app redraws only then.
Menu is a scrolling list with a title row; items are (label, value) pairs a subclass supplies.
CupScreen is a screen with the person's dice under the cup (hold BACK to look).
"""
from dicecup.device.buttons import BACK, DOWN, PRESS, RELEASE, REPEAT, SELECT, UP
from dicecup.text.strings import t
from dicecup.core.compat import const

_VISIBLE = const(7)


class Screen:
    battery = True      # draw the battery icon in the top-right corner
    whole = False       # at a table, a picture's pages may go to the panel over a few loops
    #                     (App.redraw); True: all at once (a code or a roster never half new)

    def __init__(self, app):
        self.app = app

    def changed(self):
        self.app.dirty = True

    def key(self, b, ev):
        pass

    def shake(self):
        """The cup was shaken (the tilt switch, buttons.Shake): a screen that rolls rolls."""
        pass

    def tick(self, now):
        pass

    def news(self, ev):
        """At a table: what its game did since, `ev` (game.NEWS_* bits), told after the table's
        tick; with game.NEWS_SHOWN when this screen was shown since (it catches up with what it
        missed, by what it showed last). (ev, not a new word: every name is heap in the solo
        games, tests/test_names.py)"""
        pass

    def idle(self):
        """A loop with nothing else to do (App.tick): a screen may load what comes next."""
        pass

    def draw(self, g):
        pass


class CupScreen(Screen):
    """A screen with the person's dice under the cup: holding BACK lifts it (peek), and the
    cup_open setting keeps it lifted. key() handles BACK; a subclass's key() calls it first."""
    peek = False

    def key(self, b, ev):
        """True if the key was BACK (pressed: peek, released: the cup goes down again)."""
        if b != BACK:
            return False
        if ev == PRESS or ev == RELEASE:
            self.peek = ev == PRESS
            self.changed()
        return True

    def cup_open(self):
        return self.peek or self.app.settings["cup_open"]


def fit(label, value, width=16):
    """label left and value right on one line of width characters."""
    if value is None or value == "":
        return label[:width]
    value = str(value)
    room = width - len(value) - 1
    return label[:room] + " " * (room - len(label[:room]) + 1) + value


class Menu(Screen):
    title = ""

    def __init__(self, app, sel=0):
        Screen.__init__(self, app)
        self.sel = sel
        self.top = 0

    # --- what a subclass supplies ---
    def count(self):
        return 0

    def item(self, i):
        """(label, value or None) of item i."""
        return ("", None)

    def choose(self, i):
        pass

    def back(self):
        pass

    def heading(self):
        return t(self.title)

    # --- behaviour ---
    def key(self, b, ev):
        if ev != PRESS and ev != REPEAT:
            return
        n = self.count()
        if b == UP or b == DOWN:
            if n:
                self.sel = (self.sel + (1 if b == DOWN else -1)) % n
                self.changed()
        elif ev == PRESS and b == SELECT:
            if n:
                self.choose(self.sel)
                self.changed()
        elif ev == PRESS and b == BACK:
            self.back()

    def draw(self, g, first=1, n=_VISIBLE):
        """The heading on row 0, the items on n rows from row first (a screen with lines of its
        own around the list passes its rows: table_lobby.HostLobby)."""
        k = self.count()
        if self.sel >= k:
            self.sel = max(0, k - 1)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + n:
            self.top = self.sel - n + 1
        g.row(0, self.heading()[:14])
        for r in range(n):
            i = self.top + r
            if i >= k:
                break
            label, value = self.item(i)
            g.row(r + first, fit(label, value), 0, i == self.sel)


class Confirm(Menu):
    """A yes/no question: "no" (the default) returns to back_to, "yes" calls on_yes()."""

    def __init__(self, app, question, back_to, on_yes):
        Menu.__init__(self, app)
        self.question = question
        self.back_to = back_to
        self.on_yes = on_yes

    def heading(self):
        return t(self.question)

    def count(self):
        return 2

    def item(self, i):
        return (t("no") if i == 0 else t("yes"), None)

    def choose(self, i):
        if i == 0:
            self.app.go(self.back_to)
        else:
            self.on_yes()

    def back(self):
        self.app.go(self.back_to)


def onoff(v):
    return t("on") if v else t("off")


class Message(Screen):
    """A short message; any button returns to the screen it came from. Here, not in the title's module: a game
    shows one without loading the menus (at a table mid-game they cost heap it needs, docs/memory.md)."""

    def __init__(self, app, text, back_to):
        Screen.__init__(self, app)
        self.text = text
        self.back_to = back_to

    def key(self, b, ev):
        if ev == PRESS:
            self.app.go(self.back_to)

    def draw(self, g):
        r = 2
        for line in wrap(self.text):
            g.row(r, line, 1)
            r += 1
        g.row(7, t("ok_back"), 1)


def wrap(text, width=16):
    """text in rows of at most width characters, broken at spaces (a Message has rows 2-6)."""
    rows = []
    line = ""
    for w in text.split(" "):
        if line and len(line) + 1 + len(w) > width:
            rows.append(line)
            line = w
        else:
            line = line + " " + w if line else w
    rows.append(line)
    return rows
