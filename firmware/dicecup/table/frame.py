"""frame: a table radio frame's byte layout - the header, every type's body, a log entry. Pure.

Owns the constants of a frame's body (types, kinds, lengths), the body layout of every type
(LAYOUTS), the Frame every field is read into and written from (allocated once, reused), and the
packed forms of a log entry and of its requester's part (pack_entry, pack_req). The codec that
encodes, tags and decodes whole frames is wire.Codec, with the header's constants and the decode
results; every other module reads these names as wire.X (wire imports them all from here). One
frame:

    header  magic 0xDC, version, type, table id (u32), sender (a handheld number), term (u16),
            seq (u32), ack (u32), ctr (u32: the sender's frame counter), to (receivers, a bitmask)
    body    fixed layout per type; a request (a loggable type) and an ENTRY also carry the
            requester's tags (wire); SNAP a variable tail
    tags    4 bytes per receiver in `to`, in handheld order (wire)

No frame carries a hidden die's value: commitments are hashes, contributions and secrets random
bytes, Yatzy holds are position masks; dice are derived from the secrets after the reveal
(fairdice). The one die value sent is Snyd's open die (ACTION A_SHOW), which the rule makes public.
"""
from dicecup.core.compat import const

HDR_LEN = const(23)
TAG_LEN = const(4)
HASH_LEN = const(16)
PUB_LEN = const(32)
NAME_LEN = const(8)
ANN_PUBS = const(3)    # seated handhelds' public keys in one ANNOUNCE (handheld 0xFF: none)
PROOF_LEN = const(8)
CHAIN_LEN = const(8)
RULES_LEN = const(6)   # a game's rule options (byte fields must be longer than 4: see LAYOUTS)
SEATS_MAX = const(8)

# frame types (lobby types first: they carry no per-receiver tags)
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
T_FORFEIT = const(15)  # logged by the sequencer only: a seat missed a deadline or failed a check
T_ROSTER = const(16)   # the host: one seat of the next game's order, its name and public key
T_LEAVE = const(17)    # a seated handheld stands up (between games)
T_VOUCH = const(18)    # "my state after entry seq hashes to this" (a snapshot's second witness)
T_SHAKE = const(19)    # another seat's shake for a Yatzy re-roll, once the hold is logged
T_HINT = const(20)     # a team Yatzy teammate's suggestion to the roller (never logged: advice)
T_JHOST = const(24)    # the host's side of one join: its commitment, then its nonce (a lobby frame)
T_TCODE = const(25)    # a handheld's part of the table code: its commitment, then its nonce
T_LAST = const(25)
_T_LOBBY_LAST = const(3)

SEATS_RESEAT = const(1)  # SEATS flags: the same game, seats moved to other handhelds

# ACTION kinds
A_BID = const(1)
A_SNYD = const(2)
A_CALZA = const(3)
A_SHOW = const(4)      # the open_die rule: count = the index of the die laid open, face = its value
# YATZY kinds
Y_HOLD = const(1)
Y_BOX = const(2)
# FORFEIT reasons
F_LATE = const(1)      # the seat did not send what it owed (commitment, contribution, reveal) in time
F_CHEAT = const(2)     # its revealed secret did not open its commitment

# Body layouts: (attribute, size). Sizes 1, 2, 4 are little-endian unsigned ints; larger sizes are
# bytes copied into the Frame's preallocated bytearray of that name.
_SHARED = (("round", 2), ("who", 1))
LAYOUTS = (
    None,
    # ANNOUNCE
    (("game", 1), ("taken", 1), ("size", 1), ("rules", RULES_LEN), ("name", NAME_LEN),
     ("pub", PUB_LEN), ("pubs", ANN_PUBS * (1 + PUB_LEN))),  # + up to ANN_PUBS seated handhelds'
    # (handheld, public key): a browsing handheld agrees keys before it joins (table_lobby)
    # JOIN: h1 the host's commitment it answers, h2 the joiner's nonce (both zero until the host's
    # commitment came: keys explains the join code)
    (("nonce", 4), ("name", NAME_LEN), ("pub", PUB_LEN), ("h1", HASH_LEN), ("h2", HASH_LEN)),
    (("nonce", 4), ("who", 1), ("proof", PROOF_LEN)),  # WELCOME
    # SEATS (names travel in the lobby frames)
    (("gno", 1), ("n", 1), ("first", 1), ("flags", 1), ("rules", RULES_LEN),
     ("kinds", SEATS_MAX), ("hosts", SEATS_MAX)),
    _SHARED + (("h1", HASH_LEN), ("h2", HASH_LEN), ("h3", HASH_LEN)),  # COMMIT: H(s), H(r), the
    # top of the seat's shake chain (fairdice.shake; Yatzy, the game's first commitment only)
    _SHARED + (("h1", HASH_LEN),),  # CONTRIB: r
    _SHARED + (("kind", 1), ("count", 1), ("face", 1)),  # ACTION
    _SHARED + (("h1", HASH_LEN), ("h2", HASH_LEN), ("h3", HASH_LEN)),  # REVEAL: s, next H(s), H(r)
    _SHARED + (("roll", 1), ("kind", 1), ("value", 1)),  # YATZY
    (("etype", 1), ("eterm", 2)),  # ENTRY (+ the inner type's body and the requester's part)
    (("flags", 1), ("missing", 1), ("chain", CHAIN_LEN)),  # ACK / heartbeat
    (("lo", 4), ("hi", 4)),  # NACK
    (("k", 1), ("total", 1)),  # SNAP (+ data)
    (("who", 1), ("reason", 1), ("lo", 4)),  # REJECT
    _SHARED + (("kind", 1),),  # FORFEIT: kind = F_* reason
    # ROSTER: round = the host's key round (a new one whenever a public key comes or goes)
    (("n", 1), ("k", 1), ("value", 1), ("round", 2), ("name", NAME_LEN), ("pub", PUB_LEN)),
    (("nonce", 4),),  # LEAVE
    (("lo", 4), ("chain", CHAIN_LEN)),  # VOUCH: lo = the entry the state follows
    _SHARED + (("roll", 1), ("h1", HASH_LEN)),  # SHAKE: a Yatzy re-roll's shake (fairdice)
    _SHARED + (("roll", 1), ("kind", 1), ("value", 1)),  # HINT: who suggests Y_HOLD mask / Y_BOX box
    None, None, None,  # 21-23: other parts' types
    (("nonce", 4), ("h1", HASH_LEN), ("h2", HASH_LEN)),  # JHOST: the join's commitment, nonce
    (("round", 2), ("flags", 1), ("h1", HASH_LEN), ("h2", HASH_LEN)),  # TCODE: key round, done?,
    # commitment, nonce (zero until this handheld holds every commitment of the round)
)
# the types a log entry may hold: everything that changes a game
LOGGABLE = (T_SEATS, T_COMMIT, T_CONTRIB, T_ACTION, T_REVEAL, T_YATZY, T_FORFEIT, T_SHAKE)


def _size(layout):
    n = 0
    for _, s in layout:
        n += s
    return n


SIZES = tuple(0 if lay is None else _size(lay) for lay in LAYOUTS)
REQ_FIX = const(1)        # a request's extra part: rto (+ 4 bytes a tag)
ENTRY_FIX = const(6)      # an entry's: rby, rack (u32), rto (+ 4 bytes a tag)
SNAP_DATA_MAX = const(191)  # wire.MAX_FRAME - HDR_LEN - 2 - 7 receivers' tags (28) - 6 spare


def is_lobby(t):
    """True for the lobby's frame types: no per-receiver tags, one checksum under LOBBY_KEY."""
    return t <= _T_LOBBY_LAST or t == T_JHOST


def bits(m):
    """How many bits of m (a receiver mask) are set."""
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


class Frame:
    """One decoded or to-be-encoded frame; every byte field is a preallocated bytearray."""

    def __init__(self):
        self.type = self.table = self.seat = self.term = self.seq = self.ack = 0
        self.ctr = self.to = 0
        self.game = self.taken = self.size = self.nonce = self.who = 0
        self.gno = self.n = self.first = self.flags = 0
        self.round = self.kind = self.count = self.face = self.roll = self.value = 0
        self.etype = self.lo = self.hi = self.k = self.total = self.reason = 0
        self.missing = self.eterm = 0
        self.rby = self.rack = self.rto = 0
        self.rules = bytearray(RULES_LEN)
        self.name = bytearray(NAME_LEN)
        self.pub = bytearray(PUB_LEN)
        self.pubs = bytearray(ANN_PUBS * (1 + PUB_LEN))
        self.proof = bytearray(PROOF_LEN)
        self.chain = bytearray(CHAIN_LEN)
        self.kinds = bytearray(SEATS_MAX)
        self.hosts = bytearray(SEATS_MAX)
        self.h1 = bytearray(HASH_LEN)
        self.h2 = bytearray(HASH_LEN)
        self.h3 = bytearray(HASH_LEN)
        self.rtags = bytearray(SEATS_MAX * TAG_LEN)
        self.data = bytearray(SNAP_DATA_MAX)
        self.dlen = 0

    def body_type(self):
        """The type whose body fields are set: the inner type of an ENTRY, else the frame type."""
        return self.etype if self.type == T_ENTRY else self.type


# What a received frame costs the heap is what the board spends on it (docs/memory.md, Device
# time): every helper below allocates nothing but what SHA-256 needs and a memoryview for a byte
# field read, and the small ones keep their frame off the heap (MicroPython puts the frame of a
# function with more than 11 words of locals and stack on the heap at every call).

def _put4(b, o, v):
    b[o] = v & 0xFF
    b[o + 1] = v >> 8 & 0xFF
    b[o + 2] = v >> 16 & 0xFF
    b[o + 3] = v >> 24 & 0xFF



def _put(buf, off, layout, f):
    # (a while loop and e, not s: a for loop or one more word would put its frame on the heap)
    i = 0
    while i < len(layout):
        e = off + layout[i][1]
        v = getattr(f, layout[i][0])
        if e - off > 4:
            if len(v) != e - off:
                v = _fit(v, e - off)
            buf[off:e] = v
        else:
            buf[off] = v & 0xFF
            if e - off > 1:
                buf[off + 1] = v >> 8 & 0xFF
                if e - off > 2:
                    _put4(buf, off, v)
        off = e
        i += 1
    return off


def _fit(v, n):
    """A byte field's first n bytes (a slice of another length would resize the buffer)."""
    if len(v) < n:
        raise IndexError("short field")
    return memoryview(v)[:n]


def _get(buf, off, layout, f):
    """Fills f's fields from buf[off:] (a memoryview where there are byte fields: a slice of it is
    no copy); returns the end."""
    i = 0
    while i < len(layout):
        s = layout[i][1]
        if s > 4:
            if off + s > len(buf):
                raise IndexError("short")  # a shorter slice would shrink the Frame's field
            v = getattr(f, layout[i][0])
            v[0:s] = buf[off:off + s]
        else:
            v = buf[off]
            if s > 1:
                v |= buf[off + 1] << 8
                if s > 2:
                    v |= buf[off + 2] << 16
                    v |= buf[off + 3] << 24
            setattr(f, layout[i][0], v)
        off += s
        i += 1
    return off



# an ENTRY's body per inner type, its requester's number and log state included: one _put or _get
_ENTRY_BODY = tuple(LAYOUTS[T_ENTRY] + LAYOUTS[et] + (("rby", 1), ("rack", 4)) if et in LOGGABLE
                    else None for et in range(T_LAST + 1))
ENTRY_MAX = const(52)  # 1 + the largest loggable body (REVEAL)
REQ_MAX = const(38)    # what a logged entry keeps beside its body: rby, rack, rto, 8 tags


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


def _put_rtags(buf, off, f):
    buf[off] = f.rto
    if off + 1 + len(f.rtags) <= len(buf):
        # all of f.rtags, a copy of its own length (a slice of it would be an object): what
        # follows the rto tags is written over next, or is no part of the entry (entry_len)
        buf[off + 1:off + 1 + len(f.rtags)] = f.rtags
    else:
        buf[off + 1:off + 1 + bits(f.rto) * TAG_LEN] = _fit(f.rtags, bits(f.rto) * TAG_LEN)
    return off + 1 + bits(f.rto) * TAG_LEN


def _get_rtags(mv, off, f):
    """f.rto and its tags from mv[off:] (a memoryview); returns the end."""
    f.rto = mv[off]
    n = bits(f.rto) * TAG_LEN
    f.rtags[0:n] = mv[off + 1:off + 1 + n]
    return off + 1 + n


def pack_req(f, buf, off):
    """The requester's part of an entry (rby, rack, rto, rtags) at buf[off:]; returns the end."""
    buf[off] = f.rby
    _put4(buf, off + 1, f.rack)
    return _put_rtags(buf, off + 5, f)


def unpack_req(buf, off, f):
    """Inverse of pack_req; buf a memoryview (its slice is no copy) or any bytes-like."""
    f.rby = buf[off]
    f.rack = buf[off + 1] | buf[off + 2] << 8 | buf[off + 3] << 16 | buf[off + 4] << 24
    _get_rtags(buf, off + 5, f)


def entry_len(etype):
    return 1 + SIZES[etype]


def frame_len(t, etype=0, dlen=0, to=1, rto=1):
    """Encoded length of a frame of type t tagged for `to` receivers (and, for a request or an
    entry, carrying `rto` requester tags): for the bench's protocol-minimum arithmetic."""
    n = HDR_LEN + SIZES[t] + TAG_LEN * (1 if is_lobby(t) else to)
    if t == T_ENTRY:
        n += SIZES[etype] + ENTRY_FIX + TAG_LEN * rto
    elif t in LOGGABLE:
        n += REQ_FIX + TAG_LEN * rto
    return n + dlen
