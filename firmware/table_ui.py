"""table_ui: the table's screens - create, the join list, the creator's lobby, waiting to start, the
pause, and a Snyd game over the radio shown by snyd_ui's own screens.

The game screens are snyd_ui's, subclassed only where the table differs: there is no dealing (the
table's fair-dice round deals), a move goes to the table (table.Table.submit_move) instead of the
rules core, a round ends when the table has counted it, and game over returns to the table, which
saves the record itself. TableMatch is the match those screens read. Every table screen follows the
table (watch): a new game opens its round, a pause shows who is missing.
"""
import snyd_ui
import table as tbl
from buttons import BACK, PRESS, SELECT
from strings import t
from ui import Confirm, Menu, Screen, fit

MENU_MODULES = ("screens", "settings_ui", "settings")


def ensure(app):
    """The handheld's table (and radio), made on first use."""
    if app.table is None:
        import radio
        if app.radio is None:
            app.radio = radio.Radio()
        app.table = tbl.Table(app.radio, app.name()[:8], app.now)
    return app.table


def resume(app):
    """At boot with a table on flash: back to the seat (a reboot in the middle of a game)."""
    tb = ensure(app)
    if not tb.resume():
        app.table = None
        return False
    app.go(TableRound(app, TableMatch(tb), tb.kids))
    return True


def close(app):
    if app.table is not None:
        app.table.leave()
        app.table = None
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
        app.go(TableRound(app, TableMatch(tb), tb.kids))
        return True
    if tb.node.paused() and tb.playing() and not isinstance(scr, Paused):
        app.go(Paused(app, scr))
        return True
    return False


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
    """Game, rules (the Snyd settings, or kids' rules) and a short table name."""

    def __init__(self, app):
        Menu.__init__(self, app, 2)
        self.kids = False
        self.names = [app.name()[:8]] + [t("table")[:6] + " %d" % i for i in range(1, 6)]
        self.k = 0
        import screens  # the Snyd rules as the set-up screen makes them, then it goes again
        self.rules = (screens.SnydSetup(app, False).rules(), screens.SnydSetup(app, True).rules())
        import app as app_module
        app_module.forget(MENU_MODULES)

    def heading(self):
        return t("t_create")

    def count(self):
        return 3

    def item(self, i):
        if i == 0:
            return (t("t_game"), t("snyd_kids" if self.kids else "snyd")[:9])
        if i == 1:
            return (t("name"), self.names[self.k])
        return (t("t_open"), None)

    def choose(self, i):
        if i == 0:
            self.kids = not self.kids
        elif i == 1:
            self.k = (self.k + 1) % len(self.names)
        else:
            ensure(self.app).create(self.names[self.k], self.rules[self.kids], self.kids)
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
        w = tb.order[i - 3]
        name = "Bot%d" % ((w & 7) + 1) if w & tbl.BOT else tb.names[w] or "P%d" % (w + 1)
        return ("%d %s" % (i - 2, name), None)

    def choose(self, i):
        tb = self.tb
        n = len(tb.order)
        if i >= 3:
            self.app.go(SeatMenu(self.app, i - 3))
        elif i == 2:
            tb.add_bot()
        elif i == 1:
            if n < 2:
                from screens import Message
                self.app.go(Message(self.app, t("t_need_two"), self))
                return
            if tb.start(self.app.now) == 0:
                self.app.go(TableRound(self.app, TableMatch(tb), tb.kids))

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
        return (e[1][:7], "%s%d %s" % ("K" if e[8] and e[8][0] == 3 else "S", e[3], sig))

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
        k = "".join(tb.names)
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
        r = 1
        for n in tb.names:
            if n and r < 6:
                g.row(r, " " + n)
                r += 1
        g.row(6, t("t_wait_start"), 1)
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


class TableMatch:
    """What snyd_ui's screens read of a match, answered by the table."""
    kind = "snyd"

    def __init__(self, tb):
        self.t = tb
        self.changed_at = 0

    @property
    def game(self):
        return self.t.game.game

    @property
    def me(self):
        s = self.t.my_seat()
        return s if s >= 0 else 0

    @property
    def names(self):
        tb = self.t
        return [tb.seat_name(s) for s in range(tb.game.n)]

    @property
    def round_dice(self):
        return self.t.game.last_dice or [b""] * self.t.game.n

    def deal(self, now):
        pass

    def act(self, seat, move, now):
        self.t.submit_move(move)
        return None

    def poll(self, now):
        return None


class TableRound(snyd_ui.Round):
    def __init__(self, app, match, kids):
        snyd_ui.Round.__init__(self, app, match, kids, False)
        import app as app_module
        app_module.forget(MENU_MODULES)  # the game needs the heap more than the menus
        g = match.t.game
        self.games = g.games
        self.rounds = g.rounds_done
        self.voided = g.voided
        self.applied = -1

    def tick(self, now):
        if watch(self):
            return
        tb = self.m.t
        g = tb.game
        app = self.app
        if g.rounds_done != self.rounds:
            app.go(TableReveal(app, self.m, self.kids))
            return
        if g.voided != self.voided:
            self.voided = g.voided
            who = [tb.seat_name(s) for s in range(g.n) if g.cheats & (1 << s)]
            text = (t("t_cheat") + " " + " ".join(who) + ". " + t("t_void")) if who else t("t_void")
            from screens import Message
            app.go(Message(app, text, self))
            return
        s = tb.my_seat()
        if s >= 0 and g.refused[s] is not None:
            reason, lo = g.refused[s]
            g.refused[s] = None
            import tablegame
            from screens import Message
            app.go(Message(app, tablegame.explain(tb.node, reason, lo), self))
            return
        if tb.node.applied != self.applied:
            self.applied = tb.node.applied
            self.changed()

    def apply(self, seat, move):
        self.m.act(seat, move, self.app.now)
        self.changed()

    def key(self, b, ev):
        if b == SELECT and ev == PRESS:
            if self.m.t.my_seat() < 0 or self.me_out() or self.m.t.game.phase != tbl.snydtable.P_BID:
                return
            mm = TableMoves(self.app, self)
            if mm.count():
                self.app.go(mm)
            return
        snyd_ui.Round.key(self, b, ev)

    def draw(self, g):
        tb = self.m.t
        if tb.game.phase == tbl.snydtable.P_BID and tb.my_seat() >= 0:
            snyd_ui.Round.draw(self, g)
            return
        g.row(0, tb.tname)
        g.row(3, t("t_dealing") if tb.my_seat() >= 0 else t("t_watching"), 1)
        game = self.m.game
        if game is None:  # back after a reboot, catching up with the table
            return
        line = ""
        for s in range(game.seats):
            c = game.dice_left[s]
            line += " " + (str(c) if c else "-")
        g.row(6, line[:16], 1)


class TableMoves(snyd_ui.MoveMenu):
    """The move menu; the table moves on while it is open, so a move no longer allowed when it is
    chosen returns to the round instead."""

    def __init__(self, app, round_screen):
        snyd_ui.MoveMenu.__init__(self, app, round_screen)
        if "quit" in self.moves:
            self.moves.remove("quit")  # leaving is between games, from the table's screen

    def choose(self, i):
        r = self.r
        g = r.m.game
        me = r.m.me
        k = self.moves[i]
        ok = {"bid": g.may_bid(me) and (g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face
                                          else g.first_bid()) is not None,
              "snyd": g.may_snyd(me), "calza": g.may_calza(me)}.get(k, False)
        if not ok:
            self.app.go(r)
        elif k == "bid":
            self.app.go(TablePicker(self.app, r))
        else:
            snyd_ui.MoveMenu.choose(self, i)


class TablePicker(snyd_ui.BidPicker):
    """The bid picker; back returns to the table's move menu."""

    def key(self, b, ev):
        if ev == PRESS and b == BACK:
            self.app.go(TableMoves(self.app, self.r))
            return
        snyd_ui.BidPicker.key(self, b, ev)


class TableReveal(snyd_ui.Reveal):
    def __init__(self, app, match, kids):
        snyd_ui.Reveal.__init__(self, app, match, kids)
        self.games = match.t.game.games

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.app.go(TableSummary(self.app, self.m, self.kids))
            return
        snyd_ui.Reveal.key(self, b, ev)


class TableSummary(snyd_ui.Summary):
    def __init__(self, app, match, kids):
        snyd_ui.Summary.__init__(self, app, match, kids)
        self.games = match.t.game.games

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            app = self.app
            g = self.m.game
            app.go(TableOver(app, self.m) if g.over else TableRound(app, self.m, self.kids))


class TableOver(Screen):
    battery = False

    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.m = match
        self.games = match.t.game.games

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.app.go(lobby(self.app))

    def draw(self, g):
        m = self.m
        w = m.game.winner()
        g.row(0, t("game_over"))
        if w == m.t.my_seat():
            g.row(3, t("you_won"), 1)
        elif w >= 0:
            g.row(3, snyd_ui.short(m.names[w], 10) + " " + t("won"), 1)
        g.row(7, t("ok_menu"), 1)
