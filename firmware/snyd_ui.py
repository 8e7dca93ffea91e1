"""snyd_ui: the Snyd screens - the round (cup, bid, turn), the move menu, the bid picker, the reveal,
the round summary and game over (snyd_over, loaded when the game ends).

The screens read the game from match.game and send this handheld's moves through match.act; every
other seat's moves arrive through match.poll (bots here, other handhelds later), so nothing here
depends on where the other players are. The cup: your dice are hidden unless you hold BACK on the
round screen (or the "cup" setting shows them); hidden means a cup is drawn and nothing else.
"""
import gfx
from buttons import BACK, DOWN, PRESS, RELEASE, REPEAT, SELECT, UP
from strings import t
from ui import Confirm, Menu, Screen, fit

MINI = gfx.MINI_DIE


def face_char(f):
    return MINI[f - 1]


def bid_text(count, face):
    return "%dx%s" % (count, face_char(face))


def short(name, n=6):
    return name[:n]


def start(app, rules, seats, me, seed, first, kids):
    """A new game (app.launch, from the set-up screen): seats are seats.Person / seats.Bot."""
    import snyd_match
    next_round(app, snyd_match.SnydMatch(rules, seats, me, seed, first), kids)


def next_round(app, match, kids):
    """Deal the next round and show it; with the open-die rule snyd_open deals (the person first
    chooses which die to lay open)."""
    if match.game.rules.open_die:
        import snyd_open
        snyd_open.deal(app, match, kids)
    else:
        app.go(Round(app, match, kids))


class Round(Screen):
    def __init__(self, app, match, kids, deal=True):
        Screen.__init__(self, app)
        self.m = match
        self.kids = kids
        self.peek = False
        if deal:
            match.deal(app.now)

    def me_out(self):
        return not self.m.game.dice_left[self.m.me]

    def tick(self, now):
        m = self.m
        g = m.game
        if not g.in_round:
            return
        if g.on_turn != m.me:
            self.app.busy()
        mv = m.poll(now)    # on my turn too: a bot may call calza out of turn
        if mv is not None:
            self.apply(mv[0], mv[1])

    def apply(self, seat, move):
        res = self.m.act(seat, move, self.app.now)
        if res is not None:
            self.app.go(Reveal(self.app, self.m, self.kids))
        else:
            self.changed()

    def key(self, b, ev):
        if b == BACK:
            if ev == PRESS or ev == RELEASE:
                self.peek = ev == PRESS
                self.changed()
            return
        if b == SELECT and ev == PRESS:
            if self.me_out():
                game_over(self.app, self.m, self.kids, True)
                return
            mm = MoveMenu(self.app, self)
            if mm.count():
                self.app.go(mm)

    def cup_open(self):
        return self.peek or self.app.settings["cup_open"]

    def draw(self, g):
        m = self.m
        game = m.game
        me = m.me
        turn = game.on_turn
        if game.palifico:
            # the whole top row inverted: nobody can miss that the face is locked and ones are plain
            g.row(0, t("palifico") + ": " + (t("you") if turn == me else short(m.names[turn], 5)), 0, True)
        else:
            g.row(0, t("your_turn") if turn == me else t("turn_of") + short(m.names[turn], 8))
        if game.bid_face:
            g.row(1, t("bid") + " " + bid_text(game.bid_count, game.bid_face) + " " +
                  short(m.names[game.bidder]))
        else:
            g.row(1, t("no_bid"))
        n = game.dice_left[me]
        if game.rules.open_die:
            import snyd_open
            snyd_open.middle(g, self)   # smaller cup or dice, and the open dice above the counts
        elif n == 0:
            g.row(3, t("you_out"), 1)
        elif self.cup_open():
            d = game.dice_of(me)
            if self.kids:
                g.dice_row(d, 17, gfx.BIG_DIE)
            else:
                g.dice_row(d, 22)
        else:
            g.cup(64, 18, 28)
        line = gfx.CUP_CHAR
        sep = " " if game.seats <= 7 else ""
        for s in range(game.seats):
            c = game.dice_left[s]
            line += sep + (str(c) if c else "-")
        g.row(6, line, 1)
        if n == 0:
            g.row(7, t("ok_skip"), 1)
        elif turn == me:
            g.row(7, t("hint_move"), 1)
        elif game.may_calza(me):
            g.row(7, t("hint_calza"), 1)
        else:
            g.row(7, t("hint_peek"), 1)


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
            app.go(Confirm(app, "quit_q", r, lambda: game_over(app, r.m, r.kids, True)))
        else:
            self.app.go(r)
            r.apply(r.m.me, [k])

    def back(self):
        self.app.go(self.r)


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
        game = self.r.m.game
        g.row(0, t("your_bid"))
        if game.bid_face:
            g.row(1, t("last") + " " + bid_text(game.bid_count, game.bid_face))
        s = "%d x" % self.count
        x = 64 - (len(s) * 8 + 6 + gfx.BIG_DIE) // 2
        g.text(s, x, 28)
        g.die(x + len(s) * 8 + 6, 18, self.face, gfx.BIG_DIE)
        g.row(6, fit(t("bid"), bid_text(self.count, self.face)), 1)
        g.row(7, t("hint_pick"), 1)


class Reveal(Screen):
    """Every die on the table, the count, and who loses (or wins back) a die."""

    def __init__(self, app, match, kids):
        Screen.__init__(self, app)
        self.m = match
        self.kids = kids
        self.top = 0

    def key(self, b, ev):
        if ev != PRESS:
            return
        n = self.m.game.seats
        if b == DOWN and self.top + 5 < n:
            self.top += 1
            self.changed()
        elif b == UP and self.top:
            self.top -= 1
            self.changed()
        elif b == SELECT:
            self.app.go(Summary(self.app, self.m, self.kids))

    def draw(self, g):
        m = self.m
        r = m.game.result
        call = t("mv_snyd") if r.call == 1 else t("mv_calza")
        g.row(0, call + " " + short(m.names[r.caller], 8))
        g.row(1, fit(t("bid") + " " + bid_text(r.bid_count, r.bid_face), t("count") + str(r.count)))
        dice = m.round_dice
        for i in range(5):
            s = self.top + i
            if s >= m.game.seats:
                break
            line = short(m.names[s]) + " " * (7 - len(short(m.names[s])))
            for v in dice[s]:
                line += face_char(v)
            g.row(2 + i, line)
        if r.loser >= 0:
            g.row(7, short(m.names[r.loser], 8) + " " + t("loses"), 0, True)
        elif r.gainer >= 0:
            g.row(7, short(m.names[r.gainer], 8) + " " + t("gains"), 0, True)
        else:
            g.row(7, t("exact"), 0, True)


class Summary(Screen):
    """Dice left per player after the round, who is out, who opens next, and a coming palifico."""

    def __init__(self, app, match, kids):
        Screen.__init__(self, app)
        self.m = match
        self.kids = kids

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            g = self.m.game
            if g.over:
                game_over(self.app, self.m, self.kids, False)
            else:
                next_round(self.app, self.m, self.kids)

    def draw(self, g):
        m = self.m
        game = m.game
        g.row(0, t("round") + " " + str(game.round_no))
        for s in range(game.seats):
            c = game.dice_left[s]
            cell = short(m.names[s], 5)
            cell = cell + " " * (6 - len(cell)) + (str(c) if c else "-")
            g.text(cell, (s & 1) * 64, 8 + (s >> 1) * 8)
        elim = game.result.eliminated
        if elim >= 0:
            g.row(5, short(m.names[elim], 8) + " " + t("is_out"))
        if game.over:
            g.row(6, t("game_over"))
        else:
            if game.palifico:
                g.row(5, t("palifico_next"), 0, True)
            g.row(6, t("next") + " " + short(m.names[game.opener], 8))
        g.row(7, t("ok_next"), 1)


def game_over(app, match, kids, left):
    """The game-over screen: in its own module (snyd_over), loaded only when the game ends."""
    import snyd_over
    app.go(snyd_over.GameOver(app, match, kids, left))
