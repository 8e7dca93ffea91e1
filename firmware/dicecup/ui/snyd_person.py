"""snyd_person: the Snyd screens a person needs but the bots' turns do not - the move menu, the bid
picker, the reveal and the round summary. Apart from ui.snyd (the round screen) so that while bots
play the heap holds their code and not these (ui.snyd.Round drops this module on a bot's turn and
loads it for the person's move or a round's end): a split for the solo games' heap. Each screen is
given the round screen it belongs to, and goes back or on through it (Round.end): this module never
imports ui.snyd.
"""
from dicecup.core.compat import const

from dicecup.device.buttons import BACK, DOWN, PRESS, REPEAT, SELECT, UP
from dicecup.ui.gfx import BIG_DIE, DIE
from dicecup.text.strings import bid_text, t
from dicecup.ui.screen import Confirm, Menu, Screen, fit

_SEEN = const(4)   # seats the reveal lists at once (rows 2-5; up/down scroll the rest)
# a seat's dice left (at most the rules' MAX_DICE) as shown, "-" for none: strings kept, not
# one made at every redraw
_LEFT = const(("-", "1", "2", "3", "4", "5", "6", "7", "8", "9"))


def said(m, seat, key):
    """"<name> <verb>" for a seat, or the "you" form of the line when the seat is this handheld's:
    the table's verbs fit a third person only ("Dig mister 1", "You loses 1" were wrong), so every
    such line has its own "you_" text in both languages. Cut to the 16 columns of a row."""
    if seat == m.me:
        return t("you_" + key)
    v = t(key)
    return m.names[seat][:15 - len(v)] + " " + v


class MoveMenu(Menu):
    """Bid, snyd or calza: only what the rules allow this seat right now (plus leaving the game)."""

    def __init__(self, app, round_screen):
        Menu.__init__(self, app)
        self.r = round_screen
        g = round_screen.m.game
        me = round_screen.m.me
        self.moves = [k for k, ok in (("bid", g.may_bid(me)), ("snyd", g.may_snyd(me)),
                                      ("calza", g.may_calza(me))) if ok]
        if g.on_turn == me:
            self.moves.append("quit")

    def heading(self):
        g = self.r.m.game
        if g.bid_face:
            return t("bid") + " " + bid_text(g.bid_count, g.bid_face)
        return t("your_turn")

    def count(self):
        return len(self.moves)

    def item(self, i):
        return (t("mv_" + self.moves[i]), None)

    def choose(self, i):
        k = self.moves[i]
        r = self.r
        if k == "bid":
            self.app.go(BidPicker(self.app, r))
        elif k == "quit":
            app = self.app
            app.go(Confirm(app, "quit_q", r, lambda: r.end(True)))
        else:
            self.app.go(r)
            r.apply(r.m.me, [k])

    def back(self):
        self.app.go(self.r)

    def draw(self, g):
        Menu.draw(self, g)
        r = self.r
        game = r.m.game
        # before a snyd or a calza: the same hint for the bid that stands (at most 4 moves: rows
        # 1-4 are the menu's)
        if game.bid_face and ("snyd" in self.moves or "calza" in self.moves) and r.hints:
            from dicecup.ui import snyd_hint
            snyd_hint.draw(g, r, game.bid_count, game.bid_face, game.bidder, "calza" in self.moves)


class BidPicker(Screen):
    """Up/down step through the legal bids only (the rules core's order), starting at the smallest
    legal raise; select bids, back returns to the move menu."""

    def __init__(self, app, round_screen):
        Screen.__init__(self, app)
        self.r = round_screen
        g = round_screen.m.game
        first = g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face else g.first_bid()
        self.count, self.face = first

    def key(self, b, ev):
        if ev != PRESS and ev != REPEAT:
            return
        g = self.r.m.game
        if b == UP or b == DOWN:
            nxt = g.step_bid(self.count, self.face, 1 if b == UP else -1)
            if nxt is not None:
                self.count, self.face = nxt
                self.changed()
        elif ev == PRESS and b == SELECT:
            self.app.go(self.r)
            self.r.apply(self.r.m.me, ["bid", self.count, self.face])
        elif ev == PRESS and b == BACK:
            self.app.go(MoveMenu(self.app, self.r))

    def draw(self, g):
        r = self.r
        game = r.m.game
        g.row(0, t("your_bid"))
        if game.bid_face:
            g.row(1, t("last") + " " + bid_text(game.bid_count, game.bid_face))
        s = "%d x" % self.count
        if r.hints:
            # the bid in a smaller die (rows 2-4), the hint under it (rows 5-6); the big die and
            # the count already say the bid, so its text row gives way
            x = 64 - (len(s) * 8 + 6 + DIE) // 2
            g.text(s, x, 22)
            g.die(x + len(s) * 8 + 6, 17, self.face, DIE)
            from dicecup.ui import snyd_hint
            snyd_hint.draw(g, r, self.count, self.face, r.m.me, False)
        else:
            x = 64 - (len(s) * 8 + 6 + BIG_DIE) // 2
            g.text(s, x, 28)
            g.die(x + len(s) * 8 + 6, 18, self.face, BIG_DIE)
            g.row(6, fit(t("bid"), bid_text(self.count, self.face)), 1)
        g.row(7, t("hint_pick"), 1)


class Reveal(Screen):
    """Every die on the table, the count, and who loses (or wins back) a die (round_screen: the
    round that ended)."""

    def __init__(self, app, round_screen):
        Screen.__init__(self, app)
        self.r = round_screen
        self.m = round_screen.m
        self.kids = round_screen.kids
        self.top = 0
        app.sound.play(app.sound.REVEAL)

    def key(self, b, ev):
        if ev != PRESS:
            return
        n = self.m.game.seats
        if b == DOWN and self.top + _SEEN < n:
            self.top += 1
            self.changed()
        elif b == UP and self.top:
            self.top -= 1
            self.changed()
        elif b == SELECT:
            self.app.go(Summary(self.app, self.r))

    def draw(self, g):
        m = self.m
        r = m.game.result
        call = t("mv_snyd") if r.call == 1 else t("mv_calza")
        g.row(0, call + " " + m.names[r.caller][:8])
        v = t("count") + str(r.count)
        b = bid_text(r.bid_count, r.bid_face)
        w = t("bid") + " " + b
        g.row(1, fit(b if len(w) + len(v) >= 16 else w, v))  # (10 and more: "Bid" would be cut)
        dice = m.round_dice
        names = m.names
        for i in range(_SEEN):
            s = self.top + i
            if s >= m.game.seats:
                break
            # the name in 7 columns, then its dice (as one row of text, without the strings)
            g.text(names[s][:6], 0, 16 + i * 8)
            g.mini_dice(dice[s], 56, 16 + i * 8)    # past 9 dice: off the panel
        if r.loser >= 0:
            g.row(6, said(m, r.loser, "loses"), 0, True)
        elif r.gainer >= 0:
            g.row(6, said(m, r.gainer, "gains"), 0, True)
        else:
            g.row(6, t("exact"), 0, True)
        # how to go on (and, when not every seat fits, how to see the rest)
        g.row(7, t("hint_reveal" if m.game.seats > _SEEN else "ok_next"), 1)


class Summary(Screen):
    """Dice left per player after the round, who is out, who opens next, and a coming palifico
    (round_screen: the round that ended)."""

    def __init__(self, app, round_screen):
        Screen.__init__(self, app)
        self.r = round_screen
        self.m = round_screen.m
        self.kids = round_screen.kids

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.r.end()     # the next round, or game over

    def draw(self, g):
        m = self.m
        game = m.game
        g.row(0, t("round") + " " + str(game.round_no))
        names = m.names
        for s in range(game.seats):   # two a row: the name in 6 columns, then its dice left
            g.text(names[s][:5], (s & 1) * 64, 8 + (s >> 1) * 8)
            g.text(_LEFT[game.dice_left[s]], (s & 1) * 64 + 48, 8 + (s >> 1) * 8)
        elim = game.result.eliminated
        if elim >= 0:
            g.row(5, said(m, elim, "is_out"))
        if game.over:
            g.row(6, t("game_over"))
        else:
            if game.palifico:
                g.row(5, t("palifico_next"), 0, True)
            g.row(6, t("next") + " " + m.names[game.opener][:8])
        g.row(7, t("ok_next"), 1)
