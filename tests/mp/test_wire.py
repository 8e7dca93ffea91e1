"""wire: every frame type round-trips, and every kind of bad frame gets its reject code."""
import wire
from mpcheck import Rng, eq

TABLE = 0x2A5F0C11
KEY = b"0123456789abcdef"


def _seated(table=TABLE, key=KEY):
    c = wire.Codec()
    c.seat_at(table, key)
    return c


def _fill(f, t, rng, etype=0):
    """Fill f with random values for type t (every field of its layout)."""
    f.type = t
    f.etype = etype
    f.table = TABLE
    f.seat = rng.below(8)
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
    return out


def _all_types():
    for t in range(1, wire.T_LAST + 1):
        if t == wire.T_ENTRY:
            for et in wire.LOGGABLE:
                yield t, et
        else:
            yield t, 0


def test_every_type_round_trips_within_250_bytes():
    rng = Rng(7)
    c = _seated()
    for t, et in _all_types():
        for _ in range(3):
            f, g = wire.Frame(), wire.Frame()
            _fill(f, t, rng, et)
            data = bytes(c.encode(f))
            assert len(data) <= wire.MAX_FRAME
            eq(len(data), wire.frame_len(t, et, f.dlen if t == wire.T_SNAP else 0), "length")
            eq(c.decode(data, g), wire.OK, "decode type %d/%d" % (t, et))
            eq(_fields(g), _fields(f), "type %d/%d" % (t, et))


def test_rejects_have_clear_codes():
    c = _seated()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(3))
    good = bytes(c.encode(f))
    eq(c.decode(good[:10], g), wire.R_SHORT)
    eq(c.decode(good + bytes(300), g), wire.R_SHORT)
    eq(c.decode(b"\x00" + good[1:], g), wire.R_MAGIC)
    eq(c.decode(good[:1] + b"\x09" + good[2:], g), wire.R_VERSION)
    eq(c.decode(good[:2] + b"\x63" + good[3:], g), wire.R_TYPE)
    eq(c.decode(good[:-8] + b"\x00" + good[-8:], g), wire.R_LENGTH)
    eq(c.decode(good[:-1] + bytes([good[-1] ^ 1]), g), wire.R_TAG)
    eq(wire.REASONS[wire.R_TAG], "tag")


def test_entry_with_unloggable_inner_type_is_rejected():
    c = _seated()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ENTRY, Rng(4), wire.T_ACTION)
    data = bytearray(c.encode(f))
    data[wire.HDR_LEN] = wire.T_ACK
    eq(c.decode(bytes(data), g), wire.R_TYPE)


def test_foreign_table_and_wrong_key_are_rejected():
    mine, other = _seated(), _seated(TABLE + 1, KEY)
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACTION, Rng(5))
    f.table = TABLE + 1
    eq(mine.decode(bytes(other.encode(f)), g), wire.R_FOREIGN)
    intruder = _seated(TABLE, b"x" * 16)   # right table id, no key: cannot inject
    f.table = TABLE
    eq(mine.decode(bytes(intruder.encode(f)), g), wire.R_TAG)
    lobby = wire.Codec()                    # not seated: table frames are foreign to it
    eq(lobby.decode(bytes(mine.encode(f)), g), wire.R_FOREIGN)


def test_lobby_frames_use_the_public_key():
    creator = _seated()
    passer_by = wire.Codec()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ANNOUNCE, Rng(6))
    f.name[:] = b"KITCHEN\x00"
    eq(passer_by.decode(bytes(creator.encode(f)), g), wire.OK)
    eq(bytes(g.name), b"KITCHEN\x00")
    # a joiner listens to its chosen table only
    joiner = wire.Codec()
    joiner.seat_at(TABLE + 5, None)
    _fill(f, wire.T_WELCOME, Rng(8))
    eq(joiner.decode(bytes(creator.encode(f)), g), wire.R_FOREIGN)
    # and it cannot sign table frames before it has the key
    f.type = wire.T_ACK
    try:
        joiner.encode(f)
        raise AssertionError("encoded a table frame without a key")
    except ValueError:
        pass


def test_bad_sender_seat_is_rejected():
    c = _seated()
    f, g = wire.Frame(), wire.Frame()
    _fill(f, wire.T_ACK, Rng(9))
    f.seat = 9
    eq(c.decode(bytes(c.encode(f)), g), wire.R_FIELD)


def test_garbage_never_raises_and_never_touches_the_frame():
    c = _seated()
    rng = Rng(11)
    g = wire.Frame()
    g.seq = 1234
    f = wire.Frame()
    _fill(f, wire.T_REVEAL, rng)
    good = bytearray(c.encode(f))
    for i in range(300):
        n = rng.below(260)
        junk = bytes(rng.below(256) for _ in range(n))
        assert c.decode(junk, g) != wire.OK or n >= wire.HDR_LEN + wire.TAG_LEN
        flip = bytearray(good)
        flip[rng.below(len(flip))] ^= 1 << rng.below(8)
        assert c.decode(bytes(flip), g) != wire.OK
        assert c.decode(bytes(good[:rng.below(len(good))]), g) != wire.OK
    eq(g.seq, 1234, "a rejected frame changed the output frame")
