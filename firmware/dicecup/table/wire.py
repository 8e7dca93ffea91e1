"""wire: the table's radio frames - binary, at most 250 bytes, versioned, tagged per receiver. Pure.

Owns the byte layout of every frame and the tags that say who sent it (what a frame means belongs to
log and the game adapters). One frame:

    header  magic 0xDC, version, type, table id (u32), sender (a handheld number), term (u16),
            seq (u32), ack (u32), ctr (u32: the sender's frame counter), to (receivers, a bitmask)
    body    fixed layout per type; a request (a loggable type) and an ENTRY also carry the
            requester's tags (see below); SNAP a variable tail
    tags    4 bytes per receiver in `to`, in handheld order: T(k, d) = SHA-256(k + d)[:4], k the
            pairwise key of sender and receiver, d = SHA-256(header + body)[:16]

Trust (the table protocol's promises; docs/protocol.md): every two handhelds at a table share a key
agreed with X25519 (x25519.py; table.py derives it), so a frame counts as handheld h's only if the tag
for this receiver verifies under the key this receiver shares with h: nobody can speak for another
handheld, and a radio that was never seated cannot speak at all. `ctr` only ever grows per sender
(a boot epoch in its high bits): a replayed frame is refused (a window of 32 allows reordering).
A request carries `rtags`, the requester's own tags over what it asks (its handheld, the log state it
saw, the entry), one per handheld in `rto` (itself included, under a key of its own); the sequencer
copies them into the ENTRY, so every follower checks that the requester really asked for it: a
sequencer orders requests, it cannot invent or alter them.
Lobby frames (ANNOUNCE, JOIN, JHOST, WELCOME) travel before any key exists: `to` is 0 and one checksum tag
with the public LOBBY_KEY follows; what they carry is public (names, public keys) or carries its own
proof (WELCOME, under the pairwise key of host and joiner; JOIN and JHOST carry the join code's
commitment and nonces, keys).

No frame carries a hidden die's value: commitments are hashes, contributions and secrets random
bytes, Yatzy holds are position masks; dice are derived from the secrets after the reveal
(fairdice). The one die value sent is Snyd's open die (ACTION A_SHOW), which the rule makes public.

API (one Codec per handheld; the Frame and the out buffer are allocated once and reused):

    c = Codec(); c.seat_at(table_id, me); c.set_key(h, pairwise key (16 bytes) or None)
    f = Frame(); f.type = T_ACK; ...; mv = c.encode(f, to)  # memoryview into c's own buffer
    code = c.decode(data, f)                     # OK or a reject code R_*; never raises
    c.sign_request(f, rby, rack, rto)            # f.rtags for the entry in f (f.etype + body)
    c.request_ok(f)                              # this handheld's tag in f.rtags verifies
"""
import hashlib

from dicecup.core.compat import const

MAGIC = const(0xDC)
VERSION = const(3)
MAX_FRAME = const(250)
HDR_LEN = const(23)
TAG_LEN = const(4)
KEY_LEN = const(16)
HASH_LEN = const(16)
PUB_LEN = const(32)
NAME_LEN = const(8)
ANN_PUBS = const(3)    # seated handhelds' public keys in one ANNOUNCE (handheld 0xFF: none)
PROOF_LEN = const(8)
CHAIN_LEN = const(8)
RULES_LEN = const(6)   # a game's rule options (byte fields must be longer than 4: see LAYOUTS)
SEATS_MAX = const(8)
NO_SEAT = const(0xFF)
EPOCH_SHIFT = const(20)  # ctr = boot epoch << 20 | frames sent since the boot

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

# decode results
OK = const(0)
R_SHORT = const(1)     # shorter than a header and tag, or longer than 250 bytes
R_MAGIC = const(2)
R_VERSION = const(3)
R_TYPE = const(4)      # unknown frame type (or unknown inner type of an ENTRY)
R_LENGTH = const(5)    # body length does not match the type
R_FOREIGN = const(6)   # another table's frame, or a table frame while not seated
R_TAG = const(7)       # tag does not verify: tampered, or not sent by that handheld
R_FIELD = const(8)     # a field out of range (sender)
R_REPLAY = const(9)    # a frame this handheld already had (or older than its window)
R_NOTME = const(10)    # not tagged for this handheld (or from a handheld it has no key for)
REASONS = ("ok", "short", "magic", "version", "type", "length", "foreign", "tag", "field", "replay",
           "not-for-me")

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
_REQ_FIX = const(1)        # a request's extra part: rto (+ 4 bytes a tag)
_ENTRY_FIX = const(6)      # an entry's: rby, rack (u32), rto (+ 4 bytes a tag)
SNAP_DATA_MAX = const(191)  # MAX_FRAME - HDR_LEN - 2 - 7 receivers' tags (28) - 6 spare
LOBBY_KEY = hashlib.sha256(b"dicecup lobby v2").digest()[:KEY_LEN]


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


def _copy(dst, d0, src, s0, n):
    for i in range(n):
        dst[d0 + i] = src[s0 + i]


# What a received frame costs the heap is what the board spends on it (docs/memory.md, Device
# time): every helper below allocates nothing but what SHA-256 needs and a memoryview for a byte
# field read, and the small ones keep their frame off the heap (MicroPython puts the frame of a
# function with more than 11 words of locals and stack on the heap at every call).

def _put4(b, o, v):
    b[o] = v & 0xFF
    b[o + 1] = v >> 8 & 0xFF
    b[o + 2] = v >> 16 & 0xFF
    b[o + 3] = v >> 24 & 0xFF


def _put_head(b, f):
    """The header's fields after magic, version and type: b[3:HDR_LEN]."""
    _put4(b, 3, f.table)
    b[7] = f.seat & 0xFF
    b[8] = f.term & 0xFF
    b[9] = f.term >> 8 & 0xFF
    _put4(b, 10, f.seq)
    _put4(b, 14, f.ack)
    _put4(b, 18, f.ctr)
    b[22] = f.to & 0xFF


def _get_head(b, f):
    f.table = b[3] | b[4] << 8 | b[5] << 16 | b[6] << 24
    f.seat = b[7]
    f.term = b[8] | b[9] << 8
    f.seq = b[10] | b[11] << 8 | b[12] << 16 | b[13] << 24
    f.ack = b[14] | b[15] << 8 | b[16] << 16 | b[17] << 24
    f.ctr = b[18] | b[19] << 8 | b[20] << 16 | b[21] << 24
    f.to = b[22]


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


def _tag(key, d):
    """The digest whose first TAG_LEN bytes are T(key, d) (no slice of it is made)."""
    h = hashlib.sha256(key)
    h.update(d)
    return h.digest()


def tag(key, d):
    """T(k, d): the 4-byte tag of digest d under key k."""
    return _tag(key, d)[:TAG_LEN]


def _tag_at(t, b, o):
    """True if the tag of digest t (_tag) is at b[o:] (every byte compared)."""
    return (t[0] ^ b[o]) | (t[1] ^ b[o + 1]) | (t[2] ^ b[o + 2]) | (t[3] ^ b[o + 3]) == 0


def _put_tag(b, o, t):
    b[o] = t[0]
    b[o + 1] = t[1]
    b[o + 2] = t[2]
    b[o + 3] = t[3]


def digest(buf, n, domain=b"F"):
    """d over buf[:n]; buf a memoryview (its slice is no copy) or any bytes-like."""
    h = hashlib.sha256(domain)
    h.update(buf[:n])
    return h.digest()[:HASH_LEN]


def _slot(mask, h):
    """Index of handheld h's tag in a tag vector for receivers `mask`."""
    return bits(mask & ((1 << h) - 1))


class Codec:
    """Encodes into one reused buffer and decodes with a reject code; holds the table id, this
    handheld's number, the pairwise keys and every sender's frame-counter window."""

    def __init__(self):
        self.out = bytearray(MAX_FRAME)
        self.outmv = memoryview(self.out)
        self._req = bytearray(MAX_FRAME)     # a request's canonical bytes, for its tags
        self._reqmv = memoryview(self._req)
        self.table = 0                       # 0: not at a table (hears every lobby)
        self.me = NO_SEAT
        self.keys = [None] * SEATS_MAX       # keys[h]: shared with handheld h (keys[me]: own)
        self.ctr = 0                         # the next frame's counter
        self._last = [-1] * SEATS_MAX        # newest counter heard from each handheld
        self._win = [0] * SEATS_MAX          # bit i: counter last - i was heard
        self.gaps = 0                        # counters skipped (frames lost, or unicast to others)

    def seat_at(self, table, me=NO_SEAT):
        """This table id and handheld number from now on; forgets every key and counter."""
        self.table = table
        self.me = me
        for h in range(SEATS_MAX):
            self.keys[h] = None
            self._last[h] = -1
            self._win[h] = 0

    def set_key(self, h, key):
        """The key shared with handheld h from now on (None: none); a new key is a new handheld
        behind that number, whose frame counter starts afresh."""
        if key != self.keys[h]:
            self._last[h] = -1
            self._win[h] = 0
        self.keys[h] = key

    def keyed(self):
        """The handhelds this one shares a key with (itself left out): encode's default `to`."""
        m = 0
        for h in range(SEATS_MAX):
            if self.keys[h] is not None and h != self.me:
                m |= 1 << h
        return m

    def _canon(self, f, rby, rack):
        b = self._req
        b[0] = 0x52  # 'R'
        _put4(b, 1, self.table)
        b[5] = rby
        _put4(b, 6, rack)
        return pack_entry(f, b, 10)

    def sign_request(self, f, rby, rack, rto):
        """f.rtags: handheld rby's tags (it must be this one) over the entry in f (f.etype and its
        body) as asked in log state rack, for every handheld in rto that has a key."""
        f.rby = rby
        f.rack = rack
        m = 0
        for h in range(SEATS_MAX):
            if rto & (1 << h) and self.keys[h] is not None:
                m |= 1 << h
        f.rto = m
        d = digest(self._reqmv, self._canon(f, rby, rack), b"R")
        k = 0
        for h in range(SEATS_MAX):
            if m & (1 << h):
                _put_tag(f.rtags, k, _tag(self.keys[h], d))
                k += TAG_LEN

    def request_ok(self, f):
        """True if this handheld's tag in f.rtags (f.rby's, over f's entry and f.rack) verifies."""
        me = self.me
        key = self.keys[f.rby] if f.rby < SEATS_MAX else None
        if me >= SEATS_MAX or key is None or not f.rto & (1 << me):
            return False
        d = self._canon(f, f.rby, f.rack)  # (one word more, and the call's frame is on the heap)
        d = _tag(key, digest(self._reqmv, d, b"R"))
        return _tag_at(d, f.rtags, _slot(f.rto, me) * TAG_LEN)

    def encode(self, f, to=-1):
        """Frame -> memoryview of the encoded bytes (valid until the next encode). `to`: the
        handhelds to tag it for (default: every keyed one). ValueError on an unknown type, a table
        frame nobody can check, or a snapshot tail too long."""
        t = f.type
        if t < 1 or t > T_LAST or LAYOUTS[t] is None:
            raise ValueError("unknown frame type")
        lobby = is_lobby(t)
        if lobby:
            to = 0
        else:
            if to < 0:
                to = self.keyed()
            to &= ~(1 << self.me) & 0xFF
            for h in range(SEATS_MAX):
                if to & (1 << h) and self.keys[h] is None:
                    to &= ~(1 << h)
            if not to:
                raise ValueError("no receiver to tag the frame for")
        f.to = to
        f.ctr = self.ctr
        self.ctr += 1
        b = self.out
        b[0] = MAGIC
        b[1] = VERSION
        b[2] = t
        _put_head(b, f)
        if t == T_ENTRY:
            et = f.etype
            if et not in LOGGABLE:
                raise ValueError("not a loggable type")
            off = _put(b, HDR_LEN, _ENTRY_BODY[et], f)
            off = _put_rtags(b, off, f)
        else:
            off = _put(b, HDR_LEN, LAYOUTS[t], f)
            if t in LOGGABLE:
                off = _put_rtags(b, off, f)
            elif t == T_SNAP:
                if f.dlen > SNAP_DATA_MAX:
                    raise ValueError("snapshot chunk too long")
                b[off:off + f.dlen] = memoryview(f.data)[:f.dlen]
                off += f.dlen
        if off + TAG_LEN * max(1, bits(to)) > MAX_FRAME:
            raise ValueError("frame too long")
        d = digest(self.outmv, off)
        if lobby:
            _put_tag(b, off, _tag(LOBBY_KEY, d))
            off += TAG_LEN
        else:
            for h in range(SEATS_MAX):
                if to & (1 << h):
                    _put_tag(b, off, _tag(self.keys[h], d))
                    off += TAG_LEN
        return self.outmv[:off]

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
        if t < 1 or t > T_LAST or LAYOUTS[t] is None:
            return R_TYPE
        to = data[HDR_LEN - 1]
        lobby = is_lobby(t)
        ntags = 1 if lobby else bits(to)
        if lobby and to or not lobby and not to:
            return R_FIELD
        end = n - TAG_LEN * ntags           # where the tags begin
        off = HDR_LEN + SIZES[t]
        et = 0
        if t == T_ENTRY:
            if end < HDR_LEN + 1:
                return R_LENGTH
            et = data[HDR_LEN]
            if et not in LOGGABLE:
                return R_TYPE
            off += SIZES[et] + _ENTRY_FIX
            if off > end:
                return R_LENGTH
            off += TAG_LEN * bits(data[off - 1])
        elif t in LOGGABLE:
            off += _REQ_FIX
            if off > end:
                return R_LENGTH
            off += TAG_LEN * bits(data[off - 1])
        if off != end and not (t == T_SNAP and off <= end <= off + SNAP_DATA_MAX):
            return R_LENGTH
        table = data[3] | (data[4] << 8) | (data[5] << 16) | (data[6] << 24)
        seat = data[7]
        if seat >= SEATS_MAX and seat != NO_SEAT:
            return R_FIELD
        mv = memoryview(data)
        code = self._check(mv, t, table, seat, to, end)
        if code:
            return code
        f.type = t
        _get_head(data, f)
        if t == T_ENTRY:
            _get_rtags(mv, _get(mv, HDR_LEN, _ENTRY_BODY[et], f), f)
            return OK
        off = _get(mv, HDR_LEN, LAYOUTS[t], f)
        if t in LOGGABLE:
            f.rby = seat
            f.rack = f.ack
            _get_rtags(mv, off, f)
        elif t == T_SNAP:
            f.dlen = end - off
            f.data[0:f.dlen] = mv[off:end]
        return OK

    def _check(self, data, t, table, seat, to, end):
        """The frame's tag for this handheld and its counter (the lobby's: the checksum)."""
        d = digest(data, end)
        if is_lobby(t):
            if self.table and table != self.table and t != T_ANNOUNCE:
                return R_FOREIGN
            return OK if _tag_at(_tag(LOBBY_KEY, d), data, end) else R_TAG
        if table != self.table or not self.table:
            return R_FOREIGN
        me = self.me
        if seat >= SEATS_MAX or me >= SEATS_MAX or not to & (1 << me) or seat == me:
            return R_NOTME
        key = self.keys[seat]
        if key is None:
            return R_NOTME
        if not _tag_at(_tag(key, d), data, end + _slot(to, me) * TAG_LEN):
            return R_TAG
        ctr = data[18] | (data[19] << 8) | (data[20] << 16) | (data[21] << 24)
        return OK if self._fresh(seat, ctr) else R_REPLAY

    def _fresh(self, h, ctr):
        """Sliding-window replay check of handheld h's frame counter (and note it as heard)."""
        last = self._last[h]
        if ctr > last:
            shift = ctr - last
            if last >= 0 and shift > 1:
                self.gaps += 1
            self._win[h] = ((self._win[h] << shift) | 1) & 0xFFFFFFFF if shift < 32 else 1
            self._last[h] = ctr
            return True
        back = last - ctr
        if back >= 32 or self._win[h] & (1 << back):
            return False
        self._win[h] |= 1 << back
        return True


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
        n += SIZES[etype] + _ENTRY_FIX + TAG_LEN * rto
    elif t in LOGGABLE:
        n += _REQ_FIX + TAG_LEN * rto
    return n + dlen
