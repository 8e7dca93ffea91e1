"""snyd_table: a Snyd game over the table, shown by ui.snyd's and snyd_person' own screens
(loaded only for a Snyd table; ui.table opens it, table_watch has the pause).

The screens are ui.snyd's and snyd_person', subclassed only where the table differs: there is no
dealing (the table's fair-dice round deals), a move goes to the table (table.Table.submit_move)
instead of the rules core, a round ends when the table has counted it, and game over returns to the
table, which saves the record itself. TableMatch is the match those screens read.
"""
from dicecup.ui import snyd_person
from dicecup.ui import snyd as snyd_ui
from dicecup.ui.snyd_open import Choose
from dicecup.device.buttons import BACK, PRESS, SELECT
from dicecup.table.snyd import P_BID
from dicecup.table.game import DEADLINE_MS, NEWS_MOVE, NEWS_SHOWN
from dicecup.text.strings import t
from dicecup.ui.table_watch import Over, refused, watch
from dicecup.ui.table_watch import TableMatch as watch_match
from dicecup.ui.screen import Screen


def screen(app):
    """The round screen of the table's game in progress."""
    tb = app.table
    return TableRound(app, TableMatch(tb), tb.kids_mode())


class TableMatch(watch_match):
    """What ui.snyd's screens read of a match, answered by the table."""
    kind = "snyd"
    _names = None

    @property
    def me(self):
        s = self.t.my_seat()
        return s if s >= 0 else 0

    @property
    def names(self):
        """The seats' names as the table has them now, in one list made once and filled again
        at every read (a screen reads them a few times a redraw: a new list each time was
        most of what a redraw allocated, docs/memory.md, Device time)."""
        tb = self.t
        n = tb.game.n
        out = self._names
        if out is None or len(out) != n:
            out = self._names = [""] * n
        for s in range(n):
            out[s] = tb.seat_name(s)
        return out

    @property
    def round_dice(self):
        return self.t.game.last_dice or [b""] * self.t.game.n

    def deal(self, now):
        pass  # the table's fair-dice round deals


class TableRound(snyd_ui.Round):
    def __init__(self, app, match, kids):
        snyd_ui.Round.__init__(self, app, match, kids, False)
        g = match.t.game
        self.games = g.games
        self.rounds = g.rounds_done
        self.voided = g.voided
        self.applied = -1
        self.was_mine = False

    def tick(self, now):
        # (a refusal before the reveal: a move lost in a race was picked in that round)
        watch(self) or refused(self)

    def news(self, ev):
        # (the table's game applied an entry (NEWS_MOVE), counted or voided a round; or this
        # screen was shown again (NEWS_SHOWN) and judges by what it showed last: the entry, the
        # rounds and voids, so a Message between loses nothing)
        if watch(self) or refused(self):
            return
        tb = self.m.t
        g = tb.game
        moved = ev & NEWS_MOVE or ev & NEWS_SHOWN and tb.applied() != self.applied
        if moved or g.rounds_done != self.rounds or g.voided != self.voided:
            self._follow(moved)

    def _follow(self, moved):
        """The table moved on: a round's end, a void round, or an entry applied (moved)."""
        tb = self.m.t
        g = tb.game
        app = self.app
        if not tb.caught_up():
            # back after a reboot, replaying the table's log: the rounds it replays ended before,
            # their reveals (and a void round's message) are history, not news
            if g.rounds_done != self.rounds or g.voided != self.voided:
                self.rounds = g.rounds_done
                self.voided = g.voided
                self.changed()
        if g.rounds_done != self.rounds:
            nxt = TableReveal(app, self)
            lost = g.lost_late | g.lost_cheat
            if lost:  # "Forfeit: Bo (cheat found)": withholding or a false secret costs a die
                who = [tb.seat_name(s) + " (" + t("t_bad_secret" if g.lost_cheat & (1 << s)
                                                  else "t_too_late") + ")"
                       for s in range(g.n) if lost & (1 << s)]
                from dicecup.ui.screen import Message
                app.go(Message(app, t("t_forfeit") + " " + ", ".join(who), nxt))
                return
            app.go(nxt)
            return
        if g.voided != self.voided:
            self.voided = g.voided
            who = [tb.seat_name(s) for s in range(g.n) if g.cheats & (1 << s)]
            text = (t("t_cheat") + " " + " ".join(who) + ". " + t("t_void")) if who else t("t_void")
            from dicecup.ui.screen import Message
            app.go(Message(app, text, self))
            return
        if moved:
            self.applied = tb.applied()
            game = self.m.game
            me = tb.my_seat()
            if me >= 0 and g.phase == P_BID and g.showing & (1 << me) and not tb.waiting():
                app.your_turn()
                app.go(TableChoose(app, self))  # the open die: lay one of yours open first
                return
            mine = g.phase == P_BID and not g.showing and game is not None and me >= 0 and \
                game.on_turn == me and not self.me_out()
            if mine and not self.was_mine:
                app.your_turn()     # wakes a dimmed screen
            self.was_mine = mine
            self.changed()

    def apply(self, seat, move):
        # the move answers the table this screen last showed (the menus do not follow it)
        self.m.t.submit_move(move, self.applied)
        self.changed()

    def key(self, b, ev):
        if b == SELECT and ev == PRESS:
            g = self.m.t.game
            if self.m.t.my_seat() < 0 or self.me_out() or g.phase != P_BID or g.showing:
                return
            mm = TableMoves(self.app, self)
            if mm.count():
                self.app.go(mm)
            return
        snyd_ui.Round.key(self, b, ev)

    def draw(self, g):
        tb = self.m.t
        if tb.game.phase == P_BID and not tb.game.showing and tb.my_seat() >= 0:
            snyd_ui.Round.draw(self, g)
            return
        g.row(0, tb.tname)
        g.row(3, t("t_show_wait") if tb.game.phase == P_BID and tb.game.showing else
              t("t_dealing") if tb.my_seat() >= 0 else t("t_watching"), 1)
        if tb.my_seat() < 0 and tb.playing() and tb.caught_up() and not tb.left_out():
            # at the table, caught up, and no seat in this game: it went to a bot (given away
            # or removed while this handheld was gone; removed, the next game has none for it)
            g.row(4, t("t_bot_seat1"), 1)
            g.row(5, t("t_bot_seat2"), 1)
        game = self.m.game
        if game is None:  # back after a reboot, catching up with the table
            return
        self.counts(g, tb.my_seat())


class TableChoose(Choose):
    """The open die at the table: snyd_open's choice on this round's dice; select sends it to the
    table, and the round screen waits for everyone's. Chosen when the time is nearly up (a die
    owed past the table's deadline is a forfeit), the die under the cursor goes."""

    def __init__(self, app, round_screen):
        Choose.__init__(self, app, round_screen.m, round_screen.kids, None, None)
        self.r = round_screen
        self.games = round_screen.games
        g = self.m.t.game
        self.due = g.phase_at + DEADLINE_MS - 5000

    def dice(self):
        tb = self.m.t
        return tb.game.mine[tb.my_seat()] or b"\x00\x00"

    def picked(self, i):
        tb = self.m.t
        mv = tb.game.show_move(tb.my_seat(), i)
        if mv is not None:
            tb.submit_move(mv)
        self.app.go(self.r)

    def tick(self, now):
        if watch(self):
            return
        tb = self.m.t
        g = tb.game
        me = tb.my_seat()
        if me < 0 or g.phase != P_BID or not g.showing & (1 << me):
            self.app.go(self.r)  # forfeited, or the round moved on without this screen
        elif now >= self.due:
            self.picked(self.i)


class TableMoves(snyd_person.MoveMenu):
    """The move menu; the table moves on while it is open, so a move no longer allowed when it is
    chosen returns to the round instead."""

    def __init__(self, app, round_screen):
        snyd_person.MoveMenu.__init__(self, app, round_screen)
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
            snyd_person.MoveMenu.choose(self, i)


class TablePicker(snyd_person.BidPicker):
    """The bid picker; back returns to the table's move menu."""

    def key(self, b, ev):
        if ev == PRESS and b == BACK:
            self.app.go(TableMoves(self.app, self.r))
            return
        snyd_person.BidPicker.key(self, b, ev)


class TableReveal(snyd_person.Reveal):
    def __init__(self, app, round_screen):
        snyd_person.Reveal.__init__(self, app, round_screen)
        self.games = self.m.t.game.games

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.app.go(TableSummary(self.app, self.r))
            return
        snyd_person.Reveal.key(self, b, ev)


class TableSummary(snyd_person.Summary):
    def __init__(self, app, round_screen):
        snyd_person.Summary.__init__(self, app, round_screen)
        self.games = self.m.t.game.games

    def tick(self, now):
        watch(self)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            app = self.app
            g = self.m.game
            app.go(TableOver(app, self.m) if g.over else TableRound(app, self.m, self.kids))


class TableOver(Over, Screen):
    battery = False

    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.m = match
        self.games = match.t.game.games

    def draw(self, g):
        m = self.m
        w = m.game.winner()
        g.row(0, t("game_over"))
        if w == m.t.my_seat():
            g.row(3, t("you_won"), 1)
        elif w >= 0:
            g.row(3, m.names[w][:10] + " " + t("won"), 1)
        g.row(7, t("ok_menu"), 1)
