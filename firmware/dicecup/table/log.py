"""log: one handheld's part in keeping every handheld's log of a table identical. Pure: no I/O.

Owns ordering, delivery and failover; knows nothing of any game. Every handheld runs a Node. One of
them, the sequencer (`leader`), checks each request with the game (`app.check`) and gives it the next
sequence number; every Node applies the entries strictly in sequence order (`app.apply`), so every
game core sees the same actions in the same order (docs/protocol.md).

    node = Node(seat, codec, app, send, members, leader=0)
    node.receive(data, now_ms)       # a frame from the radio (anything: garbage is counted, dropped)
    node.tick(now_ms)                # heartbeats, resends with backoff, pause, takeover
    node.submit(f, now_ms)           # a request for a seat this handheld hosts (f.etype + body)

`send(dest, data)` puts a frame on the radio: dest a seat (unicast) or BROADCAST. Time is whatever
integer milliseconds the caller passes in (the device's ticks_ms, the simulator's clock).

The app (a game adapter such as snyd.SnydTable) provides:
    check(f) -> 0 or a reason code >= RJ_APP  (sequencer only, against everything logged so far)
    apply(f, seq)                             (every handheld, once per entry, in order)
    snapshot(buf, off) -> end offset; restore(mv, seq) -> True/False  (state after entry seq)
    rejected(who, reason, winner_seq)         (a request of a hosted seat was refused)

Delivery: entries are broadcast; every Node's heartbeat (ACK, about once a second) says "I applied
everything up to N"; the sequencer repeats by unicast what a heartbeat shows missing, with backoff.
A Node that sees a gap (or a sequencer heartbeat ahead of it) asks with NACK; one that is behind the
log's window gets a snapshot in numbered chunks. A request is repeated with backoff until its entry
is applied or a REJECT arrives; a repeated request that is already in the log is ignored.
Failure: a seat not heard from for MISSING_MS is missing and the sequencer pauses the table naming
it; when the sequencer itself is missing, the next seat clockwise that is alive takes over with
a new term, first catching up to the furthest log any live seat reports. A higher term wins when
the seat entitled to it claims it one step up (_entitled); a term's low three bits name its
sequencer, so two handhelds can never lead the same term. The sequencer's own entries (FORFEIT,
SEATS) are checked by every follower against its own clock and what it heard (_valid, _police).
Snapshots (each with a second witness) and failover are the Node's too (the last part of the class).
"""
import hashlib

from dicecup.table import wire
from dicecup.table.agree import Agree
from dicecup.core.compat import const

BROADCAST = const(0xFF)
LOG_CAP = const(32)          # entries kept for resends (an 8-seat round logs about 26);
                             # older ones are only in the app's state: a snapshot
AHEAD = const(8)             # out-of-order entries a follower keeps while it waits for a gap
_BODY = const(52)            # wire.ENTRY_MAX: a packed entry
_SLOT = const(90)            # ... and its requester's part (wire.REQ_MAX)
SLOT = _SLOT
SNAP_MAX = const(6144)       # largest snapshot (app state) a Node can send or receive
PEND = const(8)              # one outstanding request per seat

# REJECT reasons (the app's own codes start at RJ_APP)
RJ_LATE = const(1)           # another entry was logged first: the request lost a race
RJ_NOT_YOURS = const(2)      # the sender does not host that seat
RJ_WAIT = const(3)           # not yet by this handheld's own clock (an early FORFEIT): a
                             # follower holds the entry and asks the app again (_apply_ready)
RJ_FORGED = const(4)         # (broadcast by the sequencer) the requester's tag for it fails
RJ_APP = const(8)

# drop counters beyond wire's reject codes (index into Node.dropped)
D_STRANGER = const(11)       # sender not seated at this table
D_STALE = const(12)          # from an older term
D_DUP = const(13)            # an entry already applied
D_AHEAD = const(14)          # an entry too far ahead to buffer
D_CONFLICT = const(15)       # an entry that contradicts the log (a deposed sequencer's)
D_NOTLEADER = const(16)      # a request sent to a handheld that is not the sequencer
D_FORGED = const(17)         # an entry or request whose requester's tag does not verify
D_INVALID = const(18)        # an entry the rules refuse: its sequencer is not followed any more
D_SEIZE = const(19)          # a new term claimed while the sequencer is alive, or out of turn
D_ERROR = const(20)          # a frame whose handling raised (caught: never out of receive)
DROP_NAMES = wire.REASONS + ("stranger", "stale", "dup", "ahead", "conflict", "not-leader",
                             "forged", "invalid", "seize", "error")
TERM_TOP = const(0xFFF8)     # no takeover past this: terms never wrap

_F_LEADER_MASK = const(0x0F)  # ACK flags: low bits = the seat the sender follows (for display)
_F_PAUSED = const(0x10)
_F_HELD = const(0x20)         # ... our gate is held (a fork, an entry hidden from others, a disputed
                              # FORFEIT) or a fork made us leave our sequencer: no forfeit of us
_F_SNAP = const(0x40)         # ... and the missing byte names whom we are held on (a snapshot's
                              # sender and witness, or whom the gate waits for)
_NO_LEADER = const(0x0F)
_TERM_SEAT = const(7)         # a term's low 3 bits name its sequencer: terms never collide


_STEP = wire.SNAP_DATA_MAX
_HEAD = const(17)          # a snapshot starts with the chain (8), members (1) and hosts (8)
_ZERO = bytes(wire.CHAIN_LEN)
_NO_WORD = b"\xff" * wire.CHAIN_LEN  # a VOUCH answer: "my state rests on a sender's word"
_PAST = b"\xfe" * wire.CHAIN_LEN     # ... "I am past that entry" (ask for a newer snapshot)
VOUCH_WAIT_MS = const(1500)  # a snapshot not vouched for by then is dropped (asked again later)
RESTART_MS = const(5000)     # a snapshot is taken this long after we asked to start again


class _Hash:
    """Where a witness writes its own snapshot: the bytes are only hashed, never kept (64 at a
    time; digest() takes the rest)."""

    def __init__(self):
        self.h = hashlib.sha256()
        self.b = bytearray(64)
        self.n = 0

    def __setitem__(self, i, x):
        if i >= SNAP_MAX:
            raise IndexError("snapshot too big")
        self.b[self.n] = x
        self.n += 1
        if self.n == 64:
            self.h.update(self.b)
            self.n = 0

    def digest(self):
        self.h.update(memoryview(self.b)[:self.n])
        return self.h.digest()


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
                self.node._chunk(self.dest, k, j + 1, self.total)
        if i >= self.n:
            self.n = i + 1

    def flush(self):
        j = self.n % _STEP
        if j:
            self.node._chunk(self.dest, self.n // _STEP, j, self.total)


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
        self.vouched = False    # a handheld other than the sender vouched for it
        self.mute = 0           # handhelds that said they cannot vouch (_NO_WORD)
        self.said = 0           # handhelds that answered at all (_silent)
        self.due = 0            # handhelds at its entry when an ask went out (_silent)
        self.differ = False     # one answered with another state than this one's


ASK_MS = const(100)
ANSWER_MS = const(500)  # no ask in a vouch wait's last ANSWER_MS: every ask had that long for its
                        # answer (a handheld's longest loops, device time: docs/memory.md)


class Node:
    """A handheld's view of the table's log; the same code for sequencer and followers."""

    heartbeat_ms = 1000
    leader_heartbeat_ms = 500  # the sequencer's, more often: three lost ones must not depose it
    quiet_heartbeat_ms = 1250  # a follower's while no frame was lost lately (_lossy)
    quiet_leader_heartbeat_ms = 750  # ... and the sequencer's
    missing_ms = 3500
    resend_ms = 120           # a request is repeated this often resend_fast times, then the
    resend_fast = 4           # wait doubles up to resend_max_ms (a lost request was most of the
    resend_max_ms = 500       # slow presses at 30 % loss; a sequencer gone costs a few frames)
    nack_ms = 50              # at most one NACK per this long
    snap_ms = 1000            # at most one snapshot per laggard per this long
    relay_ms = 1000           # a follower hands a request it heard on to the sequencer after
    censor_ms = 7000          # this long, and stops following a sequencer that still leaves a
                              # valid request unlogged after this long (it ignores a seat),
                              # counted from when that sequencer began to be followed
    hold_ms = 400             # after sending one, the sequencer logs nothing for this long, so
                              # the other handhelds are at the same entry when asked to vouch
    tail_ms = 60              # the sequencer repeats its newest entry after this quiet time, and
    tail_repeats = 4          # again after twice as long: a lost last entry has no successor to
                              # reveal the gap, and heartbeats are a second apart
    lossy_ms = 20000          # ... but only while frames were lost this recently (_lossy)
    gate_ms = 7000            # a live handheld that confirms nothing this long (while its log
                              # shows no fork) holds a secret's act no longer: as a silent one
    gate_hb_ms = 100          # the heartbeat after an entry that asks for a reveal is repeated
                              # this long after, and twice that, while frames are lost
    split_ms = 20000          # ... and one whose log showed a fork, this long: well inside the
                              # 30 s deadline, so a liar's false chain costs no honest seat a forfeit
    peer_ms = 1000            # a follower that lags a peer of its term this long asks that peer
    snap_wait_ms = 3000       # a laggard that needs a snapshot and got none this long while its
                              # sequencer is heard asks a peer that applied more (_ask_snap); after
                              # censor_ms it says it is held, on the sequencer

    def __init__(self, seat, codec, app, send, members, leader=0, now=0):
        self.seat = seat
        self.codec = codec
        self.app = app
        self.send = send
        self.members = members          # bitmask of seated handhelds
        self.hosts = bytearray(range(wire.SEATS_MAX))  # game seat -> handheld that plays it
        self.term = leader if leader >= 0 else 0  # term >> 3 counts takeovers; & 7 = sequencer
        self.leader = leader            # -1: unknown (after a reboot, until it hears the table)
        self._since = now               # when this handheld last became the sequencer
        self.ready = leader == seat
        self.applied = 0
        self.missing = 0                # bitmask: seats not heard from (the sequencer's view)
        self.dropped = [0] * len(DROP_NAMES)
        self.frames_out = 0
        self.snap_too_big = 0
        self.bytes_out = 0
        self.on_frame = None            # the table's handler of ROSTER, TCODE and LEAVE frames
        self.error = None               # the last exception receive() caught (D_ERROR)
        self.chain = bytearray(wire.CHAIN_LEN)  # a hash over every entry applied: equal logs,
                                        # equal chains (a snapshot's second witness checks it)
        self.agree = Agree()            # what the others' heartbeats confirm of this log
        self.forks = 0                  # forks seen (another handheld's chain differs from ours)
        self._forkm = 0                 # handhelds whose chain differed, not yet acted on
        self._split = 0                 # handhelds whose log forked from ours (gates wait)
        self._fheld = now - 0x3FFFFFFF  # when our gate was last held (_F_HELD)
        self._fleft = False             # we left our sequencer for a fork (_F_HELD until a gate opens)
        self._fflag = 0                 # handhelds whose latest heartbeat said _F_HELD
        self._gwait = 0                 # the handhelds our gate waits for (agreed)
        self._spared = 0                # ... whose FORFEIT we did not log (_disputed)
        self._stopped = 0               # ... whose FORFEIT we hold, not applied (_disputed)
        self._fdisp = 0                 # seats whose request verified here, not at the sequencer
        self._rdisp = 0                 # a reseat entry we held as disputed: never refused after
        self._fj_at = [now - 1000] * wire.SEATS_MAX  # its last RJ_FORGED per seat (at most 2 a s)
        self._fent_at = now - 0x3FFFFFFF  # when our sequencer last sent an entry whose tag fails
        self._phase_seq = 0             # the entry that began the app's current phase
        self._phase = -1                # ... that phase
        self._gate = -1                 # the entry a gate waits on, and since when (agreed)
        self._gate_at = now
        self._peer_n = -1               # the entry we lacked when a peer of our term had it,
        self._peer_at = now             # ... since when (_ask_peer)
        self._peer_x = 0                # the peer asked last
        self._hb_now = False            # a heartbeat is due at the next tick
        self._hb_sent = now             # when the last one went out
        self._hb_rep = 0                # ... repeats of it still due (a gate's), and when
        self._hb_rep_at = now
        self._resync = False            # our log forked in a term: apply nothing more until the
        #                                 sequencer we follow showed our log (or sent its state)
        self._resync_at = now
        # the log window: ring of packed entries, each with its requester's part
        self._slab = bytearray(LOG_CAP * _SLOT)
        self._slabmv = memoryview(self._slab)  # (its slices are no copies)
        self._seqs = [0] * LOG_CAP
        self._terms = [0] * LOG_CAP
        self._etime = [0] * LOG_CAP
        self._mine = bytearray(LOG_CAP)  # 1: checked by this handheld as it logged it
        self._by = bytearray(LOG_CAP)   # the handheld whose frame brought it (what it vouches for)
        # what we know of every other handheld
        n = wire.SEATS_MAX
        self._heard = [now] * n
        self._acked = [0] * n
        self._ack_time = [now - 1] * n  # before any heartbeat: a takeover at boot waits for them
        self._member_at = [now] * n     # when each became a member here (a game's SEATS)
        self._resend_at = [0] * n
        self._tries = bytearray(n)
        self._snap_at = [-self.snap_ms] * n
        self._tseen = [0] * n           # the newest term each handheld sent a frame in
        self._tlast = [0] * n           # ... and the term of its latest frame (_outvoted)
        self._tfol = bytearray(b"\x0f" * n)  # the seat its latest heartbeat follows (0x0F: none)
        self._bad = 0                   # handhelds whose entries the rules refused: never followed
        self._from = -1                 # a new sequencer takes entries from this seat too
        self._skip = 0                  # ... but not from these: their log held an entry we refused
        self._back = leader < 0         # back from a reboot, not caught up since: it saw nothing
        self._boot = now
        self._btop = self.term          # following nobody: the highest term any handheld kept
        #                                 (the boot election, _heir; keep restores ours)
        # our own requests in flight
        self._pbuf = bytearray(PEND * _SLOT)
        self._plen = bytearray(PEND)
        self._pseq = [0] * PEND
        self._pnext = [0] * PEND
        self._pwait = bytearray(PEND)   # how often each was sent (its resend interval)
        # requests heard on the air (a follower's watch on the sequencer: _watch, _judge)
        self._sbuf = bytearray(PEND * _SLOT)
        self._slen = bytearray(PEND)
        self._sat = [0] * PEND
        self._srelayed = bytearray(PEND)
        self._reqno = now & 0xFFFF      # so a REJECT from before a reboot matches nothing new
        # snapshot being received
        self._snap = None               # Incoming while a snapshot is in transit
        self._restart_at = now - RESTART_MS  # when we last asked to start again from one
        self._want_n = -1               # the entry we stood at needing a snapshot, since when
        self._want_at = now             # (_ask_snap)
        self._speer = -1                # the peer we asked for its snapshot (taken as the
        self._speer_at = now - self.snap_ms  # sequencer's, with the same witness), and when
        self._swait = 0                 # the witnesses the last whole snapshot waited on in vain
        self._sheld = 0                 # whom a snapshot holds us on (_F_SNAP): its sender and a
        self._sheld_at = now - 0x3FFFFFFF  # witness that differs, or a sequencer that sends none
        self._fon = bytearray(wire.SEATS_MAX)  # whom each handheld's heartbeat says that of
        self._word_seq = 0              # our state came from a snapshot nobody vouched for, taken
                                        # at this entry (0: none): no secret on a phase begun by then
        self._nack_at = -self.nack_ms
        self._hold = -1                 # the sequencer logs nothing until then (a snapshot out)
        self._clock = now               # the time of the last tick or frame
        self._hb_at = now - self.heartbeat_ms + seat * 37  # spread the first heartbeats
        self._leader_seen = now
        self._lead_at = now             # when we began to follow this term (_entitled)
        self._seq_at = now              # ... and this sequencer, whatever its term (the watch)
        self._waiting = 0               # an entry held until our clock agrees (RJ_WAIT)
        self._held = 0                  # the entry we last tried to apply, and since when
        self._held_at = now
        self._behind_at = now           # since when we lag the log we chase, making no progress
        self._behind_n = 0              # (applied stayed at this): a follower the sequencer's
                                        # claim (_starved), a new sequencer a seat's (_catch_up)
        self._starved_at = now          # when _starved last looked (a gap: it counts afresh)
        self._tail_at = -1              # when to repeat the newest entry (-1: not due)
        self._last_term = 0             # the term of the last entry applied
        self._tail_n = 0
        self._gaps = 0                  # the codec's count of counter gaps when last looked at
        self._loss_at = now - self.lossy_ms  # when frames were last seen lost (_lossy)
        self.rx = wire.Frame()
        self.tx = wire.Frame()
        # entries are unpacked into tx too: whatever unpacks one (applying, serving, a request
        # from poll) is done with it before the next frame goes out (a Frame is large: one less)
        self.tmp = self.tx
        self._scratch = bytearray(_SLOT)

    # ---- public queries ------------------------------------------------------------------
    def is_leader(self):
        return self.leader == self.seat

    def paused(self):
        return self.missing != 0

    def caught_up(self):
        """True when this handheld has applied all the sequencer last said it had: only then may
        its seats act (a rebooted one replaying old entries must not answer them). An entry held
        until our own clock agrees (RJ_WAIT) counts as caught up: a seat named late too early
        must still be able to send what it owes."""
        if self.leader < 0:
            return False
        return self.is_leader() or self.applied >= self._acked[self.leader] or \
            self._waiting == self.applied + 1

    def keyed_all(self):
        """True when this handheld shares a key with every handheld of the game: only then do its
        requests carry a tag for each of them (one left out could never check that entry)."""
        m = self.members
        return (self.codec.keyed() | 1 << self.seat) & m == m

    def pending(self, who):
        return self._plen[who] != 0

    def holds(self, h, seq):
        """True if handheld h's latest heartbeat said it applied entry seq."""
        return self._acked[h] >= seq

    def slot(self, seq):
        """Logged entry `seq` as stored (its packed body and requester's part, SLOT bytes) and its
        term, if it is still in the window; else None. keep keeps the newest on flash."""
        i = seq % LOG_CAP
        if seq < 1 or self._seqs[i] != seq:
            return None
        return memoryview(self._slab)[i * _SLOT:(i + 1) * _SLOT], self._terms[i]

    def put_slot(self, seq, term, b):
        """Put an entry this handheld applied before a restart back in the window (keep), so
        it can serve it to a handheld that lacks it, and tell it from another entry there."""
        i = seq % LOG_CAP
        self._slab[i * _SLOT:(i + 1) * _SLOT] = b
        self._seqs[i] = seq
        self._terms[i] = term
        self._etime[i] = self._clock
        self._mine[i] = 0

    def entry(self, seq, f):
        """Fill f with logged entry `seq` (and its requester's part) if it is still in the window;
        returns True if it was."""
        i = seq % LOG_CAP
        if seq < 1 or self._seqs[i] != seq:
            return False
        wire.unpack_entry(self._slabmv, i * _SLOT, f)
        wire.unpack_req(self._slabmv, i * _SLOT + _BODY, f)
        f.seq = seq
        f.eterm = self._terms[i]
        return True

    # ---- sending ------------------------------------------------------------------------
    def tell(self, f):
        """A keyed frame the log does not keep (the host's ROSTER, a teammate's HINT) to every
        handheld of the table."""
        self._emit(BROADCAST, f)

    def _emit(self, dest, f):
        f.table = self.codec.table
        f.seat = self.seat
        f.term = self.term
        if f.type not in wire.LOGGABLE:
            f.ack = self.applied  # a request keeps the state it was made in (see submit)
        try:
            mv = self.codec.encode(f, -1 if dest == BROADCAST else 1 << dest)
        except ValueError:
            return  # nobody to tag it for (a table of one so far)
        self.frames_out += 1
        self.bytes_out += len(mv)
        if dest == BROADCAST and f.type == wire.T_ENTRY and self.is_leader():
            # an entry to everyone says all a heartbeat would (alive, applied up to N): the next
            # heartbeat waits (heartbeats were most of a table's frames)
            self._hb_at = self._clock
        self.send(dest, mv)

    def _send_entry(self, dest, seq):
        f = self.tx
        if not self.entry(seq, f):
            return False
        self._emit(dest, f)
        return True

    def _heartbeat(self, now):
        f = self.tx
        f.type = wire.T_ACK
        f.seq = 0
        lead = self.leader if self.leader >= 0 else _NO_LEADER
        held = self._gate_held(now)
        # a held follower names whom it is held on (a snapshot's sender and witness, or whom its
        # gate waits for) to every screen: a player out of the game that kept one honest
        # player's gate shut was named on that player's screen only, never on the sequencer's,
        # the one with the pause's choices (attacks/watcher_holds_one.py). The sequencer's
        # missing byte is the table's pause (followers copy it), so it says nothing else
        on = self._sheld if self._snap_held(now) else \
            self.held_on() & ~(1 << self.seat) if held and not self.is_leader() else 0
        f.flags = lead | (_F_PAUSED if self.missing else 0) | \
            (_F_HELD if held else 0) | (_F_SNAP if on else 0)
        f.missing = on if on else self.missing
        f.chain[:] = self.chain
        self._emit(BROADCAST, f)
        self._hb_at = self._hb_sent = now

    def _nack(self, dest, lo, hi, now):
        if now - self._nack_at < self.nack_ms or dest < 0 or dest == self.seat:
            return
        self._nack_at = now
        if not lo:
            self._restart_at = now  # we asked for a snapshot (_asked)
        f = self.tx
        f.type = wire.T_NACK
        f.seq = 0
        f.lo = lo
        f.hi = hi
        self._emit(dest, f)

    def _reject(self, dest, req, who, reason, lo):
        f = self.tx
        f.type = wire.T_REJECT
        f.seq = req
        f.who = who
        f.reason = reason
        f.lo = lo
        self._emit(dest, f)

    def _send_snapshot(self, dest, now):
        if now - self._snap_at[dest] >= self.snap_ms:
            self._snap_at[dest] = now
            if self.is_leader():
                self._hold = now + self.hold_ms
            self._stream_snapshot(dest)

    # ---- requests from this handheld --------------------------------------------------------
    def _everyone(self):
        return self.codec.keyed() | (1 << self.seat)

    def submit(self, f, now):
        """Queue a request (f.etype and its body set; f.who a seat this handheld hosts). It is
        repeated until logged or refused. Returns False if that seat already has one in flight."""
        who = f.who
        if self._plen[who]:
            return False
        self.codec.sign_request(f, self.seat, self.applied, self._everyone())
        off = who * _SLOT
        self._plen[who] = wire.pack_entry(f, self._pbuf, off) - off
        wire.pack_req(f, self._pbuf, off + _BODY)
        self._reqno += 1
        self._pseq[who] = self._reqno
        self._pnext[who] = now
        self._pwait[who] = 0
        self._send_pending(who, now)
        if self.leader >= 0 and not self.is_leader() and not self._lossy(now):
            self._hb_at = now  # a request to everyone says "alive" as a heartbeat would; not
            # while frames are lost: then the heartbeat's "applied up to N" is what makes the
            # sequencer resend in time (waiting for it made p95 latency at 30 % loss 30 % worse).
            # Not the sequencer's own: it goes on no air, and a bot's request refused each tick
            # kept an honest sequencer silent until a follower took over (a split table)
        return True

    def log_local(self, f, now):
        """The sequencer logs an entry of its own that belongs to no seat (SEATS: a new game;
        FORFEIT: a seat missed a deadline). Returns 0, or why not: RJ_NOT_YOURS when not the ready
        sequencer, else the app's reason."""
        if not self.is_leader() or not self.ready:
            return RJ_NOT_YOURS
        self.app.now = now
        reason = self.app.check(f)
        if reason:
            return reason
        if f.etype == wire.T_SEATS and (not self._reseat_ok(f, now) or
                                        f.flags & wire.SEATS_RESEAT and
                                        self._reseat_disputed(f, now)):
            return RJ_NOT_YOURS
        self.codec.sign_request(f, self.seat, self.applied, self._everyone())
        self._sequence(f, now)
        return 0

    def _sequence(self, f, now):
        """The sequencer logs f as the next entry, applies it and broadcasts it."""
        seq = self.applied + 1
        self._store(seq, self.term, f, now, 1)
        self._apply_ready(now)
        self._send_entry(BROADCAST, seq)
        self._tail_at = now + self.tail_ms
        self._tail_n = 0

    def _send_pending(self, who, now):
        f = self.tx
        off = who * _SLOT
        wire.unpack_entry(self._pbuf, off, f)
        wire.unpack_req(self._pbuf, off + _BODY, f)
        f.type = f.etype
        f.seq = self._pseq[who]
        f.seat = self.seat
        f.ack = f.rack
        if self.is_leader():
            if self.ready:
                self._on_request(f, now)
            return
        if self.leader < 0:
            return
        # to everyone: the followers hold the sequencer to it (_watch), not only the sequencer
        if not self._slen[who]:
            self._keep(f, who, now)
        self._emit(BROADCAST, f)
        w = self._pwait[who]
        wait = self.resend_ms
        if w >= self.resend_fast:
            wait = min(wait << (w - self.resend_fast + 1), self.resend_max_ms)
        self._pnext[who] = now + wait
        if w < 15:
            self._pwait[who] = w + 1

    def _match_pending(self, f):
        who = f.who
        n = self._plen[who]
        if not n or self._pbuf[who * _SLOT] != f.etype:
            return
        end = wire.pack_entry(f, self._scratch, 0)
        if end != n:
            return
        base = who * _SLOT
        for i in range(n):
            if self._scratch[i] != self._pbuf[base + i]:
                return
        self._plen[who] = 0

    # ---- the sequencer --------------------------------------------------------------------
    def _logged_since(self, f, after):
        """True if an entry equal to request f is in the log after sequence `after` (a repeat)."""
        end = wire.pack_entry(f, self._scratch, 0)
        lo = max(after + 1, self.applied - LOG_CAP + 1, 1)
        for seq in range(lo, self.applied + 1):
            i = seq % LOG_CAP
            if self._seqs[i] != seq:
                continue
            b = i * _SLOT
            same = True
            for j in range(end):
                if self._slab[b + j] != self._scratch[j]:
                    same = False
                    break
            if same:
                return True
        return False

    def _on_request(self, f, now):
        sender = f.rby  # the requester: the sender, or whoever it asked to hand its request on
        f.etype = f.type
        if f.type == wire.T_SEATS or f.type == wire.T_FORFEIT or f.who >= wire.SEATS_MAX or \
                self.hosts[f.who] != sender:
            self._refuse(sender, f, RJ_NOT_YOURS, 0)
            return
        if not self.codec.request_ok(f):
            self.dropped[D_FORGED] += 1
            if sender != self.seat and f.seat == sender and now - self._fj_at[f.who] >= 500:
                # (only for a request straight from its requester: a copy handed on by another
                # seat may be that seat's own make-up in the requester's name, and would put an
                # innocent seat in dispute: attacks/forged_hand_on.py; the direct copy, if there
                # is one, draws this answer itself)
                # said to everyone: a follower whose own tag verified cannot tell whether the
                # requester or we lie, so it must neither depose us as a censor nor take a
                # FORFEIT of that seat (attacks/rto_frame.py: a bid tagged for all but us got
                # the honest sequencer deposed 7 s on)
                self._fj_at[f.who] = now
                self._reject(BROADCAST, f.seq, f.who, RJ_FORGED, 0)
            return
        if now < self._hold:
            # a snapshot waits for its witnesses: kept (one per seat) and logged once the hold
            # ends (_unhold). Dropped, a seat's NACK 0 timed before each hand-on of a request
            # would make the honest sequencer look like a censor to the follower relaying it
            if sender != self.seat and not self._slen[f.who]:
                self._keep(f, f.who, now)
            return
        if self._logged_since(f, f.ack if sender != self.seat else 0):
            if sender == self.seat:
                self._match_pending(f)
            else:  # a repeat: its entry did not reach the sender yet
                self._serve(sender, f.ack + 1, self.applied, now)
            return
        self.app.now = now
        reason = self.app.check(f)
        if reason:
            late = f.ack < self.applied and sender != self.seat
            if late:
                reason, lo = RJ_LATE, f.ack + 1
            else:
                lo = self.applied
            self._refuse(sender, f, reason, lo)
            return
        self._sequence(f, now)

    def _unhold(self, now):
        """The sequencer's hold is over: the requests kept during it (in the watch's buffer, which
        a sequencer does not use otherwise) go through _on_request now."""
        f = self.tmp
        for w in range(PEND):
            if self._slen[w]:
                off = w * _SLOT
                wire.unpack_entry(self._sbuf, off, f)
                wire.unpack_req(self._sbuf, off + _BODY, f)
                self._slen[w] = 0
                f.type = f.etype
                f.ack = f.rack
                f.seq = 0
                self._on_request(f, now)

    def _refuse(self, sender, f, reason, lo):
        if sender == self.seat:
            if f.who < PEND:
                self._plen[f.who] = 0
                self.app.rejected(f.who, reason, lo)
        else:
            self._reject(sender, f.seq, f.who, reason, lo)

    def _store(self, seq, term, f, now, mine=0):
        i = seq % LOG_CAP
        wire.pack_entry(f, self._slab, i * _SLOT)
        wire.pack_req(f, self._slab, i * _SLOT + _BODY)
        self._seqs[i] = seq
        self._terms[i] = term
        self._etime[i] = now
        self._mine[i] = mine
        self._by[i] = self.seat if mine else f.seat

    def _valid(self, f, now):
        """0 when entry f may be applied now: its requester plays the seat it speaks for (SEATS and
        FORFEIT: the sequencer of its term logged it) and the rules allow it. A follower checks
        every entry it did not log itself, so a sequencer can only order what seats asked for."""
        if f.etype == wire.T_SEATS or f.etype == wire.T_FORFEIT:
            if f.rby != f.eterm & _TERM_SEAT:
                return RJ_NOT_YOURS
            if f.etype == wire.T_FORFEIT and self._heard_from(f.who, now):
                return RJ_NOT_YOURS
            d = self._disputed(f.who, now) if f.etype == wire.T_FORFEIT else 0
            if d:
                # the named seat says it is held, or that it lacks the phase's first entry, and
                # our sequencer says it is late: one of them lies, and a seat may tell each
                # handheld something else (attacks/flag_split.py), so neither is blamed. We hold
                # the entry and stop here, and our heartbeats say we are held: the table stops,
                # paused, where before one story or the other was taken
                self._fheld = now
                self._stopped = d
                return RJ_WAIT
            if f.etype == wire.T_SEATS:
                why = self._reseat_why(f, now)
                if why:
                    return why
        elif f.who >= wire.SEATS_MAX or self.hosts[f.who] != f.rby:
            return RJ_NOT_YOURS
        f.ack = f.rack
        self.app.now = now
        return self._app_check(f)

    def _reseat_why(self, f, now):
        """0 when SEATS entry f may be applied as far as seating goes, else RJ_WAIT (held: tick
        asks again) or RJ_NOT_YOURS (the sequencer's lie: it is not followed any more)."""
        if self._reseat_ok(f, now):
            if not f.flags & wire.SEATS_RESEAT or self._back and self._replayed(f.seq):
                return 0
            d = self._reseat_disputed(f, now)
            if not d:
                return 0
            # a reseat our own observation would take, off a handheld whose word says it must
            # not (held, disputed, or it lacks our log): neither is blamed, held as a disputed
            # FORFEIT is; and never refused later (below)
            self._rdisp = f.seq
        else:
            lately = getattr(self.app, "held_lately", None)
            if f.seq != self._rdisp and (lately is None or not lately(now)):
                if self._reseat_ok(f, now, ~(1 << self.seat)) and \
                        now - self._held_at < self.missing_ms:
                    # every move but a seat's absence holds: we heard it lately, where the
                    # sequencer may have lost it just before. Held half the missing time more
                    # (its silence then shows here too), then refused: a sequencer that reseats
                    # a seat we still hear is not followed (tick asks again meanwhile)
                    return RJ_WAIT
                return RJ_NOT_YOURS
            # held as disputed (or our table was held lately), it is never refused: a hold
            # restarts the move clocks here (Table._hold_clock), so a seat that flagged to us
            # alone around a stalled seat's reseat (its own or another's) got the honest
            # sequencer refused and left (attacks/reseat_dispute_flip.py). Held until our own
            # clock agrees, naming the handhelds it moves seats off (the table stops meanwhile)
            d = self._moved_off(f)
        self._fheld = now
        self._stopped = d
        return RJ_WAIT

    def _moved_off(self, f):
        """The handhelds (a mask) that SEATS entry f moves a seat off."""
        m = 0
        for s in range(min(f.n, wire.SEATS_MAX)):
            if f.hosts[s] != self.hosts[s]:
                m |= 1 << self.hosts[s]
        return m

    def _app_check(self, f):
        # (its own method: with the try, _valid's frame would go on the heap at every entry)
        try:
            return self.app.check(f)
        except Exception:  # whatever a malformed entry does to the rules core: refused
            return RJ_APP

    def _apply_ready(self, now):
        if self._resync and not self._resynced(now):
            return
        f = self.tmp
        while True:
            seq = self.applied + 1
            if not self.entry(seq, f):
                return
            i = seq % LOG_CAP
            if f.eterm < self._last_term:
                # buffered from a deposed sequencer (terms never go down along the log): drop it
                self._seqs[i] = 0
                self.dropped[D_STALE] += 1
                return
            if self._held != seq:
                self._held, self._held_at = seq, now
            why = 0 if self._mine[i] else self._valid(f, now)
            if why == RJ_WAIT:
                self._waiting = seq  # tick asks again; it is applied, or refused, in time
                return
            if why and self.term > self._last_term and self._by[i] == self.leader and \
                    not self.is_leader() and not self.agree.confirmed(self.leader, self.applied):
                # an entry a new sequencer brings on top of an older term's log (of its term, or
                # of the older one: its log goes on past ours), refused by our state, and that
                # sequencer never showed our log: ours may be the forked one (an old sequencer
                # gave us another entry at some place than it gave the new one). Start again
                # from the new sequencer's state instead of blaming it; if our log was its, the
                # entry is refused again on its state, and then it is blamed
                # (attacks/equivocate.py: two honest handhelds left each other for good)
                self._seqs[i] = 0
                self._nack(self.leader, 0, 0, now)
                self._resync = True
                self._resync_at = now
                return
            if why:
                # the sequencer logged what the rules refuse (or for a seat its requester does not
                # play): it is not followed any more, and the next seat takes over
                self._seqs[i] = 0
                self.dropped[D_INVALID] += 1
                # the handheld that sent it: eterm is only that sender's word, so blaming the
                # term's sequencer would let any sender name an innocent seat
                self._distrust(self._by[i])
                if self.is_leader() and not self.ready and self._from >= 0:
                    # catching up from a log that holds it: not from that seat (it comes back
                    # from our snapshot: D_CONFLICT)
                    self._skip |= 1 << self._from
                    self._from = -1
                return
            self._last_term = f.eterm
            self.applied = seq
            self._chain(i)
            self._forkm |= self.agree.mine(seq, f.eterm, self.chain)
            try:
                if f.etype == wire.T_SEATS:
                    self._seats(f)
                self.app.apply(f, seq)
                self._stopped = 0  # (a FORFEIT we held is applied, or another entry came first)
                ph = getattr(self.app, "phase", -1)
                if ph != self._phase:
                    self._phase = ph
                    self._phase_seq = seq
                if getattr(self.app, "gate_seq", -1) == seq and not self.is_leader():
                    # a secret's act is due after this entry: every handheld says at once what
                    # it holds, so the gates open without waiting for a periodic heartbeat (and
                    # twice more while frames are lost)
                    self._hb_now = True
                    self._hb_rep = 2
                    self._hb_rep_at = now + self.gate_hb_ms
            except Exception:
                # checked, and still it broke the game's state: start again from a snapshot
                self.dropped[D_ERROR] += 1
                self._nack(self.leader, 0, 0, now)
                return
            if f.etype != wire.T_SEATS and f.etype != wire.T_FORFEIT:
                self._slen[f.who] = 0  # that seat was heard: whatever it asked is answered
                self._fdisp &= ~(1 << f.who)
                if self.hosts[f.who] == self.seat:
                    self._match_pending(f)

    def _chain(self, i):
        # (names reused: with more words its frame would go on the heap at every entry)
        h = hashlib.sha256(self.chain)
        b = i * _SLOT  # the entry's own bytes only: the rest of its slot is an older entry's
        i = b + wire.entry_len(self._slab[b])
        h.update(self._slabmv[b:i])
        h = h.digest()
        for i in range(wire.CHAIN_LEN):  # (a slice of the digest would be one more object)
            self.chain[i] = h[i]

    def _distrust(self, h):
        if h != self.seat:
            self._bad |= 1 << h

    def _seats(self, f):
        m = 0
        for s in range(f.n):
            if f.kinds[s]:
                self.hosts[s] = f.hosts[s]
                m |= 1 << f.hosts[s]
        for h in range(wire.SEATS_MAX):
            if m & ~self.members & (1 << h):
                self._member_at[h] = self._clock  # (its heartbeats until now were a stranger's)
        self.members = m

    def _serve(self, dest, lo, hi, now):
        """Send entries lo..hi (at most AHEAD of them) to dest, or a snapshot if lo is gone."""
        if lo > self.applied:
            return
        if lo < 1 or not self.entry(lo, self.tmp):
            self._send_snapshot(dest, now)  # any seat's state will do: all apply the same log
            return
        hi = min(hi, self.applied, lo + AHEAD - 1)
        for seq in range(lo, hi + 1):
            self._send_entry(dest, seq)

    # ---- receiving ------------------------------------------------------------------------
    def receive(self, data, now):
        """A frame from the radio: its reject or drop code (0: taken). Never raises: whatever a
        frame does, a handheld keeps running (D_ERROR counts what was caught)."""
        try:
            code = self._receive(data, now)
            if self._forkm:
                self._on_forks(now)
            return code
        except Exception as e:
            self.dropped[D_ERROR] += 1
            self.error = e  # the last one caught: a bug to find, never a crash
            return D_ERROR

    def _receive(self, data, now):
        self._clock = now
        f = self.rx
        code = self.codec.decode(data, f)
        if code:
            self.dropped[code] += 1
            return code
        t = f.type
        if wire.is_lobby(t):
            return 0  # lobby frames are the lobby's business
        s = f.seat
        if t == wire.T_ROSTER or t == wire.T_LEAVE or t == wire.T_TCODE:
            if self.on_frame:
                self.on_frame(f)
            return 0
        if t == wire.T_VOUCH:  # any handheld of the table may witness (or ask for) a state
            self._on_vouch(f, now)
            return 0
        if not self.members & (1 << s):
            if t == wire.T_NACK and self.is_leader():
                # a handheld of this table (the frame verified under a key it shares with us) with
                # no seat in this game, e.g. back after its seat went to a bot: it may watch, so it
                # gets what it asks for, and takes no other part (it is not waited for, nor missed)
                if f.lo:
                    self._serve(s, f.lo, f.hi, now)
                else:
                    self._send_snapshot(s, now)
            self.dropped[D_STRANGER] += 1
            return D_STRANGER
        if t == wire.T_HINT:  # a team Yatzy suggestion: advice for the game, nothing for the log
            self.app.hint(f)
            return 0
        self._heard[s] = now
        if f.term > self._tseen[s]:
            self._tseen[s] = f.term
        self._tlast[s] = f.term
        if t == wire.T_ACK:
            self._acked[s] = f.ack
            self._ack_time[s] = now
            self._tfol[s] = f.flags & _F_LEADER_MASK
            if f.flags & _F_HELD:
                self._fflag |= 1 << s
            else:
                self._fflag &= ~(1 << s)
            self._fon[s] = f.missing if f.flags & _F_SNAP else 0
            if self.agree.heard(s, f.ack, f.chain, self.applied):
                self._forkm |= 1 << s
            if self._tfol[s] == _NO_LEADER and self.leader < 0 and f.term > self._btop and \
                    (f.term >> 3) - (self.term >> 3) <= 1 and f.term < TERM_TOP:
                # the term it kept through its boot: at most one takeover past ours (the kept
                # terms of a table that restarted at once differ by a takeover under way at most;
                # a claim beyond is a lie, and would let a seat march the term to the top)
                self._btop = f.term
        if f.term > self.term or (self.leader < 0 and f.term >= self.term):
            if self._term_ok(f.term, now):
                self.term = f.term
                lead = f.term & _TERM_SEAT
                if lead == self.seat:
                    self._take_over(now)  # we led before a reboot: lead again, but in a new term
                else:
                    self._follow(lead, now)
            else:
                self.dropped[D_SEIZE] += 1
                if t == wire.T_ENTRY or t == wire.T_SNAP:
                    self._not_from(s)
                    return D_SEIZE
        elif f.term < self.term and (t == wire.T_ENTRY or t == wire.T_SNAP):
            self.dropped[D_STALE] += 1
            return D_STALE
        if s == self.leader:
            self._leader_seen = now
            if t == wire.T_ACK:
                self.missing = f.missing
        if t == wire.T_ENTRY:
            return self._on_entry(f, now)
        if t == wire.T_ACK:
            if s == self.leader and f.ack > self.applied and not self._waiting and \
                    not self._resync and not self._forkm & (1 << s):
                # (not after a fork with it: its state, not its entries; that NACK, asked for
                # at once by _on_forks, would fall within this one's nack_ms every heartbeat)
                self._nack(s, self.applied + 1, f.ack, now)
            return 0
        if t == wire.T_NACK:
            self._loss_at = now  # somebody missed something
            if f.lo == 0:
                if self.is_leader() or self.applied and not (
                        self._word_seq or self._back or self._resync or self._snap is not None):
                    # a follower too (a laggard whose sequencer sends it no snapshot asks a
                    # peer: _ask_snap); never a state that rests on a sender's word, nor one
                    # not caught up or being checked: one word is never passed on as two
                    self._send_snapshot(s, now)
            else:
                self._serve(s, f.lo, f.hi, now)
            return 0
        if t == wire.T_SNAP:
            if s == self.leader or s == self._from or s == self._speer:  # the sequencer's (or,
                # for a new one, the seat it catches up from; or the peer we asked, _ask_snap),
                # and only with a second witness (_on_snap)
                self._on_snap(f, now)
            return 0
        if t == wire.T_REJECT:
            w = f.who
            if s == self.leader and w < wire.SEATS_MAX and f.reason == RJ_FORGED and \
                    not self.is_leader() and self.hosts[w] != s:  # (never its own seat's: it
                # would spare the sequencer's own debts: attacks/forged_self.py)
                # our sequencer says a request of seat w fails its tag, which ours may pass: one
                # of the two lies. We watch that request no more (no censor to depose) and hold
                # any FORFEIT of the seat (_disputed): the table stops on it, blaming neither
                self._slen[w] = 0
                self._fdisp |= 1 << w
            if s == self.leader and w < wire.SEATS_MAX and self._plen[w] and \
                    self._pseq[w] == f.seq:
                self._plen[w] = 0
                self.app.rejected(w, f.reason, f.lo)
            return 0
        # a request
        if not self.is_leader():
            self._watch(f, now)
            return 0
        if self.ready:
            self._on_request(f, now)
        return 0

    # ---- a follower's watch on the sequencer ------------------------------------------------------
    def _keep(self, f, who, now):
        off = who * _SLOT
        self._slen[who] = wire.pack_entry(f, self._sbuf, off) - off
        wire.pack_req(f, self._sbuf, off + _BODY)
        self._sat[who] = now
        self._srelayed[who] = 0

    def _watch(self, f, now):
        """A request heard on the air: kept (one per seat) so that the sequencer can be held to
        it: handed on to it if it stays unlogged (relay_ms), and if it still does (censor_ms)
        while it is valid, the sequencer ignores a seat and is not followed any more."""
        w = f.who
        f.etype = f.type
        if f.type == wire.T_SEATS or f.type == wire.T_FORFEIT or w >= wire.SEATS_MAX or \
                self.hosts[w] != f.rby or self._fdisp & (1 << w) or not self.codec.request_ok(f):
            return  # (nor one of a seat in dispute: its repeats would be held against the
            # sequencer again, and a hand-on draws no RJ_FORGED: attacks/rto_frame.py)
        if not self._slen[w]:
            self._keep(f, w, now)

    def _reseat_ok(self, f, now, also=0):
        """A SEATS entry with SEATS_RESEAT (seats moved mid-game) is what this handheld sees for
        itself: it moves at least one seat, only seats whose handheld it sees absent (_absent), and
        only to a handheld of the table that it does not. Any other SEATS entry: True (the app
        checks it). So a sequencer cannot void a round or take a live seat by reseating it."""
        if not f.flags & wire.SEATS_RESEAT:
            return True
        if f.n > wire.SEATS_MAX:
            return False
        self._note_back()
        # back from a reboot and replaying the log, it has no observation of that time (its own
        # handheld was gone, in fact): it takes what the others checked live
        back = self._back and self._replayed(f.seq)
        gone = 0 if back else self._absent(now)
        for s in range(f.n):  # `also`: handhelds taken as gone if a seat moves off them (would
            if f.hosts[s] != self.hosts[s]:  # the entry hold once they fall silent here too?)
                gone |= also & (1 << self.hosts[s])
        moved = False
        for s in range(f.n):
            h, to = self.hosts[s], f.hosts[s]
            if to == h:
                continue
            if to >= wire.SEATS_MAX or not self.members & (1 << to) or \
                    not back and (not gone & (1 << h) or gone & (1 << to)):
                return False
            moved = True
        return moved

    def _replayed(self, seq):
        """Back from a boot: whether entry seq was logged before it, so that others checked it live
        while we could not. Only if a handheld other than its sequencer said since our boot that
        it holds the entry (at a table of two, the sequencer's word is all there is). Taken on the
        sequencer's claim alone, after a restart of the whole table (when every follower is back)
        the new sequencer claimed one entry more than anyone kept and made it a reseat of a
        present seat to itself (attacks/restart_reseat.py)."""
        keyed = self.codec.keyed()
        if wire.bits(keyed) <= 1:
            return True
        for x in range(wire.SEATS_MAX):
            if x != self.leader and keyed & (1 << x) and self._acked[x] >= seq and \
                    self._ack_time[x] - self._boot >= 0:
                return True
        return False

    def _absent(self, now):
        """The handhelds this one sees gone: not of the game any more, silent for half the missing
        time (a margin for loss: the sequencer waits all of it before it pauses), or stalled by
        this handheld's own clock (app.stalled, with the same margin; this one too: its own
        person has not moved either)."""
        m = ~self.members & 0xFF
        for h in range(wire.SEATS_MAX):
            if h != self.seat and now - self._heard[h] >= self.missing_ms // 2:
                m |= 1 << h
        stalled = getattr(self.app, "stalled", None)
        if stalled is not None:
            m |= stalled(now + self.missing_ms // 2)
        return m

    def _heard_from(self, mask, now):
        """True if a seat in `mask` asked for something still valid, and early enough that the
        sequencer must have heard it before the deadline (app.in_time): a FORFEIT naming it late
        is then the sequencer ignoring it. Reads into rx: an entry being applied was received
        before."""
        g = self.rx
        in_time = getattr(self.app, "in_time", None)
        for w in range(PEND):
            if mask & (1 << w) and self._slen[w] and in_time and in_time(self._sat[w]):
                off = w * _SLOT
                wire.unpack_entry(self._sbuf, off, g)
                wire.unpack_req(self._sbuf, off + _BODY, g)
                g.ack = g.rack
                self.app.now = now
                try:
                    if self.app.check(g) == 0:
                        return True
                except Exception:
                    pass
        return False

    def _judge(self, now):
        lead = self.leader
        if lead < 0 or not self.alive(lead, now) or not self.caught_up():
            return
        f = self.tmp
        for w in range(PEND):
            if not self._slen[w] or now - self._sat[w] < self.relay_ms:
                continue
            off = w * _SLOT
            wire.unpack_entry(self._sbuf, off, f)
            wire.unpack_req(self._sbuf, off + _BODY, f)
            if self._valid(f, now):
                self._slen[w] = 0  # answered by the state since (a race lost, a reveal done)
                continue
            k = self._srelayed[w]
            if k < 3 and now - self._sat[w] >= self.relay_ms * (1 + 2 * k):
                # handed on at 1, 3 and 5 relay_ms: a sequencer catching up may miss one
                self._srelayed[w] = k + 1
                f.seq = 0  # a relayed request: an ENTRY without a sequence number
                f.eterm = self.term
                self._emit(lead, f)
            elif k and now - self._sat[w] >= self.censor_ms:
                self._distrust(lead)
                for i in range(PEND):
                    self._slen[i] = 0
                return

    def _note_back(self):
        if self._back and self.caught_up() and self._ack_time[self.leader] - self._boot >= 0:
            self._back = False  # caught up to what the sequencer said since our boot

    def _starved(self, now):
        """A sequencer whose heartbeats claim entries it never serves keeps every follower from
        being caught up, and so from judging it (_judge, _police): lagging its claim for censor_ms
        with not one entry applied meanwhile is a reason to stop following it. Not while back from
        a reboot, nor while a snapshot is in (either may wait for its witness: a follower taking a
        new sequencer's state after a fork left it, and led alone), nor counted from before we
        followed it."""
        self._note_back()
        gap = now - self._starved_at > self.heartbeat_ms  # it did not look (sequencer gone)
        self._starved_at = now
        if gap or self.caught_up() or self._back or self._snap is not None or \
                self.applied != self._behind_n or now - self._fent_at < self.missing_ms:
            self._behind_at = now
            self._behind_n = self.applied
        elif now - self._behind_at >= self.censor_ms and now - self._seq_at >= self.censor_ms:
            self._distrust(self.leader)

    def _police(self, now):
        """Every follower runs the deadline on its own clock for every seat, the sequencer's own
        included: a seat still owing 5 s past it (app.late) while this handheld holds all
        the sequencer said it logged means the sequencer leaves a forfeit unlogged (its own,
        most likely: it withholds). It is not followed any more; its successor logs the forfeit.
        Counted from when that sequencer began to be followed (it may have just taken over)."""
        late = getattr(self.app, "late", None)
        if late is None or not self.caught_up() or self._waiting or \
                now - self._seq_at < self.censor_ms:
            return
        self.app.now = now
        stalled = getattr(self.app, "stalled", None)
        m = late()
        if m:
            # a seat whose handheld says it is held (here), or whose handheld our sequencer's
            # heartbeats say it pauses on (a flag or a low claim the seat sent the sequencer
            # alone: attacks/flag_to_the_sequencer.py), is spared: no lie of the sequencer's.
            # Only those seats: the sequencer's own, late beside them, still deposes it
            # (attacks/withhold_behind_a_hold.py hid it behind the others' held gates)
            d = self._disputed(m, now) | self.missing & ~(1 << self.leader)
            for w in range(wire.SEATS_MAX):
                if d & (1 << self.hosts[w]):
                    m &= ~(1 << w)
        if m or stalled is not None and \
                stalled(now - self.censor_ms) & (1 << self.leader):
            # (or the game waits on the sequencer's own seat past MOVE_MS: only another
            # sequencer can give that seat to a bot, as the pause offers for any other)
            self._distrust(self.leader)

    def _followed(self):
        """True if any other handheld has sent a frame in our term (or a later one)."""
        keyed = self.codec.keyed()
        for x in range(wire.SEATS_MAX):
            if keyed & (1 << x) and self._tseen[x] >= self.term:
                return True
        return False

    def _outvoted(self, now):
        """More live handhelds send their frames in an older term than in ours: the table goes
        on without us (the older term's sequencer refuses ours as a seizure)."""
        ours = older = 0
        keyed = self.codec.keyed()
        for x in range(wire.SEATS_MAX):
            if keyed & (1 << x) and self.members & (1 << x) and self.alive(x, now):
                if self._tlast[x] >= self.term:
                    ours += 1
                elif self._tfol[x] < wire.SEATS_MAX and self._tfol[x] != self.seat and \
                        self.alive(self._tfol[x], now):
                    older += 1  # it follows another sequencer, alive (not just back from a
                    # reboot, nor a seat's claim to follow a dead one: that would make us give
                    # up every 7 s)
        return older > ours

    def _entitled(self, lead, up, now):
        """Whether seat `lead` may claim a term `up` takeovers above ours (we follow someone).
        Our own sequencer back in a new term (a reboot): one step, at most once per missing_ms
        (a sequencer that raised its term a step a frame would reach TERM_TOP in seconds, and
        then nobody could take over). Another seat: only the next one clockwise after our
        sequencer that we do not see gone, one step above ours, plus one for each seat skipped
        (a gone seat may have held a term we never heard of)."""
        if up < 1:
            return False
        if lead == self.leader:
            return up == 1 and now - self._lead_at >= self.missing_ms
        s = self.leader
        skipped = 0
        for _ in range(wire.SEATS_MAX):
            s = (s + 1) % wire.SEATS_MAX
            if s == lead:
                return up <= 1 + skipped
            if self.members & (1 << s):
                if not self._gone(s, now):
                    return False  # a seat before it is alive (perhaps us): its turn, not lead's
                skipped += 1
        return False

    def _gone(self, s, now):
        """Seat s is missing, or not to be followed any more (its entries broke the rules)."""
        return not self.alive(s, now) or self._bad & (1 << s) != 0

    def _term_ok(self, term, now):
        """Whether to follow a new term: its sequencer itself claimed it, it is the seat entitled
        to that term (_entitled), and it is not a handheld the rules caught; and the sequencer we
        follow is gone, or another handheld already follows the new term (it lost the old one), or
        the table has only two handhelds, or we follow nobody (a reboot) and no other handheld is
        alive. So nobody seizes a live sequencer, nor wedges the table with a huge term
        (docs/protocol.md, trap 8)."""
        lead = term & _TERM_SEAT
        if lead == self.seat:  # we led it before a reboot: lead again, in a new term, when a
            return self.leader < 0 and self._follows(lead, term)  # handheld still follows us
        if lead != self.leader and self._unlogged():
            return False  # the lobby's sequencer is its host: only its own new term (a reboot)
        if self._tseen[lead] < term or self._bad & (1 << lead) or term >= TERM_TOP:
            return False
        if self.leader < 0 and lead == self._heir(self._btop, now) and \
                (term >> 3) == (self._btop >> 3) + 1:
            return True  # the boot election's seat claims the term after every kept one
        if self.leader >= 0 and not self._entitled(lead, (term >> 3) - (self.term >> 3), now):
            return False
        keyed = self.codec.keyed()
        if wire.bits(keyed) <= 1 or lead == self.leader:
            return True  # a table of two; or our sequencer itself in a new term (it rebooted)
        if self.leader >= 0 and self.leader != self.seat and self._gone(self.leader, now):
            return True
        others = 0
        for x in range(wire.SEATS_MAX):
            if x != lead and x != self.seat and keyed & (1 << x):
                if self._tseen[x] >= term and (self.leader >= 0 or self._tfol[x] == lead):
                    return True  # (back from a boot: its heartbeat says it follows that term's
                    # sequencer; one back from the same restart sends its kept term, and follows
                    # nobody)
                if self.alive(x, now):
                    others += 1
        # back from a reboot with nobody else to hear from but that sequencer: follow it
        return self.leader < 0 and not others

    def _not_from(self, s):
        """Catching up from seat s, we were sent an entry of a term above ours (one we never
        followed: s led it alone, or claims to) or a forged one: not from that seat, as for an
        entry the rules refuse (_apply_ready); its log comes back from ours (D_CONFLICT)."""
        if s == self._from and self.is_leader() and not self.ready:
            self._skip |= 1 << s
            self._from = -1

    def _follows(self, lead, term):
        """True if another handheld's latest heartbeat follows `lead`, sent in `term` or later."""
        for x in range(wire.SEATS_MAX):
            if x != self.seat and self._tfol[x] == lead and self._tseen[x] >= term:
                return True
        return False

    def _on_entry(self, f, now):
        # (f.seat, not a local: one word more and its frame goes on the heap at every entry)
        if f.seq == 0:  # a follower hands on a request it heard (its requester's tags inside)
            if self.is_leader() and self.ready and f.rby != self.seat and \
                    f.rby < wire.SEATS_MAX and f.etype != wire.T_SEATS:
                f.type = f.etype
                f.ack = f.rack
                self._on_request(f, now)
            return 0
        if f.seat != self.leader and f.seat != self._from and not self._relayed(f):
            self.dropped[D_NOTLEADER] += 1
            return D_NOTLEADER
        seq = f.seq
        if seq <= self.applied:
            i = seq % LOG_CAP
            if f.seat == self.leader and not self.is_leader() and self._seqs[i] == seq and \
                    self._terms[i] == f.eterm and f.eterm == self.term and not self._same_entry(f, i):
                # our sequencer sent two different entries for one place in its own term: it
                # tells the handhelds different logs, and is not followed any more
                self.forks += 1
                self._distrust(f.seat)
                self.dropped[D_CONFLICT] += 1
                return D_CONFLICT
            if self._seqs[i] == seq and self._terms[i] != f.eterm or \
                    self._seqs[i] != seq and 0 <= self._last_term < f.eterm:
                # (an entry we applied but no longer hold, e.g. kept through a restart of every
                # handheld, had a term no higher than our last one: terms never go down along
                # the log, so this is another entry at that place)
                self.dropped[D_CONFLICT] += 1
                self._nack(f.seat, 0, 0, now)  # our log forked: start again from a snapshot
                return D_CONFLICT
            self.dropped[D_DUP] += 1
            return D_DUP
        if seq > self.applied + AHEAD:
            self.dropped[D_AHEAD] += 1
            self._nack(f.seat, self.applied + 1, seq, now)
            return D_AHEAD
        if f.eterm > self.term or not self.codec.request_ok(f):
            self._not_from(f.seat)
            self.dropped[D_FORGED] += 1
            if f.seat == self.leader and seq == self.applied + 1 and f.eterm <= self.term and \
                    f.rby < wire.SEATS_MAX and not self.is_leader():
                # our sequencer logged a request whose tag for us fails: it forged it, or the
                # requester tagged it for others only (attacks/rto_skip_one.py). We cannot tell
                # which: we take nothing past it, depose nobody for our lag (_starved), and say
                # we are held, on both
                self._fent_at = self._fheld = now
                self._stopped |= 1 << f.rby | 1 << f.seat
            return D_FORGED
        self._store(seq, f.eterm, f, now)
        self._apply_ready(now)
        if not self.entry(self.applied + 1, self.tmp) and seq > self.applied:
            self._nack(f.seat, self.applied + 1, seq - 1, now)
        return 0

    # ---- agreement: what the others confirm of this log (agree.py) ---------------------------
    def _same_entry(self, f, i):
        n = wire.pack_entry(f, self._scratch, 0)
        b = i * _SLOT
        for j in range(n):
            if self._scratch[j] != self._slab[b + j]:
                return False
        return True

    def _relayed(self, f):
        """An entry a follower of our term sent us because we lacked it (_ask_peer): taken only
        if it is the next one and with it our chain becomes the one that handheld's heartbeat
        claimed there - exactly the entry it applied, on exactly our log. A sequencer that
        withholds an entry from some handhelds cannot keep them from it so."""
        s = f.seat
        if self.is_leader() or self.leader < 0 or s == self.leader or f.term != self.term or \
                f.seq != self.applied + 1 or f.eterm > self.term:
            return False
        seq, off = self.agree.pending(s)
        if seq != f.seq or self._acked[self.leader] < seq:
            # (and only an entry our sequencer says it logged: an ordinary seat packed its own
            # call as the next entry, claimed the chain it gives, and an honest follower applied
            # and revealed while the sequencer's log still bid: attacks/relay_a_call.py)
            return False
        n = wire.pack_entry(f, self._scratch, 0)
        h = hashlib.sha256(self.chain)
        h.update(memoryview(self._scratch)[:n])
        d = h.digest()
        c = self.agree.chain_at(s)
        lead = self.agree.pending(self.leader)[0] == seq  # the sequencer's own chain there too
        c2 = self.agree.chain_at(self.leader)
        for k in range(wire.CHAIN_LEN):
            if d[k] != c[k] or lead and d[k] != c2[k]:
                return False
        return True

    def _ask_peer(self, now):
        """A follower of our term claims the entry after ours and our sequencer has not brought it
        for peer_ms: ask that follower (it may be that the sequencer withholds it from us)."""
        if self._back or self._snap is not None or self._waiting:
            return
        want = self.applied + 1
        for k in range(1, wire.SEATS_MAX + 1):
            x = (self._peer_x + k) % wire.SEATS_MAX  # each time the next one that has it
            if x == self.seat or x == self.leader or not self.members & (1 << x) or \
                    self._tlast[x] != self.term or self.agree.pending(x)[0] != want:
                continue
            if self._peer_n != self.applied:
                self._peer_n = self.applied
                self._peer_at = now
            elif now - self._peer_at >= self.peer_ms:
                self._peer_at = now
                self._peer_x = x
                self._nack_at = now - self.nack_ms  # (its own pace: never lost to the sequencer's)
                self._nack(x, want, want, now)
            return

    def _on_forks(self, now):
        """Another handheld's chain differs from ours at an entry both applied."""
        m = self._forkm
        self._forkm = 0
        for x in range(wire.SEATS_MAX):
            if not m & (1 << x) or x == self.seat:
                continue
            self.forks += 1
            self._split |= 1 << x
            if self.is_leader() or self.leader < 0:
                continue  # a follower's fork: it starts again from our state once it sees ours
            if x == self.leader:
                # our log is not our sequencer's (we applied a deposed one's entry): start again
                # from its state, as for an entry that contradicts ours (D_CONFLICT), and apply
                # nothing on top of ours meanwhile
                self._nack(x, 0, 0, now)
                self._resync = True
                self._resync_at = now
            elif (self.agree.term_of(x) == self.term and self._tlast[x] == self.term or
                  self._tlast[x] < self.term and self._tfol[x] == self.leader) and \
                    not self._bad & (1 << self.leader):
                # (or x still follows our sequencer in an older term: that sequencer raised its
                # term for us alone and gave us another entry than x at the new term's first
                # place, where a fork otherwise deposes nobody: attacks/peek_across_a_term.py)
                # x agreed with us at an entry of this term and differs now: this term's
                # sequencer gave us different entries at one place (or x lies): we follow it no
                # more, and the next seat takes over (a log that differs from the new one's comes
                # back from its snapshot); our heartbeats say a fork holds us (if x lied, the
                # honest sequencer must not forfeit us for leaving it)
                self._fleft = True
                self._distrust(self.leader)
                self._resync = True
                self._resync_at = now

    def _resynced(self, now):
        """After a fork (_on_forks): True once the sequencer we follow, one we still trust, showed
        our log at or past where we are; it brings its state instead if our log is not its."""
        lead = self.leader
        if lead < 0 or lead == self.seat:
            self._resync = False
        elif not self._bad & (1 << lead) and self.agree.confirmed(lead, self.applied):
            self._resync = False
        elif not self._bad & (1 << lead) and now - self._resync_at >= self.missing_ms:
            self._resync_at = now
            self._nack(lead, 0, 0, now)  # (it claims past our log: its state settles it)
        return not self._resync

    def agreed(self, seq, now):
        """Whether every other live handheld of the table (one out of the game too: it may lead
        next, and its log is then the table's) has shown our log at entry seq or past it (a
        heartbeat's chain): only then may a seat here act on it in a way that reveals a secret. A claim ahead of our log is waited for like a live
        handheld that confirms nothing (one that went on past a fork we never saw:
        attacks/peek_past_the_head.py with heartbeats 1.25 s apart), unless we distrust it (a
        deposed sequencer that claims an entry it never sent: attacks/ack_lie_wedge.py); a claim
        too far ahead to check counts as silence, as does a handheld that
        still follows an older term (a deposed sequencer's log is not this term's), and a live
        handheld that confirms nothing for gate_ms; but never one whose log showed a fork from
        ours (_split): the gate waits for it until it shows our log or falls silent, and a
        follower that waited split_ms for it leaves its sequencer instead (a liar's chain must not
        make an honest seat miss its deadline, nor may a fork let a secret out). Never while we
        stopped following our sequencer, while our log is checked after a fork, nor while the
        sequencer we follow showed another chain than ours."""
        if self.leader < 0 or self._bad & (1 << self.leader):
            return False
        if seq <= self._word_seq:
            # the entry that asked for the secret came in a state nobody vouched for (a table of
            # two, or nobody else heard): one word, and a sequencer's made-up call in it got a
            # seat to reveal while the table still bid (attacks/alone_peek.py far: a claim far
            # ahead made the victim take one). Only an entry applied after it, checked on its
            # own, opens the gate. Not held: the seat forfeits that phase at its deadline if the
            # table's log really asks it (a reboot's price); a made-up call asks nothing there
            return False
        a = self.agree
        lead = 1 << self.leader
        if self._resync or self._split & lead and not a.confirmed(self.leader, seq):
            # our log is being checked after a fork, or the sequencer we follow showed another
            # chain than ours (perhaps before it led): ours is not the log it plays; its state
            # (or its heartbeat showing ours) comes first
            if not self._resync:
                self._resync = True
                self._resync_at = now
                self._nack(self.leader, 0, 0, now)
            return False
        top = max(self.applied, self._acked[self.leader])
        # (not the sequencer's own word: against a sequencer that tells handhelds different logs
        # only the others' chains count, and an honest one holds what it logged)
        need = self.members & ~(1 << self.leader)
        wait = 0
        for x in range(wire.SEATS_MAX):
            b = 1 << x
            if x == self.seat or not need & b or not self.alive(x, now) or \
                    a.confirmed(x, seq) or now - self._ack_time[x] >= self.missing_ms and \
                    now - self._member_at[x] >= self.missing_ms:
                continue  # (one that sends no heartbeat tells us of no log: silent, so a seat
                # that only NACKs cannot stop the table: attacks/ack_lie_successor.py mute. Not
                # before it had the time to send one as a member: a joiner drops the others'
                # heartbeats in the lobby, and a call before the game's first one from a handheld
                # it was withheld from let a secret out: attacks/withhold_the_call.py, with
                # followers' heartbeats 1.25 s apart)
            if self._tlast[x] < self.term and self._tfol[x] != self.leader and \
                    not self._bad & b and not a.far & b:
                # it plays another term than ours (it refused our sequencer's, its own is alive
                # to it, or it is back from a restart and follows nobody yet): its log is not
                # ours, so no timed release either (attacks/peek_behind_a_takeover.py,
                # restart_the_hidden_call.py: counted silent, it let a secret out)
                wait |= b
            elif self._split & b and (self._tlast[x] != self.term or
                                      a.claim[x] > top and not self._bad & b) or \
                    not a.far & b and (a.claim[x] <= top or not self._bad & b) and \
                    (self._tlast[x] >= self.term or self._tfol[x] == self.leader):
                # (a handheld whose log forked from ours, in another term than ours, is waited
                # for whatever it claims: it left our sequencer for a term of its own, or still
                # follows the one we left, and in either its log is not ours: counted silent, it
                # let the byzantine sequencer machine's reveals out; in our term too when it
                # claims past our log (attacks/peek_past_the_head.py), but for one we distrust: a
                # deposed sequencer that claims an entry it never sent wedged the table)
                wait |= b
        self._split &= wait | lead
        self._gwait = wait
        if not wait:
            self._fleft = False
            return True
        if self._gate != seq:
            self._gate = seq
            self._gate_at = now
        if not wait & self._split:
            if now - self._gate_at < self.gate_ms:
                return False
            # a live handheld that heartbeats and still confirms nothing: never a secret on it.
            # It once counted as silent where our sequencer's heartbeats claimed the entry (it
            # could take our copy, _relayed), but a sequencer may tell each handheld another head
            # (attacks/withhold_split_head.py: the call's holder saw it claimed, the other not);
            # nor where we are the sequencer (a follower kept from our entry by a seat that will
            # not vouch for our state: attacks/peek_behind_a_takeover.py 2). Our heartbeats say
            # our gate is held, so nobody forfeits us for the reveal it holds, and the table
            # stops on it, named (a liar that never confirms may stop it; never see a die)
            self._fheld = now
            return False
        if now - self._gate_at >= self.gate_ms:
            self._fheld = now  # (our heartbeats say so: nobody forfeits us for the reveal it holds)
        if now - self._gate_at < self.split_ms:
            return False
        if not self.is_leader():
            # a fork still open this long: never a secret on it. The sequencer we follow did not
            # bring the table to one log (it forked it, or a liar's chain says so): we follow it
            # no more, and take the next one's log (its state if ours is not its); our heartbeats
            # go on saying a fork holds us, until a gate of ours opens
            self._fleft = True
            self._distrust(self.leader)
            self._resync = True
            self._resync_at = now
            return False
        # a sequencer's own log is the one its followers come back to, but a forked handheld
        # that says it follows us and still shows its own chain has not taken our state yet (it
        # waits for a witness): its gate opened on that word and let a secret out while the two
        # logs differed (the byzantine sequencer machine, once a takeover came sooner). Held: the
        # state, or its silence, settles it
        return False

    def _gate_held(self, now):
        """Whether our gate is held (past gate_ms), a fork made us leave our sequencer, or we
        hold a seat's request in dispute with it (RJ_FORGED: the table stops, named, and no move
        clock runs on it: attacks/forged_stall.py)."""
        return self._fleft or self._fdisp or now - self._fheld < self.missing_ms or \
            self._snap_held(now)

    def _snap_held(self, now):
        """A snapshot holds us (a follower): a witness's word differs from its sender's, or our
        sequencer sends none, and nobody else's did."""
        return self._sheld and now - self._sheld_at < self.missing_ms and not self.is_leader()

    def snap_named(self, now):
        """The handhelds that live held handhelds' heartbeats say they are held on (_F_SNAP: a
        snapshot's sender and witness, or whom a held gate waits for): every screen's pause names
        them, not only the held one."""
        m = 0
        for x in range(wire.SEATS_MAX):
            if self._fon[x] and self._fflag & (1 << x) and self.alive(x, now):
                m |= self._fon[x]
        return m & self.members

    def held(self, now):
        """The live handhelds (a mask, this one too) whose heartbeats say _F_HELD: the table
        stops on them."""
        m = 1 << self.seat if self._gate_held(now) else 0
        for x in range(wire.SEATS_MAX):
            if self._fflag & self.members & (1 << x) and self.alive(x, now):
                m |= 1 << x
        return m

    def deposed(self):
        """Our sequencer, as a mask, while we no longer follow it and wait for the next (0 else)."""
        s = self.leader
        return 1 << s if 0 <= s != self.seat and self._bad & (1 << s) else 0

    def held_on(self):
        """The handhelds our held gate is about (a mask): those whose log showed a fork from
        ours, those it waits for, and those whose FORFEIT we hold."""
        m = self._split | self._gwait | self._stopped
        if self._gwait & ~self._split:
            # a handheld that shows our log only short of the entry (no fork) may lie, or our
            # sequencer may have withheld that entry from it: we cannot tell, so both are named,
            # and a sequencer we left for it (attacks/gate_names_the_honest.py: a call withheld
            # from Cy, and every screen named only the honest Bo and Cy)
            if 0 <= self.leader != self.seat:
                m |= 1 << self.leader
            m |= self._bad & self.members
        if self._snap_held(self._clock):
            m |= self._sheld
        if self._fdisp and self.leader >= 0:
            m |= 1 << self.leader
            for w in range(wire.SEATS_MAX):
                if self._fdisp & (1 << w):
                    m |= 1 << self.hosts[w]
        return m

    def _reseat_disputed(self, f, now):
        """The live handhelds (a mask) that a reseat f moves seats off and that say it must not:
        one that says it is held, one whose request for the seat is in dispute (RJ_FORGED), or one
        whose heartbeats claim less than our log (it never got the entry that made the game wait
        on it: a sequencer that kept the turn from it, then reseated it as stalled,
        attacks/forged_quiet_turn.py). Held, not applied, as a disputed FORFEIT is."""
        held = self.held(now)
        d = 0
        for s in range(min(f.n, wire.SEATS_MAX)):
            h = self.hosts[s]
            if f.hosts[s] != h and h != self.seat and self.alive(h, now) and \
                    (held & (1 << h) or self._fdisp & (1 << s) or
                     self.agree.claim[h] < self.applied):
                d |= 1 << h
        return d

    def _disputed(self, mask, now):
        """The handhelds (a mask) that play a seat in mask and say no FORFEIT of it holds: a live
        one whose heartbeats say _F_HELD (a liar's chain that holds an honest seat's reveal must
        not cost that seat the round), or one that follows a sequencer and claims less than the
        entry that began the phase (it was never asked: a sequencer that sent that entry to
        others only, attacks/forfeit_the_unasked.py). Such a FORFEIT is neither logged nor
        applied; the table stops on it, paused on its name (docs/protocol.md, One liar)."""
        held = self.held(now)
        d = 0
        for w in range(wire.SEATS_MAX):
            h = self.hosts[w]
            if mask & (1 << w) and (held & (1 << h) or self._fdisp & (1 << w) or
                                    h != self.seat and self.alive(h, now) and
                                    self._tfol[h] != h and self._tfol[h] != _NO_LEADER and
                                    self.agree.claim[h] < self._phase_seq):
                d |= 1 << h
        return d

    # ---- time -----------------------------------------------------------------------------
    def alive(self, s, now):
        return s == self.seat or now - self._heard[s] < self.missing_ms

    def tick(self, now):
        self._clock = now
        if self._waiting or self._resync:  # an entry held until our clock agrees (RJ_WAIT), or
            self._waiting = 0               # until our log is checked after a fork: ask again
            self._apply_ready(now)
        if self._hb_rep and now >= self._hb_rep_at:
            self._hb_rep -= 1
            self._hb_rep_at = now + 2 * self.gate_hb_ms
            self._hb_now = self._lossy(now)
        if self._lossy(now):
            period = self.leader_heartbeat_ms if self.is_leader() else self.heartbeat_ms
        else:
            period = self.quiet_leader_heartbeat_ms if self.is_leader() else self.quiet_heartbeat_ms
        if self._hb_now or now - self._hb_at >= period or (
                now - self._hb_sent >= 2 * period and not self.is_leader()):
            # (a follower's requests put its heartbeat off, but never past two periods: only a
            # heartbeat shows its log, and a sequencer that rejected every copy of a request kept
            # an honest follower submitting, its log unshown for 3.5 s, and the gates counted it
            # silent: attacks/mute_by_reject.py)
            self._hb_now = False
            self._heartbeat(now)
        members = self.members
        n = wire.SEATS_MAX
        if self.is_leader():
            miss = 0
            for s in range(n):
                if members & (1 << s) and not self.alive(s, now):
                    miss |= 1 << s
            stalled = getattr(self.app, "stalled", None)
            if stalled is not None and self.ready:
                miss |= stalled(now) & members  # in touch, but it never moves: paused too
            for s in range(n):
                if members & (self._fflag | self._spared) & (1 << s) and self.alive(s, now):
                    # it says it is held, or lacks the phase's first entry: its FORFEIT waits,
                    # and the table with it, paused on its name (_disputed)
                    miss |= 1 << s
            if miss != self.missing:
                self.missing = miss
                self._heartbeat(now)
            if now - self._since > 2 * self.missing_ms and (
                    not self.ready and not self._followed() or self._outvoted(now)):
                # a term nobody took up (we came back while the others still followed someone
                # alive, or a seat's forged frame named us the sequencer after a reboot): give
                # it up, and follow the table as after a boot (a forked log then comes back
                # from a snapshot: D_CONFLICT)
                self.leader = -1
                self.term = 0
                self.ready = False
            elif not self.ready:
                self._catch_up(now)
            else:
                if self._tail_at >= 0 and now >= self._tail_at:
                    self._tail_n += 1
                    self._tail_at = -1 if self._tail_n >= self.tail_repeats else \
                        now + self.tail_ms
                    if self._lossy(now) and not self._all_acked(now):
                        self._send_entry(BROADCAST, self.applied)
                self._resend(now)
                if now >= self._hold:
                    self._unhold(now)
                self.app.now = now
                due = getattr(self.app, "overdue", None)
                if due is not None and now >= self._hold:
                    f = due(self.tmp)  # a seat that missed its deadline: the app's FORFEIT
                    self._spared = self._disputed(f.who, now) if f is not None else 0
                    if f is not None and not self._spared:
                        self.log_local(f, now)
        elif self.leader < 0:
            self._boot_elect(now)
        elif self._gone(self.leader, now):
            self._maybe_take_over(now)
        else:
            self._judge(now)
            self._police(now)
            self._starved(now)
            self._ask_peer(now)
            self._ask_snap(now)
        if self._snap is not None:
            self._snap_tick(now)
        if self._forkm:
            self._on_forks(now)
        for w in range(PEND):
            if self._plen[w] and now - self._pnext[w] >= 0:
                self._send_pending(w, now)
        if not self.is_leader() and not self._waiting and not self._resync:  # (a held entry is
            # no hole, nor is one waiting for our log to be checked)
            for seq in range(self.applied + 2, self.applied + AHEAD + 1):
                if self.entry(seq, self.tmp):  # a hole before an entry we hold: ask again
                    self._nack(self.leader, self.applied + 1, seq - 1, now)
                    break

    def _lossy(self, now):
        """Has the radio lost frames lately? Evidence: a gap in a handheld's frame counter (the
        codec counts them; unicasts to others look the same, and are rare without loss), or a
        NACK. Repeating the newest entry only pays then: without loss it was a third of a table's
        frames, and a lost one is still found by the next heartbeat."""
        g = self.codec.gaps
        if g != self._gaps:
            self._gaps = g
            self._loss_at = now
        return now - self._loss_at < self.lossy_ms

    def _all_acked(self, now):
        for s in range(wire.SEATS_MAX):
            if self.members & (1 << s) and s != self.seat and self.alive(s, now) and \
                    self._acked[s] < self.applied:
                return False
        return True

    def _resend(self, now):
        for s in range(wire.SEATS_MAX):
            if not self.members & (1 << s) or s == self.seat or not self.alive(s, now):
                continue
            a = self._acked[s]
            if a >= self.applied:
                self._tries[s] = 0
                continue
            # resend only what a heartbeat sent after the entry went out still lacks; an entry
            # already gone from the window went out before the oldest one kept
            seq = a + 1
            if self._seqs[seq % LOG_CAP] != seq:
                seq = max(1, self.applied - LOG_CAP + 1)
            i = seq % LOG_CAP
            if self._seqs[i] != seq or self._ack_time[s] - self._etime[i] < 50:
                continue
            if now < self._resend_at[s]:
                continue
            self._serve(s, a + 1, self.applied, now)
            t = self._tries[s]
            self._resend_at[s] = now + min(self.resend_ms << t, self.resend_max_ms)
            if t < 4:
                self._tries[s] = t + 1

    # ---- snapshots and takeovers: only when something went wrong -----------------------------
    def _stream_snapshot(self, dest):
        out = _Chunks(self, dest)
        try:
            self._snapshot_into(out)     # counts the bytes: every chunk frame names the total
            out.start()
            self._snapshot_into(out)     # the same bytes again, sent chunk by chunk as written
        except IndexError:  # the state outgrew SNAP_MAX: the laggard must wait for a new game
            self.snap_too_big += 1
            return
        out.flush()

    def _snapshot_into(self, out):
        for i in range(wire.CHAIN_LEN):
            out[i] = self.chain[i]
        out[8] = self.members
        for i in range(wire.SEATS_MAX):
            out[9 + i] = self.hosts[i]
        self.app.snapshot(out, _HEAD)

    def _chunk(self, dest, k, n, total):
        f = self.tx
        f.type = wire.T_SNAP
        f.seq = self.applied
        f.k = k
        f.total = total
        f.dlen = n
        self._emit(dest, f)

    def _on_snap(self, f, now):
        if f.seq < self.applied or f.seq == self.applied and not self._resync or f.k >= f.total or f.total * _STEP > SNAP_MAX + _STEP:
            return
        s = self._snap
        if s is not None and s.digest is not None and now - s.at < VOUCH_WAIT_MS and \
                not s.differ:
            return  # a whole one waits for its witness (not one a witness already disputed:
            # a peer's we asked for may settle it, _ask_snap)
        if s is None or f.seq != s.seq or f.total != s.total or f.seat != s.sender:
            self._snap = None
            s = self._snap = Incoming(f.seq, f.total, f.seat, now)
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
        if not self._accept_snap(now):
            self._snap_tick(now)

    def _snap_tick(self, now):
        """A whole snapshot without a witness yet: ask every handheld for its word on the state after
        that entry (again every ASK_MS: frames get lost), give up after VOUCH_WAIT_MS."""
        s = self._snap
        if s.digest is None:
            if now - s.at > 4 * VOUCH_WAIT_MS:
                self._snap = None  # chunks that never completed
            return
        if now - s.at > VOUCH_WAIT_MS:
            s.mute |= self._silent(s)  # a witness silent the whole wait refuses (mute)
            if not self._accept_snap(now):
                self._snap = None
                self._swait = self._others(s, now, s.mute)
                # a new sequencer catching up from a state nobody vouched for (only its sender got
                # that far: every handheld restarted, and the log's entries were not kept) goes on
                # without it; that seat's entries past ours come back from our snapshot (D_CONFLICT)
                self._not_from(s.sender)
                if s.sender == self.leader and self._back and not self._others(s, now) and \
                        s.seq > self.applied:
                    # back from a reboot, nobody else alive to vouch, and our sequencer answered
                    # our NACK with its state (it lacks the entries: it took a snapshot itself):
                    # ask to start again, so that its next one is taken on its word, as at a
                    # table of two (_asked). Else we waited for ever two entries behind it, the
                    # third handheld gone (the byzantine-sequencer state machine, seed 310). Not
                    # one that kept up: a sequencer that kept the third's frames from it made it
                    # take a state it made up (attacks/alone_peek.py, alone_on_its_word.py)
                    self._nack(s.sender, 0, 0, now)
            return
        if now - s.asked < ASK_MS:
            return
        if self._accept_snap(now):
            return
        if now - s.at > VOUCH_WAIT_MS - ANSWER_MS:
            return  # (see ANSWER_MS)
        s.asked = now
        s.due |= self._at_entry(s)
        f = self.tx
        f.type = wire.T_VOUCH
        f.seq = 0
        f.lo = s.seq
        f.chain[:] = _ZERO
        self._emit(BROADCAST, f)

    def _vouch(self, dest, lo, chain):
        t = self.tx
        t.type = wire.T_VOUCH
        t.seq = 0
        t.lo = lo
        t.chain[:] = chain
        self._emit(dest, t)

    def _on_vouch(self, f, now):
        if bytes(f.chain) == _ZERO:
            if self._word_seq:  # what we hold is a sender's word: passing it on would vouch for it
                self._vouch(f.seat, f.lo, _NO_WORD)
            elif f.lo != self.applied or not self.applied:
                # past it, or with nothing applied since it started (back from a reboot, or a
                # laggard needing a snapshot too: it cannot vouch) - say so; silence counts as
                # a refusal (_silent). A handheld that kept up and is only behind says nothing
                # yet: the entries may bring it there (and a sequencer claiming entries it never
                # sends cannot make it give up its word)
                if f.lo < self.applied or self._back or not self.applied:
                    self._vouch(f.seat, f.lo, _PAST if f.lo < self.applied else _NO_WORD)
            else:
                out = _Hash()
                try:
                    self._snapshot_into(out)
                except IndexError:
                    return
                self._vouch(f.seat, self.applied, out.digest()[:wire.CHAIN_LEN])
            return
        s = self._snap
        if s is None or s.digest is None or f.lo != s.seq or f.seat == s.sender or \
                f.seat == self.seat or f.seat >= wire.SEATS_MAX:
            return
        s.said |= 1 << f.seat
        c = bytes(f.chain)
        if c == _NO_WORD:
            s.mute |= 1 << f.seat
        elif c == s.digest:
            s.vouched = True  # a second handheld vouched for it
            self._accept_snap(now)
        elif c != _PAST:
            # its state after that entry differs from the sender's: one of the two lies, and
            # where no third word comes we cannot tell which. Taking the sender's word would let
            # a lying sequencer's forgery pass; so we take nothing, and say we are held, on both
            # (attacks/lying_witness.py: silence was a refusal, a wrong digest kept us out for
            # good, the pause naming only us)
            s.differ = True
            self._sheld = 1 << s.sender | 1 << f.seat
            self._sheld_at = now

    def _others(self, s, now, but=0):
        """The live handhelds (a mask) other than snapshot s's sender, this one and those in `but`:
        who could vouch for it (but: those that said they cannot, s.mute), now or once the
        sequencer's entries bring them there, however far behind. That one is behind is no reason
        to take the sender's word (a hostile sequencer would number its snapshot past everyone):
        the snapshot waits for its vouch, and is asked again later. Those that neither vouched nor
        said they cannot, when it is given up, kept it from being taken: behind, or past it while
        their heartbeats claim less, they may be honest (a sequencer can keep a witness behind) or
        not, so a stop names them beside the sequencer (_swait, _ask_snap; attacks/
        behind_witness.py: the only witness claimed one entry less and never answered, and the
        pause named only the honest sequencer and the laggard). None at all: a table of two."""
        m = 0
        keyed = self.codec.keyed() & ~but
        for x in range(wire.SEATS_MAX):
            if keyed & (1 << x) and x != s.sender and x != self.seat and self.alive(x, now):
                m |= 1 << x
        return m

    def _silent(self, s):
        """The handhelds that said nothing to a whole vouch wait although they were at its entry
        or past it (a heartbeat sent since the snapshot began) when an ask went out, at least
        ANSWER_MS before the wait's end: an honest one answers (its word, _PAST or _NO_WORD), so
        these refuse, and count as mute. Else one seat ignoring every VOUCH request would keep a
        rebooted handheld out of the game for good. Not one that got there too late to answer: the
        sequencer brought the honest witness to the entry just before the wait's end, and its
        made-up state was taken as if nobody could vouch (attacks/vouch_race.py, 5 ms before;
        slow_witness.py, a witness whose loop took 120 ms to answer)."""
        return s.due & ~s.said

    def _at_entry(self, s):
        """The handhelds whose heartbeat since snapshot s began shows them at its entry or past."""
        m = 0
        for x in range(wire.SEATS_MAX):
            if self._acked[x] >= s.seq and self._ack_time[x] - s.began >= 0:
                m |= 1 << x
        return m

    def _asked(self, s, now):
        """Whether this handheld may take snapshot s on its sender's word (nobody can vouch): it
        asked to start again (NACK 0) a moment ago, or s is further ahead than the sender's window
        of entries could bring it (so an honest sender had to send a snapshot); s is not ahead of
        what the sender's own heartbeats said; and where other handhelds are alive (all of them
        too far behind to vouch), only when this one has applied nothing since it started: one
        that kept up has a state of its own, and no reason to give it up on one word. What it
        restores must still keep its own seats' secrets (app.restore checks them on flash)."""
        return (now - self._restart_at < RESTART_MS or s.seq - self.applied > LOG_CAP) and \
            self._acked[s.sender] >= s.seq and (self.applied == 0 or not self._others(s, now))

    def _head_ok(self, buf):
        """The log's part of a snapshot (members and hosts) names only handhelds there can be."""
        if not buf[8]:
            return False
        for i in range(wire.SEATS_MAX):
            if buf[9 + i] >= wire.SEATS_MAX:
                return False
        return True

    def _accept_snap(self, now):
        s = self._snap
        if not s.vouched and (self._others(s, now, s.mute) or not self._asked(s, now)):
            return False
        buf = s.buf
        mv = memoryview(buf)[_HEAD:s.len]
        if not self._head_ok(buf) or not self.app.restore(mv, s.seq):
            self._snap = None
            if not s.vouched:
                self._distrust(s.sender)  # its word alone, and it altered or broke the state
            return True
        self._word_seq = 0 if s.vouched else s.seq  # then we vouch for nobody's snapshot: we
        # only heard it
        self._sheld = self._swait = 0
        self._speer = -1
        self.chain[:] = buf[:wire.CHAIN_LEN]
        self.members = buf[8]
        for i in range(wire.SEATS_MAX):
            self.hosts[i] = buf[9 + i]
        self.applied = s.seq
        self._last_term = -1  # unknown: the snapshot does not say who logged its last entry
        self.agree.forget()   # the log it followed is replaced: every check starts afresh
        self.agree.mine(s.seq, -1, self.chain)
        self._split = 0
        self._fleft = False
        self._phase = -1
        self._phase_seq = 0  # (what began the phase is not in a snapshot: every check starts afresh)
        self._resync = False
        for i in range(LOG_CAP):
            self._seqs[i] = 0
        self._snap = None
        for w in range(PEND):  # what they asked for may be in the snapshot: the app asks anew
            self._plen[w] = 0
        return True

    def _ask_snap(self, now):
        """A follower that needs a snapshot (it lags its sequencer's claim past the window, or,
        back from a reboot, asked to start again) and got none for snap_wait_ms while that
        sequencer is heard asks a peer that claims more (each snap_ms, the next such peer), and
        takes its snapshot under the sequencer's rules (a witness, the sequencer among them; or
        the no-witness rule). A sequencer that withholds snapshots kept a handheld back from a
        reboot out for good, the pause naming only it (attacks/withhold_the_snapshot.py). If that
        fails for censor_ms, our heartbeats say we are held, on the sequencer."""
        lead = self.leader
        if now - self._sheld_at >= self.missing_ms:
            self._sheld = 0
        behind = self._acked[lead] - self.applied
        if self.applied != self._want_n or self._waiting or self._resync or behind <= 0 or \
                behind <= LOG_CAP and not (self._back and now - self._restart_at < RESTART_MS):
            self._want_n = self.applied
            self._want_at = now
            return
        waited = now - self._want_at
        if waited >= self.censor_ms:
            self._sheld |= 1 << lead | self._swait
            self._sheld_at = now
        if waited < self.snap_wait_ms or now - self._speer_at < self.snap_ms:
            return
        for k in range(1, wire.SEATS_MAX + 1):
            x = (self._speer + k) % wire.SEATS_MAX  # (-1 + k: from the first)
            if x != self.seat and x != lead and self.members & (1 << x) and \
                    self.alive(x, now) and not self._bad & (1 << x) and \
                    self._acked[x] > self.applied:
                self._speer = x
                self._speer_at = now
                self._nack_at = now - self.nack_ms  # (its own pace)
                self._nack(x, 0, 0, now)
                return

    # ---- a new sequencer -------------------------------------------------------------------------
    def _drop_unapplied(self):
        """A new term: forget entries buffered past a gap. They are the old sequencer's, and the
        new one may never have had them (it catches up only to what the seats report applied):
        applied later, they would fork this log from the entries the new one logs in their place."""
        self._waiting = 0
        for i in range(LOG_CAP):
            if self._seqs[i] > self.applied:
                self._seqs[i] = 0

    def _rewatch(self, now):
        """A new sequencer: the requests kept for the watch are held to it from now on."""
        for w in range(PEND):
            self._sat[w] = now
            self._srelayed[w] = 0

    def _follow(self, leader, now):
        self._drop_unapplied()
        if leader != self.leader:
            self._fdisp = 0  # (a dispute with the sequencer we leave is not one with the next)
            # the watch on a sequencer (its requests' clocks, the police, starving) counts from
            # when we began to follow that seat: its own new term, one step each 3.5 s (a
            # reboot's right), restarted them each time, so a sequencer that withheld dodged
            # them for hours (attacks/term_bump_dodge.py)
            self._rewatch(now)
            self._seq_at = now
        self._from = -1
        self.leader = leader
        self.ready = False
        self._leader_seen = now
        self._lead_at = now
        for w in range(PEND):  # repeat requests to the new sequencer at once
            self._pnext[w] = now
            self._pwait[w] = 0

    def _unlogged(self):
        """Nothing is logged at this table yet, as far as the sequencer we follow says: its lobby,
        before the first game. Only the table's creator can host there (it alone knows who sits),
        so the role stays with the sequencer we follow: nobody takes over, and no other seat's
        term is followed. A takeover there stranded the lobby: the creator stood down and nobody
        could host, and at a table of two (which follows the other seat's term) one seat's
        heartbeats in a made-up term did it (tests/test_table_lobby.py). Not a handheld back from
        a reboot (it follows nobody yet), nor one whose sequencer's heartbeats say it logged
        something (a joiner still catching up with a table that played)."""
        return self.applied == 0 and self.leader >= 0 and \
            (self.is_leader() or self._acked[self.leader] == 0)

    def _maybe_take_over(self, now):
        if self._unlogged():
            return
        old = self.leader if self.leader >= 0 else self.seat
        n = wire.SEATS_MAX
        s = old
        for _ in range(n):
            s = (s + 1) % n
            if self.members & (1 << s) and not self._gone(s, now):
                break
        if s != self.seat or (not self._bad & (1 << old) and now - self._leader_seen <
                              self.missing_ms):
            return
        self._take_over(now)

    def _take_over(self, now):
        # past the last term nobody takes over (never reached: 8,000 takeovers); a term seen out of
        # more than one step (_entitled) is never followed, so no seat can push the count there
        if self.term >= TERM_TOP - 8:
            return
        self.term = (((self.term >> 3) + 1) << 3) | self.seat
        self._skip = 0
        self._fdisp = 0  # (a follower's dispute with the sequencer it leaves)
        self._drop_unapplied()
        self.leader = self.seat
        self.ready = False
        self._since = now
        self._heartbeat(now)

    def _heir(self, term, now):
        """Who leads after `term`'s sequencer: itself while it is alive and followed, else the
        next seated handheld clockwise that is (-1: none)."""
        s = term & _TERM_SEAT
        for _ in range(wire.SEATS_MAX):
            if self.members & (1 << s) and not self._gone(s, now):
                return s
            s = (s + 1) % wire.SEATS_MAX
        return -1

    def _boot_elect(self, now):
        """Following nobody (back from a boot): when every seated handheld alive has sent a
        heartbeat since and none follows a sequencer that says it leads (the whole table
        restarted), the heir after the highest term any of them kept takes the next term; every
        other handheld checks the claim by the same rule (_term_ok). It then catches up to the furthest log, as any new
        sequencer does. A handheld that hears the table follow somebody joins that term instead."""
        if self._heir(self._btop, now) != self.seat or now - self._since < self.heartbeat_ms:
            return  # (not before our own heartbeat said what we kept: they check our claim by it)
        two = wire.bits(self.codec.keyed()) <= 1  # a table of two: the other one's word is
        for x in range(wire.SEATS_MAX):            # all there is (as in _term_ok)
            if x == self.seat or not self.members & (1 << x) or not self.alive(x, now):
                continue
            if self._ack_time[x] - self._since < 0:
                return
            lead = self._tfol[x]
            if lead < wire.SEATS_MAX and (two or lead != x and self._tfol[lead] == lead) and \
                    not self._bad & (1 << lead):
                return  # x follows a sequencer that says it leads: the table goes on (its
                # term, if we may follow it, is ours with their next heartbeat). A seat that
                # says it leads a term nobody follows, or follows one that does not lead, is
                # one seat's word: it holds up no election; nor does one that follows a
                # sequencer we deposed (x may be waiting for our term, having deposed it too:
                # attacks/withhold_behind_a_hold.py hide left the table with no sequencer)
        if self._btop > self.term:
            self.term = self._btop
        self._take_over(now)

    def _catch_up(self, now):
        """A new sequencer first hears every live seat, fetches the furthest log any of them
        reports, and only then logs anything: what the old one logged is never overwritten."""
        best, top = -1, self.applied
        waited = now - self._since >= 2 * self.heartbeat_ms
        for s in range(wire.SEATS_MAX):
            if not self.members & (1 << s) or s == self.seat or not self.alive(s, now):
                continue
            if (self._bad | self._skip) & (1 << s):
                continue  # a seat we stopped following, or whose log held what we refused
            if self._ack_time[s] - self._since < 0:
                if waited:
                    continue  # no heartbeat in two periods: it tells us nothing of its log
                return  # not heard since we took over: wait for its heartbeat
            if self._acked[s] > top:
                best, top = s, self._acked[s]
        if best < 0:
            self.ready = True
            for w in range(PEND):
                if self._plen[w]:
                    self._pnext[w] = now
        else:
            if best != self._from or self.applied != self._behind_n:
                self._behind_at = now  # progress (or a new seat to fetch from): wait afresh
                self._behind_n = self.applied
            elif now - self._behind_at >= self.missing_ms:
                # it claims a log it does not serve (a lie would keep us from logging until the
                # followers took us for a censor): catch up without it
                self._skip |= 1 << best
                self._from = -1
                return
            self._from = best  # its entries are taken too (checked like any sequencer's)
            self._nack(best, self.applied + 1, top, now)
