"""fairdice: dice that no handheld can see early or choose - commit, seed, reveal, verify. Pure.

Owns the hashing that makes a table's dice fair (docs/protocol.md, trap 1):

    1. each seat draws a secret s and a contribution r (Draw, from os.urandom or an injected source)
       and sends only commit_secret(s) and commit_contrib(r), bound to table, round and seat;
    2. once every commitment of the round is logged, each seat reveals r; the round seed is
       round_seed(all r in seat order) - nobody knows it while they can still change a commitment;
    3. a seat's dice = roll_dice(s, seed, table, round, seat, n): a hash stream with rejection
       sampling, so every face is exactly equally likely; only the owner knows s, so only it sees them;
    4. at the call each seat reveals s; everyone runs verify_dice() and gets the dice, or None (cheat).

Yatzy uses the same draw per turn with a roll index (0, 1, 2...); a re-roll also mixes in two
"shakes" (shake()), each the next value of a seat's hash chain committed at the start of the game:
another handheld's, logged once the hold is, then the roller's own, logged once that one is. So
nobody chooses them, the roller cannot know a re-roll before it holds, and the shaker gives its
value without knowing what it makes (yatzy, docs/protocol.md).
Hashes are SHA-256 truncated to 16 bytes (commitments) or full (seed and dice stream).
"""
import hashlib

from dicecup.core.compat import const

SECRET_LEN = const(16)
COMMIT_LEN = const(16)
DIE_MAX = const(6)
_ACCEPT = const(252)  # 42 * 6: bytes >= 252 are rejected so each face has probability exactly 1/6


# A table applies every reveal as it comes (docs/memory.md, Device time): the context and a dice
# block's number are written into these buffers, which the hash copies at once, not into new bytes
_ctx = bytearray(8)
_blk = bytearray(3)


def _begin(tag, table, rnd, seat):
    """A SHA-256 begun with the context every hash is bound to: a domain tag, the table id, the
    round and the seat."""
    b = _ctx
    b[0] = tag
    b[1] = table & 0xFF
    b[2] = (table >> 8) & 0xFF
    b[3] = (table >> 16) & 0xFF
    b[4] = (table >> 24) & 0xFF
    b[5] = rnd & 0xFF
    b[6] = (rnd >> 8) & 0xFF
    b[7] = seat
    return hashlib.sha256(b)


def commit_secret(s, table, rnd, seat):
    h = _begin(0x53, table, rnd, seat)  # 'S'
    h.update(s)
    return h.digest()[:COMMIT_LEN]


def commit_contrib(r, table, rnd, seat):
    h = _begin(0x52, table, rnd, seat)  # 'R'
    h.update(r)
    return h.digest()[:COMMIT_LEN]


def round_seed(contribs, table, rnd):
    """contribs: every taking-part seat's revealed r, in seat order."""
    h = _begin(0x44, table, rnd, 0)  # 'D'
    for r in contribs:
        h.update(r)
    return h.digest()


def roll_dice(s, seed, table, rnd, seat, n, roll=0, out=None, mix=None):
    """n dice (values 1..6) for a seat, derived from its secret and the round seed (and `mix`, a
    Yatzy re-roll's shake); fills `out` (a list or bytearray of at least n) when given, else
    returns a new list."""
    if out is None:
        out = [0] * n
    got = 0
    block = 0
    while got < n:
        h = _begin(0x58, table, rnd, seat)  # 'X'
        h.update(s)
        h.update(seed)
        if mix is not None:
            h.update(mix)
        _blk[0] = roll & 0xFF
        _blk[1] = block & 0xFF
        _blk[2] = (block >> 8) & 0xFF
        h.update(_blk)
        for b in h.digest():
            if b < _ACCEPT:
                out[got] = b % DIE_MAX + 1
                got += 1
                if got == n:
                    break
        block += 1
    return out


def verify_contrib(commitment, r, table, rnd, seat):
    return len(r) == SECRET_LEN and _same(commit_contrib(r, table, rnd, seat), commitment)


def verify_dice(commitment, s, seed, table, rnd, seat, n, roll=0):
    """The seat's dice if s matches its commitment, else None: the seat cheated (or lost its
    secret)."""
    if len(s) != SECRET_LEN or not _same(commit_secret(s, table, rnd, seat), commitment):
        return None
    return roll_dice(s, seed, table, rnd, seat, n, roll)


def yatzy_roll(dice, held, s, seed, table, rnd, seat, roll, mix=None):
    """Roll `roll` of a Yatzy turn: positions whose bit is set in `held` keep their die, the others
    take the next values of this roll's stream (mixed with `mix`: the shaker's value and the
    roller's, 16 bytes each, zeros for one withheld or spent). Roll 0 ignores `held`.
    Returns a new list."""
    fresh = roll_dice(s, seed, table, rnd, seat, len(dice), roll, None, mix)
    if roll == 0:
        return fresh
    return [dice[i] if held & (1 << i) else fresh[i] for i in range(len(dice))]


CHAIN_LEN = const(255)  # shakes a seat can give in one game (more: a shake of zeros)


def shake(key, table, game, seat, n):
    """H^n(x) of a seat's shake chain for the game that began at round `game`, x known only to
    the handheld holding `key`: the top (n = CHAIN_LEN) goes with the game's first COMMIT, the
    k-th shake is n = CHAIN_LEN - 1 - k. Given in that order, each opens the one before:
    H(next) = previous, and none can be foreseen from those before it."""
    h = _begin(0x43, table, game, seat)  # 'C'
    h.update(key)
    v = h.digest()[:COMMIT_LEN]
    for _ in range(n):
        v = hashlib.sha256(v).digest()[:COMMIT_LEN]
    return v


def opens(v, prev):
    """True when shake v is the one after `prev` in its chain: H(v) = prev."""
    return len(v) == COMMIT_LEN and _same(hashlib.sha256(v).digest()[:COMMIT_LEN], prev)


def _same(a, b):
    if len(a) != len(b):
        return False
    d = 0
    for i in range(len(a)):
        d |= a[i] ^ b[i]
    return d == 0


def _urandom(n):
    import os
    return os.urandom(n)


class Draw:
    """One seat's secret and contribution for one round: what it commits to and later reveals.
    `to_bytes()`/`from_bytes()` let a handheld keep it on flash before its commitment is sent."""

    def __init__(self, table, rnd, seat, rand=None, s=None, r=None):
        rand = rand or _urandom
        self.table = table
        self.round = rnd
        self.seat = seat
        self.s = bytes(rand(SECRET_LEN)) if s is None else s
        self.r = bytes(rand(SECRET_LEN)) if r is None else r

    def commitments(self):
        """(H(s), H(r)) for the COMMIT frame."""
        return (commit_secret(self.s, self.table, self.round, self.seat),
                commit_contrib(self.r, self.table, self.round, self.seat))

    def dice(self, seed, n, roll=0):
        return roll_dice(self.s, seed, self.table, self.round, self.seat, n, roll)

    def to_bytes(self):
        t = self.table
        return bytes((t & 0xFF, (t >> 8) & 0xFF, (t >> 16) & 0xFF, (t >> 24) & 0xFF,
                      self.round & 0xFF, (self.round >> 8) & 0xFF, self.seat)) + self.s + self.r

    @staticmethod
    def from_bytes(b):
        """Inverse of to_bytes; ValueError when b is not a saved Draw."""
        if len(b) != 7 + 2 * SECRET_LEN:
            raise ValueError("not a saved draw")
        return Draw(b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24), b[4] | (b[5] << 8), b[6],
                    None, bytes(b[7:7 + SECRET_LEN]), bytes(b[7 + SECRET_LEN:]))
