"""wire: the table's radio frames - binary, at most 250 bytes, versioned, tagged per receiver. Pure.

Owns the codec (Codec: a frame encoded, tagged, decoded and checked; the keys and the frame
counters) and the tags that say who sent a frame (what a frame means belongs to log and the game
adapters). The byte layout of every frame, its constants and the Frame are frame's; every module
reads them as wire.X (they are imported here). After a frame's header and body:

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

API (one Codec per handheld; the Frame and the out buffer are allocated once and reused):

    c = Codec(); c.seat_at(table_id, me); c.set_key(h, pairwise key (16 bytes) or None)
    f = Frame(); f.type = T_ACK; ...; mv = c.encode(f, to)  # memoryview into c's own buffer
    code = c.decode(data, f)                     # OK or a reject code R_*; never raises
    c.sign_request(f, rby, rack, rto)            # f.rtags for the entry in f (f.etype + body)
    c.request_ok(f)                              # this handheld's tag in f.rtags verifies
"""
import hashlib

from dicecup.table.frame import *  # noqa: F401,F403 (wire.T_ACK ... is every module's import path)
from dicecup.table.frame import (LAYOUTS, LOGGABLE, SIZES, _ENTRY_BODY, _get, _get_rtags, _put,
                                 _put4, _put_rtags, bits, is_lobby, pack_entry)
from dicecup.core.compat import const

# the header's and the codec's own
MAGIC = const(0xDC)
VERSION = const(3)
MAX_FRAME = const(250)
KEY_LEN = const(16)
NO_SEAT = const(0xFF)
EPOCH_SHIFT = const(20)  # ctr = boot epoch << 20 | frames sent since the boot

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

# frame's, here again: MicroPython folds a const() into the code of its own module only, and one
# imported is a name looked up at run time, which made the codec's frames a word bigger (on the
# heap: bytes allocated for every frame received). tests/test_consts.py checks that they agree.
HDR_LEN = const(23)
TAG_LEN = const(4)
HASH_LEN = const(16)
SEATS_MAX = const(8)
T_ANNOUNCE = const(1)
T_ENTRY = const(10)
T_SNAP = const(13)
T_LAST = const(25)
REQ_FIX = const(1)
ENTRY_FIX = const(6)
SNAP_DATA_MAX = const(191)

LOBBY_KEY = hashlib.sha256(b"dicecup lobby v2").digest()[:KEY_LEN]


def _copy(dst, d0, src, s0, n):
    for i in range(n):
        dst[d0 + i] = src[s0 + i]


# (what a received frame costs the heap: frame's note on its helpers holds for these too)

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
            off += SIZES[et] + ENTRY_FIX
            if off > end:
                return R_LENGTH
            off += TAG_LEN * bits(data[off - 1])
        elif t in LOGGABLE:
            off += REQ_FIX
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
