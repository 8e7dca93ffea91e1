"""yatzy_sheet: the Yatzy screens around a turn - the box choice with what each free box would score,
the scorecards, and game over. Loaded when a person opens one (yatzy_ui.Boxes/Card/GameOver) and
dropped again while the bots play, so the heap never holds these screens and the bots at once.
"""
from buttons import BACK, DOWN, PRESS, REPEAT, SELECT, UP
from strings import t
from ui import Menu, Screen, fit
from yatzy_ui import box_label


class Boxes(Menu):
    """The free boxes with what the dice would score in each; select fills one."""

    def __init__(self, app, match, turn):
        Menu.__init__(self, app)
        self.m = match
        self.turn = turn
        g = match.game
        self.free = []
        for col in range(g.columns):
            sc = g.scores_for(None, col)
            for box in range(g.nbox):
                if sc[box] != 255:
                    self.free.append((box, col, sc[box]))

    def heading(self):
        return t("choose_box")

    def count(self):
        return len(self.free)

    def item(self, i):
        box, col, pts = self.free[i]
        return (box_label(self.m.game, box, col), pts)

    def choose(self, i):
        box, col, _ = self.free[i]
        g = self.m.game
        self.m.act(g.current, ["score", box, col], self.app.now)
        self.app.go(self.turn)

    def back(self):
        self.app.go(self.turn)


class Card(Screen):
    """A scorecard: every box, the upper sum and bonus, the total. Up/down scroll, select shows the
    next player's card, back returns."""

    def __init__(self, app, match, back_to, p=None):
        Screen.__init__(self, app)
        self.m = match
        self.back_to = back_to
        self.p = match.game.current if p is None else p
        self.top = 0

    def lines(self):
        return self.m.game.nbox + 3

    def key(self, b, ev):
        if ev != PRESS and ev != REPEAT:
            return
        if b == DOWN and self.top + 6 < self.lines():
            self.top += 1
        elif b == UP and self.top:
            self.top -= 1
        elif b == SELECT and ev == PRESS:
            self.p = (self.p + 1) % self.m.game.players
        elif b == BACK and ev == PRESS:
            self.app.go(self.back_to)
            return
        else:
            return
        self.changed()

    def line(self, i):
        g = self.m.game
        p = self.p
        cols = g.columns
        if i < g.nbox:
            label = t("b_" + g.boxes()[i])
            vals = []
            for c in range(cols):
                v = g.get(p, i, c)
                vals.append("-" if v is None else str(v))
            return fit(label[: 16 - 4 * cols], " ".join(vals))
        if i == g.nbox:
            return fit(t("upper"), " ".join(str(g.upper(p, c)) for c in range(cols)))
        if i == g.nbox + 1:
            return fit(t("bonus"), " ".join(str(g.bonus(p, c)) for c in range(cols)))
        return fit(t("total"), g.total(p))

    def draw(self, g):
        g.row(0, self.m.names[self.p][:14])
        for r in range(7):
            i = self.top + r
            if i >= self.lines():
                break
            g.row(r + 1, self.line(i), 0, i == self.lines() - 1)


class GameOver(Screen):
    battery = False

    def __init__(self, app, match, left=False):
        Screen.__init__(self, app)
        self.m = match
        self.left = left
        g = match.game
        self.order = sorted(range(g.players), key=lambda p: -g.total(p))
        import app as app_module
        import seats
        import settings
        import store
        app_module.forget(seats.BOT_MODULES + ("snyd",))  # the game is over: room for its record
        st = settings.stats()
        mine = 0     # the owner's scorecard: the first person's (or their team's)
        n = settings.count_game(st, "yatzy", mine in g.winners(), g.total(mine))
        store.save_record("yatzy", n, match.rec)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            import screens
            self.app.go(screens.Title(self.app, 2))
        elif ev == PRESS and b == BACK:
            self.app.go(Card(self.app, self.m, self, self.order[0]))

    def draw(self, g):
        game = self.m.game
        win = game.winners()
        g.row(0, t("game_over"))
        for r in range(min(5, len(self.order))):
            p = self.order[r]
            g.row(r + 1, fit(("*" if p in win else " ") + self.m.names[p][:9], game.total(p)))
        g.row(6, t("card_back"), 1)
        g.row(7, t("ok_menu"), 1)
