"""table_ui: the table's screens in a game - the pause, following the table, refusals - and the way
to and from the lobby's screens (table_lobby_ui: create, the join list, the creator's lobby,
waiting to start; loaded between games only), for either game; the game itself is shown by its
own module's screens, loaded only for that game: table_snyd_ui (snyd_ui's) or table_yatzy_ui
(yatzy_ui's).

Every table screen follows the table (watch): a new game opens its screen (game_screen), a pause
shows who is missing. A game screen has `games`, the table's game count when it opened.
"""
import table as tbl
from compat import const
from strings import t
from ui import Menu

# what a table never needs once open; seats (and its botrng) only for a bot seat, which loads them
MENU_MODULES = ("screens", "settings_ui", "settings", "seats", "botrng")


# what start() opens: the create/join menu, a new game's screen, the lobby after a game
_OPEN = const(0)
_GAME = const(1)
_LOBBY = const(2)


def start(app, what=_OPEN):
    """From the title (app.launch: the menus are dropped before this module loads, so the table's
    modules land in an unfragmented heap; the 8-handheld table needed 16 KB more heap without),
    or a new game's screen (see play), or the lobby after a game (see to_lobby)."""
    if what == _GAME:
        app.go(game_screen(app))
    elif what == _LOBBY:
        app.go(lobby(app))
    else:
        import table_lobby_ui
        app.go(table_lobby_ui.TableMenu(app))


def ensure(app):
    """The handheld's table (and radio), made on first use."""
    if app.table is None:
        import radio
        if app.radio is None:
            app.radio = radio.Radio()
        # an unnamed handheld is "P<number>" at the table: its default name, "You", would name
        # another player on every other screen
        app.table = tbl.Table(app.radio, (app.owner or "")[:8], app.now)
    return app.table


def resume(app):
    """At boot with a table on flash: back to the seat (a reboot in the middle of a game)."""
    tb = ensure(app)
    if not tb.resume():
        app.table = None
        return False
    app.go(game_screen(app))
    return True


# the lobby's code (screens, and table.Table's lobby half): loaded between games only
LOBBY_MODULES = ("table_lobby_ui", "table_lobby", "tablekeys", "x25519")


def play(app):
    """A new game: its screen opens on the app's next tick, once the screen showing now is gone
    and with it the lobby's modules (app.launch), so the game's screens load into the heap they
    held; game over brings the lobby back (lobby)."""
    app.launch("table_ui", (_GAME,), LOBBY_MODULES)


# a game's screens: loaded per game (game_screen), dropped before the lobby loads
# (snyd_open and snyd_over never load at a table: it refuses the open die and has its own game over)
GAME_MODULES = ("table_snyd_ui", "snyd_ui", "snyd_screens", "table_yatzy_ui", "yatzy_ui",
                "yatzy_sheet")


def to_lobby(app):
    """Game over: the lobby opens on the app's next tick, once the game's screens are gone
    (app.launch), so its modules load into the heap they held; at 192K an 8-handheld table ran
    out of heap loading the lobby beside them."""
    app.launch("table_ui", (_LOBBY,), GAME_MODULES)


def game_screen(app):
    """The screen of the table's game in progress (its game's screens are loaded now)."""
    if app.table.gid == tbl.G_YATZY:
        import table_yatzy_ui as m
    else:
        import table_snyd_ui as m
    return m.screen(app)


# what only a table uses: forgotten when this handheld leaves it (the title's games need the room)
TABLE_MODULES = LOBBY_MODULES + ("table_ui", "table_snyd_ui", "table_yatzy_ui", "table",
                                 "table_snyd", "table_yatzy", "snydtable", "yatzytable", "tablegame",
                                 "tablelog", "tablewhy", "wire", "fairdice")


def close(app):
    if app.table is not None:
        app.table.leave()
        app.table = None
    import app as app_module
    app_module.forget(TABLE_MODULES)
    import screens
    app.go(screens.Title(app))


def lobby(app):
    """The table's screen between games: the creator's lobby or the joiner's wait."""
    import table_lobby_ui as m
    return m.HostLobby(app) if app.table.mode == tbl.HOSTING else m.Waiting(app)


def watch(scr):
    """Follow the table from any table screen; True if it moved to another screen."""
    app = scr.app
    tb = app.table
    if tb is None or tb.game is None:
        return False
    if tb.game.games != scr.games:
        play(app)
        return True
    if _paused(tb) and tb.playing() and not isinstance(scr, Paused):
        app.go(Paused(app, scr))
        return True
    h = getattr(scr, "hosting", None)  # a lobby screen: the creator's (True) or a joiner's
    if h is not None and h != (tb.mode == tbl.HOSTING):
        app.go(lobby(app))  # this handheld took over hosting (the creator is gone), or gave it up
        return True
    return False


def refused(scr):
    """Tell this handheld's person why the table refused their move; True if it did."""
    app = scr.app
    tb = app.table
    g = tb.game
    s = tb.my_seat()
    if s < 0 or g.refused[s] is None:
        return False
    reason, lo = g.refused[s]
    g.refused[s] = None
    import tablewhy  # the words, loaded only when a refusal is shown (rare; no heap during play)
    from ui import Message
    app.go(Message(app, tablewhy.explain(tb.node, reason, lo, tb.seat_name), scr))
    return True


def _paused(tb):
    """The table waits for another handheld (one it waits on for a move goes on playing)."""
    return tb.node.missing & ~(1 << tb.who) != 0


class Paused(Menu):
    """Someone is gone: who, and (on the sequencer) wait, give the seat to a bot, or remove it."""

    def __init__(self, app, back_to):
        Menu.__init__(self, app)
        self.back_to = back_to
        self.games = back_to.games
        self.who = 0

    def heading(self):
        return t("t_paused")

    def lead(self):
        return self.app.table.node.is_leader()

    def count(self):
        return 3 if self.lead() else 0

    def item(self, i):
        return (t(("t_wait", "t_to_bot", "t_remove")[i]), None)

    def choose(self, i):
        tb = self.app.table
        if i == 0:
            return
        m = tb.node.missing
        for h in range(8):
            if m & (1 << h) and h != tb.who:
                tb.reseat_to_bot(h, self.app.now)
                if i == 2 and h in tb.order:
                    tb.remove_seat(tb.order.index(h))

    def tick(self, now):
        tb = self.app.table
        if tb.game.games != self.games or not _paused(tb) or not tb.playing():
            self.app.go(self.back_to)
            return
        names = " ".join(tb.missing_names())
        if names != getattr(self, "names", None):
            self.names = names
            self.changed()

    def draw(self, g):
        Menu.draw(self, g)
        tb = self.app.table
        g.row(5, t("t_missing"), 1)
        g.row(6, " ".join(tb.missing_names())[:16], 1)
