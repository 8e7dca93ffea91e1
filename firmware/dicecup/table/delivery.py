"""delivery: getting frames through, a part of log.Node: every frame out (`_emit`), heartbeats, NACKs,
REJECTs, entries served and resent with backoff, and this handheld's own requests repeated until
they are logged or refused.

Owns: `tx` (the frame every send fills; `tmp`, the same frame, for entries unpacked on the way),
`frames_out`, `bytes_out`; the heartbeat's clock (`_hb_at`, `_hb_sent`, `_hb_now`, and a gate's
repeats `_hb_rep`, `_hb_rep_at`); `_nack_at`; per handheld `_resend_at`, `_tries`, `_served_at`
(when what it asked for was last served); the newest
entry's repeats (`_tail_at`, `_tail_n`); entries a busy loop left (`_on_to`, `_on_lo`, `_on_hi`,
`_on_at`); loss (`_gaps`, `_loss_at`, `_lossy`); our requests in flight (`_pend`: a Pending per seat;
`_reqno`). Frames: ACK (its tail: a NACK for what the sequencer has and we lack), NACK (served),
REJECT (of our requests)."""
from dicecup.table import wire
from dicecup.table.codes import AHEAD, BODY, BROADCAST, F_HELD, F_PAUSED, F_SNAP, LOG_CAP, NO_LEADER, \
    PEND, RJ_FORGED, SLOT


class Pending:
    """A request of a seat this handheld hosts, in flight until it is logged or refused (one per
    seat, made with the Node: nothing is allocated per request)."""

    def __init__(self):
        self.buf = bytearray(SLOT)  # packed as a logged entry is: its body, its requester's part
        self.len = 0                # the body's length (0: none in flight)
        self.no = 0                 # its number (a REJECT names it)
        self.next = 0               # when it is sent again
        self.sent = 0               # how often it was sent (its resend interval)


class Delivery:
    """Frames out, heartbeats, resends, our requests in flight (log.Node's part)."""

    heartbeat_ms = 1000
    leader_heartbeat_ms = 500  # the sequencer's, more often: three lost ones must not depose it
    quiet_heartbeat_ms = 1250  # a follower's while no frame was lost lately (_lossy)
    quiet_leader_heartbeat_ms = 750  # ... and the sequencer's
    resend_ms = 120           # a request is repeated this often resend_fast times, then the
    resend_fast = 4           # wait doubles up to resend_max_ms (a lost request was most of the
    resend_max_ms = 500       # slow presses at 30 % loss; a sequencer gone costs a few frames)
    nack_ms = 50              # at most one NACK per this long
    serve_ms = 25             # ... and a seat's NACKs (and repeated requests) served at most this
                              # often (_serves: half nack_ms, for the air's jitter)
    tail_ms = 60              # the sequencer repeats its newest entry after this quiet time, and
    tail_repeats = 4          # again after twice as long: a lost last entry has no successor to
                              # reveal the gap, and heartbeats are a second apart
    lossy_ms = 20000          # ... but only while frames were lost this recently (_lossy)
    gate_hb_ms = 100          # the heartbeat after an entry that asks for a reveal is repeated
                              # this long after, and twice that, while frames are lost
    busy = None               # the table's: busy() is True once this loop has worked long enough
                              # that entries still to serve wait (table.pump.Pump._busy)

    def _init_delivery(self, now):
        n = wire.SEATS_MAX
        self.frames_out = 0
        self.bytes_out = 0
        self._hb_now = False            # a heartbeat is due at the next tick
        self._hb_sent = now             # when the last one went out
        self._hb_rep = 0                # ... repeats of it still due (a gate's), and when
        self._hb_rep_at = now
        self._hb_at = now - self.heartbeat_ms + self.seat * 37  # spread the first heartbeats
        self._nack_at = -self.nack_ms
        self._resend_at = [0] * n
        self._tries = bytearray(n)
        self._served_at = [-self.serve_ms] * n  # when each handheld's asking was last served
        self._tail_at = -1              # when to repeat the newest entry (-1: not due)
        self._on_to = -1                # entries a busy loop left for the next (_serve, _go_on):
        self._on_lo = self._on_hi = 0   # ... to whom (-1: none), and which
        self._on_at = -1                # ... and the loop (its clock) that left them
        self._tail_n = 0
        self._gaps = 0                  # the codec's count of counter gaps when last looked at
        self._loss_at = now - self.lossy_ms  # when frames were last seen lost (_lossy)
        # our own requests in flight
        self._pend = [Pending() for _ in range(PEND)]
        self._reqno = now & 0xFFFF      # so a REJECT from before a reboot matches nothing new
        self.tx = wire.Frame()
        # entries are unpacked into tx too: whatever unpacks one (applying, serving, a request
        # from poll) is done with it before the next frame goes out (a Frame is large: one less)
        self.tmp = self.tx

    def pending(self, who):
        return self._pend[who].len != 0

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
        lead = self.leader if self.leader >= 0 else NO_LEADER
        held = self._gate_held(now)
        if held:
            self._fheld_at[self.seat] = now
        # a held follower names whom it is held on (a snapshot's sender and witness, or whom its
        # gate waits for) to every screen: a player out of the game that kept one honest
        # player's gate shut was named on that player's screen only, never on the sequencer's,
        # the one with the pause's choices (attacks/watcher_holds_one.py). The sequencer's
        # missing byte is the table's pause (followers copy it), so it says nothing else
        on = self._sheld if self._snap_held(now) else \
            self.held_on() & ~(1 << self.seat) if held and not self.is_leader() else 0
        f.flags = lead | (F_PAUSED if self.missing else 0) | \
            (F_HELD if held else 0) | (F_SNAP if on else 0)
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

    def _everyone(self):
        return self.codec.keyed() | (1 << self.seat)

    def submit(self, f, now):
        """Queue a request (f.etype and its body set; f.who a seat this handheld hosts). It is
        repeated until logged or refused. Returns False if that seat already has one in flight."""
        who = f.who
        r = self._pend[who]
        if r.len:
            return False
        self.codec.sign_request(f, self.seat, self.applied, self._everyone())
        r.len = wire.pack_entry(f, r.buf, 0)
        wire.pack_req(f, r.buf, BODY)
        self._reqno += 1
        r.no = self._reqno
        r.next = now
        r.sent = 0
        self._send_pending(who, now)
        if self.leader >= 0 and not self.is_leader() and not self._lossy(now):
            self._hb_at = now  # a request to everyone says "alive" as a heartbeat would; not
            # while frames are lost: then the heartbeat's "applied up to N" is what makes the
            # sequencer resend in time (waiting for it made p95 latency at 30 % loss 30 % worse).
            # Not the sequencer's own: it goes on no air, and a bot's request refused each tick
            # kept an honest sequencer silent until a follower took over (a split table)
        return True

    def _send_pending(self, who, now):
        f = self.tx
        r = self._pend[who]
        wire.unpack_entry(r.buf, 0, f)
        wire.unpack_req(r.buf, BODY, f)
        f.type = f.etype
        f.seq = r.no
        f.seat = self.seat
        f.ack = f.rack
        if self.is_leader():
            if self.ready:
                self._on_request(f, now)
            return
        if self.leader < 0:
            return
        # to everyone: the followers hold the sequencer to it (_watch), not only the sequencer
        if not self._watched[who].len:
            self._keep(f, who, now)
        self._emit(BROADCAST, f)
        w = r.sent
        wait = self.resend_ms
        if w >= self.resend_fast:
            wait = min(wait << (w - self.resend_fast + 1), self.resend_max_ms)
        r.next = now + wait
        if w < 15:
            r.sent = w + 1

    def _match_pending(self, f):
        r = self._pend[f.who]
        n = r.len
        if not n or r.buf[0] != f.etype:
            return
        end = wire.pack_entry(f, self._scratch, 0)
        if end != n:
            return
        b = r.buf
        for i in range(n):
            if self._scratch[i] != b[i]:
                return
        r.len = 0

    def _serve(self, dest, lo, hi, now):
        """Send entries lo..hi (at most AHEAD of them) to dest, or a snapshot if lo is gone."""
        if lo > self.applied:
            return
        if lo < 1 or not self.entry(lo, self.tmp):
            self._send_snapshot(dest, now)  # any seat's state will do: all apply the same log
            return
        hi = min(hi, self.applied, lo + AHEAD - 1)
        busy = self.busy
        for seq in range(lo, hi + 1):
            if seq > lo and busy is not None and busy():
                # the rest go in the next loops, one at least a loop (_go_on): a burst served
                # beside a round's frames made loops of 50-52 ms on the board (each entry is
                # tagged anew: docs/memory.md, Device time); dropped, a follower at 50 % loss
                # lagged until it left an honest sequencer (attacks/busy_under_loss.py)
                self._on_to, self._on_lo, self._on_hi, self._on_at = dest, seq, hi, self._clock
                return
            self._send_entry(dest, seq)

    def _serves(self, dest, now):
        """True if what dest asks for (a NACK, a request repeated) is served now: at most once each
        serve_ms (an honest follower asks at most every nack_ms; a seated cheat's NACK every 5 ms
        got the honest sequencer deposed: attacks/busy_flood.py nack)."""
        if now - self._served_at[dest] < self.serve_ms:
            return False
        self._served_at[dest] = now
        return True

    def _go_on(self):
        """Entries a busy loop left (_serve): the next (but in the loop that left them), and more
        while this loop is not busy. One handheld's at a time: a later cut serve replaces it (that
        follower asks again)."""
        busy = self.busy
        if self._on_at == self._clock and busy is not None and busy():
            return  # (this loop served the first of them already)
        while self._on_to >= 0:
            seq = self._on_lo
            if seq > self._on_hi or not self._send_entry(self._on_to, seq):
                self._on_to = -1
                return
            self._on_lo = seq + 1
            if busy is not None and busy():
                return

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
        """The sequencer serves a live follower that lacks entries: one handheld's a loop (each
        is frames tagged anew, and three handhelds' at once were a long loop on the board:
        docs/memory.md, Device time). (Every loop of the sequencer: its frame fits the 11 words
        MicroPython keeps off the heap; _resend_to has the rest.)"""
        if self._on_to >= 0:
            return  # entries a busy loop left go first (_go_on)
        for s in range(wire.SEATS_MAX):
            if self.members & (1 << s) and s != self.seat and self.alive(s, now):
                if self._acked[s] >= self.applied:
                    self._tries[s] = 0
                elif self._resend_to(s, now):
                    return

    def _resend_to(self, s, now):
        """Resend to s what it lacks, at its pace (_tries); True if it did. (Asked every loop a
        follower's heartbeat lags: with _lacks apart, its frame fits the 11 words MicroPython
        keeps off the heap.)"""
        if now < self._resend_at[s] or not self._lacks(s):
            return False
        self._serve(s, self._acked[s] + 1, self.applied, now)
        t = self._tries[s]
        self._resend_at[s] = now + min(self.resend_ms << t, self.resend_max_ms)
        if t < 4:
            self._tries[s] = t + 1
        return True

    def _lacks(self, s):
        """A heartbeat of s sent after the first entry it lacks went out still lacks it (an entry
        already gone from the window went out before the oldest one kept)."""
        seq = self._acked[s] + 1
        if self._seqs[seq % LOG_CAP] != seq:
            seq = max(1, self.applied - LOG_CAP + 1)
        i = seq % LOG_CAP
        return self._seqs[i] == seq and self._ack_time[s] - self._etime[i] >= 50

    # ---- frames in (receive's table: log.Node._init_receive) --------------------------------
    def _rx_ack(self, f, now):
        s = f.seat
        if s == self.leader and f.ack > self.applied and not self._waiting and \
                not self._resync and not self._forkm & (1 << s):
            # (not after a fork with it: its state, not its entries; that NACK, asked for
            # at once by _on_forks, would fall within this one's nack_ms every heartbeat)
            self._nack(s, self.applied + 1, f.ack, now)
        return 0

    def _rx_nack(self, f, now):
        s = f.seat
        self._loss_at = now  # somebody missed something
        if f.lo == 0:
            if self.is_leader() or self.applied and not (
                    self._word_seq or self._back or self._resync or self._snap is not None):
                # a follower too (a laggard whose sequencer sends it no snapshot asks a
                # peer: _ask_snap); never a state that rests on a sender's word, nor one
                # not caught up or being checked: one word is never passed on as two
                self._send_snapshot(s, now)
        elif self._serves(s, now):
            # (never what its last heartbeat said it has: an honest NACK asks past it, but for
            # one overtaken on the air by that heartbeat)
            self._serve(s, max(f.lo, self._acked[s] + 1), f.hi, now)
        return 0

    def _rx_reject(self, f, now):
        s = f.seat
        w = f.who
        if s == self.leader and w < wire.SEATS_MAX and f.reason == RJ_FORGED and \
                not self.is_leader() and self.hosts[w] != s:  # (never its own seat's: it
            # would spare the sequencer's own debts: attacks/forged_self.py)
            # our sequencer says a request of seat w fails its tag, which ours may pass: one
            # of the two lies. We watch that request no more (no censor to depose) and hold
            # any FORFEIT of the seat (_disputed): the table stops on it, blaming neither
            self._watched[w].len = 0
            self._fdisp |= 1 << w
        if s == self.leader and w < wire.SEATS_MAX and self._pend[w].len and \
                self._pend[w].no == f.seq:
            self._pend[w].len = 0
            self.game.rejected(w, f.reason, f.lo)
        return 0

    # ---- tick's parts (log.Node.tick) -------------------------------------------------------
    def _tick_heartbeat(self, now):
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

    def _tick_resend(self, now):
        if self._on_to >= 0:
            self._go_on()
        for w in range(PEND):
            if self._pend[w].len and now - self._pend[w].next >= 0:
                self._send_pending(w, now)
        if not self.is_leader() and not self._waiting and not self._resync:  # (a held entry is
            self._ask_holes(now)  # no hole, nor is one waiting for our log to be checked)

    def _ask_holes(self, now):
        """A hole before an entry we hold: ask again. (Apart from _tick_resend: both frames fit
        the 11 words MicroPython keeps off the heap, asked every loop.)"""
        for seq in range(self.applied + 2, self.applied + AHEAD + 1):
            if self.entry(seq, self.tmp):
                self._nack(self.leader, self.applied + 1, seq - 1, now)
                return
