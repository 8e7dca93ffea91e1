"""snyd_open: the open-die rule on the handheld - dealing a round where every seat with two or more
dice lays one open (snyd-record.md: "one die of its choice"), the screen where the person chooses
theirs, and the round screen's middle with every open die. Loaded only when the rule is on.

Bots choose with bots.snyd.open_die (the table's bots too). The person's choice is made on their
dice as the cup hides them: blank dice and a cursor, the faces only while BACK is held (or with
the "cup open" setting). The round screen then shows each seat's open die above its dice count,
the person's own inverted (and underlined among their dice while they look).
It never imports ui.snyd (whose next_round and Round.draw load it): deal is handed the Round class
to play the round with.
"""
from dicecup.ui import gfx
from dicecup.device.buttons import DOWN, PRESS, REPEAT, SELECT, UP
from dicecup.text.strings import t
from dicecup.ui.screen import CupScreen, Screen


def deal(app, m, kids, Round):
    """Roll, let the bots choose, then the person (if they have two dice or more), then play the
    round on a Round (ui.snyd.Round)."""
    m.roll()
    from dicecup.bots.snyd import open_die  # the bots' module (dropped again on a person's turn)
    shown = []
    for s in range(m.game.seats):
        d = m.round_dice[s]
        seat = m.seats[s]
        shown.append(None if len(d) < 2 else open_die(d, seat.level, seat.rng) if seat.bot else 0)
    if shown[m.me] is not None and not m.seats[m.me].bot:
        app.go(Choose(app, m, kids, shown, Round))
    else:
        _start(app, m, kids, shown, Round)


def _start(app, m, kids, shown, Round):
    m.deal(app.now, shown)
    app.go(Round(app, m, kids, False))


class Choose(CupScreen):
    """Up/down move the cursor over your dice, select lays that one open; hold BACK to look."""

    def __init__(self, app, m, kids, shown, Round):
        Screen.__init__(self, app)
        self.Round = Round
        self.m = m
        self.kids = kids
        self.shown = shown
        self.i = 0

    def key(self, b, ev):
        if CupScreen.key(self, b, ev):
            return
        if ev != PRESS and ev != REPEAT:
            return
        n = len(self.dice())
        if b == UP or b == DOWN:
            self.i = (self.i + (1 if b == UP else -1)) % n
            self.changed()
        elif b == SELECT and ev == PRESS:
            self.picked(self.i)

    def dice(self):
        return self.m.round_dice[self.m.me]

    def picked(self, i):
        """The person lays die i open (the table's screen sends it to the table instead)."""
        self.shown[self.m.me] = i
        _start(self.app, self.m, self.kids, self.shown, self.Round)

    def draw(self, g):
        d = self.dice()
        g.row(0, t("od_title"))
        # blank dice (face 0: no pips) keep the faces under the cup
        x0, pitch = g.dice_row(d if self.cup_open() else bytes(len(d)), 18)
        g.fb.fill_rect(x0 + self.i * pitch, 38, gfx.DIE, 2, 1)
        g.row(6, t("hint_peek"), 1)
        g.row(7, t("od_hint"), 1)


def middle(g, r):
    """The round screen between the bid and the dice counts: your dice or the cup, smaller than
    without the rule, and row 5 with each seat's open die above its count on row 6."""
    game = r.m.game
    me = r.m.me
    n = game.dice_left[me]
    if n == 0:
        g.row(3, t("you_out"), 1)
    elif r.cup_open():
        x0, pitch = g.dice_row(game.dice_of(me), 17)
        i = game.shown[me]
        if i < n:
            g.fb.fill_rect(x0 + i * pitch, 36, gfx.DIE, 2, 1)
    else:
        g.cup(64, 16, 22)
    x, p = r.counts(g, me)        # row 6: whose dice are left (ui.snyd.Round.counts)
    for s in range(game.seats):     # each open die above its seat's count (the cell's second column)
        v = game.shown_die(s)
        if v and s * p + 16 <= 128 - 2 * x:
            c = x + s * p + 8
            if s == me:   # your own, inverted as your count is
                g.fb.fill_rect(c, 39, 8, 9, 1)
            g.text(gfx.MINI_DIE[v - 1], c, 40, 0 if s == me else 1)
