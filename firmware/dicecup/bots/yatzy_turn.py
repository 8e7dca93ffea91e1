"""yatzy_turn: the expected-value engine of the Yatzy bots and the coach - dice combinatorics and the
within-turn expectimax over holds. Pure; runs on the handheld (small arrays, no per-roll allocation)
and on the PC, where host_tools.yatzy_table builds its value table on the same enumeration.

A multiset of dice ("keep": 0..n dice; a "roll" is a keep of all n) has an index: keeps are grouped
by size, and inside a size ranked by their counts (ones first). Dice(n) holds that numbering and a
child table per size m < n: the keep start[m] + i plus one die f is keep start[m + 1] + i +
child[m][i*6 + f - 1]. The offset always fits a byte (at most 210 for 6 dice), so the tables are
bytearrays, and one per size: the largest piece of heap the solver needs is then small enough for a
heap cut up by a game in progress (one piece for all sizes was the first thing missing; sizes in
docs/memory.md).

Solver(n) runs one turn:
    s.begin(final)   final(r, dice_bytes) -> value of scoring roll number r (0..nroll-1) now (the best
                     box + what follows); called once per turn for every roll
    s.best_hold(dice, rolls_left) -> (held-position bitmask, its expected value, value of scoring now)
    s.hold_value(dice, held, rolls_left) -> expected value of keeping those positions and rolling on
Holding every die means "score now".

Values are kept as 16-bit offsets (1/256 points) above the smallest roll value of the turn, one array
per keep size: a turn's values span far less than 256 points, the averages and maxima of the passes
are exact in that form, and the arrays take half the heap of 32-bit ones. A turn whose values span more (never seen in play) widens them to 32 bits, same results.
"""
from array import array

from dicecup.core.compat import const

_ONE = const(256)  # value unit: 1/256 point


# _MS[m * 6 + f]: the multisets of size m (0..6) over f faces (0..5), binom(m + f - 1, f - 1) (1 for
# the empty one over no faces): a constant, not built at import, and each fits a byte (at most 210)
_MS = const(b"\x01\x01\x01\x01\x01\x01\x00\x01\x02\x03\x04\x05\x00\x01\x03\x06\n\x0f\x00\x01\x04\n\x14#\x00\x01\x05\x0f#F\x00\x01\x06\x158~\x00\x01\x07\x1cT\xd2")


class Dice:
    def __init__(self, n, child=None):
        self.n = n
        # array(code, range(n)) is sized once from the range's length: no temporary list or buffer
        self.start = array("H", range(n + 2))
        self.start[0] = 0  # start[m]: index of the first keep of size m
        w = 0  # keeps of size m over six faces: those of each size j <= m over five
        for m in range(n + 1):
            w += _MS[m * 6 + 5]
            self.start[m + 1] = self.start[m] + w
        self.nkeep = self.start[n + 1]
        self.nroll = self.nkeep - self.start[n]
        self.first_roll = self.start[n]
        self._c = bytearray(7)
        if child is None:  # (else another Dice(n)'s, taken over)
            from dicecup.bots import yatzy_dice
            child = yatzy_dice.children(self)
        self.child = child

    def index(self, c):
        """Index of the keep with counts c[1..6]."""
        m = 0
        for f in range(1, 7):
            m += c[f]
        r = self.start[m]
        left = m
        for f in range(1, 6):
            # keeps of this size with fewer of face f (same counts before it) come first
            for j in range(c[f]):
                r += _MS[(left - j) * 6 + 6 - f]
            left -= c[f]
        return r

    def counts(self, k, c):
        """Fill c[1..6] with the counts of keep k (inverse of index)."""
        m = 0
        while self.start[m + 1] <= k:
            m += 1
        r = k - self.start[m]
        left = m
        for f in range(1, 6):
            j = 0
            while True:
                block = _MS[(left - j) * 6 + 6 - f]
                if r < block:
                    break
                r -= block
                j += 1
            c[f] = j
            left -= j
        c[6] = left
        c[0] = 0
        return c

    def roll_index(self, dice):
        """Roll number 0..nroll-1 of n dice in any order."""
        c = self._c
        for f in range(7):
            c[f] = 0
        for v in dice:
            c[v] += 1
        return self.index(c) - self.first_roll

    def dice_of(self, k, dice):
        """Write keep k's dice (ascending) into the bytearray dice; returns how many."""
        c = self._c
        self.counts(k, c)
        i = 0
        for f in range(1, 7):
            for _ in range(c[f]):
                dice[i] = f
                i += 1
        return i


class Solver:
    def __init__(self, n, mem=None):
        """mem: a list that keeps this solver's tables and arrays for a later Solver(n, mem) to take
        over (the handheld keeps them with its game while the bots' code is dropped); filled here
        when empty."""
        if not mem:
            from dicecup.bots import yatzy_dice
            mem = yatzy_dice.solver_mem(Dice(n), mem)
        self.d = Dice(n, mem[0])
        # now[r]: value of scoring roll r now; k[m][i]: value of keep start[m] + i when the rest is
        # rolled (k[n]: the rolls); both in 1/256 points above self.base
        self.now, self.k, self._max = mem[1], mem[2], mem[3]  # _max: the largest value they hold
        self._mem = mem
        self.base = 0
        self._span = 0      # the largest of self.now
        self._stage = -1
        self.save = 0.0  # value of a roll left unused (maxi saved rolls); 0 elsewhere

    def _widen(self):
        # 32-bit values for a turn spanning more than 16 bits (allocates; once per solver)
        if self._max == 0xFFFF:
            self._max = 0x3FFFFFFF
            k = self.k
            for m in range(len(k)):
                k[m] = array("i", k[m])
            self.now = array("i", self.now)
            if self._mem:
                self._mem[1] = self.now
                self._mem[3] = self._max

    def begin(self, final):
        d = self.d
        buf = bytearray(d.n)
        now = self.now
        hi = self.k[d.n]  # holds the high halves until the smallest value is known (no extra buffer)
        lo = None
        top = None
        for r in range(d.nroll):
            d.dice_of(d.first_roll + r, buf)
            v = final(r, buf) * _ONE
            v = int(v + 0.5) if v >= 0 else -int(0.5 - v)
            now[r] = v & 0xFFFF
            hi[r] = v >> 16 & 0xFFFF
            if lo is None or v < lo:
                lo = v
            if top is None or v > top:
                top = v
        span = top - lo
        if span > self._max:
            self._widen()       # hi still holds the 16-bit array it filled
            now = self.now
        for r in range(d.nroll):
            h = hi[r]
            now[r] = ((h - 0x10000 if h & 0x8000 else h) << 16 | now[r]) - lo
        self.base = lo
        self._span = span
        self._stage = -1

    def _keeps(self, rolls_left):
        """self.k: keep values when `rolls_left` rolls remain counting the one about to be made."""
        if self._stage == rolls_left:
            return
        d = self.d
        n = d.n
        sv = int(self.save * _ONE)
        if sv < 0 or self._span + sv * rolls_left > self._max:
            self._widen()
        k = self.k
        now = self.now
        rolls = k[n]
        for r in range(d.nroll):
            rolls[r] = now[r]
        for stage in range(rolls_left):
            if stage:
                # value of a roll with `stage` rolls left: its best sub-keep (in place, sizes
                # ascending: the smaller keeps are recomputed below anyway), or scoring it now plus
                # the rolls it saves
                for m in range(n):
                    a = k[m]
                    up = k[m + 1]
                    ch = d.child[m]
                    for i in range(len(a)):
                        v = a[i]
                        b = i * 6
                        for f in range(6):
                            if up[i + ch[b + f]] < v:
                                up[i + ch[b + f]] = v
                s = sv * stage
                for r in range(d.nroll):
                    v = now[r] + s
                    if v > rolls[r]:
                        rolls[r] = v
            for m in range(n - 1, -1, -1):
                a = k[m]
                up = k[m + 1]
                ch = d.child[m]
                for i in range(len(a)):
                    b = i * 6
                    a[i] = (up[i + ch[b]] + up[i + ch[b + 1]] + up[i + ch[b + 2]] + up[i + ch[b + 3]]
                            + up[i + ch[b + 4]] + up[i + ch[b + 5]] + 3) // 6
        self._stage = rolls_left

    def _keep(self, dice, held):
        """(size, index within the size) of the keep of the held positions."""
        c = self.d._c
        for f in range(7):
            c[f] = 0
        m = 0
        for i in range(len(dice)):
            if held >> i & 1:
                c[dice[i]] += 1
                m += 1
        return m, self.d.index(c) - self.d.start[m]

    def now_value(self, dice, rolls_left=0):
        """Value of scoring these dice now (plus the saved rolls it leaves, in maxi)."""
        return (self.now[self._keep(dice, 255)[1]] + self.base) / _ONE + self.save * rolls_left

    def hold_value(self, dice, held, rolls_left):
        n = len(dice)
        if held == (1 << n) - 1 or rolls_left <= 0:
            return self.now_value(dice, rolls_left)
        self._keeps(rolls_left)
        m, i = self._keep(dice, held)
        return (self.k[m][i] + self.base) / _ONE

    def best_hold(self, dice, rolls_left):
        """(bitmask, value, value of scoring now); the first best in mask order, all-held on ties."""
        n = len(dice)
        full = (1 << n) - 1
        now = self.now_value(dice, rolls_left)
        if rolls_left <= 0:
            return full, now, now
        self._keeps(rolls_left)
        best = full
        bi = int(now * _ONE + 0.5) - self.base
        for h in range(full):
            m, i = self._keep(dice, h)
            v = self.k[m][i]
            if v > bi:
                best = h
                bi = v
        return best, ((bi + self.base) / _ONE if best != full else now), now
