"""yatzy_ui: the Yatzy screens - the turn (dice, holds, roll), the box choice with what each free box
would score, the scorecard, and game over.

People share the handheld and take turns (Yatzy has nothing to hide); bots' turns play out on the
same screen at a readable pace. Moves go through match.act, bots' through match.poll.
"""
import gfx
from buttons import BACK, DOWN, LONG, PRESS, RELEASE, REPEAT, SELECT, UP
from strings import t
from ui import Confirm, Menu, Screen, fit

_ACTIONS = ("roll", "score", "card")


def box_label(game, box, col):
    name = t("b_" + game.boxes()[box])
    if game.columns > 1:
        name = name[:9] + " " + "x%d" % (col + 1)
    return name


def start(app, variant, players, options, seed, teams):
    """A new game (app.launch, from the set-up screen); see yatzy_match.YatzyMatch."""
    import yatzy_match
    m = yatzy_match.YatzyMatch(variant, players, options, seed, teams)
    if any(p.bot for p in players):
        # the solver's arrays (17 KB here) while the heap is in one piece: on a heap cut up by
        # a game in progress, the first bot move needed 6 KB more
        import yatzy_bot
        yatzy_bot.prepare(m.game.ndice)
    app.go(Turn(app, m))


class Turn(Screen):
    def __init__(self, app, match):
        Screen.__init__(self, app)
        self.m = match
        self.cur = 0
        self.held = 0
        self._turn = -1

    def _sync(self):
        # a new turn starts: nothing held, cursor on "roll"
        g = self.m.game
        key = g.turn if hasattr(g, "turn") else 0
        if key != self._turn:
            self._turn = key
            self.held = 0
            self.cur = g.ndice

    def mine(self):
        return not self.m.game.finished and self.m.seat().local

    def tick(self, now):
        g = self.m.game
        if g.finished:
            self.app.go(GameOver(self.app, self.m))
            return
        if not self.mine():
            self.app.busy()
            mv = self.m.poll(now)
            if mv is not None:
                self.m.act(mv[0], mv[1], now)
                self._sync()
                self.changed()

    def positions(self):
        return [i for i in range(self.m.game.ndice) if self.held >> i & 1]

    def _valid(self, c):
        g = self.m.game
        n = g.ndice
        if c < n:
            return g.roll_no > 0
        if c == n:
            return g.rolls_left > 0
        if c == n + 1:
            return g.roll_no > 0
        return True

    def key(self, b, ev):
        if b == BACK:
            # a short press shows the scorecard, a long one offers to leave the game
            app = self.app
            if ev == LONG:
                m = self.m
                app.go(Confirm(app, "quit_q", self, lambda: app.go(GameOver(app, m, True))))
            elif ev == RELEASE and not app.buttons[BACK].was_long:
                app.go(Card(app, self.m, self))
            return
        if not self.mine() or (ev != PRESS and ev != REPEAT):
            return
        self._sync()
        g = self.m.game
        total = g.ndice + 3
        if b == UP or b == DOWN:
            d = 1 if b == DOWN else -1
            c = self.cur
            for _ in range(total):
                c = (c + d) % total
                if self._valid(c):
                    break
            self.cur = c
            self.changed()
            return
        if ev != PRESS or b != SELECT:
            return
        c = self.cur
        n = g.ndice
        if c < n:
            self.held ^= 1 << c
        elif c == n:
            self.m.act(g.current, ["hold", self.positions()], self.app.now)
            if g.rolls_left == 0:
                self.cur = n + 1
        elif c == n + 1:
            self.app.go(Boxes(self.app, self.m, self))
            return
        else:
            self.app.go(Card(self.app, self.m, self))
            return
        self.changed()

    def draw(self, g):
        m = self.m
        game = m.game
        self._sync()
        n = game.ndice
        head = m.who()
        if m.names[game.current] != head:
            head = m.names[game.current][:6] + ":" + head
        g.row(0, head[:14])
        if game.roll_no == 0:
            if self.mine():
                g.row(2, t("your_turn"), 1)
                g.row(4, t("ok_roll"), 1)
            else:
                g.row(3, t("thinking"), 1)
            if m.last is not None:
                p, box, col, pts = m.last
                g.row(6, fit(m.names[p][:6] + " " + box_label(game, box, col)[:5], pts))
            g.row(7, fit(t("points"), game.total(game.current)))
            return
        g.row(1, t("roll_of") % (game.roll_no, game.roll_no + game.rolls_left), 1)
        x0, pitch = g.dice_row(game.dice, 17)
        mine = self.mine()
        held = self.held if mine else game.held
        for i in range(n):
            cx = x0 + i * pitch + gfx.DIE // 2 - 4
            if held >> i & 1:
                g.text("H", cx, 40)
            if mine and i == self.cur:
                g.fb.hline(cx - 2, 37, 12, 1)
        if mine:
            x = 0
            for a in range(3):
                label = t("a_" + _ACTIONS[a])
                if a == 0 and game.rolls_left == 0:
                    label = "-" * len(label)
                w = len(label) * 8
                if self.cur == n + a:
                    g.fb.fill_rect(x, 48, w, 8, 1)
                    g.text(label, x, 48, 0)
                else:
                    g.text(label, x, 48, 1)
                x += w + 8
        else:
            g.row(6, t("thinking"))
        g.row(7, fit(t("points"), game.total(game.current)))


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
