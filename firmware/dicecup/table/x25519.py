"""X25519 (RFC 7748): the Diffie-Hellman function on Curve25519, in pure Python integers.

It owns the pairwise keys between the handhelds at a table: each handheld makes a key pair when it
joins and agrees one shared secret with every other seat (the table protocol uses it). There is no
crypto in the firmware to lean on, so this is the RFC's own algorithm: clamped scalar, the
Montgomery ladder with a conditional swap by tuple index (the same operations for every bit of
the scalar), then one inversion by Fermat (pow with 3 arguments, in C on both MicroPython and CPython).
Big-integer arithmetic in either interpreter is not constant-time, so this keeps the sequence of
operations fixed but makes no timing promise beyond that.
"""
from dicecup.core.compat import const

_A24 = const(121665)  # (486662 - 2) / 4
_P = 2**255 - 19  # too big for a const: a module global, copied into a local below


_CHUNK = const(16)  # the inversion's exponent bits a step (64 were a step of about 40 ms on the
#                     board's model, which after a slice's 40 made a loop of 78: docs/memory.md)


class Ladder:
    """x25519(k, u) a slice of the scalar's bits at a time (step), for a loop that must stay short:
    the whole ladder is about 2 s of a handheld's CPU (docs/memory.md, Device time). After the
    ladder, each step takes _CHUNK bits of the inversion's exponent (p - 2, top first): in one loop
    the inversion was about an eighth of the ladder."""

    def __init__(self, k, u):
        k = bytearray(k)
        k[0] &= 248  # decodeScalar25519: clear bits 0-2 and 255, set 254
        k[31] = (k[31] & 127) | 64
        self.k = k
        x1 = (int.from_bytes(u, "little") & ((1 << 255) - 1)) % _P  # decodeUCoordinate (top bit masked)
        self.v = [x1, 1, 0, x1, 1]  # x1, x2, z2, x3, z3
        self.t = 254                # the next bit; then -1 - the inversion's exponent bits left
        self.swap = 0

    def step(self, bits):
        """The ladder over the next `bits` bits of the scalar, or the inversion's next 64 bits
        after it; True once both are done (then result())."""
        p = _P
        t = self.t
        if t < 0:
            return self._invert(p, t)
        k = self.k
        x1, x2, z2, x3, z3 = self.v
        swap = self.swap
        end = max(-1, t - bits)
        while t > end:
            b = (k[t >> 3] >> (t & 7)) & 1  # the bit from the bytes: small ints, no big shift
            t -= 1
            swap ^= b
            q = (x2, x3)  # cswap by indexing, without a branch on the bit (and without the two
            x2 = q[swap]  # big multiplications an arithmetic swap costs: 10 % faster here)
            x3 = q[1 - swap]
            q = (z2, z3)
            z2 = q[swap]
            z3 = q[1 - swap]
            swap = b
            a = x2 + z2
            bb = x2 - z2
            da = (x3 - z3) * a % p
            cb = (x3 + z3) * bb % p
            aa = a * a % p
            bb = bb * bb % p
            e = aa - bb
            x3 = da + cb
            x3 = x3 * x3 % p
            z3 = da - cb
            z3 = x1 * (z3 * z3) % p  # one reduction for both products
            x2 = aa * bb % p
            z2 = e * (aa + _A24 * e) % p
        v = self.v
        v[1] = x2
        v[2] = z2
        v[3] = x3
        v[4] = z3
        self.swap = swap
        if t < 0:
            q = (x2, x3)
            v[1] = q[swap]  # x2 after the last swap
            q = (z2, z3)
            v[2] = q[swap]  # z2, to invert
            v[3] = 1        # z2 to the exponent's bits done so far
            t = -1 - 255    # p - 2 has 255 bits
        self.t = t
        return False

    def _invert(self, p, t):
        v = self.v
        n = -1 - t  # exponent bits left
        if n:
            c = n if n < _CHUNK else _CHUNK
            n -= c
            e = ((p - 2) >> n) & ((1 << c) - 1)
            v[3] = pow(v[3], 1 << c, p) * pow(v[2], e, p) % p
            self.t = -1 - n
        return not n

    def result(self):
        """The 32 bytes, once step() returned True."""
        v = self.v
        return (v[1] * v[3] % _P).to_bytes(32, "little")


def x25519(k, u):
    """scalar k (32 bytes) times the point with u-coordinate u (32 bytes): 32 bytes, little-endian."""
    d = Ladder(k, u)
    while not d.step(255):
        pass
    return d.result()


def public(secret):
    """The public key (u-coordinate) of a 32-byte secret: x25519(secret, 9)."""
    return x25519(secret, b"\x09" + bytes(31))


def shared(secret, their_public):
    """The shared secret with the holder of their_public; ValueError when it is all zeros (a
    low-order point: RFC 7748 section 6.1)."""
    s = x25519(secret, their_public)
    if not int.from_bytes(s, "little"):
        raise ValueError("x25519: all-zero shared secret")
    return s
