"""yatzy_turn: whose turn it is at a Yatzy table, and how a turn ends. Pure.

Owns the phases of a Yatzy round (P_TURN: the roller is to reveal its secret; P_ROLL: holds and
the box; P_CHEAT), the seats' kinds as scorecards (CARD, KIND_BOT: a SEATS `kinds` entry is 1 +
the scorecard a seat rolls for, plus KIND_BOT for a bot's seat), and `penalty` (seats whose next
turn is a forfeit: a shake withheld). Its duties: the roller (a team's members take turns:
yatzy.member), the next turn or round, and forfeit turns (a seat that forfeited, whose handheld
withheld a share of the round's dice, or whose handheld went mid-game: _lose). A part of
yatzy.YatzyTable; yatzy.P_TURN, P_ROLL, P_CHEAT, KIND_BOT stay their import path.
"""
from dicecup.core.compat import const
from dicecup.table.game import NEWS_FORFEIT, P_COMMIT, P_CONTRIB, P_OVER, TableGame

P_TURN = const(3)       # == game.P_PLAY: the roller is to reveal its secret
P_ROLL = const(4)       # holds and the box
P_CHEAT = const(6)      # stopped: a secret did not match its commitment (>= P_OVER: nobody acts)
KIND_BOT = const(0x80)  # in a SEATS kinds entry: a bot plays the seat
CARD = const(0x0F)      # ... and the scorecard it rolls for, + 1 (0: none)


class Turns:
    """The turn's seat and the turn's end (a part of yatzy.YatzyTable)."""

    def _init_turns(self):
        self.penalty = 0                # seats whose next turn is a forfeit (a shake withheld)

    def roller(self):
        """The seat rolling for the scorecard on turn (-1 when there is none)."""
        g = self.game
        if g is None or g.finished:
            return -1
        p = g.current
        members = 0
        for s in range(self.n):
            if self.kinds[s] & CARD == p + 1:
                members += 1
        k = g.member(p, members)
        for s in range(self.n):
            if self.kinds[s] & CARD == p + 1:
                if k == 0:
                    return s
                k -= 1
        return -1

    def waits_on(self):
        return self.roller() if self.phase == P_ROLL and self.shaking < 0 else -1

    def _cards_of(self, f):
        """Scorecards the seating makes (kinds 1..k each used), or 0 if it is not a seating."""
        return _cards(f.n, f.kinds)

    def _seeded(self):
        TableGame._seeded(self)
        self._forfeit_turns()

    def _forfeit_turns(self):
        """While the seat to roll forfeited this round, or its handheld withheld a seat's share of
        the round's dice (TableGame.withheld), its scorecard's turn is a forfeit turn."""
        while self.phase == P_TURN:
            r = self.roller()
            if r < 0 or not ((self.forfeited | self.penalty) & (1 << r) or
                             self.withheld & (1 << self.hosts[r])):
                return
            self.penalty &= ~(1 << r)
            g = self.game
            p = g.current
            if self.cheats & (1 << r) and not self.lost_cheat & (1 << r):
                self.lost_late, self.lost_cheat = 0, 1 << r
            else:
                self.lost_late, self.lost_cheat = 1 << r, 0
            box, col = g.forfeit()
            self.rec.turn(p, self.rolls, self.helds, box, col, True)
            self.forfeits += 1
            self.news |= NEWS_FORFEIT
            self._next_turn()

    def _next_turn(self):
        g = self.game
        self.rolls = []
        self.helds = []
        if g.finished:
            self.phase = P_OVER
            self.part = 0
        elif g.current == 0:
            self.round += 1
            self._begin_fair(self._players(), True)
        else:
            self._set_phase(P_TURN)
            self._forfeit_turns()

    def _players(self):
        """Every seat that rolls for a scorecard (a round's part, before any forfeit)."""
        m = 0
        for s in range(self.n):
            if self.kinds[s] & CARD:
                m |= 1 << s
        return m

    def _turn_lost(self, r):
        """The roller (mask r) did not reveal, or give its own value for a re-roll: its turn is a
        forfeit turn."""
        self.shaking, self.stage = -1, 0
        self.phase = P_TURN
        self.forfeited |= r
        self.part &= ~r
        self._forfeit_turns()

    def _lose(self, m, shaker):
        """Seats (mask m) moved to another handheld mid-game: their shake chains went with the old
        one (a new chain starts with their next COMMIT; until then they shake nothing), and a seat
        that had yet to reveal its secret this round forfeits (its turn is a forfeit turn). A turn
        in progress goes on: its roller's secret is public once revealed. `shaker`: the seat that
        owed the hold's shake before the reseat (-1: none); a seat that owes it only now gets the
        whole deadline (the reseat may hand the shake to a seat it did not move: the roller moved
        onto the shaker's handheld, or the shaker onto the roller's)."""
        if not m or self.phase >= P_OVER:
            return
        if self.shaking >= 0 and self.stage and m & (1 << self.roller()):
            # the roller owed its own value and its handheld went: as if it withheld it (its
            # handheld knew the re-roll, and leaving must not buy a re-roll with zeros instead)
            self._turn_lost(1 << self.roller())
        for s in range(8):
            if m & (1 << s):
                self._ctop[s * 16:s * 16 + 16] = bytes(16)
                self._cn[s] = 0
        if shaker >= 0 and self.shaker() != shaker:
            if self.shaker() < 0:
                self._roll(self._held, self.shaking, None)
                self.shaking = -1
            else:
                self._set_phase(P_ROLL)  # another seat shakes: its deadline runs from now
        m &= self.part & ~self.revealed
        if not m:
            return
        if self.phase in (P_COMMIT, P_CONTRIB):
            self._forfeit_mask(m)
        else:
            self.forfeited |= m
            self.part &= ~m
            self._forfeit_turns()


def _cards(n, kinds):
    """Scorecards the seats' kinds make (kinds 1..k each used by a seat), or 0 if they make none."""
    if not 1 <= n <= 8:
        return 0
    top = used = 0
    for s in range(n):
        k = kinds[s] & CARD
        top = max(top, k)
        used |= 1 << k
    return top if used | 1 == (2 << top) - 1 else 0  # kinds 1..top all used (0: no seat)
