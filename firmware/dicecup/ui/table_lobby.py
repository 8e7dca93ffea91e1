"""table_lobby: the table's screens between games - create (the game), the join list, the
creator's lobby and its seat menu, joining, a joiner's wait - for either game. Loaded between games
only: ui.table.start forgets it (and table_lobby) before a game's screen opens, and loads it again
at game over (lobby).
"""
from dicecup.table import table as tbl
from dicecup.device.buttons import BACK, PRESS
from dicecup.text.strings import t
from dicecup.ui.table_watch import close, ensure, play, watch
from dicecup.ui.screen import Confirm, Menu, Screen, fit
from dicecup.core.compat import const

_CUP = const("\x07")   # gfx's mini cup (one of its own glyphs)

# what the create screen offers: (label, table game, Snyd kids / Yatzy variant, teams)
GAMES = (("snyd", tbl.G_SNYD, False, 0), ("snyd_kids", tbl.G_SNYD, True, 0),
         ("v_standard", tbl.G_YATZY, "standard", 0), ("v_maxi", tbl.G_YATZY, "maxi", 0),
         ("v_yahtzee", tbl.G_YATZY, "yahtzee", 0), ("v_triple", tbl.G_YATZY, "triple", 0),
         ("v_team", tbl.G_YATZY, "standard", 2), ("v_team3", tbl.G_YATZY, "standard", 3),
         ("v_team4", tbl.G_YATZY, "standard", 4))


def lobby(app):
    """The table's screen between games: the creator's lobby or the joiner's wait."""
    return HostLobby(app) if app.table.mode == tbl.HOSTING else Waiting(app)


def _follow(scr):
    """table_watch.watch, and a lobby screen's own move: this handheld took over hosting (the
    creator is gone), or gave it up. True if it moved to another screen."""
    if watch(scr):
        return True
    tb = scr.app.table
    if tb is not None and tb.game is not None and scr.hosting != (tb.mode == tbl.HOSTING):
        scr.app.go(lobby(scr.app))
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


def about(g, tb, code=True):
    """Rows 1 and (code) 7 of both lobbies: the table's game and how many handhelds sit (a cup
    each), and what the table code in the heading is (it changes as each handheld sits: every
    lobby at the table shows the same one, docs/protocol.md)."""
    r = tb.rules
    if tb.gid == tbl.G_SNYD:
        k = "snyd_kids" if tb.kids_mode() else "snyd"
    elif r and r[2]:
        k = "v_team" if r[2] == 2 else "v_team%d" % r[2]
    else:
        k = "v_" + (r[0] if r else "standard")
    g.row(1, fit(t(k), "%s%d" % (_CUP, tb.handhelds())))
    if code:
        g.row(7, t("t_code_why"), 1)


class TableMenu(Menu):
    title = "table"

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
        from dicecup.storage import settings  # the rules this handheld's settings make (as for a solo game), then it goes
        s = app.settings
        self.rules = (settings.rules(s, False), settings.rules(s, True))
        self.maxi = settings.maxi_options(s)

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
            else:
                rules, kids = (v, self.maxi if v == "maxi" else None, teams), False
            self.rules = None
            ensure(self.app).create(self.names[self.k], rules, kids, gid)
            self.app.go(HostLobby(self.app))

    def back(self):
        self.app.go(TableMenu(self.app))


def _ahead(s):
    """The lobby screen s in an idle loop: the app loads the game's next screen module."""
    if s.ahead:
        s.ahead = s.app.ahead(s.app.table.gid == tbl.G_YATZY)


class HostLobby(Menu):
    """The creator: who sits where; add bots, move or remove seats, start."""
    games = -1
    hosting = True  # _follow: the creator's lobby (a joiner's is Waiting)
    whole = True    # (Screen.whole: the roster and the code)
    ahead = True    # the game's screens still to load (_ahead)

    def idle(self):
        _ahead(self)

    def __init__(self, app, sel=-1):
        self.tb = app.table
        self.asks = self.tb.asking()
        # the cursor starts on Start! (what the creator wants most); sel counts below the asks
        Menu.__init__(self, app, self.asks + (0 if sel < 0 else sel))
        self.games = self.tb.game.games
        self.seen = -1

    def heading(self):
        # the table code: every lobby screen at this table shows the same (keys.table_code)
        return "%s %s" % (self.tb.tname[:8], self.tb.table_code())

    def count(self):
        return len(self.tb.order) + 2 + self.tb.asking()

    # rows (under the game, which is no row to choose): a joiner waiting for a yes ("Seat Bo
    # 1234?": the code its screen shows), start, add a bot, then the seats in order (so the first
    # rows never scroll)
    def item(self, i):
        tb = self.tb
        asks = tb.asking()
        if i < asks:
            # said yes, its key still being agreed (a slice a loop): the row says so at once
            return ("%s %s %s" % (t("t_wait" if tb.ask_nonce(i) in tb.seating() else "t_admit"),
                                  tb.ask_name(i)[:5], tb.ask_code(i)), None)
        i -= asks
        if i == 0:
            return (t("start"), None)
        if i == 1:
            return (t("t_add_bot"), None)
        return ("%d %s" % (i - 1, tb.order_name(i - 2)), None)

    def draw(self, g):
        # the menu under the game (row 1): on rows 2-6 above the code's line while it fits there,
        # else on rows 2-7 (four seats and more: the seats matter more than the line then)
        v = 5 if self.count() <= 5 else 6
        Menu.draw(self, g, 2, v)
        about(g, self.tb, v == 5)

    def choose(self, i):
        tb = self.tb
        asks = tb.asking()
        if i < asks:
            tb.admit(tb.ask_nonce(i), True)  # seated once its key is agreed (a slice a loop)
            self.changed()
            return
        i -= asks
        n = len(tb.order)
        if i >= 2:
            m = SeatMenu(self.app, i - 2)
            if m.count():   # a lone seat can be neither moved nor removed
                self.app.go(m)
        elif i == 1:
            tb.add_bot()
        else:
            need = tb.min_seats()
            if n < need:
                from dicecup.ui.screen import Message
                self.app.go(Message(self.app, t("t_need_n") % need, self))
                return
            if not tb.confirmed():
                from dicecup.ui.screen import Message
                self.app.go(Message(self.app, t("t_code_wait"), self))
                return
            if tb.start(self.app.now) == 0:
                play(self.app)

    def back(self):
        app = self.app
        app.go(Confirm(app, "t_close_q", self, lambda: close(app)))

    def tick(self, now):
        if _follow(self):
            return
        asks = self.tb.asking()
        if asks != self.asks:   # a joiner's row came or went above the cursor's: it stays on its row
            if self.sel >= self.asks:
                self.sel += asks - self.asks
            elif self.sel >= asks:  # on a joiner's row that went (seated): back on Start!
                self.sel = asks
            self.asks = asks
        k = (len(self.tb.order) * 16 + self.tb.handhelds() + 256 * asks +
             4096 * len(self.tb.seating()),
             self.tb.table_code(), self.tb.rules is None)
        if k != self.seen:
            self.seen = k
            self.changed()


class SeatMenu(Menu):
    def __init__(self, app, i):
        Menu.__init__(self, app)
        self.i = i
        # only what this seat can do: up unless it is first, down unless it is last, remove
        # unless it is the first (as before); a row that would do nothing is not offered
        n = len(app.table.order)
        self.rows = [k for k, ok in (("t_up", i > 0), ("t_down", i < n - 1), ("t_remove", i > 0))
                     if ok]

    def heading(self):
        return "%s %d" % (t("t_seat"), self.i + 1)

    def count(self):
        return len(self.rows)

    def item(self, i):
        return (t(self.rows[i]), None)

    def choose(self, i):
        tb = self.app.table
        k = self.rows[i]
        if k == "t_remove":
            tb.remove_seat(self.i)
        else:
            tb.move_seat(self.i, -1 if k == "t_up" else 1)
        self.app.go(HostLobby(self.app, self.i + 2))

    def back(self):
        self.app.go(HostLobby(self.app, self.i + 2))


class JoinList(Menu):
    """Tables announced nearby: name, game, handhelds seated, signal (dBm)."""

    def __init__(self, app):
        Menu.__init__(self, app)
        self.tb = ensure(app)
        self.tb.list_tables(True)  # (the list a screen shows starts empty, as it always did)
        self.at = -1000

    def heading(self):
        return t("t_join")

    def count(self):
        return self.tb.listed_count()

    def item(self, i):
        tb = self.tb
        r = tb.listed_rssi(i)
        sig = "" if r is None else str(r)
        return (tb.listed_name(i)[:7], "%s%d %s" % (game_letter(tb.listed_game(i), tb.listed_rules(i)),
                                                    tb.listed_seated(i), sig))

    def draw(self, g):
        Menu.draw(self, g)
        if not self.tb.listed_count():
            g.row(3, t("t_looking"), 1)

    def choose(self, i):
        self.tb.list_tables(False)
        self.tb.join_listed(i)
        self.app.go(Joining(self.app))

    def back(self):
        self.tb.list_tables(False)
        self.app.go(TableMenu(self.app, 1))

    def tick(self, now):
        if now - self.at >= 500:
            self.at = now
            if self.tb.browse():
                self.changed()


class Joining(Screen):
    code = None
    whole = True

    def tick(self, now):
        tb = self.app.table
        if tb.mode == tbl.SEATED:
            self.app.go(Waiting(self.app))
        elif tb.join_code() != self.code:  # the code shows once the host's nonce is in
            self.code = tb.join_code()
            self.changed()

    def key(self, b, ev):
        if ev == PRESS and b == BACK:  # as its last row says (a dimmed screen lets UP and DOWN through)
            self.app.table.leave()  # the join given up
            self.app.go(TableMenu(self.app, 1))

    def draw(self, g):
        tb = self.app.table
        g.row(0, t("t_join"))
        g.row(2, tb.tname, 1)
        g.row(4, t("t_joining"), 1)
        g.row(5, "%s %s" % (t("t_code"), tb.join_code()), 1)  # the creator sees the same code
        g.row(7, t("t_back_cancel"), 1)


class Waiting(Screen):
    """A joiner between games: the table, the others, and leaving."""
    hosting = False
    whole = True
    ahead = True

    def idle(self):
        _ahead(self)

    def __init__(self, app):
        Screen.__init__(self, app)
        self.games = app.table.game.games
        self.seen = None
        self.gone = False

    def tick(self, now):
        if _follow(self):
            return
        tb = self.app.table
        gone = tb.host_gone()
        k = "".join(tb.names) + str(tb.order) + tb.table_code() + str(tb.handhelds())
        if k != self.seen or gone != self.gone:
            self.seen = k
            self.gone = gone
            self.changed()

    def key(self, b, ev):
        if ev == PRESS and b == BACK:  # as its last row says (a dimmed screen lets UP and DOWN through)
            app = self.app
            app.go(Confirm(app, "t_leave_q", self, lambda: close(app)))

    def draw(self, g):
        tb = self.app.table
        g.row(0, "%s %s" % (tb.tname[:8], tb.table_code()))
        about(g, tb)   # the game (row 1), the code's line (row 7); BACK leaves (Confirm asks)
        n = len(tb.order)  # the creator's seat order (its roster), in two columns past four
        for i in range(n):
            cell = "%d %s" % (i + 1, tb.order_name(i)[:8 if n <= 4 else 5])
            g.text(cell, 0 if n <= 4 else (i & 1) * 64, 8 * (2 + (i if n <= 4 else i >> 1)))
        g.row(6, t("t_host_gone" if tb.host_gone() else
                   "t_left_out" if tb.left_out() else "t_wait_start"), 1)
