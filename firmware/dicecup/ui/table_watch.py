"""table_watch: what every table screen shares - following the table (watch: a new game opens its
screen, a pause shows who is missing), the pause itself, telling a person why the table refused
their move, making the handheld's table, and the ways between the table's screens (play, to_lobby,
close), which go through the app (app.to_table: ui.table.start on the next tick).

ui.table opens the table's screens (table_lobby's, snyd_table's, yatzy_table's), and
those import this module; it imports none of them, nor ui.table. A game screen has `games`, the
table's game count when it opened.
"""
from dicecup.table import table as tbl
from dicecup.core.compat import const
from dicecup.device.buttons import PRESS, SELECT
from dicecup.text.strings import t
from dicecup.ui.screen import Menu

# what ui.table.start opens: the create/join menu, a new game's screen, the lobby after a game, or
# the title (the handheld leaves the table)
OPEN = const(0)
GAME = const(1)
LOBBY = const(2)
CLOSE = const(3)


class Over:
    """What a table's game-over screen does whatever the game (mixed in before its screen class):
    it follows the table (the next game opens its screen on every handheld) and select goes back to
    the lobby; the table saved the record itself. It needs `games` (see watch)."""

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        """True if the key was taken (select: to the lobby)."""
        if ev == PRESS and b == SELECT:
            to_lobby(self.app)
            return True
        return False


class TableMatch:
    """What a game's screens read of a match, answered by the table: the part every game shares
    (snyd_table's and yatzy_table's TableMatch add their game's). A move goes to the table;
    every seat's move, this handheld's too, arrives through the table's log."""

    def __init__(self, tb):
        self.t = tb
        self.changed_at = 0

    @property
    def game(self):
        """The rules core, as a solo match's screens read it (the table game's `core`)."""
        return self.t.game.core

    def act(self, seat, move, now):
        self.t.submit_move(move)

    def poll(self, now):
        return None


def ensure(app):
    """The handheld's table (and radio), made on first use."""
    if app.table is None:
        if app.radio is None:   # kept by the app: the radio's module is not loaded twice
            from dicecup.device import radio
            app.radio = radio.Radio()
        # an unnamed handheld is "P<number>" at the table: its default name, "You", would name
        # another player on every other screen
        app.table = tbl.Table(app.radio, (app.owner or "")[:8], app.now)
    return app.table


def play(app):
    """A new game: its screen opens on the app's next tick, once the screen showing now is gone
    and with it the lobby's modules (ui.table.start forgets them), so the game's screens load into
    the heap they held, or stay where the lobby loaded them ahead (App.ahead); game over brings
    the lobby back (to_lobby)."""
    app.to_table(GAME, True)


def to_lobby(app):
    """Game over: the lobby opens on the app's next tick, once the game's screens are gone, so its
    modules load into the heap they held (loading the lobby beside them, an 8-handheld table ran
    out of heap: docs/memory.md)."""
    app.to_table(LOBBY)


def close(app):
    """Leave the table (on the app's next tick): every table module is forgotten, the title shows."""
    app.to_table(CLOSE)


def watch(scr):
    """Follow the table from any table screen; True if it moved to another screen (or will in
    the next loop)."""
    app = scr.app
    tb = app.table
    if tb is None or tb.game is None:
        return False
    if tb.game.games != scr.games:
        # a lobby whose idle loops were too busy to load the game's screens ahead (the last to
        # join agreed keys until the start) loads the next a loop, and opens the game once none
        # is left: all in the loop that opens it was a long one on the board (docs/memory.md)
        if getattr(scr, "ahead", False) and app.ahead(tb.gid == tbl.G_YATZY):
            return True
        play(app)
        return True
    if _paused(tb) and tb.playing() and not isinstance(scr, Paused):
        app.go(Paused(app, scr))
        return True
    return False


def refused(scr):
    """Tell this handheld's person why the table refused their move; True if it did. (Asked
    every loop: its locals fit the stack; _tell has the rest.)"""
    tb = scr.app.table
    s = tb.my_seat()
    if s < 0 or tb.game.refused[s] is None:
        return False
    return _tell(scr, s)


def _tell(scr, s):
    app = scr.app
    from dicecup.ui.screen import Message
    # (the words' module loads only when a refusal is shown: rare, no heap during play)
    app.go(Message(app, app.table.refusal(s), scr))
    return True


def _paused(tb):
    """The table waits for another handheld (one it waits on for a move goes on playing), or a
    fork between logs holds it (docs/protocol.md, One liar). Never while the game waits on this
    handheld's person for a move: the pause would take their screen, and with it their move, and
    a seat that cannot move looks stalled (attacks/flag_freezes_a_turn.py). It shows once their
    move is in."""
    if tb.my_move():
        return False
    return tb.waiting_mask() & ~(1 << tb.who) != 0 or tb.held()


class Paused(Menu):
    """Someone is gone, or logs differ (a handheld is held: codes.F_HELD): who, and (on
    the sequencer) wait, give the seat to a bot, or remove it."""

    def __init__(self, app, back_to):
        Menu.__init__(self, app)
        self.back_to = back_to
        self.games = back_to.games
        self.who = 0
        tb = app.table
        self.shown = tb.held_mask() << 8 | tb.waiting_mask()  # whom it shows (two masks, one int)

    def heading(self):
        return t("t_forked" if self.shown >> 8 else "t_paused")

    def lead(self):
        return self.app.table.is_sequencer()

    def count(self):
        return 3 if self.lead() else 0

    def item(self, i):
        return (t(("t_wait", "t_to_bot", "t_remove")[i]), None)

    def choose(self, i):
        tb = self.app.table
        if i == 0:
            return
        # what the screen names, nothing else: the held (logs differ), or else the missing
        m = self.shown >> 8 or self.shown & 0xFF
        now = self.app.now
        heard = 0
        for h in range(8):
            if m & (1 << h) and h != tb.who:
                if tb.reseat_to_bot(h, now) and tb.alive(h, now):
                    # held, not gone nor stalled: its own word holds the table (logs differ), and
                    # the log refuses a bot for a seat whose handheld is heard (a heard seat
                    # that never moves is stalled, and goes: attacks/stall_heard.py)
                    heard |= 1 << h
                    continue
                k = tb.order_seat(h)
                if i == 2 and k >= 0:
                    tb.remove_seat(k)
        if heard:
            from dicecup.ui.screen import Message
            self.app.go(Message(self.app, t("t_heard") % " ".join(tb.names_of(heard)), self))

    def tick(self, now):
        tb = self.app.table
        if tb.game.games != self.games or not _paused(tb) or not tb.playing():
            self.app.go(self.back_to)
            return
        k = tb.held_mask() << 8 | tb.waiting_mask()  # (two ints: no names built every tick)
        if k != self.shown:
            self.shown = k
            self.changed()

    def draw(self, g):
        Menu.draw(self, g)
        tb = self.app.table
        f = self.shown >> 8
        g.row(5, t("t_at" if f else "t_missing"), 1)
        g.row(6, " ".join(tb.held_names() if f else tb.missing_names())[:16], 1)
