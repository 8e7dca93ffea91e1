"""Every screen readable (issue 24): buttons are pressed at random through every screen the
handheld reaches alone (the menus, the settings, both solo games, the table with bots), in English
and in Danish, and every frame drawn is checked as it is drawn: no text leaves the panel or is cut
to fit it (a row of more than 16 characters, a label cut by ui.fit), none runs under the battery
icon, and a selected row's bar has a lit line above its letters (their tops stay readable)."""
import rig
from dicecup.play import seats
from dicecup.ui import gfx, screen as ui
from mpcheck import Rng

seats.Bot.think_ms = 60

_W = 128
_BATTERY_X = 115    # app.redraw draws the 13x7 icon at x 115, y 0
problems = {}       # what was wrong -> the screen it was on (one report per kind)
seen = {}           # the screens checked (class name, language) -> frames
_where = [""]


def _fault(what):
    if what not in problems:
        problems[what] = _where[0]


class CheckedGfx(gfx.Gfx):
    """gfx.Gfx that checks what each screen asks it to draw."""

    def __init__(self, fb):
        gfx.Gfx.__init__(self, fb)
        self.bars = []
        self.battery_on = True

    def text(self, s, x, y, c=1):
        end = x + 8 * len(s)
        if x < 0 or y < 0 or end > _W or y + 8 > 64:
            _fault("off the panel: %r at %d,%d" % (s, x, y))
        if self.battery_on and y < 7 and end > _BATTERY_X and s.strip():
            _fault("under the battery icon: %r at %d,%d" % (s, x, y))
        return gfx.Gfx.text(self, s, x, y, c)

    def row(self, row, s, align=0, inverse=False):
        if len(s) > 16:
            _fault("cut to 16 characters: %r" % s)
        if inverse and row > 0:
            self.bars.append(row)
        return gfx.Gfx.row(self, row, s, align, inverse)

    def check_bars(self):
        fb = self.fb
        for row in self.bars:
            y = 8 * row - 1
            for x in range(_W):
                if not fb.pixel(x, y):
                    _fault("a selected row's letters touch its bar's top edge (row %d)" % row)
                    break
        self.bars = []


_fit = ui.fit


def checked_fit(label, value, width=16):
    out = _fit(label, value, width)
    if value is not None and value != "" and not out.startswith(label):
        _fault("label cut to fit its value: %r %r -> %r" % (label, value, out))
    return out


ui.fit = checked_fit   # Menu.draw's and every module's loaded after this one


def checked(r, lang):
    """Check every frame r's app draws from now on."""
    app = r.app
    g = CheckedGfx(app.fb)
    app.g = g
    redraw = app.redraw

    def checked_redraw(*args):
        _where[0] = "%s (%s)" % (type(app.screen).__name__, ("da", "en")[lang])
        seen[_where[0]] = seen.get(_where[0], 0) + 1
        g.battery_on = app.screen.battery
        redraw(*args)
        g.check_bars()

    app.redraw = checked_redraw
    app.dirty = True
    r.step()


def walk(lang, seed, presses, owner="Dig"):
    rig.fresh({"sleep": 4, "lang": lang}, owner=owner)
    r = rig.Rig(seed=seed)
    checked(r, lang)
    mash(r, seed, presses)
    return r


def mash(r, seed, presses):
    rng = Rng(seed)
    names = rig.NAMES
    for _ in range(presses):
        k = rng.below(10)
        b = names[2] if k < 4 else names[k % 4]
        r.hold(b, (20, 60, 60, 60, 500, 900)[rng.below(6)])
        if rng.below(4) == 0:
            r.wait(rng.below(1500))


def to(r, i):
    """Move the current menu's cursor to item i."""
    for _ in range(40):
        if r.app.screen.sel == i:
            return
        r.press("down")
    raise AssertionError("no item %d" % i)


def cycle(r, i, times):
    """Choose item i of the current menu `times` times (a setting shown with each of its values)."""
    to(r, i)
    for _ in range(times):
        r.press("select")


def back_to(r, name):
    for _ in range(6):
        if type(r.app.screen).__name__ == name:
            return
        r.press("back")
    raise AssertionError("not back on %s: %s" % (name, r.text()))


def menus(lang):
    """The screens a random walk seldom reaches: the first boot, every setting with each of its
    values, the rules, the name editor, the statistics after some games, the table with bots."""
    rig.fresh({"sleep": 4}, owner=None, lang=None)
    r = rig.Rig(seed=3)
    checked(r, lang)
    if lang == 0:                        # the first boot's language question: Dansk
        r.press("down")
    r.press("select")
    r.hold("select", 1000)               # and its name question
    mash(r, 5, 300)                      # games for the statistics
    r.app.home()
    r.step(3)
    cycle(r, 3, 1)                       # settings
    for i, times in ((2, 5), (3, 5), (4, 2), (5, 4), (6, 3), (9, 2), (10, 3)):
        cycle(r, i, times)
    cycle(r, 1, 1)                       # the name editor
    r.press("up")
    r.press("select")
    r.press("back")
    r.hold("select", 1000)
    back_to(r, "Settings")
    cycle(r, 7, 1)                       # Snyd rules: each value
    for i, times in ((0, 5), (1, 2), (2, 2), (3, 2), (4, 2), (5, 3), (6, 2), (7, 2)):
        cycle(r, i, times)
    back_to(r, "Settings")
    cycle(r, 8, 1)                       # Maxi rules
    cycle(r, 0, 2)
    cycle(r, 1, 2)
    back_to(r, "Settings")
    cycle(r, 0, 2)                       # the language, there and back
    back_to(r, "Title")
    cycle(r, 4, 1)                       # statistics
    back_to(r, "Title")
    cycle(r, 5, 1)                       # the table: its menu, the join list, create
    r.wait(500)
    cycle(r, 1, 1)
    r.wait(1500)
    back_to(r, "TableMenu")
    cycle(r, 0, 1)
    cycle(r, 0, 9)                       # every game it offers
    cycle(r, 1, 6)                       # every name
    cycle(r, 2, 1)                       # open: the lobby
    r.wait(500)
    lobby = r.app.screen
    cycle(r, lobby.asks + 1, 2)          # two bots
    cycle(r, lobby.asks + 3, 1)          # the second seat's menu (a bot's)
    back_to(r, "HostLobby")
    cycle(r, r.app.screen.asks, 1)       # start
    mash(r, 7, 200)                      # the table's game
    rig.leave()


def table_game(lang, game, seed):
    """A table game with bots only: the create screen's game number `game` (2 Yatzy, 3 Maxi, 6
    team play), played by random presses."""
    rig.fresh({"sleep": 4, "lang": lang})
    r = rig.Rig(seed=seed)
    checked(r, lang)
    cycle(r, 5, 1)                       # the table
    r.wait(300)
    cycle(r, 0, 1)                       # create
    cycle(r, 0, game)
    cycle(r, 2, 1)                       # open
    r.wait(300)
    cycle(r, r.app.screen.asks + 1, 2)   # two bots
    cycle(r, r.app.screen.asks, 1)       # start
    mash(r, seed, 250)
    rig.leave()


def codes(lang):
    """The codes people compare (issue 23), which only a second handheld brings: the joiner's
    screen before the host's part of the join code came (Code ----) and after it, and the
    creator's question with the longest name and its code."""
    from dicecup.table import table as tbl
    from dicecup.table import keys
    from dicecup.ui import table_lobby as lobby
    rig.fresh({"sleep": 4, "lang": lang})
    r = rig.Rig(seed=6)
    checked(r, lang)
    cycle(r, 5, 1)                       # the table
    r.wait(300)
    from dicecup.ui.table_watch import ensure
    tb = ensure(r.app)                   # as the join list does
    host = keys.public(bytes(range(1, 33)))
    tb.join([0x1234567, "STUENXYZ", tbl.G_SNYD, 1, 2, None, -40, 0, bytes((5, 7, 0, 0, 0, 0)), host])
    r.app.go(lobby.Joining(r.app))
    r.wait(300)
    assert tbl.NO_CODE in r.text(), r.text()
    tb._hn = bytes(16)                   # the host's part, as its JHOST brings it
    r.wait(300)
    assert tb.join_code() in r.text() and tb.join_code() != tbl.NO_CODE, r.text()
    r.press("back")                      # gives the join up
    back_to(r, "TableMenu")
    cycle(r, 0, 1)                       # create
    cycle(r, 2, 1)                       # open: the lobby
    r.wait(300)
    tb = r.app.table
    pub = keys.public(bytes(range(2, 34)))
    tb.asks.append([5, "ANNA-LIS", pub, tb.now, bytes(16), bytes(16), "1234", tb.now])
    r.app.go(lobby.HostLobby(r.app))
    r.wait(100)
    assert "1234" in r.text(), r.text()
    rig.leave()


def test_every_screen_reached_fits_the_panel_in_both_languages():
    for lang in (1, 0):
        codes(lang)
        menus(lang)
        table_game(lang, 3, 4)
        table_game(lang, 6, 5)
        for seed in (1, 2):
            walk(lang, seed, 600)
            rig.leave()
    print(sorted(seen.items()))
    assert not problems, "\n".join("%s: %s" % (w, p) for p, w in sorted(problems.items()))
