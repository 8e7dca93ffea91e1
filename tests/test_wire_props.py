"""Property tests of the radio frames (wire) and the dice commitments (fairdice)."""
from hypothesis import given, strategies as st

from dicecup.rules import fairdice as fd
from dicecup.table import wire
from test_wire import KEY, MEMBERS, SENDER, TABLE, _all_types, _fields, _pair, _seated

TYPES = list(_all_types())


@st.composite
def frames(draw):
    t, et = draw(st.sampled_from(TYPES))
    f = wire.Frame()
    f.type, f.etype, f.table = t, et, TABLE
    f.seat = SENDER
    f.term = draw(st.integers(0, 0xFFFF))
    f.seq = draw(st.integers(0, 0xFFFFFFFF))
    f.ack = draw(st.integers(0, 0xFFFFFFFF))
    lays = [wire.LAYOUTS[t]] + ([wire.LAYOUTS[et]] if t == wire.T_ENTRY else [])
    for lay in lays:
        for name, size in lay:
            if name == "etype":
                continue
            if size <= 4:
                setattr(f, name, draw(st.integers(0, (1 << (8 * size)) - 1)))
            else:
                getattr(f, name)[:] = draw(st.binary(min_size=size, max_size=size))
    if t == wire.T_SNAP:
        d = draw(st.binary(max_size=wire.SNAP_DATA_MAX))
        f.data[:len(d)] = d
        f.dlen = len(d)
    if t == wire.T_ENTRY or t in wire.LOGGABLE:
        if t != wire.T_ENTRY:
            f.etype = t
        _seated(SENDER).sign_request(f, SENDER, f.ack, draw(st.integers(1, 0xFF)) | 1 << SENDER)
    return f


@given(frames())
def test_round_trip_every_type(f):
    tx, rx = _pair()
    data = bytes(tx.encode(f))
    assert len(data) <= wire.MAX_FRAME
    g = wire.Frame()
    assert rx.decode(data, g) == wire.OK
    assert _fields(g) == _fields(f)


@given(st.binary(max_size=300))
def test_decoder_never_raises_on_garbage(data):
    for c in (_seated(), wire.Codec()):
        code = c.decode(data, wire.Frame())
        assert 0 <= code < len(wire.REASONS)
        assert code != wire.OK  # a random byte string cannot carry a valid tag


@given(frames(), st.data())
def test_truncation_and_bit_flips_are_rejected(f, data):
    tx, rx = _pair()
    good = bytes(tx.encode(f))
    cut = data.draw(st.integers(0, len(good) - 1))
    assert rx.decode(good[:cut], wire.Frame()) != wire.OK
    # every byte the receiver's tag covers, and the tag itself (others' tags come after it)
    n_after = 0 if wire.is_lobby(f.type) else wire.TAG_LEN * (wire.bits(MEMBERS) - 2)
    pos = data.draw(st.integers(0, len(good) - 1 - n_after))
    bit = data.draw(st.integers(0, 7))
    bad = bytearray(good)
    bad[pos] ^= 1 << bit
    assert rx.decode(bytes(bad), wire.Frame()) != wire.OK


@given(frames(), st.binary(min_size=16, max_size=16), st.integers(1, 0xFFFFFFFF),
       st.integers(0, 7))
def test_tags_bind_key_table_and_sender(f, key, table, claimed):
    if wire.is_lobby(f.type):
        return  # lobby frames are public by design (tested in tests/mp/test_wire.py)
    rx = _seated()
    theirs = _seated(SENDER, table, key)
    f.table = table
    f.seat = claimed
    code = rx.decode(bytes(theirs.encode(f)), wire.Frame())
    if table != TABLE:
        assert code == wire.R_FOREIGN
    elif claimed == 0 or not MEMBERS & (1 << claimed):
        assert code == wire.R_NOTME  # from itself, or from a handheld it shares no key with
    elif key != KEY or claimed != SENDER:
        assert code == wire.R_TAG
    else:
        assert code == wire.OK


@given(st.lists(st.integers(0, 80), min_size=1, max_size=120))
def test_no_counter_counts_twice(order):
    """Whatever order (and repeats) a radio delivers a sender's frames in, each counter is taken at
    most once, and one newer than all before always is."""
    tx, rx = _pair()
    f = wire.Frame()
    f.type, f.table, f.seat = wire.T_ACK, TABLE, SENDER
    sent = [bytes(tx.encode(f)) for _ in range(81)]
    taken = []
    top = -1
    for i in order:
        ok = rx.decode(sent[i], wire.Frame()) == wire.OK
        if ok:
            taken.append(i)
        if i > top:
            assert ok
            top = i
    assert len(taken) == len(set(taken))


@given(st.binary(min_size=16, max_size=16), st.binary(min_size=16, max_size=16),
       st.binary(min_size=32, max_size=32), st.integers(0, 0xFFFF), st.integers(0, 7))
def test_only_the_committed_secret_opens_the_dice(s, s2, seed, rnd, seat):
    hs = fd.commit_secret(s, TABLE, rnd, seat)
    dice = fd.verify_dice(hs, s, seed, TABLE, rnd, seat, 5)
    assert dice == fd.roll_dice(s, seed, TABLE, rnd, seat, 5)
    if s2 != s:
        assert fd.verify_dice(hs, s2, seed, TABLE, rnd, seat, 5) is None


@given(st.lists(st.binary(min_size=16, max_size=16), min_size=2, max_size=8, unique=True),
       st.binary(min_size=16, max_size=16))
def test_a_last_committer_cannot_steer_the_seed(rs, mine):
    """Grinding: the seed depends on every contribution, and each was fixed by a commitment before
    any was revealed; changing only the last one changes the seed, so a cheater must break SHA-256."""
    seed = fd.round_seed(rs, TABLE, 0)
    if mine != rs[-1]:
        assert fd.round_seed(rs[:-1] + [mine], TABLE, 0) != seed
        assert not fd.verify_contrib(fd.commit_contrib(rs[-1], TABLE, 0, 7), mine, TABLE, 0, 7)
