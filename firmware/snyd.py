"""Snyd (Perudo / Liar's Dice) rules core: the one place that decides what is legal.

Implements every rule of ../shared/spec/snyd-record.md. Pure: no I/O, no hardware; runs unchanged on
MicroPython and CPython. Game state is small ints and bytearrays; the per-action path (bid, snyd,
calza, legality checks, stepping) allocates nothing but the exception of a rejected move.

Public API (the UI, bots, table and referee build on these names):
  Rules(dice=5, jokers=True, palifico=True, calza=True, open_on_ones=False,
        calza_by=CALZA_OTHERS, count_scope=SCOPE_TABLE, open_die=False)
    Rules.from_dict(d, preset=None)  the spec's `rules` object (+ "kids" preset); raises
                                     recordlib.Malformed on unknown keys / wrong types / ranges
    .to_dict()                       every key, the spec's names and order
  CALZA_OTHERS / CALZA_ANY / CALZA_TURN, SCOPE_TABLE / SCOPE_NEIGHBOURS, CALL_SNYD / CALL_CALZA,
  CALZA_NAMES, SCOPE_NAMES, CALL_NAMES (int -> spec string), PRESETS, MAX_DICE.
  Illegal(reason)                    raised by a move that breaks a rule; str(e) is the reason.
  Game(rules, seats, first=0)
    seats, rules, dice_left (bytearray), dice (bytearray seats*MAX_DICE), round_no (finished
    rounds = index of the round in progress or next), opener (of the round in progress or next; -1
    when over), on_turn (-1 between rounds), palifico (round in progress, or the next one between
    rounds), bid_count / bid_face (face 0 = no bid yet), bidder (-1 = none), in_round, over
    start_round(dice, shown=None)    dice: per seat a list/bytes ([] for a seat that is out);
                                     shown: with open_die, per seat the index of its open die or None
    dice_of(seat) -> bytes, shown_die(seat) -> value of its open die or 0, next_seat(seat)
    alive() -> seats with dice, winner() -> seat or -1, max_count(seat) -> dice a bid may count
    counted(face, seat=-1)           actual count for a bid by `seat` (default: current bidder)
    is_legal_bid(count, face)        for the seat on turn
    bid_error(seat, count, face)     None or the reason string
    min_raise(face)                  smallest legal count for face, 0 if none
    first_bid(), step_bid(count, face, +1/-1) -> (count, face) or None: the legal bids in one total
                                     order (a two-button picker; (0, 0) is before the first)
    may_bid(seat), may_snyd(seat), may_calza(seat); snyd_error(seat), calza_error(seat)
    bid(seat, count, face), snyd(seat) -> Result, calza(seat) -> Result
    result: Result of the last finished round (one object per game, overwritten)
  Result: opener, palifico, call (CALL_*), caller, bidder, bid_count, bid_face, count, loser,
          gainer, eliminated (-1 = none)
"""
from compat import const

CALZA_OTHERS = const(0)
CALZA_ANY = const(1)
CALZA_TURN = const(2)
SCOPE_TABLE = const(0)
SCOPE_NEIGHBOURS = const(1)
CALL_NONE = const(0)
CALL_SNYD = const(1)
CALL_CALZA = const(2)
MAX_DICE = const(5)
_NO_DIE = const(255)

CALZA_NAMES = ("others", "any", "turn")
SCOPE_NAMES = ("table", "neighbours")
CALL_NAMES = (None, "snyd", "calza")
PRESETS = ("kids",)
_RULE_KEYS = ("dice", "jokers", "palifico", "calza", "open_on_ones", "calza_by", "count_scope",
              "open_die")


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
        # imported here so the handheld pays for the record checks only when it reads a record
        from recordlib import check_keys, get_bool, get_int, get_str
        r = cls()
        if preset is not None:
            if get_str(preset, PRESETS, "preset") == "kids":
                r.dice = 3
                r.jokers = r.palifico = r.calza = False
        check_keys(d, _RULE_KEYS, (), "rules")
        for k in d:
            v = d[k]
            if k == "dice":
                r.dice = get_int(v, 1, MAX_DICE, "rules.dice")
            elif k == "calza_by":
                r.calza_by = CALZA_NAMES.index(get_str(v, CALZA_NAMES, "rules.calza_by"))
            elif k == "count_scope":
                r.count_scope = SCOPE_NAMES.index(get_str(v, SCOPE_NAMES, "rules.count_scope"))
            else:
                setattr(r, k, get_bool(v, "rules." + k))
        return r

    def to_dict(self):
        return {"dice": self.dice, "jokers": self.jokers, "palifico": self.palifico,
                "calza": self.calza, "open_on_ones": self.open_on_ones,
                "calza_by": CALZA_NAMES[self.calza_by], "count_scope": SCOPE_NAMES[self.count_scope],
                "open_die": self.open_die}

    def __eq__(self, other):
        return isinstance(other, Rules) and self.to_dict() == other.to_dict()


class Result:
    """The outcome of one finished round."""

    def __init__(self):
        self.opener = -1
        self.palifico = False
        self.call = CALL_NONE
        self.caller = -1
        self.bidder = -1
        self.bid_count = 0
        self.bid_face = 0
        self.count = 0
        self.loser = -1
        self.gainer = -1
        self.eliminated = -1


class Game:
    """One Snyd game: whose turn, the bid, the dice, who is out, and every rule check."""

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
        self._mins = bytearray(7)  # step_bid's scratch: smallest legal count per face
        self._alive = seats
        self._had_palifico = 0  # bit per seat
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
        return bytes(self.dice[b:b + self.dice_left[seat]])

    def shown_die(self, seat):
        i = self.shown[seat]
        if not self.in_round or not self.rules.open_die or i == _NO_DIE:
            return 0
        return self.dice[seat * MAX_DICE + i]

    def start_round(self, dice, shown=None):
        if self.over:
            raise Illegal("the game is over")
        if self.in_round:
            raise Illegal("the round in progress has no call yet")
        n = self.seats
        left = self.dice_left
        if len(dice) != n:
            raise Illegal("dice must list all %d seats" % n)
        for s in range(n):
            d = dice[s]
            if len(d) != left[s]:
                raise Illegal("seat %d has %d dice, not %d" % (s, left[s], len(d)))
            for v in d:
                if v < 1 or v > 6:
                    raise Illegal("die values are 1..6")
        if self.rules.open_die:
            if shown is None or len(shown) != n:
                raise Illegal("open_die: shown must name a die for each seat")
            for s in range(n):
                i = shown[s]
                if left[s] >= 2:
                    if i is None or not 0 <= i < left[s]:
                        raise Illegal("seat %d must lay open one of its %d dice" % (s, left[s]))
                elif i is not None:
                    raise Illegal("seat %d has no die to lay open" % s)
        elif shown is not None:
            raise Illegal("shown needs the open_die rule")
        buf = self.dice
        for s in range(n):
            d = dice[s]
            b = s * MAX_DICE
            for i in range(len(d)):
                buf[b + i] = d[i]
            self.shown[s] = _NO_DIE if shown is None or shown[s] is None else shown[s]
        self.on_turn = self.opener
        self.bid_count = 0
        self.bid_face = 0
        self.bidder = -1
        self.in_round = True

    # ---- counting -------------------------------------------------------------------------
    def _count_seat(self, s, face, wild):
        buf = self.dice
        b = s * MAX_DICE
        c = 0
        for i in range(b, b + self.dice_left[s]):
            v = buf[i]
            if v == face or (wild and v == 1):
                c += 1
        return c

    def counted(self, face, seat=-1):
        """The dice a bid on `face` by `seat` counts (jokers, palifico and count_scope applied)."""
        if seat < 0:
            seat = self.bidder if self.bidder >= 0 else self.on_turn
        wild = self.rules.jokers and not self.palifico and face != 1
        if self.rules.count_scope == SCOPE_NEIGHBOURS:
            c = self._count_seat(seat, face, wild)
            nxt = self.next_seat(seat)
            return c + (self._count_seat(nxt, face, wild) if nxt >= 0 else 0)
        c = 0
        for s in range(self.seats):
            c += self._count_seat(s, face, wild)
        return c

    def max_count(self, seat):
        """The most dice a bid by `seat` can count: the table, or its own and its neighbour's."""
        left = self.dice_left
        if self.rules.count_scope == SCOPE_NEIGHBOURS:
            nxt = self.next_seat(seat)
            return left[seat] + (left[nxt] if nxt >= 0 else 0)
        return sum(left)

    # ---- bids ---------------------------------------------------------------------------
    def _jokers_on(self):
        return self.rules.jokers and not self.palifico

    def _min_count(self, face):
        """Smallest count for `face` over the current bid, ignoring the upper bound; 0: never."""
        q = self.bid_count
        f = self.bid_face
        if f == 0:
            if face == 1 and self._jokers_on() and not self.rules.open_on_ones:
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

    def _turn_error(self, seat):
        if self.over:
            return "the game is over"
        if not self.in_round:
            return "no round in progress"
        if not 0 <= seat < self.seats:
            return "no such seat"
        if not self.dice_left[seat]:
            return "that seat is out"
        if seat != self.on_turn:
            return "not that seat's turn"
        return None

    def bid_error(self, seat, count, face):
        e = self._turn_error(seat)
        if e:
            return e
        if face < 1 or face > 6:
            return "face must be 1..6"
        if count < 1:
            return "count must be at least 1"
        if count > self.max_count(seat):
            return "count is more than the dice in play"
        m = self._min_count(face)
        if m == 0:
            if self.bid_face == 0:
                return "the opening bid may not be on ones"
            if self.palifico:
                return "the face is locked in a palifico round"
            return "the face may not go down"
        if count < m:
            if self.bid_face == 0:
                return "count must be at least 1"
            if face == 1 and self._jokers_on():
                return "too few ones: more ones, or at least half the count"
            if self.bid_face == 1 and self._jokers_on():
                return "after ones: at least twice the count plus one"
            return "the bid must be higher"
        return None

    def is_legal_bid(self, count, face):
        return self.bid_error(self.on_turn, count, face) is None

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
        jok = self._jokers_on()
        q = count
        f = face
        if q < 1:
            if d < 0:
                return None
            q, f = 0, 6  # so the first step lands on the first bid
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
        return self._turn_error(seat) is None and self.first_bid() is not None

    def bid(self, seat, count, face):
        e = self.bid_error(seat, count, face)
        if e:
            raise Illegal(e)
        self.bid_count = count
        self.bid_face = face
        self.bidder = seat
        self.on_turn = self.next_seat(seat)

    # ---- calls --------------------------------------------------------------------------
    def snyd_error(self, seat):
        e = self._turn_error(seat)
        if e:
            return e
        if self.bid_face == 0:
            return "there is no bid to call"
        return None

    def may_snyd(self, seat):
        return self.snyd_error(seat) is None

    def snyd(self, seat):
        e = self.snyd_error(seat)
        if e:
            raise Illegal(e)
        c = self.counted(self.bid_face)
        return self._finish(CALL_SNYD, seat, c, self.bidder if c < self.bid_count else seat, -1)

    def calza_error(self, seat):
        if self.over:
            return "the game is over"
        if not self.in_round:
            return "no round in progress"
        if not 0 <= seat < self.seats:
            return "no such seat"
        if not self.dice_left[seat]:
            return "that seat is out"
        if not self.rules.calza:
            return "calza is not played"
        if self.palifico:
            return "no calza in a palifico round"
        if self._alive <= 2:
            return "no calza with two players left"
        if self.bid_face == 0:
            return "there is no bid to call"
        if seat == self.bidder:
            return "the bidder may not call calza"
        by = self.rules.calza_by
        if by == CALZA_OTHERS and seat == self.on_turn:
            return "calza is for the seats not on turn"
        if by == CALZA_TURN and seat != self.on_turn:
            return "only the seat on turn may call calza"
        return None

    def may_calza(self, seat):
        return self.calza_error(seat) is None

    def calza(self, seat):
        e = self.calza_error(seat)
        if e:
            raise Illegal(e)
        c = self.counted(self.bid_face)
        if c != self.bid_count:
            return self._finish(CALL_CALZA, seat, c, seat, -1)
        return self._finish(CALL_CALZA, seat, c, -1,
                            seat if self.dice_left[seat] < self.rules.dice else -1)

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
        left = self.dice_left
        if gainer >= 0:
            left[gainer] += 1
        if loser >= 0:
            left[loser] -= 1
            if not left[loser]:
                r.eliminated = loser
                self._alive -= 1
        self.in_round = False
        self.on_turn = -1
        self.round_no += 1
        if self._alive == 1:
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
