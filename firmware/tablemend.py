"""tablemend: the half of a tablelog.Node that only runs when something went wrong. Pure: no I/O.

A table that plays without faults never loads it (its code stays off the heap): a Node imports it
the first time a laggard or a rebooted handheld needs a snapshot, one arrives, the sequencer is gone
or a new term is heard. It works on the Node's own state, as the Node's methods did:

    send_snapshot(node, dest)    the app's state to a laggard, streamed as numbered SNAP chunks
    on_snap(node, f)             one chunk in; the app restores the state when all are in
    follow(node, leader, now)    a new term led by another seat
    take_over(node, now)         this handheld leads, in a new term
    maybe_take_over(node, now)   the sequencer is silent: take over if this is the next live seat
    catch_up(node, now)          a new sequencer first fetches the furthest log any live seat has
"""
import wire
from tablelog import LOG_CAP, PEND, SNAP_MAX

_STEP = wire.SNAP_DATA_MAX


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
    out[0] = node.members
    for i in range(wire.SEATS_MAX):
        out[1 + i] = node.hosts[i]
    node.app.snapshot(out, 1 + wire.SEATS_MAX)


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
        if i >= SNAP_MAX:
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

    def __init__(self, seq, total):
        self.seq = seq
        self.total = total
        self.got = 0
        self.len = 0
        self.buf = bytearray(total * _STEP)


def on_snap(node, f):
    if f.seq <= node.applied or f.k >= f.total or f.total * _STEP > SNAP_MAX + _STEP:
        return
    s = node._snap
    if s is None or f.seq != s.seq or f.total != s.total:
        node._snap = None
        s = node._snap = Incoming(f.seq, f.total)
    off = f.k * _STEP
    buf = s.buf
    if off + f.dlen > len(buf):
        return
    for i in range(f.dlen):
        buf[off + i] = f.data[i]
    if f.k == f.total - 1:
        s.len = off + f.dlen
    s.got |= 1 << f.k
    if s.got != (1 << f.total) - 1:
        return
    mv = memoryview(buf)[1 + wire.SEATS_MAX:s.len]
    if not node.app.restore(mv, f.seq):
        return
    node.members = buf[0]
    for i in range(wire.SEATS_MAX):
        node.hosts[i] = buf[1 + i]
    node.applied = f.seq
    node._last_term = 0  # unknown: the snapshot does not say who logged its last entry
    for i in range(LOG_CAP):
        node._seqs[i] = 0
    node._snap = None
    for w in range(PEND):  # what they asked for may be in the snapshot: the app asks anew
        node._plen[w] = 0


# ---- a new sequencer ---------------------------------------------------------------------------
def _drop_unapplied(node):
    """A new term: forget entries buffered past a gap. They are the old sequencer's, and the
    new one may never have had them (it catches up only to what the seats report applied):
    applied later, they would fork this log from the entries the new one logs in their place."""
    for i in range(LOG_CAP):
        if node._seqs[i] > node.applied:
            node._seqs[i] = 0


def follow(node, leader, now):
    _drop_unapplied(node)
    node.leader = leader
    node.ready = False
    node._leader_seen = now
    for w in range(PEND):  # repeat requests to the new sequencer at once
        node._pnext[w] = now
        node._pwait[w] = node.resend_ms


def maybe_take_over(node, now):
    old = node.leader if node.leader >= 0 else node.seat
    n = wire.SEATS_MAX
    s = old
    for _ in range(n):
        s = (s + 1) % n
        if node.members & (1 << s) and node.alive(s, now):
            break
    if s != node.seat or now - node._leader_seen < node.missing_ms:
        return
    take_over(node, now)


def take_over(node, now):
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
        for w in range(PEND):
            if node._plen[w]:
                node._pnext[w] = now
    else:
        node._nack(best, node.applied + 1, top, now)
