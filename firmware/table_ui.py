"""table_ui: the table's screens - create, the join list, the creator's lobby, waiting to start, the
pause - for either game; the game itself is shown by its own module's screens, loaded only for
that game: table_snyd_ui (snyd_ui's) or table_yatzy_ui (yatzy_ui's).

Every table screen follows the table (watch): a new game opens its screen (game_screen), a pause
shows who is missing. A game screen has `games`, the table's game count when it opened.
"""
import table as tbl
from buttons import PRESS, SELECT
from strings import t
from ui import Confirm, Menu, Screen

# what the create screen offers: (label, table game, Snyd kids / Yatzy variant, teams)
GAMES = (("snyd", tbl.G_SNYD, False, 0), ("snyd_kids", tbl.G_SNYD, True, 0),
         ("v_standard", tbl.G_YATZY, "standard", 0), ("v_maxi", tbl.G_YATZY, "maxi", 0),
         ("v_yahtzee", tbl.G_YATZY, "yahtzee", 0), ("v_triple", tbl.G_YATZY, "triple", 0),
         ("v_team", tbl.G_YATZY, "standard", 2))

# what a table never needs once open; seats (and its botrng) only for a bot seat, which loads them
MENU_MODULES = ("screens", "settings_ui", "settings", "seats", "botrng")


def start(app):
    """From the title (app.launch: the menus are dropped before this module loads, so the table's
    modules land in an unfragmented heap; the 8-handheld table needed 16 KB more heap without)."""
    app.go(TableMenu(app))


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


def game_screen(app):
    """The screen of the table's game in progress (its game's screens are loaded now)."""
    if app.table.gid == tbl.G_YATZY:
        import table_yatzy_ui as m
    else:
        import table_snyd_ui as m
    return m.screen(app)


# what only a table uses: forgotten when this handheld leaves it (the title's games need the room)
TABLE_MODULES = ("table_ui", "table_snyd_ui", "table_yatzy_ui", "table", "table_snyd", "table_yatzy",
                 "snydtable", "yatzytable", "tablegame", "tablelog", "tablewhy", "wire", "fairdice")


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
    tb = app.table
    return HostLobby(app) if tb.mode == tbl.HOSTING else Waiting(app)


def watch(scr):
    """Follow the table from any table screen; True if it moved to another screen."""
    app = scr.app
    tb = app.table
    if tb is None or tb.game is None:
        return False
    if tb.game.games != scr.games:
        app.go(game_screen(app))
        return True
    if tb.node.paused() and tb.playing() and not isinstance(scr, Paused):
        app.go(Paused(app, scr))
        return True
    if isinstance(scr, (HostLobby, Waiting)) and isinstance(scr, HostLobby) != \
            (tb.mode == tbl.HOSTING):
        app.go(lobby(app))  # this handheld took over hosting (the creator is gone), or gave it up
        return True
    return False


def game_letter(gid, rules):
    """One letter for a listed table's game: S Snyd, K kids' Snyd, Y Yatzy or Yahtzee, M Maxi,
    T Triple, then a team game's count of teams (Y2)."""
    if gid == tbl.G_SNYD:
        return "K" if rules and rules[0] == 3 else "S"
    if not rules or rules[0] > 3:
        return "?"
    return "YMYT"[rules[0]] + (str(rules[2]) if rules[2] else "")


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
    import tablegame
    from ui import Message
    app.go(Message(app, tablegame.explain(tb.node, reason, lo), scr))
    return True


class TableMenu(Menu):
    title = "table"

    def __init__(self, app, sel=0):
        Menu.__init__(self, app, sel)
        import app as app_module
        # the title's modules go (once the title screen is gone) before the table's come in:
        # opening the table was the tightest moment for the heap
        app_module.forget(MENU_MODULES)

    def count(self):
        return 2

    def item(self, i):
        return (t(("t_create", "t_join")[i]), None)

    def choose(self, i):
        self.app.go(Create(self.app) if i == 0 else JoinList(self.app))

    def back(self):
        close(self.app)


class Create(Menu):
    """Game (Snyd with this handheld's Snyd settings, kids' Snyd, a Yatzy variant with its Maxi
    settings, team play) and a short table name."""

    def __init__(self, app):
        Menu.__init__(self, app, 2)
        self.g = 0
        self.names = [app.name()[:8]] + [t("table")[:6] + " %d" % i for i in range(1, 6)]
        self.k = 0
        import screens  # the rules as the set-up screens make them, then it goes again
        self.rules = (screens.SnydSetup(app, False).rules(), screens.SnydSetup(app, True).rules())
        self.maxi = screens.maxi_options(app.settings)
        import app as app_module
        app_module.forget(MENU_MODULES)

    def heading(self):
        return t("t_create")

    def count(self):
        return 3

    def item(self, i):
        if i == 0:
            return (t("t_game"), t(GAMES[self.g][0])[:9])
        if i == 1:
            return (t("name"), self.names[self.k])
        return (t("t_open"), None)

    def choose(self, i):
        if i == 0:
            self.g = (self.g + 1) % len(GAMES)
        elif i == 1:
            self.k = (self.k + 1) % len(self.names)
        else:
            _, gid, v, teams = GAMES[self.g]
            if gid == tbl.G_SNYD:
                rules, kids = self.rules[v], v
                if rules.open_die:  # laid open, a die would go over the radio before the reveal
                    import ui
                    words = (t("open_die"), t("t_no_open1"), t("t_no_open2"), t("t_no_open3"),
                             t("snyd_rules") + ".")
                    self.app.go(ui.Message(self.app, " ".join(words), self))
                    return
            else:
                rules, kids = (v, self.maxi if v == "maxi" else None, teams), False
                import app as app_module
                app_module.forget(("snyd",))  # only the set-up's Snyd rules needed it
            self.rules = None
            ensure(self.app).create(self.names[self.k], rules, kids, gid)
            self.app.go(HostLobby(self.app))

    def back(self):
        self.app.go(TableMenu(self.app))


class HostLobby(Menu):
    """The creator: who sits where; add bots, move or remove seats, start."""
    games = -1

    def __init__(self, app, sel=0):
        Menu.__init__(self, app, sel)
        self.tb = app.table
        self.games = self.tb.game.games
        self.seen = -1

    def heading(self):
        return self.tb.tname

    def count(self):
        return len(self.tb.order) + 3

    # rows: how many handhelds sit, start, add a bot, then the seats in order (so the first three
    # never scroll away)
    def item(self, i):
        tb = self.tb
        if i == 0:
            return (t("t_handhelds"), tb.handhelds())
        if i == 1:
            return (t("start"), None)
        if i == 2:
            return (t("t_add_bot"), None)
        return ("%d %s" % (i - 2, tb.order_name(i - 3)), None)

    def choose(self, i):
        tb = self.tb
        n = len(tb.order)
        if i >= 3:
            self.app.go(SeatMenu(self.app, i - 3))
        elif i == 2:
            tb.add_bot()
        elif i == 1:
            if n < 2:
                from ui import Message
                self.app.go(Message(self.app, t("t_need_two"), self))
                return
            if tb.start(self.app.now) == 0:
                self.app.go(game_screen(self.app))

    def back(self):
        app = self.app
        app.go(Confirm(app, "t_close_q", self, lambda: close(app)))

    def tick(self, now):
        if watch(self):
            return
        k = len(self.tb.order) * 16 + self.tb.handhelds()
        if k != self.seen:
            self.seen = k
            self.changed()


class SeatMenu(Menu):
    def __init__(self, app, i):
        Menu.__init__(self, app)
        self.i = i

    def heading(self):
        return "%s %d" % (t("t_seat"), self.i + 1)

    def count(self):
        return 3 if self.i > 0 else 2

    def item(self, i):
        return (t(("t_up", "t_down", "t_remove")[i]), None)

    def choose(self, i):
        tb = self.app.table
        if i == 2:
            tb.remove_seat(self.i)
        else:
            tb.move_seat(self.i, -1 if i == 0 else 1)
        self.app.go(HostLobby(self.app, self.i + 3))

    def back(self):
        self.app.go(HostLobby(self.app, self.i + 3))


class JoinList(Menu):
    """Tables announced nearby: name, game, handhelds seated, signal (dBm)."""

    def __init__(self, app):
        Menu.__init__(self, app)
        self.tb = ensure(app)
        self.tb.browsing = True
        self.rows = []
        self.at = -1000

    def heading(self):
        return t("t_join")

    def count(self):
        return len(self.rows)

    def item(self, i):
        e = self.rows[i]
        sig = "" if e[6] is None else str(e[6])
        return (e[1][:7], "%s%d %s" % (game_letter(e[2], e[8]), e[3], sig))

    def draw(self, g):
        Menu.draw(self, g)
        if not self.rows:
            g.row(3, t("t_looking"), 1)

    def choose(self, i):
        self.tb.browsing = False
        self.tb.join(self.rows[i])
        self.app.go(Joining(self.app))

    def back(self):
        self.tb.browsing = False
        self.app.go(TableMenu(self.app, 1))

    def tick(self, now):
        if now - self.at >= 500:
            self.at = now
            rows = self.tb.tables()
            if len(rows) != len(self.rows) or [e[0] for e in rows] != [e[0] for e in self.rows]:
                self.changed()
            self.rows = rows


class Joining(Screen):
    def tick(self, now):
        tb = self.app.table
        if tb.mode == tbl.SEATED:
            self.app.go(Waiting(self.app))

    def key(self, b, ev):
        if ev == PRESS and b != SELECT:
            self.app.table._forget()
            self.app.go(TableMenu(self.app, 1))

    def draw(self, g):
        g.row(0, t("t_join"))
        g.row(2, self.app.table.tname, 1)
        g.row(4, t("t_joining"), 1)
        g.row(7, t("t_back_cancel"), 1)


class Waiting(Screen):
    """A joiner between games: the table, the others, and leaving."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.games = app.table.game.games
        self.seen = None

    def tick(self, now):
        if watch(self):
            return
        tb = self.app.table
        k = "".join(tb.names) + str(tb.order)
        if k != self.seen:
            self.seen = k
            self.changed()

    def key(self, b, ev):
        if ev == PRESS and b != SELECT:
            app = self.app
            app.go(Confirm(app, "t_leave_q", self, lambda: close(app)))

    def draw(self, g):
        tb = self.app.table
        g.row(0, tb.tname)
        n = len(tb.order)  # the creator's seat order (its roster), in two columns past five
        for i in range(n):
            cell = "%d %s" % (i + 1, tb.order_name(i)[:8 if n <= 5 else 5])
            g.text(cell, 0 if n <= 5 else (i & 1) * 64, 8 * (1 + (i if n <= 5 else i >> 1)))
        g.row(6, t("t_left_out" if tb.left_out() else "t_wait_start"), 1)
        g.row(7, t("t_back_leave"), 1)


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
            if m & (1 << h):
                tb.reseat_to_bot(h, self.app.now)
                if i == 2 and h in tb.order:
                    tb.remove_seat(tb.order.index(h))

    def tick(self, now):
        tb = self.app.table
        if tb.game.games != self.games or not tb.node.paused() or not tb.playing():
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
