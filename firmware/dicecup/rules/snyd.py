"""Snyd (Perudo / Liar's Dice) rules core: the one place that decides what is legal.

Implements every rule of docs/records.md (format version 2: with the forfeit, whose
code is snyd_forfeit's, loaded only when one is checked or made). Pure: no I/O, no hardware; runs
unchanged on MicroPython and CPython. Game state is small ints and bytearrays; the per-action path
(bid, snyd, calza, legality checks, stepping) allocates nothing but the exception of a rejected move.

Public API (the UI, bots, table and referee build on these names):
  Rules(dice=5, jokers=True, palifico=True, calza=True, open_on_ones=False,
        calza_by=CALZA_OTHERS, count_scope=SCOPE_TABLE, open_die=False)
    Rules.from_dict(d, preset=None)  the spec's `rules` object (+ "kids" preset); raises
                                     core.shape.Malformed on unknown keys / wrong types / ranges
    .to_dict()                       every key, the spec's names and order
  CALZA_OTHERS / CALZA_ANY / CALZA_TURN, SCOPE_TABLE / SCOPE_NEIGHBOURS, CALL_SNYD / CALL_CALZA /
  CALL_FORFEIT,
  MAX_DICE, CALZA_NAMES / SCOPE_NAMES (the spec's names, which to_dict writes). The other words are
  imported only when asked for, so they cost the handheld no RAM during play: the reason texts in
  snyd_reasons, the rules parser and CALL_NAMES, PRESETS in snyd_text.
  Illegal(reason)                    raised by a move that breaks a rule; str(e) is the reason.
  Game(rules, seats, first=0)
    seats, rules, dice_left (bytearray), dice (bytearray seats*MAX_DICE), round_no (finished
    rounds = index of the round in progress or next), opener (of the round in progress or next; -1
    when over), on_turn (-1 between rounds), palifico (round in progress, or the next one between
    rounds), bid_count / bid_face (face 0 = no bid yet), bidder (-1 = none), in_round, over
    start_round(dice, shown=None)    dice: per seat a list/bytes ([] for a seat that is out, None
                                     for one whose dice were never revealed: `hidden` bitmask; such a
                                     seat must forfeit: snyd/calza refuse to count);
                                     shown: with open_die, per seat the index of its open die or None
    dice_of(seat) -> bytes (this round's, or the last round's until the next starts), dealt
    (bytearray: dice per seat this round), shown_die(seat) -> value of its open die or 0, next_seat(seat)
    alive() -> seats with dice, winner() -> seat or -1, max_count(seat) -> dice a bid may count
    counted(face, seat=-1)           actual count for a bid by `seat` (default: current bidder)
    is_legal_bid(count, face)        for the seat on turn (this and the bids' order below: snyd_bids)
    bid_error(seat, count, face)     None or the reason string
    min_raise(face)                  smallest legal count for face, 0 if none
    first_bid(), step_bid(count, face, +1/-1) -> (count, face) or None: the legal bids in one total
                                     order (a two-button picker; (0, 0) is before the first)
    may_bid(seat), may_snyd(seat), may_calza(seat); snyd_error(seat), calza_error(seat)
    bid(seat, count, face), snyd(seat) -> Result, calza(seat) -> Result
    forfeit(seats) -> Result         the table's forfeit (seats that did not reveal in time): seats in
                                     the order logged each lose a die, nobody gains, no call counted;
                                     in any round in progress (before a bid, or with a call logged but
                                     not counted); the first seat is the loser (next opener, palifico)
    forfeit_error(seat, done=0)      None or the reason; done: bitmask of the seats forfeiting already
    hidden_error(done=0)             None or why a round cannot end with the forfeits `done` (a seat
                                     dealt None must forfeit)
    result: Result of the last finished round (one object per game, overwritten)
  Result: opener, palifico, call (CALL_*), caller, bidder, bid_count, bid_face, count, loser,
          gainer, eliminated (-1 = none; the lowest seat out if several), out (bitmask of every seat
          out this round), forfeits (bytearray(8): the forfeiting seats in order), n_forfeits.
          A forfeit: call CALL_FORFEIT, caller -1, count -1, loser the first forfeiting seat.
"""
from dicecup.core.compat import const
from dicecup.rules.snyd_bids import Bids

CALZA_OTHERS = const(0)
CALZA_ANY = const(1)
CALZA_TURN = const(2)
SCOPE_TABLE = const(0)
SCOPE_NEIGHBOURS = const(1)
_CALL_NONE = const(0)
CALL_SNYD = const(1)
CALL_CALZA = const(2)
CALL_FORFEIT = const(3)
# the spec's names of the rule options (to_dict writes them; snyd_text reads them back)
CALZA_NAMES = ("others", "any", "turn")  # index = CALZA_*
SCOPE_NAMES = ("table", "neighbours")  # index = SCOPE_*
MAX_DICE = const(5)
_NO_DIE = const(255)

# reason codes; their words live in snyd_reasons (loaded only when a reason is asked for)
_E_OVER = const(1)
_E_NO_ROUND = const(2)
_E_SEAT = const(3)
_E_OUT = const(4)
_E_TURN = const(5)
# 6..14: the bids' reasons, snyd_bids' _E_FACE .. _E_HIGHER (returned by Bids, not used here)
_E_NO_BID = const(15)
_E_NO_CALZA = const(16)
_E_CALZA_PALIFICO = const(17)
_E_CALZA_TWO = const(18)
_E_CALZA_BIDDER = const(19)
_E_CALZA_OTHERS = const(20)
_E_CALZA_TURN = const(21)
_E_RUNNING = const(22)
_E_DICE_SEATS = const(23)
_E_DICE_COUNT = const(24)
_E_DIE_VALUE = const(25)
_E_SHOWN = const(26)
_E_SHOWN_SEAT = const(27)
_E_SHOWN_NONE = const(28)
_E_SHOWN_RULE = const(29)
_E_FORFEITED = const(30)  # 30..32: snyd_forfeit raises them (the same numbers there)
_E_NO_FORFEIT = const(31)
_E_HIDDEN = const(32)
_E_HIDDEN_OUT = const(33)


def _why(code, args=None):
    from dicecup.rules.snyd_reasons import REASONS
    return REASONS[code] if args is None else REASONS[code] % args  # seat 0 is an argument too


def _fail(code, args=None):
    raise Illegal(_why(code, args))


class Illegal(Exception):
    """A move or round that breaks a rule; the message is the reason."""


class Rules:
    """The table's rule options, as small ints and bools."""

    def __init__(self, dice=5, jokers=True, palifico=True, calza=True, open_on_ones=False,
                 calza_by=CALZA_OTHERS, count_scope=SCOPE_TABLE, open_die=False):
        if not 1 <= dice <= MAX_DICE:
            raise ValueError("dice must be 1..5")
        if not 0 <= calza_by <= CALZA_TURN or not 0 <= count_scope <= SCOPE_NEIGHBOURS:
            raise ValueError("bad calza_by or count_scope")
        self.dice = dice
        self.jokers = bool(jokers)
        self.palifico = bool(palifico)
        self.calza = bool(calza)
        self.open_on_ones = bool(open_on_ones)
        self.calza_by = calza_by
        self.count_scope = count_scope
        self.open_die = bool(open_die)

    @classmethod
    def from_dict(cls, d, preset=None):
        """Rules from the spec's `rules` object (missing keys take defaults; a preset first)."""
        from dicecup.rules.snyd_text import rules_from_dict
        return rules_from_dict(cls(), d, preset, CALZA_NAMES, SCOPE_NAMES)

    def to_dict(self):
        # here, not in snyd_text: a handheld's bots and its record writer ask for it all game
        return {"dice": self.dice, "jokers": self.jokers, "palifico": self.palifico, "calza": self.calza,
                "open_on_ones": self.open_on_ones, "calza_by": CALZA_NAMES[self.calza_by],
                "count_scope": SCOPE_NAMES[self.count_scope], "open_die": self.open_die}

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_dict() == other.to_dict()


class Result:
    """The outcome of one finished round."""

    def __init__(self):
        self.opener = -1
        self.palifico = False
        self.call = _CALL_NONE
        self.caller = -1
        self.bidder = -1
        self.bid_count = 0
        self.bid_face = 0
        self.count = 0
        self.loser = -1
        self.gainer = -1
        self.eliminated = -1
        self.out = 0  # bit per seat eliminated this round (forfeits can take out several)
        self.forfeits = bytearray(8)  # the forfeiting seats in the order logged (CALL_FORFEIT)
        self.n_forfeits = 0


class Game(Bids):
    """One Snyd game: whose turn, the bid, the dice, who is out, and every rule check (the bids'
    order and legality are its base's, snyd_bids.Bids)."""

    def __init__(self, rules, seats, first=0):
        if not 2 <= seats <= 8:
            raise ValueError("seats must be 2..8")
        if not 0 <= first < seats:
            raise ValueError("first must be a seat")
        self.rules = rules
        self.seats = seats
        self.dice_left = bytearray(seats)
        for s in range(seats):
            self.dice_left[s] = rules.dice
        self.dice = bytearray(seats * MAX_DICE)
        self.shown = bytearray(seats)
        self.dealt = bytearray(seats)  # dice each seat held this round (dice_left changes at its end)
        self._mins = bytearray(7)  # Bids.step_bid's scratch: smallest legal count per face
        self._alive = seats
        self._had_palifico = 0  # bit per seat
        self.hidden = 0  # bit per seat whose dice this round were never revealed (None)
        self.round_no = 0
        self.opener = first
        self.on_turn = -1
        self.palifico = False
        self.bid_count = 0
        self.bid_face = 0
        self.bidder = -1
        self.in_round = False
        self.over = False
        self.result = Result()

    # ---- seats and dice -------------------------------------------------------------------
    def alive(self):
        return self._alive

    def winner(self):
        if self._alive != 1:
            return -1
        for s in range(self.seats):
            if self.dice_left[s]:
                return s
        return -1

    def next_seat(self, seat):
        """The next seat clockwise after `seat` that still has dice (-1 if none)."""
        n = self.seats
        s = seat
        for _ in range(n - 1):
            s += 1
            if s == n:
                s = 0
            if self.dice_left[s]:
                return s
        return -1

    def dice_of(self, seat):
        b = seat * MAX_DICE
        return bytes(self.dice[b:b + self.dealt[seat]])

    def shown_die(self, seat):
        i = self.shown[seat]
        if not self.in_round or not self.rules.open_die or i == _NO_DIE:
            return 0
        return self.dice[seat * MAX_DICE + i]

    def start_round(self, dice, shown=None):
        if self.over:
            _fail(_E_OVER)
        if self.in_round:
            _fail(_E_RUNNING)
        n = self.seats
        left = self.dice_left
        if len(dice) != n:
            _fail(_E_DICE_SEATS, n)
        hidden = 0
        for s in range(n):
            d = dice[s]
            if d is None:
                if not left[s]:
                    _fail(_E_HIDDEN_OUT, s)
                hidden |= 1 << s
                continue
            if len(d) != left[s]:
                _fail(_E_DICE_COUNT, (s, left[s], len(d)))
            for v in d:
                if v < 1 or v > 6:
                    _fail(_E_DIE_VALUE)
        if self.rules.open_die:
            if shown is None or len(shown) != n:
                _fail(_E_SHOWN)
            for s in range(n):
                i = shown[s]
                if left[s] >= 2:
                    if i is None or not 0 <= i < left[s]:
                        _fail(_E_SHOWN_SEAT, (s, left[s]))
                elif i is not None:
                    _fail(_E_SHOWN_NONE, s)
        elif shown is not None:
            _fail(_E_SHOWN_RULE)
        buf = self.dice
        for s in range(n):
            d = dice[s]
            b = s * MAX_DICE
            if d is None:  # never revealed: zeros count for no face; only a forfeit ends the round
                for i in range(left[s]):
                    buf[b + i] = 0
            else:
                for i in range(len(d)):
                    buf[b + i] = d[i]
            self.dealt[s] = left[s]
            self.shown[s] = _NO_DIE if shown is None or shown[s] is None else shown[s]
        self.on_turn = self.opener
        self.bid_count = 0
        self.bid_face = 0
        self.bidder = -1
        self.hidden = hidden
        self.in_round = True

    # ---- counting -------------------------------------------------------------------------
    def _count_seat(self, s, face, jok):
        buf = self.dice
        b = s * MAX_DICE
        c = 0
        for i in range(b, b + self.dealt[s]):
            v = buf[i]
            if v == face or (jok and v == 1):
                c += 1
        return c

    def counted(self, face, seat=-1):
        """The dice a bid on `face` by `seat` counts (jokers, palifico and count_scope applied)."""
        if seat < 0:
            seat = self.bidder if self.bidder >= 0 else self.on_turn
        jok = self.rules.jokers and not self.palifico and face != 1  # ones count as face too
        if self.rules.count_scope == SCOPE_NEIGHBOURS:
            c = self._count_seat(seat, face, jok)
            nxt = self.next_seat(seat)
            return c + (self._count_seat(nxt, face, jok) if nxt >= 0 else 0)
        c = 0
        for s in range(self.seats):
            c += self._count_seat(s, face, jok)
        return c

    def max_count(self, seat):
        """The most dice a bid by `seat` can count: the table, or its own and its neighbour's."""
        left = self.dice_left
        if self.rules.count_scope == SCOPE_NEIGHBOURS:
            nxt = self.next_seat(seat)
            return left[seat] + (left[nxt] if nxt >= 0 else 0)
        return sum(left)

    # ---- bids (their order and legality are Bids': snyd_bids) ------------------------
    def _turn_code(self, seat):
        if self.over:
            return _E_OVER
        if not self.in_round:
            return _E_NO_ROUND
        if not 0 <= seat < self.seats:
            return _E_SEAT
        if not self.dice_left[seat]:
            return _E_OUT
        if seat != self.on_turn:
            return _E_TURN
        return 0

    def bid_error(self, seat, count, face):
        e = self._bid_code(seat, count, face)
        return _why(e) if e else None

    def bid(self, seat, count, face):
        e = self._bid_code(seat, count, face)
        if e:
            _fail(e)
        self.bid_count = count
        self.bid_face = face
        self.bidder = seat
        self.on_turn = self.next_seat(seat)

    # ---- calls --------------------------------------------------------------------------
    def _snyd_code(self, seat):
        e = self._turn_code(seat)
        if not e and self.bid_face == 0:
            return _E_NO_BID
        return e

    def snyd_error(self, seat):
        e = self._snyd_code(seat)
        return _why(e) if e else None

    def may_snyd(self, seat):
        return not self._snyd_code(seat)

    def snyd(self, seat):
        e = self._snyd_code(seat)
        if e:
            _fail(e)
        if self.hidden:  # a counted call needs every die: a seat dealt None can only forfeit
            raise Illegal(self.hidden_error(0))
        c = self.counted(self.bid_face)
        return self._finish(CALL_SNYD, seat, c, self.bidder if c < self.bid_count else seat, -1)

    def _calza_code(self, seat):
        e = self._turn_code(seat)
        if e and e != _E_TURN:
            return e
        if not self.rules.calza:
            return _E_NO_CALZA
        if self.palifico:
            return _E_CALZA_PALIFICO
        if self._alive <= 2:
            return _E_CALZA_TWO
        if self.bid_face == 0:
            return _E_NO_BID
        if seat == self.bidder:
            return _E_CALZA_BIDDER
        by = self.rules.calza_by
        if by == CALZA_OTHERS and seat == self.on_turn:
            return _E_CALZA_OTHERS
        if by == CALZA_TURN and seat != self.on_turn:
            return _E_CALZA_TURN
        return 0

    def calza_error(self, seat):
        e = self._calza_code(seat)
        return _why(e) if e else None

    def may_calza(self, seat):
        return not self._calza_code(seat)

    def calza(self, seat):
        e = self._calza_code(seat)
        if e:
            _fail(e)
        if self.hidden:  # a counted call needs every die: a seat dealt None can only forfeit
            raise Illegal(self.hidden_error(0))
        c = self.counted(self.bid_face)
        if c != self.bid_count:
            return self._finish(CALL_CALZA, seat, c, seat, -1)
        return self._finish(CALL_CALZA, seat, c, -1,
                            seat if self.dice_left[seat] < self.rules.dice else -1)

    # ---- forfeits (a table logs them, never a player): the code is snyd_forfeit's, loaded only
    # when a forfeit is checked or made, so a game without one never holds it
    def forfeit_error(self, seat, done=0):
        """None if `seat` may forfeit the round in progress, else the reason; `done` is the bitmask
        of the seats already forfeiting in this round (a seat forfeits a round once)."""
        from dicecup.rules.snyd_forfeit import forfeit_error
        return forfeit_error(self, seat, done)

    def hidden_error(self, done=0):
        """None, or the reason why the round cannot end with `done` (bitmask) as its forfeiting seats:
        a seat whose dice were never revealed (None in start_round) must be one of them."""
        from dicecup.rules.snyd_forfeit import hidden_error
        return hidden_error(self, done)

    def forfeit(self, seats):
        """End the round in progress with forfeits: `seats` (a list, tuple or bytes, in the order
        logged) each lose one die, nobody gains one, and no call is counted (a call the table logged
        but did not count yet is simply dropped). At any point of the round, before any bid too.
        The first seat is the Result's loser: it opens the next round (if it is out, the next seat
        clockwise with dice) and the palifico rule looks at it as at a loser. Raises Illegal (and
        changes nothing) if a seat may not forfeit, twice the same seat, none at all, or a seat whose
        dice were never revealed is not among them."""
        from dicecup.rules.snyd_forfeit import forfeit
        e = forfeit(self, seats)
        if e:
            raise Illegal(e)
        return self.result

    def _finish(self, call, caller, count, loser, gainer):
        r = self.result
        r.opener = self.opener
        r.palifico = self.palifico
        r.call = call
        r.caller = caller
        r.bidder = self.bidder
        r.bid_count = self.bid_count
        r.bid_face = self.bid_face
        r.count = count
        r.loser = loser
        r.gainer = gainer
        r.eliminated = -1
        r.out = 0
        r.n_forfeits = 0
        left = self.dice_left
        if gainer >= 0:
            left[gainer] += 1
        if loser >= 0:
            left[loser] -= 1
            if not left[loser]:
                r.eliminated = loser
                r.out = 1 << loser
                self._alive -= 1
        self.in_round = False
        self.on_turn = -1
        self.hidden = 0
        self.round_no += 1
        if self._alive <= 1:  # one seat left wins; forfeits can leave none (a game without winner)
            self.over = True
            self.opener = -1
            self.palifico = False
            return r
        nxt = caller if call == CALL_CALZA else loser
        self.opener = nxt if left[nxt] else self.next_seat(nxt)
        bit = 1 << loser if loser >= 0 else 0
        self.palifico = (self.rules.palifico and loser >= 0 and left[loser] == 1
                         and not self._had_palifico & bit and self._alive > 2)
        if self.palifico:
            self._had_palifico |= bit
        return r
