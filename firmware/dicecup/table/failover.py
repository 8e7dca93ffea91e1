"""failover: who leads, a part of log.Node. A new term is followed only when its sequencer is the
seat entitled to it (`_term_ok`, `_entitled`); when the sequencer is gone the next seat clockwise
that is alive takes over (`_maybe_take_over`, `_take_over`) and first catches up to the furthest log
any live seat reports (`_catch_up`); after every handheld restarted, the heir after the highest
term any of them kept is elected (`_boot_elect`, `_heir`); a term nobody takes up is given up
(`_followed`, `_outvoted`).

Owns: per handheld `_tseen` (the newest term it sent a frame in), `_tlast` (the term of its latest
frame), `_tfol` (the seat its latest heartbeat follows); `_from` (a new sequencer takes entries from
this seat too) and `_skip` (not from these); `_back` (back from a reboot, not caught up since),
`_boot`, `_btop` (the highest term any handheld kept, following nobody); `_leader_seen`, `_lead_at`
(when we began to follow this term), `_seq_at` (... and this sequencer, whatever its term)."""
from dicecup.table import wire
from dicecup.table.codes import LOG_CAP, PEND, TERM_SEAT, TERM_TOP


class Failover:
    """Terms, takeovers and the boot election (log.Node's part)."""

    def _init_failover(self, now):
        n = wire.SEATS_MAX
        self._tseen = [0] * n           # the newest term each handheld sent a frame in
        self._tlast = [0] * n           # ... and the term of its latest frame (_outvoted)
        self._tfol = bytearray(b"\x0f" * n)  # the seat its latest heartbeat follows (0x0F: none)
        self._from = -1                 # a new sequencer takes entries from this seat too
        self._skip = 0                  # ... but not from these: their log held an entry we refused
        self._back = self.leader < 0    # back from a reboot, not caught up since: it saw nothing
        self._boot = now
        self._btop = self.term          # following nobody: the highest term any handheld kept
        #                                 (the boot election, _heir; keep restores ours)
        self._leader_seen = now
        self._lead_at = now             # when we began to follow this term (_entitled)
        self._seq_at = now              # ... and this sequencer, whatever its term (the watch)

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
        n = 0   # those in an older term, less those in ours
        m = self.codec.keyed() & self.members
        x = 0
        while m:
            if m & 1 and self.alive(x, now):
                n += self._older(x, now)
            m >>= 1
            x += 1
        return n > 0

    def _older(self, x, now):
        """_outvoted's count of live handheld x: -1 in our term, 1 if it follows another
        sequencer, alive (not just back from a reboot, nor a seat's claim to follow a dead one:
        that would make us give up every 7 s), else 0. (Apart: asked every loop of the
        sequencer, both frames fit the 11 words MicroPython keeps off the heap.)"""
        if self._tlast[x] >= self.term:
            return -1
        t = self._tfol[x]
        return 1 if t < wire.SEATS_MAX and t != self.seat and self.alive(t, now) else 0

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
        lead = term & TERM_SEAT
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
            h = self._watched[w]
            h.at = now
            h.relayed = 0

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
            self._pend[w].next = now
            self._pend[w].sent = 0

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
        s = term & TERM_SEAT
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
            self._back = False  # (caught up to the others' furthest log: a sequencer hears no
            #                     heartbeat of its own, and was back from a boot for good,
            #                     attacks/restart_kept_reseat.py)
            for w in range(PEND):
                if self._pend[w].len:
                    self._pend[w].next = now
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
