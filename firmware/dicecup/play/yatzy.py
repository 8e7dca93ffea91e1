"""play.yatzy: one Yatzy game on this handheld - the rules core, who rolls for each scorecard, the
dice, the record. Several people may share the handheld, with bots; in team play a scorecard is a
team and its members take turns rolling for it (yatzy.Yatzy.member).

Moves, from the screens or a bot (seats.Bot), go through act(p, move): ["hold", positions] rolls
(the first roll of a turn keeps nothing), ["score", box, column] fills a box and ends the turn.
"""
from dicecup.bots import rng
from dicecup.rules import yatzy
from dicecup.records import yatzy_writer


class YatzyMatch:
    kind = "yatzy"

    def __init__(self, variant, players, options, seed, teams=0):
        n = teams or len(players)
        self.members = [players[i::n] for i in range(n)]
        if teams:
            from dicecup.text.strings import t
            self.names = [t("team") + str(i + 1) for i in range(n)]
            tnames = [[s.name for s in m] for m in self.members]
        else:
            self.names = [s.name for s in players]
            tnames = None
        self.game = yatzy.Yatzy(variant, n, options)
        self.options = options  # the bots judge by the game's rules (Maxi's bonus)
        self.bot_mem = None     # the bots' solver arrays for the whole game (ui.yatzy.start)
        self.rec = yatzy_writer.Recorder(variant, n, options, self.names, tnames)
        self.rng = rng.Rng(seed)
        self.changed_at = 0
        self._rolls = []
        self._held = []
        self.last = None        # (card, box, column, score) of the last filled box

    def seat(self, p=None):
        """The seat (Person or Bot) rolling for scorecard p (default: the one to move)."""
        g = self.game
        if p is None:
            p = g.current
        m = self.members[p]
        return m[g.member(p, len(m))]

    def who(self, p=None):
        """Name to show for the scorecard to move: the member's name in team play."""
        return self.seat(p).name

    def act(self, p, move, now):
        g = self.game
        if p != g.current:
            raise yatzy.Illegal("not this scorecard's turn")
        kind = move[0]
        if kind == "hold":
            held = 0
            for i in move[1]:
                held |= 1 << i
            if g.roll_no == 0:
                if held:
                    raise yatzy.Illegal("nothing to hold before the first roll")
                self._rolls = []
                self._held = []
            else:
                for i in range(g.ndice):
                    if (g.held ^ held) >> i & 1:
                        g.toggle_hold(i)
            g.roll_with(self.rng.die)
            if g.roll_no > 1:
                self._held.append(sorted(move[1]))
            self._rolls.append(bytes(g.dice))
        elif kind == "score":
            box, col = move[1], move[2] if len(move) > 2 else 0
            if isinstance(box, str):
                box = g.box_index(box)
            if g.roll_no == 0:
                raise yatzy.Illegal("roll before scoring")
            pts = g.fill(box, col)
            self.rec.turn(p, self._rolls, self._held, g.boxes()[box], col)
            self.last = (p, box, col, pts)
        else:
            raise yatzy.Illegal("unknown move %r" % (kind,))
        self.changed_at = now

    def poll(self, now):
        """A bot's move for the scorecard to move: (p, move) or None. Its first roll is implicit."""
        g = self.game
        if g.finished:
            return None
        s = self.seat()
        if not s.bot:
            return None
        p = g.current
        if g.roll_no == 0:
            if now - self.changed_at < s.think_ms:
                return None
            return p, ["hold", []]
        mv = s.poll(self, p, now)
        return None if mv is None else (p, mv)

    def record(self):
        return self.rec.record()
