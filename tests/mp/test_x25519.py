"""x25519: RFC 7748's test vectors (section 5.2 and the Diffie-Hellman example of 6.1), the
all-zero check of shared(), the masked top bit, and agreement between seeded key pairs."""
from dicecup.table import x25519 as X
from mpcheck import Rng, eq, raises


def h(s):
    return bytes.fromhex(s)


NINE = b"\x09" + bytes(31)

# RFC 7748 section 5.2: (scalar, input u-coordinate, output u-coordinate)
VECTORS = (
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
)
# section 5.2, the iterated test: k = u = 9, then k, u = x25519(k, u), k
AFTER_1 = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"
AFTER_1000 = "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"
# (the 1,000,000-iteration value is left out: hours under either interpreter)

# section 6.1
ALICE = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
ALICE_PUB = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
BOB = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
BOB_PUB = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

P = 2**255 - 19
# u-coordinates of points of order 1, 2, 4 and 8, canonical and not: every clamped scalar is a
# multiple of 8, so each gives the all-zero secret
LOW_ORDER = (0, 1, P - 1, P, P + 1,
             0x00b8495f16056286fdb1329ceb8d09da6ac49ff1fae35616aeb8413b7c7aebe0,
             0x57119fd0dd4e22d8868e1c58c45c44045bef839c55b1d0b1248c50a3bc959c5f)


def test_rfc7748_5_2_single_calls():
    for k, u, out in VECTORS:
        eq(X.x25519(h(k), h(u)).hex(), out)


def test_rfc7748_5_2_iterated_1_and_1000():
    k = u = NINE
    for i in range(1000):
        k, u = X.x25519(k, u), k
        if i == 0:
            eq(k.hex(), AFTER_1, "after 1")
    eq(k.hex(), AFTER_1000, "after 1000")


def test_rfc7748_6_1_alice_and_bob():
    eq(X.public(h(ALICE)).hex(), ALICE_PUB)
    eq(X.public(h(BOB)).hex(), BOB_PUB)
    eq(X.shared(h(ALICE), h(BOB_PUB)).hex(), SHARED)
    eq(X.shared(h(BOB), h(ALICE_PUB)).hex(), SHARED)


def test_top_bit_of_u_is_masked_and_u_is_taken_mod_p():
    k, u, out = VECTORS[1]  # its u has the top bit set (last byte 0x93)
    u = bytearray(h(u))
    u[31] &= 0x7F
    eq(X.x25519(h(k), bytes(u)).hex(), out)
    # u + p (still below 2^255) is the same point
    big = (int.from_bytes(NINE, "little") + P).to_bytes(32, "little")
    eq(X.x25519(h(ALICE), big).hex(), ALICE_PUB)


def test_shared_refuses_low_order_points():
    for u in LOW_ORDER:
        for top in (0, 1 << 255):
            e = raises(ValueError, X.shared, h(ALICE), (u | top).to_bytes(32, "little"))
            assert "zero" in str(e)
    eq(X.x25519(h(ALICE), bytes(32)), bytes(32))  # x25519 itself just returns the zeros


def test_seeded_pairs_agree():
    rng = Rng(7)
    for _ in range(3):
        a = bytes(rng.below(256) for _ in range(32))
        b = bytes(rng.below(256) for _ in range(32))
        pa, pb = X.public(a), X.public(b)
        eq(len(pa), 32)
        s = X.shared(a, pb)
        eq(s, X.shared(b, pa))
        assert s != pa and s != pb


def test_the_ladder_and_the_inversion_come_in_slices():
    """A background agreement's loop does a slice: 8 ladder bits, or 16 of the inversion's 255
    exponent bits (in one loop the inversion cost about four ladder slices, and 64 bits a step
    were one of about 40 ms on the s3 model: docs/memory.md, Device time, part 12)."""
    for k, u, out in VECTORS:
        d = X.Ladder(h(k), h(u))
        steps = 0
        while not d.step(8):
            steps += 1
        eq(steps + 1, 32 + 16, "steps")
        eq(d.result().hex(), out)
