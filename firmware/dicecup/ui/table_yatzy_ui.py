"""table_yatzy_ui: a Yatzy game over the table, shown by yatzy_ui's own screens (loaded only for a
Yatzy table; table_ui opens it, table_watch has the pause).

The screens are yatzy_ui's, subclassed only where the table differs: every move arrives through the
table's log (the screen redraws as entries apply: another handheld's dice, holds and boxes, and
every scorecard, shared), this handheld's person moves only when the seat rolling for the card on
turn is theirs, a move goes to the table (table.Table.submit_move) and the next waits until it is
logged, nobody leaves mid-game (leaving is between games, from the lobby), and game over returns
to the table, which saves the record itself. TableMatch is the match those screens read.
"""
from dicecup.ui import yatzy_sheet
from dicecup.ui import yatzy_ui
from dicecup.device.buttons import BACK, PRESS, RELEASE, SELECT
from dicecup.text.strings import t
from dicecup.ui.table_watch import MENU_MODULES, Over, refused, watch
from dicecup.ui.table_watch import TableMatch as watch_match
from dicecup.table.tablegame import P_OVER
from dicecup.ui.ui import Screen


def screen(app):
    """The turn screen of the table's game in progress."""
    return TableTurn(app, TableMatch(app.table))


class _Roller:
    """What yatzy_ui reads of the seat on turn: its name, and whether it is this handheld's person."""

    def __init__(self, name, local):
        self.name = name
        self.local = local
        self.bot = False


class TableMatch(watch_match):
    """What yatzy_ui's screens read of a match, answered by the table."""
    kind = "yatzy"

    @property
    def rec(self):
        return self.t.game.rec

    @property
    def last(self):
        return self.t.game.last

    @property
    def names(self):
        """A name per scorecard: the team's, or the seat's."""
        tb = self.t
        g = tb.game
        if g.teams:
            return [t("team") + str(p + 1) for p in range(g.cards)]
        out = [""] * g.cards
        for s in range(g.n):
            out[g.card_of(s)] = tb.seat_name(s)
        return out

    def seat(self, p=None):
        tb = self.t
        r = tb.game.roller()
        if r < 0:
            return _Roller("", False)
        return _Roller(tb.seat_name(r), r == tb.my_seat())

    def who(self, p=None):
        return self.seat().name


class TableTurn(yatzy_ui.Turn):
    def __init__(self, app, match):
        yatzy_ui.Turn.__init__(self, app, match)
        app.forget(MENU_MODULES)  # the game needs the heap more than the menus
        g = match.t.game
        self.games = g.games
        self.applied = -1
        self.lost = g.forfeits
        self.was_mine = False

    def tick(self, now):
        if watch(self) or refused(self):
            return
        tb = self.m.t
        g = tb.game
        app = self.app
        if g.game is not None and g.phase == P_OVER and g.game.finished:
            app.go(TableOver(app, self.m))
            return
        if g.forfeits != self.lost:
            # a forfeit turn: "Forfeit: Bo (false secret)" - withholding or a false secret costs
            # the turn (0 in the first free box), and the game goes on
            self.lost = g.forfeits
            lost = g.lost_late | g.lost_cheat
            who = [tb.seat_name(s) + " (" + t("t_bad_secret" if g.lost_cheat & (1 << s) else
                                              "t_too_late") + ")"
                   for s in range(g.n) if lost & (1 << s)]
            from dicecup.ui.ui import Message
            app.go(Message(app, t("t_forfeit") + " " + ", ".join(who), self))
            return
        if tb.node.applied != self.applied:
            self.applied = tb.node.applied
            game = g.game
            if game is not None:
                self._sync()
                if game.roll_no and not game.rolls_left and self.cur == game.ndice:
                    # the last roll is in (the screen moved on when it was pressed, alone): the
                    # cursor leaves "roll" for "score"
                    self.cur = game.ndice + 1
            mine = self.mine()
            if mine and not self.was_mine:
                app.your_turn()     # wakes a dimmed screen
            self.was_mine = mine
            self.changed()

    def mine(self):
        return self.m.game is not None and yatzy_ui.Turn.mine(self)

    def shake(self):
        if self.m.game is not None and not self.m.t.waiting():
            yatzy_ui.Turn.shake(self)

    def key(self, b, ev):
        if b == BACK:
            # the scorecards; leaving is between games, from the lobby
            app = self.app
            if ev == RELEASE and self.m.game is not None and not app.buttons[BACK].was_long:
                app.go(yatzy_sheet.Card(app, self.m, self))
            return
        if b == SELECT and self.m.t.waiting():
            return  # the last move is not logged yet
        if self.m.game is not None:
            yatzy_ui.Turn.key(self, b, ev)

    def draw(self, g):
        if self.m.game is None:  # back after a reboot, catching up with the table
            g.row(0, self.m.t.tname)
            g.row(3, t("t_dealing"), 1)
            return
        yatzy_ui.Turn.draw(self, g)


class TableOver(Over, yatzy_sheet.GameOver):
    """The final scores; select returns to the table (the table saved the record)."""

    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.m = match
        self.left = False
        g = match.game
        self.order = sorted(range(g.players), key=lambda p: -g.total(p))
        self.games = match.t.game.games

    def key(self, b, ev):
        if Over.key(self, b, ev):
            return
        if ev == PRESS and b == BACK:
            self.app.go(yatzy_sheet.Card(self.app, self.m, self, self.order[0]))
