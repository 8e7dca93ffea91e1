"""yatzy_table: a Yatzy game over the table, shown by ui.yatzy's own screens (loaded only for a
Yatzy table; ui.table opens it, table_watch has the pause).

The screens are ui.yatzy's, subclassed only where the table differs: every move arrives through the
table's log (the screen redraws as entries apply: another handheld's dice, holds and boxes, and
every scorecard, shared), this handheld's person moves only when the seat rolling for the card on
turn is theirs, a move goes to the table (table.Table.submit_move) and the next waits until it is
logged, nobody leaves mid-game (leaving is between games, from the lobby), and game over returns
to the table, which saves the record itself. TableMatch is the match those screens read.

Team play: while a teammate rolls for this person's scorecard, up/down move a cursor over the dice
and a box slot, select marks a die to hold or picks the next free box, and each change goes to
the table as a suggestion (Table.suggest); the roller's screen shows the newest one on its second
row ("Bo:H 3 3 6", "Bo:Sixes"), and so does the suggester's own.
"""
from dicecup.ui import gfx
from dicecup.ui import yatzy_sheet
from dicecup.ui import yatzy as yatzy_ui
from dicecup.device.buttons import BACK, DOWN, PRESS, RELEASE, REPEAT, SELECT, UP
from dicecup.text.strings import t
from dicecup.ui.table_watch import Over, refused, watch
from dicecup.ui.table_watch import TableMatch as watch_match
from dicecup.table import wire
from dicecup.table.game import NEWS_MOVE, NEWS_SHOWN, P_OVER
from dicecup.ui.screen import Screen


def screen(app):
    """The turn screen of the table's game in progress."""
    return TableTurn(app, TableMatch(app.table))


class _Roller:
    """What ui.yatzy reads of the seat on turn: its name, and whether it is this handheld's person."""

    def __init__(self, name, local):
        self.name = name
        self.local = local
        self.bot = False


class TableMatch(watch_match):
    """What ui.yatzy's screens read of a match, answered by the table."""
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
        g = match.t.game
        self.games = g.games
        self.applied = -1
        self.lost = g.forfeits
        self.was_mine = False
        self.tips = -1          # the hint_seq drawn
        self._tip_roll = None   # (round, roll) the teammate's own marks are for (a new roll clears them)
        self.tip_cur = self.tip_held = 0
        self.tip_box = -1

    def tick(self, now):
        watch(self) or refused(self)

    def news(self, ev):
        # (the table's game applied an entry (NEWS_MOVE), counted a forfeit turn or took a
        # teammate's suggestion; or this screen was shown again (NEWS_SHOWN) and judges by what it
        # showed last: the entry, the forfeits, the suggestion, so a Message or the scorecards
        # between lose nothing)
        if watch(self) or refused(self):
            return
        tb = self.m.t
        g = tb.game
        app = self.app
        game = self.m.game
        if game is not None and g.phase == P_OVER and game.finished:
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
            from dicecup.ui.screen import Message
            app.go(Message(app, t("t_forfeit") + " " + ", ".join(who), self))
            return
        if ev & NEWS_MOVE or ev & NEWS_SHOWN and tb.applied() != self.applied:
            self.applied = tb.applied()
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
        if g.hint_seq != self.tips:
            self.tips = g.hint_seq
            self.changed()

    def teammate(self):
        """True while a teammate rolls for this person's scorecard (they may suggest)."""
        tb = self.m.t
        return self.m.game is not None and tb.game.may_hint(tb.my_seat())

    def _tip_sync(self):
        game = self.m.game
        key = (self.m.t.game.round, game.roll_no)
        if key != self._tip_roll:
            self._tip_roll = key
            self.tip_held = 0
            self.tip_box = -1

    def _tip_key(self, b, ev):
        """A teammate's keys: the cursor over the dice and the box slot; select suggests."""
        if ev != PRESS and ev != REPEAT:
            return
        self._tip_sync()
        game = self.m.game
        n = game.ndice
        if b == UP or b == DOWN:
            self.tip_cur = (self.tip_cur + (1 if b == DOWN else -1)) % (n + 1)
            self.changed()
            return
        if b != SELECT or ev != PRESS:
            return
        tb = self.m.t
        if self.tip_cur < n:
            self.tip_held ^= 1 << self.tip_cur
            tb.suggest(wire.Y_HOLD, self.tip_held)
            return
        nb = len(game.boxes())
        for k in range(1, nb + 1):  # the next box still free in some column
            box = (self.tip_box + k) % nb
            if tb.game.box_open(box):
                self.tip_box = box
                tb.suggest(wire.Y_BOX, box)
                return

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
        if self.teammate():
            self._tip_key(b, ev)
            return
        if self.m.game is not None:
            yatzy_ui.Turn.key(self, b, ev)

    def draw(self, g):
        if self.m.game is None:  # back after a reboot, catching up with the table
            g.row(0, self.m.t.tname)
            g.row(3, t("t_dealing"), 1)
            return
        yatzy_ui.Turn.draw(self, g)
        game = self.m.game
        if game.roll_no == 0:
            return
        tb = self.m.t
        tg = tb.game
        if self.teammate():
            self._tip_sync()
            x0, pitch = gfx.dice_layout(game.ndice)
            c = self.tip_cur
            for i in range(game.ndice):
                if self.tip_held >> i & 1 and not game.held >> i & 1:
                    g.text("+", x0 + i * pitch + gfx.DIE // 2 - 4, 40)
            g.fb.fill_rect(0, 48, 128, 8, 0)
            if c < game.ndice:
                g.fb.hline(x0 + c * pitch + gfx.DIE // 2 - 6, 37, 12, 1)
                g.row(6, t("tip_hold"))
            else:
                g.row(6, "> " + (self.box_label(self.tip_box, 0)[:9] if self.tip_box >= 0
                                 else t("tip_box")))
        s = tg.hint_last
        tip = tg.hint_of(s) if s >= 0 else None
        if tip is not None:
            g.fb.fill_rect(0, 8, 128, 8, 0)
            if tip[0] == wire.Y_HOLD:
                text = "H" + "".join(" %d" % game.dice[i] for i in range(game.ndice)
                                     if tip[1] >> i & 1)
            else:
                text = self.box_label(tip[1], 0)[:10]
            g.row(1, tb.seat_name(s)[:4] + ":" + text, 1)


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
