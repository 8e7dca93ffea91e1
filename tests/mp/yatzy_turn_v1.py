"""yatzy_turn as it was before the 16-bit solver (commit c4c01fe): the frozen reference that
tests/mp/test_yatzy_solver.py holds the firmware's solver to (the same values, so the same moves).
Not firmware: never deployed, never changed."""
from array import array

from compat import const

_ONE = const(256)  # value unit: 1/256 point


def _binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


# _MS[m * 7 + faces]: multisets of size m (0..6) over `faces` faces (0..6)
_MS = tuple(_binom(m + f - 1, f - 1) if f else (1 if m == 0 else 0) for m in range(7) for f in range(7))


def _multisets(m, faces):
    return _MS[m * 7 + faces]


class Dice:
    def __init__(self, n):
        self.n = n
        # array(code, range(n)) is sized once from the range's length: no temporary list or buffer
        self.start = array("H", range(n + 2))
        self.start[0] = 0  # start[m]: index of the first keep of size m
        for m in range(n + 1):
            self.start[m + 1] = self.start[m] + _multisets(m, 6)
        self.nkeep = self.start[n + 1]
        self.nroll = self.nkeep - self.start[n]
        self.first_roll = self.start[n]
        self.child = ch = array("H", range(self.start[n] * 6))  # a full roll has no children
        self._c = bytearray(7)
        c = bytearray(7)
        for k in range(self.start[n]):
            self.counts(k, c)
            for f in range(1, 7):
                c[f] += 1
                ch[k * 6 + f - 1] = self.index(c)
                c[f] -= 1

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
                r += _multisets(left - j, 6 - f)
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
                block = _multisets(left - j, 6 - f)
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

    def dice_of(self, k, out):
        """Write keep k's dice (ascending) into the bytearray out; returns how many."""
        c = self._c
        self.counts(k, c)
        i = 0
        for f in range(1, 7):
            for _ in range(c[f]):
                out[i] = f
                i += 1
        return i


class Solver:
    def __init__(self, n):
        d = self.d = Dice(n)
        # values in 1/256 points as small ints: the passes then allocate nothing (a float would be
        # a heap object per operation on MicroPython); rounding costs under 0.01 point a turn
        self.now = array("i", range(d.nroll))  # value of scoring each roll now
        self.k = array("i", range(d.nkeep))    # value of each keep when the rest is rolled
        self._c = bytearray(7)
        self._buf = bytearray(n)
        self._stage = -1
        self.save = 0.0  # value of a roll left unused (maxi saved rolls); 0 elsewhere

    def begin(self, final):
        d = self.d
        buf = self._buf
        for r in range(d.nroll):
            d.dice_of(d.first_roll + r, buf)
            v = final(r, buf) * _ONE
            self.now[r] = int(v + 0.5) if v >= 0 else -int(0.5 - v)
        self._stage = -1

    def _keeps(self, rolls_left):
        """self.k: keep values when `rolls_left` rolls remain counting the one about to be made."""
        d = self.d
        k = self.k
        ch = d.child
        first = d.first_roll
        if self._stage == rolls_left:
            return
        for r in range(d.nroll):
            k[first + r] = self.now[r]
        for stage in range(rolls_left):
            if stage:
                # value of a roll with `stage` rolls left: its best sub-keep (in place: the smaller
                # keeps are recomputed below anyway), or scoring it now plus the rolls it saves
                for i in range(first):
                    v = k[i]
                    b = i * 6
                    for f in range(6):
                        j = ch[b + f]
                        if k[j] < v:
                            k[j] = v
                sv = int(self.save * _ONE) * stage
                for r in range(d.nroll):
                    v = self.now[r] + sv
                    if v > k[first + r]:
                        k[first + r] = v
            for i in range(first - 1, -1, -1):
                b = i * 6
                k[i] = (k[ch[b]] + k[ch[b + 1]] + k[ch[b + 2]] + k[ch[b + 3]] + k[ch[b + 4]]
                        + k[ch[b + 5]] + 3) // 6
        self._stage = rolls_left

    def _keep_index(self, dice, held):
        c = self._c
        for f in range(7):
            c[f] = 0
        for i in range(len(dice)):
            if held >> i & 1:
                c[dice[i]] += 1
        return self.d.index(c)

    def now_value(self, dice, rolls_left=0):
        """Value of scoring these dice now (plus the saved rolls it leaves, in maxi)."""
        c = self._c
        for f in range(7):
            c[f] = 0
        for v in dice:
            c[v] += 1
        return self.now[self.d.index(c) - self.d.first_roll] / _ONE + self.save * rolls_left

    def hold_value(self, dice, held, rolls_left):
        n = len(dice)
        if held == (1 << n) - 1 or rolls_left <= 0:
            return self.now_value(dice, rolls_left)
        self._keeps(rolls_left)
        return self.k[self._keep_index(dice, held)] / _ONE

    def best_hold(self, dice, rolls_left):
        """(bitmask, value, value of scoring now); the first best in mask order, all-held on ties."""
        n = len(dice)
        full = (1 << n) - 1
        now = self.now_value(dice, rolls_left)
        if rolls_left <= 0:
            return full, now, now
        self._keeps(rolls_left)
        best = full
        bi = int(now * _ONE + 0.5)
        for h in range(full):
            v = self.k[self._keep_index(dice, h)]
            if v > bi:
                best = h
                bi = v
        return best, (bi / _ONE if best != full else now), now
