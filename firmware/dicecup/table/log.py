"""log: one handheld's part in keeping every handheld's log of a table identical. Pure: no I/O.

Owns ordering, delivery and failover; knows nothing of any game. Every handheld runs a Node. One of
them, the sequencer (`leader`), checks each request with the game (`game.check`) and gives it the next
sequence number; every Node applies the entries strictly in sequence order (`game.apply`), so every
game core sees the same actions in the same order (docs/protocol.md).

    node = Node(seat, codec, game, send, members, leader=0)
    node.receive(data, now_ms)       # a frame from the radio (anything: garbage is counted, dropped)
    node.tick(now_ms)                # heartbeats, resends with backoff, pause, takeover
    node.submit(f, now_ms)           # a request for a seat this handheld hosts (f.etype + body)

`send(dest, data)` puts a frame on the radio: dest a seat (unicast) or BROADCAST. Time is whatever
integer milliseconds the caller passes in (the device's ticks_ms, the simulator's clock).

The game (a table game such as snyd.SnydTable) provides:
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

Node is assembled from one class per concern, each in its own module of table/ (its docstring says
what state it owns and which frames and duties are its): window (the ring of logged entries and the
chain), delivery (frames out, heartbeats, resends, our requests in flight), sequencer (the
sequencer's side), police (a follower's checks of its sequencer), gate (agreement before a secret
goes out, forks), snapshot (a state instead of entries, with a second witness) and failover (terms,
takeovers, the boot election); codes holds the numbers they share. Node itself keeps the core (who
it is, the seats, what it heard of each handheld), applies entries in order, and receives: one
handler per frame kind, in a table made once (`_init_receive`).
"""
from dicecup.table import wire
from dicecup.table.codes import (  # noqa: F401  (the log's numbers, as the table and tests know them)
    AHEAD, BROADCAST, D_AHEAD, D_CONFLICT, D_DUP, D_ERROR, D_FORGED, D_INVALID, D_NOTLEADER, D_SEIZE,
    D_STALE, D_STRANGER, DROP_NAMES, F_HELD, F_LEADER_MASK, F_SNAP, LOG_CAP, NO_LEADER, PEND, RJ_APP,
    RJ_FORGED, RJ_LATE, RJ_NOT_YOURS, RJ_WAIT, SLOT, TERM_SEAT, TERM_TOP)
from dicecup.table.delivery import Delivery
from dicecup.table.failover import Failover
from dicecup.table.gate import Gate
from dicecup.table.police import Police
from dicecup.table.sequencer import Sequencer
from dicecup.table.snapshot import SNAP_MAX, Incoming, Snapshots  # noqa: F401
from dicecup.table.window import Window


class Node(Window, Delivery, Sequencer, Police, Gate, Snapshots, Failover):
    """A handheld's view of the table's log; the same code for sequencer and followers."""

    missing_ms = 3500

    def __init__(self, seat, codec, game, send, members, leader=0, now=0):
        self.seat = seat
        self.codec = codec
        self.game = game
        self.send = send
        self.members = members          # bitmask of seated handhelds
        self.hosts = bytearray(range(wire.SEATS_MAX))  # game seat -> handheld that plays it
        self.term = leader if leader >= 0 else 0  # term >> 3 counts takeovers; & 7 = sequencer
        self.leader = leader            # -1: unknown (after a reboot, until it hears the table)
        self.applied = 0
        self.dropped = [0] * len(DROP_NAMES)
        self.on_frame = None            # the table's handler of ROSTER, TCODE and LEAVE frames
        self.error = None               # the last exception receive() caught (D_ERROR)
        # what we know of every other handheld
        n = wire.SEATS_MAX
        self._heard = [now] * n
        self._acked = [0] * n
        self._ack_time = [now - 1] * n  # before any heartbeat: a takeover at boot waits for them
        self._member_at = [now] * n     # when each became a member here (a game's SEATS)
        self._clock = now               # the time of the last tick or frame
        self._waiting = 0               # an entry held until our clock agrees (RJ_WAIT)
        self._held = 0                  # the entry we last tried to apply, and since when
        self._held_at = now
        self._last_term = 0             # the term of the last entry applied
        self.rx = wire.Frame()
        # each concern its own state (in its module); then the frames' table, which binds them
        self._init_window()
        self._init_delivery(now)
        self._init_sequencer(now)
        self._init_police(now)
        self._init_gate(now)
        self._init_snapshots(now)
        self._init_failover(now)
        self._init_receive()

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

    def holds(self, h, seq):
        """True if handheld h's latest heartbeat said it applied entry seq."""
        return self._acked[h] >= seq


    def alive(self, s, now):
        return s == self.seat or now - self._heard[s] < self.missing_ms

    # ---- applying entries, in order ----------------------------------------------------
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
                # terms never go down along a log: this entry cannot follow ours. Drop it
                self._seqs[i] = 0
                if self._from_newer(i):
                    # it is our sequencer's, of a term above our last entry's, and that
                    # sequencer never showed our log: its log goes on from another entry than
                    # ours at some place, and ours may be the forked one (we logged our last
                    # entries as a sequencer the table then left: every handheld restarted).
                    # Start again from its state, as for any fork with it, instead of asking for
                    # this entry for ever
                    self.dropped[D_CONFLICT] += 1
                    self._resync_from_leader(now)
                    return
                self.dropped[D_STALE] += 1  # (buffered from a deposed sequencer)
                return
            if self._held != seq:
                self._held, self._held_at = seq, now
            why = 0 if self._mine[i] else self._valid(f, now)
            if why == RJ_WAIT:
                self._waiting = seq  # tick asks again; it is applied, or refused, in time
                return
            if why and self._from_newer(i):
                # an entry a new sequencer brings on top of an older term's log (of its term, or
                # of the older one: its log goes on past ours), refused by our state: ours may be
                # the forked one (an old sequencer gave us another entry at some place than it
                # gave the new one). Start again from the new sequencer's state instead of
                # blaming it; if our log was its, the entry is refused again on its state, and
                # then it is blamed (attacks/equivocate.py: two honest handhelds left each other
                # for good)
                self._seqs[i] = 0
                self._resync_from_leader(now)
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
                self.game.apply(f, seq)
                self._stopped = self._fforf = 0  # (a FORFEIT we held applied, or another first)
                ph = getattr(self.game, "phase", -1)
                if ph != self._phase:
                    self._phase = ph
                    self._phase_seq = seq
                if getattr(self.game, "gate_seq", -1) == seq and not self.is_leader():
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
                self._watched[f.who].len = 0  # that seat was heard: whatever it asked is answered
                self._fdisp &= ~(1 << f.who)
                if self.hosts[f.who] == self.seat:
                    self._match_pending(f)


    def _from_newer(self, i):
        """Whether the entry in slot i came from the sequencer we follow, in a term above our
        last entry's, and that sequencer never showed our log (a heartbeat's chain at our last
        entry): its log may go on from another entry than ours at some place."""
        return self.term > self._last_term and self._by[i] == self.leader and \
            not self.is_leader() and not self.agree.confirmed(self.leader, self.applied)

    def _resync_from_leader(self, now):
        """Apply nothing more until our sequencer shows our log, or sends its state (asked for
        now: a snapshot, taken under the snapshots' rules, with a witness where there can be one)."""
        self._nack(self.leader, 0, 0, now)
        self._resync = True
        self._resync_at = now

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
        if self._admits >> f.type & 1:  # (decode checks 1 <= type <= wire.T_LAST)
            code = self._admit(f, now)
            if code:
                return code
        return self._by_type[f.type](f, now)

    def _init_receive(self):
        """The frames' table: frame kind -> the bound method that handles it (made once: a
        frame allocates no lookup); _admits: the kinds a seated handheld's log sends, which
        _admit sees before their handler."""
        req = self._rx_request  # (SEATS, COMMIT ... FORFEIT, SHAKE: requests)
        t = [req] * (wire.T_LAST + 1)
        for k in range(wire.T_LAST + 1):
            if wire.is_lobby(k):
                t[k] = self._rx_lobby
        t[wire.T_ROSTER] = t[wire.T_LEAVE] = t[wire.T_TCODE] = self._rx_other
        t[wire.T_VOUCH] = self._rx_vouch
        t[wire.T_HINT] = self._rx_hint
        t[wire.T_ENTRY] = self._rx_entry
        t[wire.T_ACK] = self._rx_ack
        t[wire.T_NACK] = self._rx_nack
        t[wire.T_SNAP] = self._rx_snap
        t[wire.T_REJECT] = self._rx_reject
        self._by_type = t
        a = 1 << wire.T_ENTRY | 1 << wire.T_ACK | 1 << wire.T_NACK | 1 << wire.T_SNAP | \
            1 << wire.T_REJECT
        for k in range(wire.T_LAST + 1):
            if t[k] is req:
                a |= 1 << k
        self._admits = a

    def _rx_lobby(self, f, now):
        return 0  # lobby frames are the lobby's business

    def _rx_other(self, f, now):
        if self.on_frame:
            self.on_frame(f)
        return 0

    def _rx_hint(self, f, now):
        if not self.members & (1 << f.seat):
            return self._stranger(f, now)
        self.game.hint(f)  # a team Yatzy suggestion: advice for the game, nothing for the log
        return 0

    def _rx_entry(self, f, now):
        return self._on_entry(f, now)

    def _stranger(self, f, now):
        s = f.seat
        if f.type == wire.T_NACK and self.is_leader():
            # a handheld of this table (the frame verified under a key it shares with us) with
            # no seat in this game, e.g. back after its seat went to a bot: it may watch, so it
            # gets what it asks for, and takes no other part (it is not waited for, nor missed)
            if not f.lo:
                self._send_snapshot(s, now)
            elif self._serves(s, now):
                self._serve(s, f.lo, f.hi, now)
        self.dropped[D_STRANGER] += 1
        return D_STRANGER

    def _admit(self, f, now):
        """What every frame of the log from a seated handheld says (heard, its term, a heartbeat's
        claims), before its own handler: 0, or why it is dropped (a stranger's, a seizure, stale)."""
        t = f.type
        s = f.seat
        if not self.members & (1 << s):
            return self._stranger(f, now)
        self._heard[s] = now
        if f.term > self._tseen[s]:
            self._tseen[s] = f.term
        self._tlast[s] = f.term
        if t == wire.T_ACK:
            self._acked[s] = f.ack
            self._ack_time[s] = now
            self._tfol[s] = f.flags & F_LEADER_MASK
            if f.flags & F_HELD:
                self._fflag |= 1 << s
                self._fheld_at[s] = now
            else:
                self._fflag &= ~(1 << s)
            self._fon[s] = f.missing if f.flags & F_SNAP else 0
            if self.agree.heard(s, f.ack, f.chain, self.applied):
                self._forkm |= 1 << s
            if self._tfol[s] == NO_LEADER and self.leader < 0 and f.term > self._btop and \
                    (f.term >> 3) - (self.term >> 3) <= 1 and f.term < TERM_TOP:
                # the term it kept through its boot: at most one takeover past ours (the kept
                # terms of a table that restarted at once differ by a takeover under way at most;
                # a claim beyond is a lie, and would let a seat march the term to the top)
                self._btop = f.term
        if f.term > self.term or (self.leader < 0 and f.term >= self.term):
            if self._term_ok(f.term, now):
                self.term = f.term
                lead = f.term & TERM_SEAT
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
        return 0

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

    def tick(self, now):
        """Heartbeats, resends with backoff, the sequencer's duties or a follower's watch on it,
        takeover: each concern's part, in this order."""
        self._clock = now
        if self._waiting or self._resync:  # an entry held until our clock agrees (RJ_WAIT), or
            self._waiting = 0               # until our log is checked after a fork: ask again
            self._apply_ready(now)
        self._tick_heartbeat(now)
        if self._starve_h >= 0:
            self._forgive(now)
        if self.is_leader():
            self._tick_lead(now)
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
        self._tick_resend(now)
