"""wire: the table's radio frames - binary, at most 250 bytes, versioned, tagged. Pure: no I/O.

Owns the byte layout of every frame and nothing else (what a frame means belongs to tablelog and the
game adapters). One frame:

    header  magic 0xDC, version, type, table id (u32), sender seat, term (u16), seq (u32), ack (u32)
    body    fixed layout per type (ENTRY: inner type + that type's body; SNAP: a variable tail)
    tag     first 8 bytes of HMAC-SHA256(key, header + body)

`seq` is the log sequence for ENTRY and SNAP frames and the sender's request number for requests;
`ack` is always the highest log sequence the sender has applied. Lobby frames (ANNOUNCE, JOIN,
WELCOME) are tagged with the public LOBBY_KEY (an integrity check only); every other frame with the
table key handed out in WELCOME, so only seated handhelds can inject them.

No frame carries a die value: commitments are hashes, contributions and secrets random bytes, Yatzy
holds are position masks; dice are derived from the secrets after the reveal (fairdice).

API (one Codec per handheld; both objects are allocated once and reused for every frame):

    c = Codec(); c.seat_at(table_id, key)        # or c.table = id to hear only one table's lobby
    f = Frame(); f.type = T_ACK; ...; mv = c.encode(f)      # memoryview into c's own buffer
    code = c.decode(data, f)                     # OK or a reject code R_*; never raises
"""
import hashlib

from compat import const

MAGIC = const(0xDC)
VERSION = const(1)
MAX_FRAME = const(250)
HDR_LEN = const(18)
TAG_LEN = const(8)
KEY_LEN = const(16)
HASH_LEN = const(16)
NAME_LEN = const(8)
RULES_LEN = const(6)   # a game's rule options (byte fields must be longer than 4: see LAYOUTS)
SEATS_MAX = const(8)
NO_SEAT = const(0xFF)

# frame types (lobby types first: they are tagged with LOBBY_KEY)
T_ANNOUNCE = const(1)
T_JOIN = const(2)
T_WELCOME = const(3)
T_SEATS = const(4)
T_COMMIT = const(5)
T_CONTRIB = const(6)
T_ACTION = const(7)
T_REVEAL = const(8)
T_YATZY = const(9)
T_ENTRY = const(10)
T_ACK = const(11)
T_NACK = const(12)
T_SNAP = const(13)
T_REJECT = const(14)
T_LAST = const(14)
_T_LOBBY_LAST = const(3)

SEATS_RESEAT = const(1)  # SEATS flags: the same game, seats moved to other handhelds

# ACTION kinds
A_BID = const(1)
A_SNYD = const(2)
A_CALZA = const(3)
# YATZY kinds
Y_HOLD = const(1)
Y_BOX = const(2)

# decode results
OK = const(0)
R_SHORT = const(1)     # shorter than a header and tag, or longer than 250 bytes
R_MAGIC = const(2)
R_VERSION = const(3)
R_TYPE = const(4)      # unknown frame type (or unknown inner type of an ENTRY)
R_LENGTH = const(5)    # body length does not match the type
R_FOREIGN = const(6)   # another table's frame, or a table frame while not seated
R_TAG = const(7)       # tag does not verify: tampered, or not sent by a seated handheld
R_FIELD = const(8)     # a field out of range (sender seat)
REASONS = ("ok", "short", "magic", "version", "type", "length", "foreign", "tag", "field")

# Body layouts: (attribute, size). Sizes 1, 2, 4 are little-endian unsigned ints; larger sizes are
# bytes copied into the Frame's preallocated bytearray of that name.
_SHARED = (("round", 2), ("who", 1))
LAYOUTS = (
    None,
    # ANNOUNCE
    (("game", 1), ("taken", 1), ("size", 1), ("rules", RULES_LEN), ("name", NAME_LEN)),
    (("nonce", 4), ("name", NAME_LEN)),  # JOIN
    (("nonce", 4), ("who", 1), ("key", KEY_LEN)),  # WELCOME
    # SEATS (names travel in the lobby frames)
    (("gno", 1), ("n", 1), ("first", 1), ("flags", 1), ("rules", RULES_LEN),
     ("kinds", SEATS_MAX), ("hosts", SEATS_MAX)),
    _SHARED + (("h1", HASH_LEN), ("h2", HASH_LEN)),  # COMMIT: H(s), H(r)
    _SHARED + (("h1", HASH_LEN),),  # CONTRIB: r
    _SHARED + (("kind", 1), ("count", 1), ("face", 1)),  # ACTION
    _SHARED + (("h1", HASH_LEN), ("h2", HASH_LEN), ("h3", HASH_LEN)),  # REVEAL: s, next H(s), H(r)
    _SHARED + (("roll", 1), ("kind", 1), ("value", 1)),  # YATZY
    (("etype", 1), ("eterm", 2)),  # ENTRY (+ the inner type's body)
    (("flags", 1), ("missing", 1)),  # ACK / heartbeat
    (("lo", 4), ("hi", 4)),  # NACK
    (("k", 1), ("total", 1)),  # SNAP (+ data)
    (("who", 1), ("reason", 1), ("lo", 4)),  # REJECT
)
# the types a log entry may hold: everything that changes a game
LOGGABLE = (T_SEATS, T_COMMIT, T_CONTRIB, T_ACTION, T_REVEAL, T_YATZY)


def _size(layout):
    n = 0
    for _, s in layout:
        n += s
    return n


SIZES = tuple(0 if lay is None else _size(lay) for lay in LAYOUTS)
SNAP_DATA_MAX = const(222)  # MAX_FRAME - HDR_LEN - TAG_LEN - 2
LOBBY_KEY = hashlib.sha256(b"dicecup lobby v1").digest()[:KEY_LEN]


class Frame:
    """One decoded or to-be-encoded frame; every byte field is a preallocated bytearray."""

    def __init__(self):
        self.type = self.table = self.seat = self.term = self.seq = self.ack = 0
        self.game = self.taken = self.size = self.nonce = self.who = 0
        self.gno = self.n = self.first = self.flags = 0
        self.round = self.kind = self.count = self.face = self.roll = self.value = 0
        self.etype = self.lo = self.hi = self.k = self.total = self.reason = 0
        self.missing = self.eterm = 0
        self.rules = bytearray(RULES_LEN)
        self.name = bytearray(NAME_LEN)
        self.key = bytearray(KEY_LEN)
        self.kinds = bytearray(SEATS_MAX)
        self.hosts = bytearray(SEATS_MAX)
        self.h1 = bytearray(HASH_LEN)
        self.h2 = bytearray(HASH_LEN)
        self.h3 = bytearray(HASH_LEN)
        self.data = bytearray(SNAP_DATA_MAX)
        self.dlen = 0

    def body_type(self):
        """The type whose body fields are set: the inner type of an ENTRY, else the frame type."""
        return self.etype if self.type == T_ENTRY else self.type


def _copy(dst, d0, src, s0, n):
    for i in range(n):
        dst[d0 + i] = src[s0 + i]


def _put(buf, off, layout, f):
    for name, size in layout:
        if size <= 4:
            v = getattr(f, name)
            for i in range(size):
                buf[off + i] = (v >> (8 * i)) & 0xFF
        else:
            _copy(buf, off, getattr(f, name), 0, size)
        off += size
    return off


def _get(buf, off, layout, f):
    for name, size in layout:
        if size <= 4:
            v = 0
            for i in range(size - 1, -1, -1):
                v = (v << 8) | buf[off + i]
            setattr(f, name, v)
        else:
            _copy(getattr(f, name), 0, buf, off, size)
        off += size
    return off


def _pads(key):
    k = bytearray(64)
    _copy(k, 0, key, 0, len(key))
    ipad = bytearray(64)
    opad = bytearray(64)
    for i in range(64):
        ipad[i] = k[i] ^ 0x36
        opad[i] = k[i] ^ 0x5C
    return ipad, opad


class Codec:
    """Encodes into one reused buffer and decodes with a reject code; holds the table id and key."""

    def __init__(self):
        self.out = bytearray(MAX_FRAME)
        self.outmv = memoryview(self.out)
        self.table = 0                       # 0: not at a table (hears every lobby)
        self._lobby = _pads(LOBBY_KEY)
        self._key = None                     # (ipad, opad) of the table key once seated

    def seat_at(self, table, key):
        """Use this table id and table key from now on (key None: joining, lobby frames only)."""
        self.table = table
        self._key = None if key is None else _pads(key)

    def _tag(self, pads, buf, n):
        inner = hashlib.sha256(pads[0])
        inner.update(memoryview(buf)[:n])
        outer = hashlib.sha256(pads[1])
        outer.update(inner.digest())
        return outer.digest()

    def encode(self, f):
        """Frame -> memoryview of the encoded bytes (valid until the next encode). ValueError on a
        type this codec cannot sign (a table frame while not seated) or a snapshot tail too long."""
        t = f.type
        if t < 1 or t > T_LAST:
            raise ValueError("unknown frame type")
        pads = self._lobby if t <= _T_LOBBY_LAST else self._key
        if pads is None:
            raise ValueError("not seated: cannot sign a table frame")
        b = self.out
        b[0] = MAGIC
        b[1] = VERSION
        b[2] = t
        off = _put(b, 3, _HEADER, f)
        off = _put(b, off, LAYOUTS[t], f)
        if t == T_ENTRY:
            et = f.etype
            if et not in LOGGABLE:
                raise ValueError("not a loggable type")
            off = _put(b, off, LAYOUTS[et], f)
        elif t == T_SNAP:
            if f.dlen > SNAP_DATA_MAX:
                raise ValueError("snapshot chunk too long")
            _copy(b, off, f.data, 0, f.dlen)
            off += f.dlen
        tag = self._tag(pads, b, off)
        _copy(b, off, tag, 0, TAG_LEN)
        return self.outmv[:off + TAG_LEN]

    def decode(self, data, f):
        """Bytes-like -> fills f; returns OK or a reject code. Never raises on any input."""
        try:
            return self._decode(data, f)
        except Exception:  # a bug must not crash the radio loop; count it as garbage
            return R_LENGTH

    def _decode(self, data, f):
        n = len(data)
        if n < HDR_LEN + TAG_LEN or n > MAX_FRAME:
            return R_SHORT
        if data[0] != MAGIC:
            return R_MAGIC
        if data[1] != VERSION:
            return R_VERSION
        t = data[2]
        if t < 1 or t > T_LAST:
            return R_TYPE
        body = n - HDR_LEN - TAG_LEN
        need = SIZES[t]
        et = 0
        if t == T_ENTRY:
            if body < 1:
                return R_LENGTH
            et = data[HDR_LEN]
            if et not in LOGGABLE:
                return R_TYPE
            need += SIZES[et]
        if body != need and not (t == T_SNAP and need <= body <= need + SNAP_DATA_MAX):
            return R_LENGTH
        table = data[3] | (data[4] << 8) | (data[5] << 16) | (data[6] << 24)
        if t <= _T_LOBBY_LAST:
            if self.table and table != self.table and t != T_ANNOUNCE:
                return R_FOREIGN
            pads = self._lobby
        else:
            if table != self.table or self._key is None:
                return R_FOREIGN
            pads = self._key
        tag = self._tag(pads, data, n - TAG_LEN)
        diff = 0
        for i in range(TAG_LEN):
            diff |= tag[i] ^ data[n - TAG_LEN + i]
        if diff:
            return R_TAG
        seat = data[7]
        if seat >= SEATS_MAX and seat != NO_SEAT:
            return R_FIELD
        f.type = t
        off = _get(data, 3, _HEADER, f)
        off = _get(data, off, LAYOUTS[t], f)
        if t == T_ENTRY:
            _get(data, off, LAYOUTS[et], f)
        elif t == T_SNAP:
            f.dlen = n - TAG_LEN - off
            _copy(f.data, 0, data, off, f.dlen)
        return OK


_HEADER = (("table", 4), ("seat", 1), ("term", 2), ("seq", 4), ("ack", 4))
ENTRY_MAX = const(52)  # 1 + the largest loggable body (REVEAL)


def pack_entry(f, buf, off):
    """Write a log entry (inner type byte + its body, from f.etype and f's fields) at buf[off:];
    returns the end offset. The log keeps entries in this form."""
    buf[off] = f.etype
    return _put(buf, off + 1, LAYOUTS[f.etype], f)


def unpack_entry(buf, off, f):
    """Inverse of pack_entry: fills f (type T_ENTRY, etype, body fields)."""
    f.type = T_ENTRY
    f.etype = buf[off]
    _get(buf, off + 1, LAYOUTS[f.etype], f)


def entry_len(etype):
    return 1 + SIZES[etype]


def frame_len(t, etype=0, dlen=0):
    """Encoded length of a frame of type t (for the bench's protocol-minimum arithmetic)."""
    n = HDR_LEN + SIZES[t] + TAG_LEN
    if t == T_ENTRY:
        n += SIZES[etype]
    return n + dlen
