"""sequencer: the sequencer's side of the log, a part of log.Node: a request checked with the game
(`game.check`) and logged as the next entry (`_sequence`), or refused (REJECT); its own entries
(`log_local`: SEATS, FORFEIT); the hold while a snapshot waits for its witnesses; and its tick: the
pause (who is missing), the newest entry repeated, resends, a FORFEIT the game says is due, and a
term nobody took up given up.

Owns: `ready` (caught up as a new sequencer: it logs), `missing` (the seats it pauses on; followers
copy it), `_since` (when this handheld last became the sequencer), `_hold` (it logs nothing until
then), `_fj_at` (each seat's last RJ_FORGED). Frames: every request (a follower only watches it:
police)."""
from dicecup.table import wire
from dicecup.table.codes import BODY, BROADCAST, D_FORGED, LOG_CAP, PEND, RJ_FORGED, RJ_LATE, \
    RJ_NOT_YOURS, SLOT


class Sequencer:
    """The sequencer's duties (log.Node's part)."""

    hold_ms = 400             # after sending one, the sequencer logs nothing for this long, so
                              # the other handhelds are at the same entry when asked to vouch

    def _init_sequencer(self, now):
        self.ready = self.leader == self.seat
        self.missing = 0                # bitmask: seats not heard from (the sequencer's view)
        self._since = now               # when this handheld last became the sequencer
        self._hold = -1                 # the sequencer logs nothing until then (a snapshot out)
        self._fj_at = [now - 1000] * wire.SEATS_MAX  # its last RJ_FORGED per seat (at most 2 a s)

    def log_local(self, f, now):
        """The sequencer logs an entry of its own that belongs to no seat (SEATS: a new game;
        FORFEIT: a seat missed a deadline). Returns 0, or why not: RJ_NOT_YOURS when not the ready
        sequencer, else the game's reason."""
        if not self.is_leader() or not self.ready:
            return RJ_NOT_YOURS
        self.game.now = now
        reason = self.game.check(f)
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

    def _logged_since(self, f, after):
        """True if an entry equal to request f is in the log after sequence `after` (a repeat)."""
        end = wire.pack_entry(f, self._scratch, 0)
        lo = max(after + 1, self.applied - LOG_CAP + 1, 1)
        for seq in range(lo, self.applied + 1):
            i = seq % LOG_CAP
            if self._seqs[i] != seq:
                continue
            b = i * SLOT
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
            if sender != self.seat and now - self._fj_at[f.who] >= 500:
                # said to everyone: a follower whose own tag verified cannot tell whether the
                # requester or we lie, so it must neither depose us as a censor nor take a
                # FORFEIT of that seat (attacks/rto_frame.py: a bid tagged for all but us got
                # the honest sequencer deposed 7 s on). A copy handed on by another seat only
                # to that seat: it may be its own make-up in the requester's name, which said
                # to everyone put an innocent seat in dispute (attacks/forged_hand_on.py); never
                # answered, the hand-ons of a request sent to that seat alone got us deposed by
                # its censor watch (attacks/bid_to_one.py)
                self._fj_at[f.who] = now
                self._reject(BROADCAST if f.seat == sender else f.seat, f.seq, f.who, RJ_FORGED, 0)
            return
        if now < self._hold:
            # a snapshot waits for its witnesses: kept (one per seat) and logged once the hold
            # ends (_unhold). Dropped, a seat's NACK 0 timed before each hand-on of a request
            # would make the honest sequencer look like a censor to the follower relaying it
            if sender != self.seat and not self._watched[f.who].len:
                self._keep(f, f.who, now)
            return
        if self._logged_since(f, f.ack if sender != self.seat else 0):
            if sender == self.seat:
                self._match_pending(f)
            elif self._serves(sender, now):  # a repeat: its entry did not reach the sender yet
                self._serve(sender, max(f.ack, self._acked[sender]) + 1, self.applied, now)
            return
        self.game.now = now
        reason = self.game.check(f)
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
        a sequencer does not use otherwise) go through _on_request now. (Every loop of the
        sequencer: its frame fits the 11 words MicroPython keeps off the heap.)"""
        for w in range(PEND):
            if self._watched[w].len:
                self._unhold_one(self._watched[w], now)

    def _unhold_one(self, h, now):
        f = self.tmp
        wire.unpack_entry(h.buf, 0, f)
        wire.unpack_req(h.buf, BODY, f)
        h.len = 0
        f.type = f.etype
        f.ack = f.rack
        f.seq = 0
        self._on_request(f, now)

    def _refuse(self, sender, f, reason, lo):
        if sender == self.seat:
            if f.who < PEND:
                self._pend[f.who].len = 0
                self.game.rejected(f.who, reason, lo)
        else:
            self._reject(sender, f.seq, f.who, reason, lo)

    def _rx_request(self, f, now):
        if not self.is_leader():
            self._watch(f, now)
            return 0
        if self.ready:
            self._on_request(f, now)
        return 0

    def _missing_now(self, now):
        """The handhelds the table waits for, as the sequencer sees them now."""
        members = self.members
        miss = 0
        for s in range(wire.SEATS_MAX):
            if members & (1 << s) and not self.alive(s, now):
                miss |= 1 << s
        if self.ready and hasattr(self.game, "stalled"):
            miss |= self.game.stalled(now) & members  # in touch, but it never moves: paused too
        for s in range(wire.SEATS_MAX):
            if members & (self._fflag | self._spared) & (1 << s) and self.alive(s, now):
                # it says it is held, or lacks the phase's first entry: its FORFEIT waits,
                # and the table with it, paused on its name (_disputed)
                miss |= 1 << s
        return miss

    def _tick_lead(self, now):
        """(Every loop of the sequencer: its frame and _missing_now's fit the 11 words
        MicroPython keeps off the heap.)"""
        miss = self._missing_now(now)
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
            self.game.now = now
            if now >= self._hold and hasattr(self.game, "overdue"):
                f = self.game.overdue(self.tmp)  # a seat that missed its deadline: its FORFEIT
                self._spared = self._disputed(f.who, now) if f is not None else 0
                if f is not None and not self._spared:
                    self.log_local(f, now)
