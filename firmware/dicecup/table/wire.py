"""wire: the table's radio frames - binary, at most 250 bytes, versioned, tagged per receiver. Pure.

Owns the byte layout of every frame and the tags that say who sent it (what a frame means belongs to
tablelog and the game adapters). One frame:

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
commitment and nonces, tablekeys).

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
    # commitment came: tablekeys explains the join code)
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


def tag(key, d):
    """T(k, d): the 4-byte tag of digest d under key k."""
    h = hashlib.sha256(key)
    h.update(d)
    return h.digest()[:TAG_LEN]


def digest(buf, n, domain=b"F"):
    h = hashlib.sha256(domain)
    h.update(memoryview(buf)[:n])
    return h.digest()[:HASH_LEN]


def _slot(mask, h):
    """Index of handheld h's tag in a tag vector for receivers `mask`."""
    return bits(mask & ((1 << h) - 1))


def _same(a, a0, b, b0, n):
    d = 0
    for i in range(n):
        d |= a[a0 + i] ^ b[b0 + i]
    return d == 0


class Codec:
    """Encodes into one reused buffer and decodes with a reject code; holds the table id, this
    handheld's number, the pairwise keys and every sender's frame-counter window."""

    def __init__(self):
        self.out = bytearray(MAX_FRAME)
        self.outmv = memoryview(self.out)
        self._req = bytearray(MAX_FRAME)     # a request's canonical bytes, for its tags
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
        t = self.table
        for i in range(4):
            b[1 + i] = (t >> (8 * i)) & 0xFF
            b[6 + i] = (rack >> (8 * i)) & 0xFF
        b[5] = rby
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
        d = digest(self._req, self._canon(f, rby, rack), b"R")
        k = 0
        for h in range(SEATS_MAX):
            if m & (1 << h):
                _copy(f.rtags, k * TAG_LEN, tag(self.keys[h], d), 0, TAG_LEN)
                k += 1

    def request_ok(self, f):
        """True if this handheld's tag in f.rtags (f.rby's, over f's entry and f.rack) verifies."""
        me = self.me
        key = self.keys[f.rby] if f.rby < SEATS_MAX else None
        if me >= SEATS_MAX or key is None or not f.rto & (1 << me):
            return False
        d = digest(self._req, self._canon(f, f.rby, f.rack), b"R")
        return _same(tag(key, d), 0, f.rtags, _slot(f.rto, me) * TAG_LEN, TAG_LEN)

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
        off = _put(b, 3, _HEADER, f)
        off = _put(b, off, LAYOUTS[t], f)
        if t == T_ENTRY:
            et = f.etype
            if et not in LOGGABLE:
                raise ValueError("not a loggable type")
            off = _put(b, off, LAYOUTS[et], f)
            b[off] = f.rby
            off = _put(b, off + 1, _RACK, f)
            off = self._put_rtags(b, off, f)
        elif t in LOGGABLE:
            off = self._put_rtags(b, off, f)
        elif t == T_SNAP:
            if f.dlen > SNAP_DATA_MAX:
                raise ValueError("snapshot chunk too long")
            _copy(b, off, f.data, 0, f.dlen)
            off += f.dlen
        if off + TAG_LEN * max(1, bits(to)) > MAX_FRAME:
            raise ValueError("frame too long")
        d = digest(b, off)
        if lobby:
            _copy(b, off, tag(LOBBY_KEY, d), 0, TAG_LEN)
            off += TAG_LEN
        else:
            for h in range(SEATS_MAX):
                if to & (1 << h):
                    _copy(b, off, tag(self.keys[h], d), 0, TAG_LEN)
                    off += TAG_LEN
        return self.outmv[:off]

    def _put_rtags(self, b, off, f):
        b[off] = f.rto
        n = bits(f.rto) * TAG_LEN
        _copy(b, off + 1, f.rtags, 0, n)
        return off + 1 + n

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
        code = self._check(data, t, table, seat, to, end)
        if code:
            return code
        f.type = t
        off = _get(data, 3, _HEADER, f)
        off = _get(data, off, LAYOUTS[t], f)
        if t == T_ENTRY:
            off = _get(data, off, LAYOUTS[et], f)
            f.rby = data[off]
            off = _get(data, off + 1, _RACK, f)
            off = self._get_rtags(data, off, f)
        elif t in LOGGABLE:
            f.rby = seat
            f.rack = f.ack
            self._get_rtags(data, off, f)
        elif t == T_SNAP:
            f.dlen = end - off
            _copy(f.data, 0, data, off, f.dlen)
        return OK

    def _check(self, data, t, table, seat, to, end):
        """The frame's tag for this handheld and its counter (the lobby's: the checksum)."""
        d = digest(data, end)
        if is_lobby(t):
            if self.table and table != self.table and t != T_ANNOUNCE:
                return R_FOREIGN
            return OK if _same(tag(LOBBY_KEY, d), 0, data, end, TAG_LEN) else R_TAG
        if table != self.table or not self.table:
            return R_FOREIGN
        me = self.me
        if seat >= SEATS_MAX or me >= SEATS_MAX or not to & (1 << me) or seat == me:
            return R_NOTME
        key = self.keys[seat]
        if key is None:
            return R_NOTME
        if not _same(tag(key, d), 0, data, end + _slot(to, me) * TAG_LEN, TAG_LEN):
            return R_TAG
        ctr = data[18] | (data[19] << 8) | (data[20] << 16) | (data[21] << 24)
        return OK if self._fresh(seat, ctr) else R_REPLAY

    def _get_rtags(self, data, off, f):
        f.rto = data[off]
        n = bits(f.rto) * TAG_LEN
        _copy(f.rtags, 0, data, off + 1, n)
        return off + 1 + n

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


_HEADER = (("table", 4), ("seat", 1), ("term", 2), ("seq", 4), ("ack", 4), ("ctr", 4), ("to", 1))
_RACK = (("rack", 4),)
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


def pack_req(f, buf, off):
    """The requester's part of an entry (rby, rack, rto, rtags) at buf[off:]; returns the end."""
    buf[off] = f.rby
    off = _put(buf, off + 1, _RACK, f)
    buf[off] = f.rto
    n = bits(f.rto) * TAG_LEN
    _copy(buf, off + 1, f.rtags, 0, n)
    return off + 1 + n


def unpack_req(buf, off, f):
    f.rby = buf[off]
    off = _get(buf, off + 1, _RACK, f)
    f.rto = buf[off]
    _copy(f.rtags, 0, buf, off + 1, bits(f.rto) * TAG_LEN)


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
