"""snapshot: a state instead of entries, a part of log.Node. A laggard behind the log's window (or
back from a reboot, or after a fork) gets the game's state after an entry in numbered SNAP chunks
(`_send_snapshot`, `_stream_snapshot`); it takes one only when a second handheld vouches for it
(VOUCH: `_on_vouch`, `_snap_tick`), or on its sender's word where nobody can (`_asked`); a follower
whose sequencer sends it none asks a peer (`_ask_snap`). Vouching for another's snapshot is here
too (`_on_vouch`: the hash of our own state after that entry).

Owns: `snap_too_big`; per handheld `_snap_at` (at most one snapshot per snap_ms); the snapshot being
received (`_snap`, an Incoming); `_restart_at` (we asked to start again); the wait for one
(`_want_n`, `_want_at`), the peer asked (`_speer`, `_speer_at`); who held it up (`_swait`,
`_sheld`, `_sheld_at`: F_SNAP); `_word_seq` (our state rests on a word nobody vouched for). Frames:
SNAP, VOUCH."""
import hashlib

from dicecup.table import wire
from dicecup.table.codes import BROADCAST, LOG_CAP, PEND
from dicecup.core.compat import const

SNAP_MAX = const(6144)       # largest snapshot (the game's state) a Node can send or receive
_STEP = wire.SNAP_DATA_MAX
_HEAD = const(17)          # a snapshot starts with the chain (8), members (1) and hosts (8)
_ZERO = bytes(wire.CHAIN_LEN)
_NO_WORD = b"\xff" * wire.CHAIN_LEN  # a VOUCH answer: "my state rests on a sender's word"
_PAST = b"\xfe" * wire.CHAIN_LEN     # ... "I am past that entry" (ask for a newer snapshot)
VOUCH_WAIT_MS = const(1500)  # a snapshot not vouched for by then is dropped (asked again later)
RESTART_MS = const(5000)     # a snapshot is taken this long after we asked to start again
ASK_MS = const(100)
ANSWER_MS = const(500)  # no ask in a vouch wait's last ANSWER_MS: every ask had that long for its
                        # answer (a handheld's longest loops, device time: docs/memory.md)


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
    """What a snapshot is written into (the game's Out writes buf[i] = x, in order): each
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


class Snapshots:
    """Snapshots sent, received, vouched for (log.Node's part)."""

    snap_ms = 1000            # at most one snapshot per laggard per this long
    snap_wait_ms = 3000       # a laggard that needs a snapshot and got none this long while its
                              # sequencer is heard asks a peer that applied more (_ask_snap); after
                              # censor_ms it says it is held, on the sequencer

    def _init_snapshots(self, now):
        self.snap_too_big = 0
        self._snap_at = [-self.snap_ms] * wire.SEATS_MAX
        self._snap = None               # Incoming while a snapshot is in transit
        self._restart_at = now - RESTART_MS  # when we last asked to start again from one
        self._want_n = -1               # the entry we stood at needing a snapshot, since when
        self._want_at = now             # (_ask_snap)
        self._speer = -1                # the peer we asked for its snapshot (taken as the
        self._speer_at = now - self.snap_ms  # sequencer's, with the same witness), and when
        self._swait = 0                 # the witnesses the last whole snapshot waited on in vain
        self._resync_from = now         # since when our log is checked after a fork (_resync)
        self._resync_n = -1             # ... in this phase of the game (_phase_key: a state
        #                                 taken in it keeps the clock, _ask_snap)
        self._sheld = 0                 # whom a snapshot holds us on (F_SNAP): its sender and a
        self._sheld_at = now - 0x3FFFFFFF  # witness that differs, or a sequencer that sends none
        self._word_seq = 0              # our state came from a snapshot nobody vouched for, taken
                                        # at this entry (0: none): no secret on a phase begun by then

    # ---- frames in (receive's table: log.Node._init_receive) --------------------------------
    def _rx_vouch(self, f, now):  # any handheld of the table may witness (or ask for) a state
        self._on_vouch(f, now)
        return 0

    def _rx_snap(self, f, now):
        s = f.seat
        if s == self.leader or s == self._from or s == self._speer:  # the sequencer's (or,
            # for a new one, the seat it catches up from; or the peer we asked, _ask_snap),
            # and only with a second witness (_on_snap)
            self._on_snap(f, now)
        return 0

    def _send_snapshot(self, dest, now):
        if now - self._snap_at[dest] >= self.snap_ms:
            self._snap_at[dest] = now
            if self.is_leader():
                self._hold = now + self.hold_ms
            self._stream_snapshot(dest)

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
        self.game.snapshot(out, _HEAD)

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
        restores must still keep its own seats' secrets (game.restore checks them on flash)."""
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
        if not self._head_ok(buf) or not self.game.restore(mv, s.seq):
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
        for w in range(PEND):  # what they asked for may be in the snapshot: the game asks anew
            self._pend[w].len = 0
        return True

    def _ask_snap(self, now):
        """A follower that needs a snapshot (it lags its sequencer's claim past the window, or,
        back from a reboot, asked to start again) and got none for snap_wait_ms while that
        sequencer is heard asks a peer that claims more (each snap_ms, the next such peer), and
        takes its snapshot under the sequencer's rules (a witness, the sequencer among them; or
        the no-witness rule). A sequencer that withholds snapshots kept a handheld back from a
        reboot out for good, the pause naming only it (attacks/withhold_the_snapshot.py). If that
        fails for censor_ms, our heartbeats say we are held, on the sequencer. (Asked every loop:
        its frame fits the 11 words MicroPython keeps off the heap; _snap_wanted has the rest.)"""
        if now - self._sheld_at >= self.missing_ms:
            self._sheld = 0
        if not self._resync:
            if self._phase_key() != self._resync_n:
                self._resync_from = now  # (a state taken in the phase the check began in does
                # not start its clock again: a sequencer that sent it and at once showed another
                # chain kept each spell under a gate's time, attacks/resync_cycle.py, also with an
                # entry of its own logged before each state, attacks/resync_new_entry.py)
        elif self._resync_n != self._phase_key():
            self._resync_n = self._phase_key()
        elif now - self._resync_from >= self.gate_ms and self._reached():
            # our log is checked after a fork with our sequencer, the table's log is at ours or
            # past it (another member's heartbeat claims it: the sequencer may claim less to us
            # alone, attacks/resync_below.py; at ours, not only past: the first entry past it may
            # be the FORFEIT of our seat, attacks/resync_turn.py), and its state has not come (or
            # comes in pieces that never end) in a gate's time: held on it, as a gate is, so
            # nobody forfeits our seat for the phase it holds and every pause names it
            # (attacks/resync_forfeit.py). (A log past everyone's, a forked entry of our own
            # after a restart, waits for the table's log to reach it, and then takes its state.)
            self._sheld |= 1 << self.leader
            self._sheld_at = now
        behind = self._acked[self.leader] - self.applied
        if self.applied != self._want_n or self._waiting or self._resync or behind <= 0 or \
                behind <= LOG_CAP and not (self._back and now - self._restart_at < RESTART_MS):
            self._want_n = self.applied
            self._want_at = now
            return
        self._snap_wanted(now)

    def _phase_key(self):
        """The game's round and phase, as one number."""
        g = self.game
        return getattr(g, "round", 0) << 4 | getattr(g, "phase", 0) & 15

    def _reached(self):
        """Another member's latest heartbeat (the sequencer's or another's) claims our log's
        length or more."""
        for x in range(wire.SEATS_MAX):
            if x != self.seat and self.members & (1 << x) and self._acked[x] >= self.applied:
                return True
        return False

    def _snap_wanted(self, now):
        lead = self.leader
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
