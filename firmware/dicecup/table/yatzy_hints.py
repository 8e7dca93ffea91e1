"""yatzy_hints: teammates' suggestions at a team Yatzy table (advice, never logged). Pure.

While a member rolls, the others may suggest a hold or a box (table.Table.suggest sends a keyed
HINT, never logged). Owns `_hints` (each seat's newest suggestion for the roll in progress: roll +
1, kind, value, round), `hint_seq`, `hint_last` and `hints_dropped`. Its frame: HINT. hint(f) keeps
a suggestion or drops one from a handheld that does not host that seat, from a seat of another
scorecard or the roller itself, for another round or roll, or out of range: advice never changes
the log, so the worst a hostile handheld can do is advise its own team badly. A part of
yatzy.YatzyTable.
"""
from dicecup.table import wire
from dicecup.table.game_round import NEWS_HINT
from dicecup.table.yatzy_turn import CARD, P_ROLL


class Hints:
    """The teammates' suggestions for the roll in progress (a part of yatzy.YatzyTable)."""

    def _init_hints(self):
        self._hints = bytearray(32)     # per seat: roll + 1, kind, value, round & 0xFF
        self.hint_seq = 0               # suggestions taken (the screens redraw on a change)
        self.hint_last = -1             # the seat whose suggestion came last
        self.hints_dropped = 0

    def may_hint(self, s):
        """Whether seat s may suggest now: a teammate of the roller (the same scorecard, not the
        roller) once the turn's dice are out."""
        g = self.game
        r = self.roller()
        return self.phase == P_ROLL and g is not None and 0 <= s < self.n and s != r and \
            r >= 0 and g.roll_no > 0 and self.kinds[s] & CARD == g.current + 1

    def hint_frame(self, f, s, kind, value):
        """Fill f's body as seat s's HINT for the roll in progress (table.Table.suggest sends it)."""
        f.type = wire.T_HINT
        f.round, f.who, f.roll, f.kind, f.value = self.round, s, self.game.roll_no, kind, value

    def hint(self, f):
        """A HINT heard, or this handheld's own once sent (tell() set its sender): kept or dropped."""
        w = f.who
        g = self.game
        if w >= self.n or self.hosts[w] != f.seat or not self.may_hint(w) or \
                f.round != self.round or f.roll != g.roll_no or not self._hint_fits(f.kind, f.value):
            self.hints_dropped += 1
            return
        h = self._hints
        b = w * 4
        h[b], h[b + 1], h[b + 2], h[b + 3] = f.roll + 1, f.kind, f.value, f.round & 0xFF
        self.hint_seq += 1
        self.news |= NEWS_HINT
        self.hint_last = w

    def _hint_fits(self, kind, value):
        if kind == wire.Y_HOLD:
            return value < 1 << self.game.ndice
        return kind == wire.Y_BOX and self.box_open(value)

    def box_open(self, box):
        """Whether box (an index, any byte) is free in some column of the scorecard on turn."""
        g = self.game
        if box >= len(g.boxes()):
            return False
        for col in range(g.columns):
            if g.is_free(g.current, box, col):
                return True
        return False

    def hint_of(self, s):
        """Seat s's suggestion for the roll in progress: (wire.Y_HOLD, mask) or (wire.Y_BOX,
        box), or None."""
        h = self._hints
        b = s * 4
        g = self.game
        if g is None or h[b] != g.roll_no + 1 or h[b + 3] != self.round & 0xFF or \
                not self.may_hint(s):
            return None
        return h[b + 1], h[b + 2]
