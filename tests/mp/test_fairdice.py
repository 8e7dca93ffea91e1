"""fairdice: commitments bind, dice are deterministic and fair, a changed secret is caught."""
from dicecup.rules import fairdice as fd
from mpcheck import Rng, eq

T = 0x01020304


def _rand(rng):
    return lambda n: bytes(rng.below(256) for _ in range(n))


def test_commitments_bind_table_round_seat_and_value():
    s = b"s" * 16
    base = fd.commit_secret(s, T, 3, 2)
    eq(len(base), fd.COMMIT_LEN)
    for other in (fd.commit_secret(s, T + 1, 3, 2), fd.commit_secret(s, T, 4, 2),
                  fd.commit_secret(s, T, 3, 1), fd.commit_secret(b"t" * 16, T, 3, 2),
                  fd.commit_contrib(s, T, 3, 2)):
        assert other != base


def test_dice_are_deterministic_and_in_range():
    seed = fd.round_seed([b"a" * 16, b"b" * 16], T, 0)
    a = fd.roll_dice(b"k" * 16, seed, T, 0, 1, 5)
    eq(a, fd.roll_dice(b"k" * 16, seed, T, 0, 1, 5))
    for d in a:
        assert 1 <= d <= 6
    eq(fd.roll_dice(b"k" * 16, seed, T, 0, 1, 40)[:5], a, "prefix")
    out = bytearray(5)
    fd.roll_dice(b"k" * 16, seed, T, 0, 1, 5, 0, out)
    eq(list(out), a)


def test_verify_accepts_the_truth_and_flags_a_changed_secret():
    rng = Rng(3)
    d = fd.Draw(T, 2, 5, _rand(rng))
    hs, hr = d.commitments()
    seed = fd.round_seed([d.r], T, 2)
    eq(fd.verify_dice(hs, d.s, seed, T, 2, 5, 4), d.dice(seed, 4))
    assert fd.verify_dice(hs, b"\x00" * 16, seed, T, 2, 5, 4) is None
    assert fd.verify_dice(hs, d.s, seed, T, 3, 5, 4) is None   # another round's commitment
    assert fd.verify_dice(hs, d.s[:8], seed, T, 2, 5, 4) is None
    assert fd.verify_contrib(hr, d.r, T, 2, 5)
    assert not fd.verify_contrib(hr, d.s, T, 2, 5)


def test_seed_depends_on_every_contribution_and_their_order():
    a, b, c = b"a" * 16, b"b" * 16, b"c" * 16
    s = fd.round_seed([a, b, c], T, 0)
    assert s != fd.round_seed([a, b, b], T, 0)
    assert s != fd.round_seed([b, a, c], T, 0)
    assert s != fd.round_seed([a, b, c], T, 1)


def test_faces_are_uniform_chi_square():
    rng = Rng(12)
    counts = [0] * 6
    seed = fd.round_seed([b"z" * 16], T, 0)
    for i in range(400):
        s = bytes(rng.below(256) for _ in range(16))
        for v in fd.roll_dice(s, seed, T, i, i % 8, 5):
            counts[v - 1] += 1
    n = sum(counts)
    chi = sum((c - n / 6) ** 2 / (n / 6) for c in counts)
    assert chi < 20.5, (counts, chi)  # 5 degrees of freedom, p = 0.001


def test_draw_survives_a_reboot():
    d = fd.Draw(T, 300, 7, _rand(Rng(4)))
    e = fd.Draw.from_bytes(d.to_bytes())
    eq((e.table, e.round, e.seat, e.s, e.r), (d.table, d.round, d.seat, d.s, d.r))
    eq(e.commitments(), d.commitments())


def test_yatzy_rolls_keep_held_dice():
    d = fd.Draw(T, 1, 0, _rand(Rng(5)))
    seed = fd.round_seed([d.r], T, 1)
    r0 = fd.yatzy_roll([0] * 5, 0, d.s, seed, T, 1, 0, 0)
    r1 = fd.yatzy_roll(r0, 0b00101, d.s, seed, T, 1, 0, 1)
    eq((r1[0], r1[2]), (r0[0], r0[2]))
    eq(r1, fd.yatzy_roll(r0, 0b00101, d.s, seed, T, 1, 0, 1))
    fresh = fd.roll_dice(d.s, seed, T, 1, 0, 5, 1)
    eq((r1[1], r1[3], r1[4]), (fresh[1], fresh[3], fresh[4]))


def test_default_source_is_os_urandom():
    a, b = fd.Draw(T, 0, 0), fd.Draw(T, 0, 0)
    assert a.s != b.s and len(a.s) == 16
