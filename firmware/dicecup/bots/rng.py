"""bots.rng: the bots' tiny deterministic random generator (xorshift32), same numbers on MicroPython
and CPython, so a seed replays a bot's decisions exactly on the handheld and on the PC.

API: r = Rng(seed); r.next() -> 32-bit int; r.below(n) -> 0..n-1; r.chance(p256) -> True with
probability p256/256; r.die() -> 1..6. Holds one small int: no allocation per call.
"""
from dicecup.core.compat import const

_MASK = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed=1):
        # spread small seeds (0, 1, 2...) over the state space; the state must never be 0
        self.s = ((seed * 2654435761) + 0x9E3779B9) & _MASK or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & _MASK
        s ^= s >> 17
        s ^= (s << 5) & _MASK
        self.s = s
        return s

    def below(self, n):
        return self.next() % n

    def chance(self, p256):
        """True with probability p256/256 (integer: no floats on the hot path)."""
        return (self.next() >> 8) & 255 < p256

    def die(self):
        return self.next() % 6 + 1
