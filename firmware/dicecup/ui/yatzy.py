"""ui.yatzy: the Yatzy turn screen (dice, holds, roll) and the start of a game. The box choice, the
scorecard, game over and the person's keys on the turn screen are yatzy_sheet's, loaded when a
person needs them; it never imports this module (it is handed the Turn screen).

People share the handheld and take turns (Yatzy has nothing to hide); bots' turns play out on the
same screen at a readable pace. Moves go through match.act, bots' through match.poll.

The heap holds either side of a turn, not both: while a person is on turn the bots' code is dropped
(it loads again for the next bot; their solver's arrays stay with the match), while a bot is on
turn yatzy_sheet is (app.turn, app.busy). 6-card Maxi-Yatzy then fits a WROOM-32's heap
(docs/memory.md).
"""
from dicecup.ui import gfx
from dicecup.device.buttons import BACK
from dicecup.text.strings import t
from dicecup.ui.screen import Screen, fit


def start(app, variant, players, options, seed, teams):
    """A new game (app.launch, from the set-up screen); see yatzy.YatzyMatch."""
    mem = None
    if any(p.bot for p in players) or app.settings["coach"]:
        # the bots' solver tables and arrays first, while the heap is in one piece; the match keeps
        # them, and the bots' code loads for their turns only (yatzy_turn.Solver takes them over)
        from dicecup.bots import yatzy_dice
        from dicecup.bots import yatzy_turn
        mem = yatzy_dice.solver_mem(yatzy_turn.Dice(6 if variant == "maxi" else 5))  # (Yatzy.ndice)
        app.forget(("dicecup.bots.yatzy_dice", "dicecup.bots.yatzy_turn"))
    from dicecup.play import yatzy
    m = yatzy.YatzyMatch(variant, players, options, seed, teams)
    m.bot_mem = mem
    if app.settings["coach"]:
        m.coach_lost = 0.0      # the game over screen's line (yatzy_sheet.coach adds to it)
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

    def box_label(self, box, col):
        """A box's name on this game's screens (and its column's multiplier in Triple)."""
        game = self.m.game
        name = t("b_" + game.boxes()[box])
        if game.columns > 1:
            name = name[:9] + " " + "x%d" % (col + 1)
        return name

    def _sheet(self):
        """yatzy_sheet, with the bots' modules forgotten first (they load again on a bot's turn)."""
        self.app.turn()
        from dicecup.ui import yatzy_sheet
        return yatzy_sheet

    def mine(self):
        return not self.m.game.finished and self.m.seat().local

    def tick(self, now):
        g = self.m.game
        if g.finished:
            self.app.go(self._sheet().GameOver(self.app, self.m))
            return
        if self.mine():
            self.app.turn()
        else:
            self.app.busy()
            mv = self.m.poll(now)
            if mv is not None:
                self.m.act(mv[0], mv[1], now)
                self._sync()
                self.changed()

    def shake(self):
        if self.mine():
            self._sheet().shake(self)

    def key(self, b, ev):
        # a person's keys (and back, for the scorecards) are yatzy_sheet's: while a bot plays,
        # its code is not in the heap
        if b == BACK or self.mine():
            self._sheet().turn_key(self, b, ev)

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
                g.row(6, fit(m.names[p][:6] + " " + self.box_label(box, col)[:5], pts))
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
            self._sheet().draw_actions(self, g)
        else:
            g.row(6, t("thinking"))
        g.row(7, fit(t("points"), game.total(game.current)))
