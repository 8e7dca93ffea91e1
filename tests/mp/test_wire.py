"""wire: every frame type round-trips between two handhelds, every kind of bad frame gets its reject
code, and the tags hold: nobody speaks for another handheld, no frame counts twice, a requester's
own tags travel with its entry."""
from dicecup.table import keys
from dicecup.table import wire
from mpcheck import Rng, eq

TABLE = 0x2A5F0C11
KEY = b"0123456789abcdef"   # the seed the harnesses deal pair keys from (keys.dealt)
MEMBERS = 0b1111           # handhelds 0..3 at the table
SENDER = 1


def _seated(me=0, table=TABLE, key=KEY, members=MEMBERS):
    c = wire.Codec()
    c.seat_at(table, me)
    keys.dealt(c, me, members, key)
    return c


def _pair(table=TABLE, key=KEY):
    """(handheld 1's codec, handheld 0's codec): who encodes, who decodes."""
    return _seated(SENDER, table, key), _seated(0)


def _fill(f, t, rng, etype=0, c=None):
    """Fill f with random values for type t (every field of its layout); a request or an entry
    gets the sender's requester tags (c signs them)."""
    f.type = t
    f.etype = etype
    f.table = TABLE
    f.seat = SENDER
    f.term = rng.below(65536)
    f.seq = rng.next()
    f.ack = rng.next()
    lays = [wire.LAYOUTS[t]] + ([wire.LAYOUTS[etype]] if t == wire.T_ENTRY else [])
    for lay in lays:
        for name, size in lay:
            if name == "etype":
                continue
            if size <= 4:
                setattr(f, name, rng.next() & ((1 << (8 * size)) - 1))
            else:
                b = getattr(f, name)
                for i in range(size):
                    b[i] = rng.below(256)
    if t == wire.T_SNAP:
        f.dlen = rng.below(wire.SNAP_DATA_MAX + 1)
        for i in range(f.dlen):
            f.data[i] = rng.below(256)
    if c is not None and (t == wire.T_ENTRY or t in wire.LOGGABLE):
        if t != wire.T_ENTRY:
            f.etype = t
        c.sign_request(f, SENDER, f.ack, MEMBERS)


def _fields(f):
    out = {}
    lays = [wire.LAYOUTS[f.type]] + ([wire.LAYOUTS[f.etype]] if f.type == wire.T_ENTRY else [])
    for lay in lays:
        for name, size in lay:
            v = getattr(f, name)
            out[name] = v if size <= 4 else bytes(v)
    for a in ("type", "table", "seat", "term", "seq", "ack"):
        out[a] = getattr(f, a)
    if f.type == wire.T_SNAP:
        out["data"] = bytes(f.data[:f.dlen])
    if f.type == wire.T_ENTRY or f.type in wire.LOGGABLE:
        out["req"] = (f.rby, f.rack, f.rto, bytes(f.rtags[:wire.TAG_LEN * wire.bits(f.rto)]))
    return out


def _all_types():
    for t in range(1, wire.T_LAST + 1):
        if wire.LAYOUTS[t] is None:
            continue  # a number kept for another part's type
        if t == wire.T_ENTRY:
            for et in wire.LOGGABLE:
                yield t, et
        else:
            yield t, 0


def test_every_type_round_trips_within_250_bytes():
    rng = Rng(7)
    tx, rx = _pair()
    for t, et in _all_types():
        for _ in range(3):
            f, g = wire.Frame(), wire.Frame()
            _fill(f, t, rng, et, tx)
            data = bytes(tx.encode(f))
            assert len(data) <= wire.MAX_FRAME
            n = wire.bits(MEMBERS) - 1
            eq(len(data), wire.frame_len(t, et, f.dlen if t == wire.T_SNAP else 0, n,
                                         wire.bits(MEMBERS)), "length")
            eq(rx.decode(data, g), wire.OK, "decode type %d/%d" % (t, et))
            eq(_fields(g), _fields(f), "type %d/%d" % (t, et))


def test_the_largest_frames_fit_eight_handhelds():
    c = _seated(1, members=0xFF)
    f = wire.Frame()
    _fill(f, wire.T_ENTRY, Rng(8), wire.T_REVEAL, c)
    assert len(c.encode(f)) <= wire.MAX_FRAME
    _fill(f, wire.T_SNAP, Rng(9))
    f.dlen = wire.SNAP_DATA_MAX
    assert len(c.encode(f)) <= wire.MAX_FRAME


def test_rejects_have_clear_codes():
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(3))
    good = bytes(tx.encode(f))
    eq(rx.decode(good[:10], g), wire.R_SHORT)
    eq(rx.decode(good + bytes(300), g), wire.R_SHORT)
    eq(rx.decode(b"\x00" + good[1:], g), wire.R_MAGIC)
    eq(rx.decode(good[:1] + b"\x09" + good[2:], g), wire.R_VERSION)
    eq(rx.decode(good[:2] + b"\x63" + good[3:], g), wire.R_TYPE)
    eq(rx.decode(good[:-8] + b"\x00" + good[-8:], g), wire.R_LENGTH)
    # handheld 0's tag comes first (receivers in handheld order): flipping it fails the tag
    eq(rx.decode(good[:-12] + bytes([good[-12] ^ 1]) + good[-11:], g), wire.R_TAG)
    eq(wire.REASONS[wire.R_TAG], "tag")


def test_entry_with_unloggable_inner_type_is_rejected():
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ENTRY, Rng(4), wire.T_ACTION, tx)
    data = bytearray(tx.encode(f))
    data[wire.HDR_LEN] = wire.T_ACK
    eq(rx.decode(bytes(data), g), wire.R_TYPE)


def test_foreign_table_and_guessed_keys_are_rejected():
    tx, rx = _pair()
    other = _seated(SENDER, TABLE + 1)
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACTION, Rng(5), 0, other)
    f.table = TABLE + 1
    eq(rx.decode(bytes(other.encode(f)), g), wire.R_FOREIGN)
    intruder = _seated(SENDER, TABLE, b"x" * 16)   # right table id, keys it guessed
    f.table = TABLE
    eq(rx.decode(bytes(intruder.encode(f)), g), wire.R_TAG)
    lobby = wire.Codec()                    # not seated: table frames are foreign to it
    eq(lobby.decode(bytes(tx.encode(f)), g), wire.R_FOREIGN)


def test_nobody_speaks_for_another_handheld():
    """Handheld 1 signs a frame that names handheld 2 as its sender: every other handheld checks
    it under the key it shares with 2, which 1 does not have."""
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(6))
    f.seat = 2
    eq(rx.decode(bytes(tx.encode(f)), g), wire.R_TAG)
    # nor can it tag a frame for a handheld it shares no key with
    f.seat = SENDER
    eq(_seated(5, members=0b100001).decode(bytes(tx.encode(f)), g), wire.R_NOTME)


def test_a_frame_counts_once_and_reordering_within_the_window_is_fine():
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(10))
    frames = [bytes(tx.encode(f)) for _ in range(40)]
    eq(rx.decode(frames[5], g), wire.OK)
    eq(rx.decode(frames[5], g), wire.R_REPLAY)   # the same frame again: a replay
    eq(rx.decode(frames[39], g), wire.OK)
    eq(rx.decode(frames[20], g), wire.OK)        # late, but within the window
    eq(rx.decode(frames[20], g), wire.R_REPLAY)
    eq(rx.decode(frames[6], g), wire.R_REPLAY)   # older than the window
    # a reboot starts a new epoch: its counters are above every one before
    tx.ctr = 1 << wire.EPOCH_SHIFT
    eq(rx.decode(bytes(tx.encode(f)), g), wire.OK)


def test_a_requesters_tags_travel_with_its_entry():
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ENTRY, Rng(12), wire.T_ACTION, tx)
    eq(rx.decode(bytes(tx.encode(f)), g), wire.OK)
    assert rx.request_ok(g)
    g.count ^= 1                                  # the sequencer alters the move
    assert not rx.request_ok(g)
    g.count ^= 1
    g.rack += 1                                   # or the state it was asked in
    assert not rx.request_ok(g)
    g.rack -= 1
    g.rby = 2                                     # or who asked
    assert not rx.request_ok(g)


def test_lobby_frames_carry_only_a_checksum():
    creator = _seated()
    passer_by = wire.Codec()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ANNOUNCE, Rng(6))
    f.name[:] = b"KITCHEN\x00"
    eq(passer_by.decode(bytes(creator.encode(f)), g), wire.OK)
    eq(bytes(g.name), b"KITCHEN\x00")
    # a joiner listens to its chosen table only
    joiner = wire.Codec()
    joiner.seat_at(TABLE + 5)
    _fill(f, wire.T_WELCOME, Rng(8))
    eq(joiner.decode(bytes(creator.encode(f)), g), wire.R_FOREIGN)
    # and it cannot tag table frames before it shares a key with anyone
    f.type = wire.T_ACK
    try:
        joiner.encode(f)
        raise AssertionError("encoded a table frame without a key")
    except ValueError:
        pass


def test_bad_sender_seat_is_rejected():
    tx, rx = _pair()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(9))
    f.seat = 9
    eq(rx.decode(bytes(tx.encode(f)), g), wire.R_FIELD)


def test_garbage_never_raises_and_never_touches_the_frame():
    tx, rx = _pair()
    rng = Rng(11)
    g = wire.Frame()
    g.seq = 1234
    f = wire.Frame()
    _fill(f, wire.T_REVEAL, rng, 0, tx)
    good = bytearray(tx.encode(f))
    for i in range(300):
        n = rng.below(260)
        junk = bytes(rng.below(256) for _ in range(n))
        assert rx.decode(junk, g) != wire.OK or n >= wire.HDR_LEN + wire.TAG_LEN
        flip = bytearray(good)
        pos = rng.below(len(flip))
        flip[pos] ^= 1 << rng.below(8)
        # handheld 0's own tag (the first) or anything it covers: never accepted
        if pos < len(good) - 8:
            assert rx.decode(bytes(flip), g) != wire.OK
        assert rx.decode(bytes(good[:rng.below(len(good))]), g) != wire.OK
    eq(g.seq, 1234, "a rejected frame changed the output frame")
