"""ui.snyd: the Snyd screens' hub - the round (cup, bid, turn) and the way from one round to the
next. The move menu, the bid picker, the reveal and the round summary are snyd_person' (loaded for
the person's move or a round's end, dropped while the bots play: the solo games' heap), the open-die
choice snyd_open's (loaded only with that rule), game over snyd_over's (loaded when the game ends).
Those modules never import this one: they go on through the Round screen they are given (Round.end)
or the Round class snyd_open is handed.

The screens read the game from match.game and send this handheld's moves through match.act; every
other seat's moves arrive through match.poll (bots here, other handhelds later), so nothing here
depends on where the other players are. The cup: your dice are hidden unless you hold BACK on the
round screen (or the "cup" setting shows them); hidden means a cup is drawn and nothing else.
"""
from dicecup.ui import gfx
from dicecup.device.buttons import PRESS, SELECT
from dicecup.text.strings import bid_text, t
from dicecup.ui.screen import CupScreen, Screen
from dicecup.core.compat import const

# a seat's dice left (at most the rules' MAX_DICE) as shown, "-" for none: strings kept, not
# one made at every redraw
_LEFT = const(("-", "1", "2", "3", "4", "5", "6", "7", "8", "9"))


def start(app, rules, seats, me, seed, first, kids):
    """A new game (app.launch, from the set-up screen): seats are seats.Person / seats.Bot."""
    # the record's buffer (the game's one big piece) first, while the menus' room is still in one
    # piece; then the match and the rules core
    from dicecup.records import snyd_writer
    rec = snyd_writer.Recorder(rules, len(seats), first, [s.name for s in seats])
    from dicecup.play import snyd
    m = snyd.SnydMatch(rules, seats, me, seed, first, rec, app.turn)
    next_round(app, m, kids)


def next_round(app, match, kids):
    """Deal the next round and show it; with the open-die rule snyd_open deals (the person first
    chooses which die to lay open)."""
    if match.game.rules.open_die:
        from dicecup.ui import snyd_open
        snyd_open.deal(app, match, kids, Round)
    else:
        app.go(Round(app, match, kids))


class Round(CupScreen):
    def __init__(self, app, match, kids, deal=True):
        Screen.__init__(self, app)
        self.m = match
        self.kids = kids
        # whether this player sees the bid hints (snyd_person): the "hints" setting is on, or
        # (its default) on in kids' mode only
        h = app.settings.get("hints", 0)
        self.hints = h == 1 or (h == 0 and kids)
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
            self.app.busy()     # a bot plays: the person's screens go while it does
        mv = m.poll(now)    # on my turn too: a bot may call calza out of turn
        if mv is not None:
            self.apply(mv[0], mv[1])

    def apply(self, seat, move):
        res = self.m.act(seat, move, self.app.now)
        if res is not None:
            from dicecup.ui import snyd_person
            self.app.go(snyd_person.Reveal(self.app, self))
        else:
            self.changed()

    def end(self, left=False):
        """After the round's summary, or when the person leaves: the next round, or game over."""
        if left or self.m.game.over:
            game_over(self.app, self.m, self.kids, left)
        else:
            next_round(self.app, self.m, self.kids)

    def key(self, b, ev):
        if CupScreen.key(self, b, ev):
            return
        if b == SELECT and ev == PRESS:
            if self.me_out():
                self.end(True)
                return
            # while the person chooses, the bots' code is not needed: it loads again for their moves
            self.app.turn()
            from dicecup.ui import snyd_person
            mm = snyd_person.MoveMenu(self.app, self)
            if mm.count():
                self.app.go(mm)

    def counts(self, g, me):
        """Row 6 of the round: whose dice are left, each seat's initial and count in seat order
        ("D5 B4 B-"), seat me's cell inverted (me -1: none). Returns the x of the first cell and
        the cells' pitch: snyd_open puts each seat's open die above its count. Drawn a cell at a
        time (a line built of pieces was a string a piece at every redraw)."""
        m = self.m
        game = m.game
        names = m.names
        n = game.seats
        p = 24 if n <= 5 else 16   # a cell of two characters, and a space up to five seats
        x = (128 - n * p + p - 16) // 2
        for s in range(n):
            cx = x + s * p
            ink = 1
            if s == me:
                g.fb.fill_rect(cx, 47, 16, 9, 1)    # as gfx.row's bar: a line above the letters
                ink = 0
            cx = g.text(names[s][:1], cx, 48, ink)
            g.text(_LEFT[game.dice_left[s]], cx, 48, ink)
        return x, p

    def shake(self):
        # the dice are dealt (by the rules core, or the table's fair-dice round) without waiting
        # for a shake: shaking the cup rattles them
        self.app.sound.play(self.app.sound.RATTLE)

    def draw(self, g):
        m = self.m
        game = m.game
        me = m.me
        turn = game.on_turn
        if game.palifico:
            # the whole top row inverted: nobody can miss that the face is locked and ones are plain
            g.row(0, t("palifico") + ": " + (t("you") if turn == me else m.names[turn][:5]), 0, True)
        else:
            g.row(0, t("your_turn") if turn == me else t("turn_of") + m.names[turn][:8])
        if game.bid_face:
            g.row(1, t("bid") + " " + bid_text(game.bid_count, game.bid_face) + " " +
                  m.names[game.bidder][:6])
        else:
            g.row(1, t("no_bid"))
        n = game.dice_left[me]
        if game.rules.open_die:
            from dicecup.ui import snyd_open
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
        if not game.rules.open_die:     # snyd_open.middle drew them, its open dice above
            self.counts(g, me)
        if n == 0:
            g.row(7, t("ok_skip"), 1)
        elif turn == me:
            g.row(7, t("hint_move"), 1)
        elif game.may_calza(me):
            g.row(7, t("hint_calza"), 1)
        else:
            g.row(7, t("hint_peek"), 1)


def game_over(app, match, kids, left):
    """The game-over screen: in its own module (snyd_over), loaded only when the game ends."""
    from dicecup.ui import snyd_over
    app.go(snyd_over.GameOver(app, match, kids, left))
