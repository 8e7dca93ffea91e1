"""tablemend: the half of a tablelog.Node that only runs when something went wrong. Pure: no I/O.

A table that plays without faults never loads it (its code stays off the heap): a Node imports it
the first time a laggard or a rebooted handheld needs a snapshot, one arrives, the sequencer is gone
or a new term is heard. It works on the Node's own state, as the Node's methods did:

    send_snapshot(node, dest)    the app's state to a laggard, streamed as numbered SNAP chunks
    on_snap(node, f, now)        one chunk in (from the sequencer only); when all are in, the state
                                 waits for a second witness: another handheld's VOUCH that its own
                                 state after the same entry hashes the same (a table of two has no
                                 other witness), and only then does the app restore it
    on_vouch(node, f)            a VOUCH: asked for one (zero hash), answer it; an answer, keep it
    follow(node, leader, now)    a new term led by another seat
    take_over(node, now)         this handheld leads, in a new term
    maybe_take_over(node, now)   the sequencer is silent: take over if this is the next live seat
    catch_up(node, now)          a new sequencer first fetches the furthest log any live seat has
"""
import hashlib

from dicecup.table import wire
from dicecup.core.compat import const

# It never imports tablelog (whose Node loads it): these are tablelog's (tests/test_imports.py checks
# that they match)
_BROADCAST = const(0xFF)   # tablelog.BROADCAST
_LOG_CAP = const(32)       # tablelog.LOG_CAP
_SNAP_MAX = const(6144)    # tablelog.SNAP_MAX
_PEND = const(8)           # tablelog.PEND
_TERM_TOP = const(0xFFF8)  # tablelog.TERM_TOP

_STEP = wire.SNAP_DATA_MAX
_HEAD = const(17)          # a snapshot starts with the chain (8), members (1) and hosts (8)
_ZERO = bytes(wire.CHAIN_LEN)
VOUCH_WAIT_MS = const(1500)  # a snapshot not vouched for by then is dropped (asked again later)


# ---- snapshots ---------------------------------------------------------------------------------
def send_snapshot(node, dest):
    out = _Chunks(node, dest)
    try:
        _snapshot(node, out)     # counts the bytes: every chunk frame names the total
        out.start()
        _snapshot(node, out)     # the same bytes again, sent chunk by chunk as written
    except IndexError:  # the state outgrew SNAP_MAX: the laggard must wait for a new game
        node.snap_too_big += 1
        return
    out.flush()


def _snapshot(node, out):
    for i in range(wire.CHAIN_LEN):
        out[i] = node.chain[i]
    out[8] = node.members
    for i in range(wire.SEATS_MAX):
        out[9 + i] = node.hosts[i]
    node.app.snapshot(out, _HEAD)


class _Hash:
    """Where a witness writes its own snapshot: the bytes are only hashed, never kept (64 at a
    time; digest() takes the rest)."""

    def __init__(self):
        self.h = hashlib.sha256()
        self.b = bytearray(64)
        self.n = 0

    def __setitem__(self, i, x):
        if i >= _SNAP_MAX:
            raise IndexError("snapshot too big")
        self.b[self.n] = x
        self.n += 1
        if self.n == 64:
            self.h.update(self.b)
            self.n = 0

    def digest(self):
        self.h.update(memoryview(self.b)[:self.n])
        return self.h.digest()


def _chunk(node, dest, k, n, total):
    f = node.tx
    f.type = wire.T_SNAP
    f.seq = node.applied
    f.k = k
    f.total = total
    f.dlen = n
    node._emit(dest, f)


class _Chunks:
    """What a snapshot is written into (the app's Out writes buf[i] = x, in order): each
    SNAP_DATA_MAX bytes go out as one SNAP frame at once, so no buffer ever holds the whole state.
    Until start() it only counts the bytes (IndexError past SNAP_MAX, like a full buffer)."""

    def __init__(self, node, dest):
        self.node = node
        self.dest = dest
        self.n = 0
        self.total = 0          # chunks; 0 while counting

    def start(self):
        self.total = (self.n + _STEP - 1) // _STEP
        self.n = 0

    def __setitem__(self, i, x):
        if i >= _SNAP_MAX:
            raise IndexError("snapshot too big")
        if self.total:
            k, j = divmod(i, _STEP)
            self.node.tx.data[j] = x
            if j == _STEP - 1:
                _chunk(self.node, self.dest, k, j + 1, self.total)
        if i >= self.n:
            self.n = i + 1

    def flush(self):
        j = self.n % _STEP
        if j:
            _chunk(self.node, self.dest, self.n // _STEP, j, self.total)


class Incoming:
    """A snapshot being received: its chunks in a buffer as large as it (rare, then gone)."""

    def __init__(self, seq, total, sender, now):
        self.seq = seq
        self.total = total
        self.sender = sender
        self.at = now
        self.began = now
        self.got = 0
        self.len = 0
        self.buf = bytearray(total * _STEP)
        self.digest = None      # set once every chunk is in
        self.asked = now


def on_snap(node, f, now):
    if f.seq <= node.applied or f.k >= f.total or f.total * _STEP > _SNAP_MAX + _STEP:
        return
    s = node._snap
    if s is not None and s.digest is not None and now - s.at < VOUCH_WAIT_MS:
        return  # a whole one waits for its witness
    if s is None or f.seq != s.seq or f.total != s.total or f.seat != s.sender:
        node._snap = None
        s = node._snap = Incoming(f.seq, f.total, f.seat, now)
    off = f.k * _STEP
    buf = s.buf
    if off + f.dlen > len(buf):
        return
    for i in range(f.dlen):
        buf[off + i] = f.data[i]
    if f.k == f.total - 1:
        s.len = off + f.dlen
    s.got |= 1 << f.k
    if s.got != (1 << f.total) - 1 or s.len < _HEAD:
        return
    h = hashlib.sha256(memoryview(buf)[:s.len])
    s.digest = h.digest()[:wire.CHAIN_LEN]
    s.at = now
    s.asked = now - ASK_MS
    if not _accept(node, now):
        tick(node, now)


ASK_MS = const(100)


def tick(node, now):
    """A whole snapshot without a witness yet: ask every handheld for its word on the state after
    that entry (again every ASK_MS: frames get lost), give up after VOUCH_WAIT_MS."""
    s = node._snap
    if s.digest is None:
        if now - s.at > 4 * VOUCH_WAIT_MS:
            node._snap = None  # chunks that never completed
        return
    if now - s.at > VOUCH_WAIT_MS:
        node._snap = None
        return
    if now - s.asked < ASK_MS:
        return
    if _accept(node, now):
        return
    s.asked = now
    f = node.tx
    f.type = wire.T_VOUCH
    f.seq = 0
    f.lo = s.seq
    f.chain[:] = _ZERO
    node._emit(_BROADCAST, f)


def on_vouch(node, f, now):
    if bytes(f.chain) == _ZERO:
        if f.lo == node.applied and node.applied:
            out = _Hash()
            try:
                _snapshot(node, out)
            except IndexError:
                return
            t = node.tx
            t.type = wire.T_VOUCH
            t.seq = 0
            t.lo = node.applied
            t.chain[:] = out.digest()[:wire.CHAIN_LEN]
            node._emit(f.seat, t)
        return
    s = node._snap
    if s is not None and s.digest is not None and f.lo == s.seq and f.seat != s.sender and \
            bytes(f.chain) == s.digest:
        s.sender = -1  # a second handheld vouched for it
        _accept(node, now)


def _witness(node, s, now):
    """Whether some handheld other than the snapshot's sender could vouch for it: one that is
    alive and has not said, in a heartbeat since the snapshot began, that it is behind it. Only
    when none could (a table of two, or every other handheld behind too) is the sequencer's word
    all there is."""
    keyed = node.codec.keyed()
    for x in range(wire.SEATS_MAX):
        if keyed & (1 << x) and x != s.sender and node.alive(x, now) and \
                (node._acked[x] >= s.seq or node._ack_time[x] - s.began < 0):
            return True
    return False


def _accept(node, now):
    s = node._snap
    if s.sender >= 0 and _witness(node, s, now):
        return False
    buf = s.buf
    mv = memoryview(buf)[_HEAD:s.len]
    if not node.app.restore(mv, s.seq):
        node._snap = None
        return True
    node.chain[:] = buf[:wire.CHAIN_LEN]
    node.members = buf[8]
    for i in range(wire.SEATS_MAX):
        node.hosts[i] = buf[9 + i]
    node.applied = s.seq
    node._last_term = 0  # unknown: the snapshot does not say who logged its last entry
    for i in range(_LOG_CAP):
        node._seqs[i] = 0
    node._snap = None
    for w in range(_PEND):  # what they asked for may be in the snapshot: the app asks anew
        node._plen[w] = 0
    return True


# ---- a new sequencer ---------------------------------------------------------------------------
def _drop_unapplied(node):
    """A new term: forget entries buffered past a gap. They are the old sequencer's, and the
    new one may never have had them (it catches up only to what the seats report applied):
    applied later, they would fork this log from the entries the new one logs in their place."""
    for i in range(_LOG_CAP):
        if node._seqs[i] > node.applied:
            node._seqs[i] = 0


def _rewatch(node, now):
    """A new sequencer: the requests kept for the watch are held to it from now on."""
    for w in range(_PEND):
        node._sat[w] = now
        node._srelayed[w] = 0


def follow(node, leader, now):
    _drop_unapplied(node)
    _rewatch(node, now)
    node._from = -1
    node.leader = leader
    node.ready = False
    node._leader_seen = now
    for w in range(_PEND):  # repeat requests to the new sequencer at once
        node._pnext[w] = now
        node._pwait[w] = 0


def maybe_take_over(node, now):
    old = node.leader if node.leader >= 0 else node.seat
    n = wire.SEATS_MAX
    s = old
    for _ in range(n):
        s = (s + 1) % n
        if node.members & (1 << s) and not node._gone(s, now):
            break
    if s != node.seat or (not node._bad & (1 << old) and now - node._leader_seen <
                          node.missing_ms):
        return
    take_over(node, now)


def take_over(node, now):
    # past the last term nobody takes over (never reached: 8,000 takeovers); a term seen out of
    # TERM_STEP's reach is never followed, so one forged frame cannot push the count there
    if node.term >= _TERM_TOP - 8:
        return
    node.term = (((node.term >> 3) + 1) << 3) | node.seat
    _drop_unapplied(node)
    node.leader = node.seat
    node.ready = False
    node._since = now
    node._heartbeat(now)


def catch_up(node, now):
    """A new sequencer first hears every live seat, fetches the furthest log any of them
    reports, and only then logs anything: what the old one logged is never overwritten."""
    best, top = -1, node.applied
    for s in range(wire.SEATS_MAX):
        if not node.members & (1 << s) or s == node.seat or not node.alive(s, now):
            continue
        if node._ack_time[s] - node._since < 0:
            return  # not heard since we took over: wait for its heartbeat
        if node._acked[s] > top:
            best, top = s, node._acked[s]
    if best < 0:
        node.ready = True
        for w in range(_PEND):
            if node._plen[w]:
                node._pnext[w] = now
    else:
        node._from = best  # its entries are taken too (checked like any sequencer's)
        node._nack(best, node.applied + 1, top, now)
