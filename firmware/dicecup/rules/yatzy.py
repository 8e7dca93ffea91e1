"""Yatzy rules core: scoring and turn bookkeeping for Scandinavian Yatzy, Maxi-Yatzy, Yahtzee and Triple.

Pure (no I/O, no hardware, no randomness of its own): the dice come from outside (the handheld's RNG,
the table's commit/reveal, a record). The rules are exactly docs/records.md. Team play
is a seating arrangement: a team is one scorecard, `member()` says which member rolls for it. Format
version 2 of the record adds the forfeit (forfeit_box, forfeit).

Public API (the handheld UI, the bots and records.yatzy build on this):
    VARIANTS = ("standard", "maxi", "yahtzee", "triple");  BOXES[i]: box names of VARIANTS[i]
    Illegal(reason)                 raised by roll/fill/toggle_hold; str(e) is the one-line reason
    g = Yatzy(variant, players, options=None)   players: scorecards 1..8; options only for "maxi":
                                    {"bonus": "84/100" | "75/50", "saved_rolls": True | False}
    A box is its index in g.boxes() (ones..sixes are 0..5 in every variant); g.box_index(name).
    g.boxes()                       names of this variant's boxes (the spec's strings), in sheet order
    g.nbox, g.columns, g.ndice      boxes per column, columns (3 in triple, else 1), dice (6 in maxi)
    g.current                       the scorecard to move;  g.finished: every box of every card filled
    g.roll_no, g.rolls_left         rolls made in this turn / still allowed (incl. maxi saved rolls)
    g.saved_rolls[p]                maxi saved rolls per scorecard (bytearray; 0 elsewhere)
    g.dice                          bytearray of the current dice; g.held: bitmask of held positions
    g.toggle_hold(i)                hold/release die i (after the first roll)
    g.roll(dice, held=None)         record the dice of the next roll; held (a bitmask, default g.held)
                                    dice must be unchanged. g.roll_with(rng): rng() -> 1..6 per free die
    g.score(box, dice=None)         what dice (default g.dice) score in box for the current scorecard
                                    (Yahtzee joker context included); pure, no state change
    g.scores_for(dice=None, column=0)  bytearray(nbox): score per box, NOT_FREE (255) where the box
                                    cannot be filled now (filled, or barred by the Yahtzee joker rule);
                                    no allocation
    g.why_not(box, column=0)        None if fill(box, column) is legal now, else the reason
    g.fill(box, column=0)           score the dice in the box, end the turn; returns the box's score
    g.is_free(p, box, column=0);  g.get(p, box, column=0): raw box score or None if free
    g.scores(p, column=0)           {box name: score} of the filled boxes (records and bot views)
    g.upper(p, column=0), g.bonus(p, column=0)   upper sum and upper bonus (unmultiplied)
    g.yahtzee_bonus(p)              Yahtzee bonus points (100 per joker Yahtzee while the box holds 50)
    g.total(p)                      final-rules total so far (triple multipliers, bonuses)
    g.winners()                     list of the top scorecards once finished (ties share), else []
    g.filled(p), g.member(p, n)     boxes filled by scorecard p; which of its n team members rolls now
    g.turn                          turns played so far (one box filled per turn)
    g.forfeit_box(p=-1)             (box, column) a forfeit by p (default: the one to move) fills: its
                                    first free box in yatzy_forfeit.FORFEIT_ORDER[variant] (the
                                    record spec's Scoring order), lowest column first; None if full
    g.forfeit(box=-1, column=-1)    the scorecard to move forfeits its turn (a table's forfeit for a
                                    withheld reveal): 0 in forfeit_box(), rolls or none; maxi saves no
                                    rolls; box/column if given must match. Returns (box, column)
Attributes are for reading: change the game only through roll/roll_with/toggle_hold/fill/forfeit. The buffer
scores_for returns is overwritten by the next call. State is one bytearray for all scorecards (255
marks an empty box) plus a few small ints and bytearrays, allocated once.
"""
from dicecup.core.compat import const

_SIXES = const(5)   # the last upper box (ones..sixes are 0..5 in every variant)
NOT_FREE = const(255)

# box kinds: the rule behind a box; a variant lists the kinds of its boxes in sheet order
_ONE_PAIR = const(6)
_TWO_PAIRS = const(7)
_THREE_PAIRS = const(8)
_THREE_KIND = const(9)
_FOUR_KIND = const(10)
_FIVE_KIND = const(11)
_SMALL = const(12)
_LARGE = const(13)
_FULL_STRAIGHT = const(14)
_FULL_HOUSE = const(15)
_CASTLE = const(16)
_TOWER = const(17)
_CHANCE = const(18)
_YATZY = const(19)

_MAXI = const(1)
_YAHTZEE = const(2)
_TRIPLE = const(3)
_Y_BOX = const(11)  # index of the yahtzee box in the yahtzee variant
_FREE = const(255)

VARIANTS = ("standard", "maxi", "yahtzee", "triple")
# the kinds of each variant's boxes; Maxi has every kind, in kind order
_KINDS = (b"\x00\x01\x02\x03\x04\x05\x06\x07\x09\x0a\x0c\x0d\x0f\x12\x13", bytes(range(20)),
          b"\x00\x01\x02\x03\x04\x05\x09\x0a\x0f\x0c\x0d\x13\x12")
_KINDS += (_KINDS[0],)
# every box name in kind order (Maxi's sheet), then BOXES[i] holds the names of VARIANTS[i]. A list,
# not a tuple literal: mpy-cross stores a constant tuple's strings as heap str objects, a list's as
# interned qstrs (the UI's strings share them): less heap once imported (docs/memory.md)
BOXES = tuple(["ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
               "three_pairs", "three_of_a_kind", "four_of_a_kind", "five_of_a_kind", "small_straight",
               "large_straight", "full_straight", "full_house", "castle", "tower", "chance", "yatzy"])
BOXES = (tuple(BOXES[k] for k in _KINDS[0]), BOXES,
         tuple("yahtzee" if k == _YATZY else BOXES[k] for k in _KINDS[2]))
BOXES += (BOXES[0],)


class Illegal(Exception):
    """The rules forbid this action now; the message is the reason."""


def _why(code, arg=None):
    # the words live in yatzy_reasons, loaded only when an action is refused
    from dicecup.rules.yatzy_reasons import REASONS
    return REASONS[code] if arg is None else REASONS[code] % arg


def _best(c, k, skip=0):
    # highest face other than skip showing at least k times, 0 if none
    f = 6
    while f:
        if f != skip and c[f] >= k:
            return f
        f -= 1
    return 0


class Yatzy:
    """One game: every scorecard, whose turn it is, the dice of the turn (see the module docstring)."""

    def __init__(self, variant, players, options=None):
        opts = options or {}
        b = opts.get("bonus", "84/100")
        # options exist only in maxi, and only these two keys
        if (variant not in VARIANTS or not 1 <= players <= 8 or b not in ("84/100", "75/50")
                or opts and (variant != "maxi" or len(opts) > ("saved_rolls" in opts) + ("bonus" in opts))):
            raise ValueError(_why(15, (variant, players, options)))
        v = VARIANTS.index(variant)
        self.variant = variant
        self.players = players
        self._v = v
        self._kinds = _KINDS[v]
        self.nbox = len(self._kinds)
        self.columns = 3 if v == _TRIPLE else 1
        self.ndice = 6 if v == _MAXI else 5
        self._save = v == _MAXI and opts.get("saved_rolls", True) is True
        if v == _MAXI:
            self._bonus_at, self._bonus = (84, 100) if b == "84/100" else (75, 50)
        else:
            self._bonus_at, self._bonus = 63, 35 if v == _YAHTZEE else 50
        self.card = bytearray(b"\xff" * (players * self.columns * self.nbox))
        self.saved_rolls = bytearray(players)
        self._ybonus = bytearray(players)
        self.dice = bytearray(self.ndice)
        # scratch for scoring: [sum of the dice, how many show 1..6, the Yahtzee joker face or 0,
        # bit f set when some die shows f]
        self._cnt = bytearray(9)
        self._out = bytearray(self.nbox)
        self.turn = self.current = self.roll_no = self.held = 0
        self.finished = False
        self.rolls_left = 3

    # --- reading the scorecards ---
    def boxes(self):
        return BOXES[self._v]

    def box_index(self, name):
        try:
            return BOXES[self._v].index(name)
        except ValueError:
            raise Illegal(_why(14, (name, self.variant)))

    def _at(self, p, column=0):
        return (p * self.columns + column) * self.nbox

    def get(self, p, box, column=0):
        s = self.card[self._at(p, column) + box]
        return None if s == _FREE else s

    def is_free(self, p, box, column=0):
        return self.card[self._at(p, column) + box] == _FREE

    def scores(self, p, column=0):
        """{box name: score} of scorecard p's filled boxes in a column: what a record's result and a
        bot view show (a new dict; never called during play)."""
        names = self.boxes()
        out = {}
        for b in range(self.nbox):
            s = self.get(p, b, column)
            if s is not None:
                out[names[b]] = s
        return out

    def filled(self, p):
        # every turn fills one box, and the scorecards take turns in order
        return (self.turn + self.players - 1 - p) // self.players

    def member(self, p, members):
        return self.filled(p) % members

    def _sum(self, i, n):
        t = 0
        card = self.card
        for j in range(i, i + n):
            if card[j] != _FREE:
                t += card[j]
        return t

    def upper(self, p, column=0):
        return self._sum(self._at(p, column), 6)

    def bonus(self, p, column=0):
        return self._bonus if self.upper(p, column) >= self._bonus_at else 0

    def yahtzee_bonus(self, p):
        return 100 * self._ybonus[p]

    def total(self, p):
        t = 100 * self._ybonus[p]
        for col in range(self.columns):
            t += (self._sum(self._at(p, col), self.nbox) + self.bonus(p, col)) * (col + 1)
        return t

    def winners(self):
        if not self.finished:
            return []
        tops = [self.total(p) for p in range(self.players)]
        m = max(tops)
        return [p for p in range(self.players) if tops[p] == m]

    # --- the turn ---
    def toggle_hold(self, i):
        if not self.roll_no or not 0 <= i < self.ndice:
            raise Illegal(_why(13, i))
        self.held ^= 1 << i

    def roll(self, dice, held=None):
        n = self.ndice
        if self.rolls_left <= 0:
            raise Illegal(_why(1) if self.finished else _why(8, self.roll_no))
        if held is None:
            held = self.held if self.roll_no else 0
        if held < 0 or held >> n or held and not self.roll_no:
            raise Illegal(_why(9, held))
        if len(dice) != n:
            raise Illegal(_why(10, len(dice)))
        for i in range(n):
            d = dice[i]
            if not 1 <= d <= 6:
                raise Illegal(_why(11, d))
            if held >> i & 1 and d != self.dice[i]:
                raise Illegal(_why(12, i))
        for i in range(n):
            self.dice[i] = dice[i]
        self.held = held
        self.roll_no += 1
        self.rolls_left -= 1

    def roll_with(self, rng):
        # new faces straight into self.dice, then roll() does the checks and the bookkeeping
        if self.rolls_left > 0:
            held = self.held if self.roll_no else 0
            for i in range(self.ndice):
                if not held >> i & 1:
                    self.dice[i] = rng()
        self.roll(self.dice)

    # --- scoring ---
    def _count(self, dice):
        c = self._cnt
        for f in range(9):
            c[f] = 0
        for d in dice:
            c[d] += 1
            c[0] += d
            c[8] |= 1 << d
        # the Yahtzee joker: five equal dice while the yahtzee box is filled
        if self._v == _YAHTZEE and self.card[self.current * self.nbox + _Y_BOX] != _FREE:
            c[7] = _best(c, 5)

    def score(self, box, dice=None):
        self._count(self.dice if dice is None else dice)
        return self._score(self._kinds[box])

    def _score(self, k):
        c = self._cnt
        if k <= _SIXES:
            return (k + 1) * c[k + 1]
        s = c[0]
        if k == _CHANCE:
            return s
        amer = self._v == _YAHTZEE
        joker = c[7]
        if k == _YATZY:
            return (100 if self.ndice == 6 else 50) if _best(c, self.ndice) else 0
        m = c[8]
        if k == _SMALL:  # faces 1-4, 2-5 or 3-6 (yahtzee), 1-5 (yatzy)
            if amer:
                return 30 if joker or m & 30 == 30 or m & 60 == 60 or m & 120 == 120 else 0
            return 15 if m & 62 == 62 else 0
        if k == _LARGE:  # faces 1-5 (yahtzee), 2-6
            if amer and (joker or m & 62 == 62):
                return 40
            return (40 if amer else 20) if m & 124 == 124 else 0
        if k == _FULL_STRAIGHT:
            return 21 if m == 126 else 0
        if _THREE_KIND <= k <= _FIVE_KIND:
            n = k - _THREE_KIND + 3
            f = _best(c, n)
            return 0 if not f else s if amer else n * f
        a = _best(c, 2)
        if k == _ONE_PAIR:
            return 2 * a
        if k == _TWO_PAIRS:
            b = _best(c, 2, a) if a else 0
            return 2 * (a + b) if b else 0
        if k == _THREE_PAIRS:
            n = 0
            for f in range(1, 7):
                n += c[f] >= 2
            return s if n == 3 else 0
        a = _best(c, 3)
        if k == _FULL_HOUSE:
            if joker:
                return 25
            b = _best(c, 2, a) if a else 0
            return 0 if not b else 25 if amer else 3 * a + 2 * b
        if k == _CASTLE:
            return s if a and _best(c, 3, a) else 0
        a = _best(c, 4)  # tower
        return s if a and _best(c, 2, a) else 0

    def _bar(self, box, column):
        # 0 if the counted dice may go in box now, else a code that why_not puts in words
        if self.finished:
            return 1
        if not self.roll_no:
            return 2
        if not 0 <= column < self.columns:
            return 3
        if not 0 <= box < self.nbox:
            return 4
        card = self.card
        i = self._at(self.current)
        if card[i + column * self.nbox + box] != _FREE:
            return 5
        up = self._cnt[7] - 1
        if up >= 0 and box != up:
            if card[i + up] == _FREE:
                return 6
            if box <= _SIXES:
                for b in range(6, self.nbox):
                    if card[i + b] == _FREE:
                        return 7
        return 0

    def why_not(self, box, column=0):
        self._count(self.dice)
        r = self._bar(box, column)
        if not r:
            return None
        names = BOXES[self._v]
        return _why(r, column if r == 3 else box if r == 4 else names[box] if r == 5
                    else names[self._cnt[7] - 1] if r == 6 else None)

    def scores_for(self, dice=None, column=0):
        self._count(self.dice if dice is None else dice)
        out = self._out
        for b in range(self.nbox):
            out[b] = NOT_FREE if self._bar(b, column) else self._score(self._kinds[b])
        return out

    def fill(self, box, column=0):
        r = self.why_not(box, column)
        if r:
            raise Illegal(r)
        p = self.current
        v = self._score(self._kinds[box])
        card = self.card
        card[self._at(p, column) + box] = v
        if self._cnt[7] and card[self._at(p) + _Y_BOX] == 50:
            self._ybonus[p] += 1
        if self._save:
            self.saved_rolls[p] = self.rolls_left
        self._next_turn()
        return v

    def _next_turn(self):
        self.turn += 1
        self.current = self.turn % self.players
        self.roll_no = self.held = 0
        self.finished = self.turn >= len(self.card)
        self.rolls_left = 0 if self.finished else 3 + self.saved_rolls[self.current]

    # --- the forfeit (a table logs it for a seat that withheld a reveal it owed): the code is
    # yatzy_forfeit's, loaded only when a forfeit is asked about or made ---
    def forfeit_box(self, p=-1):
        """(box, column) that a forfeit by scorecard p (default: the one to move) fills: its first
        free box in the record's Scoring order (yatzy_forfeit.FORFEIT_ORDER), in the lowest column
        that has one; None when its card is full."""
        from dicecup.rules.yatzy_forfeit import forfeit_box
        return forfeit_box(self, self.current if p < 0 else p)

    def forfeit(self, box=-1, column=-1):
        """The scorecard to move forfeits its turn: 0 in forfeit_box(), whatever was rolled (no
        Yahtzee bonus, no joker rule), and in maxi the turn saves no rolls (those it took from the
        saved ones stay spent). box/column, when given (a record's), must be that box. Ends the
        turn; returns (box, column)."""
        from dicecup.rules.yatzy_forfeit import forfeit
        why, fb = forfeit(self, box, column)
        if why:
            raise Illegal(why)
        return fb
