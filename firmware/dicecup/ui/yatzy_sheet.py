"""yatzy_sheet: what a person does around a Yatzy turn - the turn screen's keys (ui.yatzy.Turn.key),
the box choice with what each free box would score, the scorecards, and game over. Loaded when a
person is on turn or opens one (ui.yatzy.Turn, yatzy_table), dropped again while the bots play,
so the heap never holds it and the bots at once: a split for the solo games' heap. It never imports
ui.yatzy (which loads it): the screens here are handed the turn screen.
"""
from dicecup.device.buttons import BACK, DOWN, LONG, PRESS, RELEASE, REPEAT, SELECT, UP
from dicecup.text.strings import t
from dicecup.ui.screen import Confirm, Menu, Message, Screen, fit
from dicecup.core.compat import const


def _valid(turn, c):
    """Can the cursor rest on item c (a die, roll, score, scorecard) now?"""
    g = turn.m.game
    n = g.ndice
    if c < n:
        return g.roll_no > 0
    if c == n:
        return g.rolls_left > 0
    if c == n + 1:
        return g.roll_no > 0
    return True


_ACTIONS = const(("roll", "score", "card"))


def draw_actions(turn, g):
    """The turn screen's action bar (ui.yatzy.Turn.draw, a person on turn): roll, score, card."""
    x = 0
    n = turn.m.game.ndice
    for a in range(3):
        label = t("a_" + _ACTIONS[a])
        if a == 0 and turn.m.game.rolls_left == 0:
            label = "-" * len(label)
        w = len(label) * 8
        if turn.cur == n + a:
            g.fb.fill_rect(x, 47, w, 9, 1)   # a line above the letters' tops, as gfx.row's bar
            g.text(label, x, 48, 0)
        else:
            g.text(label, x, 48, 1)
        x += w + 8


def coach(turn, hold=None, box=None):
    """The coach's word on the choice the person is about to make (before the move: the coach
    judges the turn as it stands), or None while the setting keeps it quiet: the best move by the
    hard bot's judgement (bots.yatzy.advise: its solver and, where the handheld has it, the
    optimal-play value table) and what the person's costs in expected points, which add up in
    the match's coach_lost (the game over screen's line). hold: the bit mask of held dice, box:
    (box, column, score)."""
    app = turn.app
    lv = app.settings["coach"]
    if not lv or (hold is not None and lv < 2):
        return None
    m = turn.m
    from dicecup.bots import yatzy as yatzy_bot
    r = yatzy_bot.ready(yatzy_bot.card_of(m.game), yatzy_bot.LEVELS[3], getattr(m, "options", None),
                        getattr(m, "bot_mem", None))
    best, bv, mine = yatzy_bot.advise(r, hold, box)
    cost = bv - mine
    if cost < 0.05:
        return t("coach_ok")
    m.coach_lost = getattr(m, "coach_lost", 0) + cost
    if best[0] == "hold":
        dice = m.game.dice
        what = (t("coach_hold") + " " + " ".join(str(dice[i]) for i in best[1])) if best[1] \
            else t("coach_all_dice")
    else:
        what = turn.box_label(r[1].names.index(best[1]), best[2])
    return t("coach_say") % (what, "%.1f" % cost)


def shake(turn):
    """The cup shaken on the person's turn: a roll, as select on "roll" (the holds as chosen)."""
    n = turn.m.game.ndice
    if turn.mine() and _valid(turn, n):
        turn.cur = n
        turn_key(turn, SELECT, PRESS)


def turn_key(turn, b, ev):
    """A key on the turn screen (ui.yatzy.Turn): the cursor over the dice and actions, holds, roll."""
    app = turn.app
    if b == BACK:
        # a short press shows the scorecard, a long one offers to leave the game
        if ev == LONG:
            m = turn.m
            app.go(Confirm(app, "quit_q", turn, lambda: app.go(GameOver(app, m, True))))
        elif ev == RELEASE and not app.buttons[BACK].was_long:
            app.go(Card(app, turn.m, turn))
        return
    if not turn.mine() or (ev != PRESS and ev != REPEAT):
        return
    turn._sync()
    g = turn.m.game
    total = g.ndice + 3
    if b == UP or b == DOWN:
        d = 1 if b == DOWN else -1
        c = turn.cur
        for _ in range(total):
            c = (c + d) % total
            if _valid(turn, c):
                break
        turn.cur = c
        turn.changed()
        return
    if ev != PRESS or b != SELECT:
        return
    c = turn.cur
    n = g.ndice
    if c < n:
        turn.held ^= 1 << c
    elif c == n:
        app.sound.play(app.sound.RATTLE)
        word = coach(turn, hold=turn.held) if g.roll_no else None   # the first roll holds nothing
        turn.m.act(g.current, ["hold", [i for i in range(n) if turn.held >> i & 1]], app.now)
        if g.rolls_left == 0:
            turn.cur = n + 1
        if word:
            from dicecup.ui.screen import Message
            app.go(Message(app, word, turn))
            return
    else:
        app.go((Boxes if c == n + 1 else Card)(app, turn.m, turn))
        return
    turn.changed()


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
        return (self.turn.box_label(box, col), pts)

    def choose(self, i):
        box, col, pts = self.free[i]
        g = self.m.game
        word = coach(self.turn, box=(box, col, pts))
        self.m.act(g.current, ["score", box, col], self.app.now)
        self.app.go(Message(self.app, word, self.turn) if word else self.turn)

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
        app.over()  # room for its record
        from dicecup.storage import settings
        from dicecup.storage import store
        st = settings.stats()
        mine = 0     # the owner's scorecard: the first person's (or their team's)
        n = settings.count_game(st, "yatzy", mine in g.winners(), g.total(mine))
        store.save_record("yatzy", n, match.rec)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.app.home(2)
        elif ev == PRESS and b == BACK:
            self.app.go(Card(self.app, self.m, self, self.order[0]))

    def draw(self, g):
        game = self.m.game
        win = game.winners()
        g.row(0, t("game_over"))
        for r in range(min(5, len(self.order))):
            p = self.order[r]
            g.row(r + 1, fit(("*" if p in win else " ") + self.m.names[p][:9], game.total(p)))
        lost = getattr(self.m, "coach_lost", None)
        if lost is not None and len(self.order) < 5:  # the coach was on: what it cost this game
            g.row(5, fit(t("coach_lost"), "%.1f" % lost))
        g.row(6, t("card_back"), 1)
        g.row(7, t("ok_menu"), 1)
