"""snyd_bids: the Snyd rules core's bids, snyd.Game's half that orders and checks them. Pure.

Owns no state of its own: `Bids` is a base of `snyd.Game` and reads the game's bid (bid_count,
bid_face), palifico, rules, seats and dice left; its one buffer, `_mins` (step_bid's scratch: the
smallest legal count per face), is made by `Game.__init__`. What is here: the smallest count a bid on
a face needs over the current one (`_min_count`), a bid's reason code (`_bid_code`; `Game.bid` and
`Game.bid_error` turn it into the refusal or its words), and the legal bids in one total order for a
two-button picker and the bots (`first_bid`, `step_bid`, `min_raise`, `is_legal_bid`, `may_bid`).
It never imports snyd (which imports it): the reason codes it returns (6..14) are defined here only,
as private constants (no interned name on MicroPython); tests/test_snyd_props.py checks that every
code of the two modules has its words.
"""
from dicecup.core.compat import const

# reason codes 6..14 (snyd's are 1..5 and 15 on; their words live in snyd_reasons)
_E_FACE = const(6)
_E_COUNT_LOW = const(7)
_E_COUNT_HIGH = const(8)
_E_OPEN_ONES = const(9)
_E_LOCKED = const(10)
_E_FACE_DOWN = const(11)
_E_HALF = const(12)
_E_DOUBLE = const(13)
_E_HIGHER = const(14)


class Bids:
    """snyd.Game's bids: their order and legality (a base class: Game's state, Game's _turn_code and
    max_count)."""

    def _min_count(self, face):
        """Smallest count for `face` over the current bid, ignoring the upper bound; 0: never."""
        q = self.bid_count
        f = self.bid_face
        if f == 0:
            if face == 1 and self.rules.jokers and not self.palifico and not self.rules.open_on_ones:
                return 0
            return 1
        if self.palifico:
            return q + 1 if face == f else 0
        if self.rules.jokers:
            if f == 1:
                return q + 1 if face == 1 else 2 * q + 1
            if face == 1:
                return (q + 1) // 2
        if face > f:
            return q
        return q + 1 if face == f else 0

    def _bid_code(self, seat, count, face):
        e = self._turn_code(seat)
        if e:
            return e
        if face < 1 or face > 6:
            return _E_FACE
        if count < 1:
            return _E_COUNT_LOW
        if count > self.max_count(seat):
            return _E_COUNT_HIGH
        m = self._min_count(face)
        if m == 0:
            if self.bid_face == 0:
                return _E_OPEN_ONES
            return _E_LOCKED if self.palifico else _E_FACE_DOWN
        if count < m:
            jok = self.rules.jokers and not self.palifico
            if face == 1 and jok:
                return _E_HALF
            if self.bid_face == 1 and jok:
                return _E_DOUBLE
            return _E_HIGHER
        return 0

    def is_legal_bid(self, count, face):
        return not self._bid_code(self.on_turn, count, face)

    def min_raise(self, face):
        if not self.in_round or face < 1 or face > 6:
            return 0
        m = self._min_count(face)
        return m if m <= self.max_count(self.on_turn) else 0

    def first_bid(self):
        return self.step_bid(0, 0, 1)

    def step_bid(self, count, face, d):
        """The next (d=+1) or previous (d=-1) legal bid after (count, face), or None.

        Order: with jokers (outside palifico) by strength, ones(n) between (2n, 6) and (2n+1, 2);
        otherwise count then face. (0, 0) lies before every bid.
        """
        if not self.in_round:
            return None
        mx = self.max_count(self.on_turn)
        mins = self._mins
        for f in range(1, 7):
            m = self._min_count(f)
            mins[f] = m if m <= mx else 0
        jok = self.rules.jokers and not self.palifico  # jokers count
        q = count
        f = face
        if q < 1 and d < 0:
            return None
        while True:
            if d > 0:
                if q < 1:
                    q, f = 1, 2 if jok else 1
                elif jok and f == 1:
                    q, f = 2 * q + 1, 2
                elif f < 6:
                    f += 1
                elif jok and q % 2 == 0:
                    q, f = q // 2, 1
                else:
                    q, f = q + 1, 2 if jok else 1
                if q > mx:
                    if not jok or f == 1:
                        return None
                    q, f = (q + 1) // 2, 1  # only ones bids can still fit
                    if q > mx:
                        return None
            else:
                if jok and f == 1:
                    q, f = 2 * q, 6
                elif f > (2 if jok else 1):
                    f -= 1
                elif q <= 1:
                    return None
                elif jok and (q - 1) % 2 == 0:
                    q, f = (q - 1) // 2, 1
                else:
                    q, f = q - 1, 6
                if q > mx:
                    if jok and f == 1:
                        q = mx
                    elif not jok:
                        q, f = mx, 6
                    elif 2 * ((q - 1) // 2) >= mx:
                        q, f = (q - 1) // 2, 1  # skip non-ones that cannot fit
                        if q > mx:
                            q = mx
            if 1 <= f <= 6 and mins[f] and mins[f] <= q <= mx:
                return q, f

    def may_bid(self, seat):
        return not self._turn_code(seat) and self.first_bid() is not None
