"""police: a follower's watch on its sequencer, a part of log.Node. Every entry it did not log itself
is checked (`_valid`: its requester plays the seat, a SEATS or FORFEIT is its term's sequencer's and
what this handheld sees, the rules allow it); requests heard on the air are kept, handed on, and
held against the sequencer (`_watch`, `_judge`); deadlines are run on this handheld's own clock
(`_police`); a sequencer that claims entries it never serves is caught (`_starved`). A sequencer
caught is distrusted (`_bad`): not followed any more, and the next seat takes over (failover).

Owns: the watch's requests (`_watched`: a `Heard` per seat), `_bad`,
disputes (`_fdisp`: seats whose request verified here, not at the sequencer; `_rdisp`: a reseat held
as disputed), `_fent_at`, and the starving clock (`_behind_at`, `_behind_n`, `_starved_at`; a new
sequencer's _catch_up uses the first two too)."""
from dicecup.table import wire
from dicecup.table.codes import BODY, PEND, RJ_APP, RJ_NOT_YOURS, RJ_WAIT, SLOT, TERM_SEAT


class Heard:
    """A seat's request heard on the air, kept for the watch (one per seat, made with the Node:
    nothing is allocated per request)."""

    def __init__(self):
        self.buf = bytearray(SLOT)  # packed as a logged entry is: its body, its requester's part
        self.len = 0                # the body's length (0: none kept)
        self.at = 0                 # when it was heard (or its sequencer began to be followed)
        self.relayed = 0            # how often it was handed on to the sequencer


class Police:
    """A follower's checks of its sequencer (log.Node's part)."""

    relay_ms = 1000           # a follower hands a request it heard on to the sequencer after
    censor_ms = 7000          # this long, and stops following a sequencer that still leaves a
                              # valid request unlogged after this long (it ignores a seat),
                              # counted from when that sequencer began to be followed

    def _init_police(self, now):
        # requests heard on the air (a follower's watch on the sequencer: _watch, _judge)
        self._watched = [Heard() for _ in range(PEND)]
        self._bad = 0                   # handhelds whose entries the rules refused: never followed
        self._fdisp = 0                 # seats whose request verified here, not at the sequencer
        self._rdisp = 0                 # a reseat entry we held as disputed: never refused after
        self._fent_at = now - 0x3FFFFFFF  # when our sequencer last sent an entry whose tag fails
        self._behind_at = now           # since when we lag the log we chase, making no progress
        self._behind_n = 0              # (applied stayed at this): a follower the sequencer's
                                        # claim (_starved), a new sequencer a seat's (_catch_up)
        self._starved_at = now          # when _starved last looked (a gap: it counts afresh)
        self._lag_ms = 0                # ms we lagged our sequencer's claim, less those we did not
        self._lag_of = -1               # ... which sequencer (gate._lagged)
        self._starve_h = -1             # a sequencer we left only for starving us (_forgive)
        self._lagger = -1               # a sequencer that lagged us a gate's time, or that we
        #                                 forgave: its next lag is held after a second (gate._lagged)

    def _valid(self, f, now):
        """0 when entry f may be applied now: its requester plays the seat it speaks for (SEATS and
        FORFEIT: the sequencer of its term logged it) and the rules allow it. A follower checks
        every entry it did not log itself, so a sequencer can only order what seats asked for."""
        if f.etype == wire.T_SEATS or f.etype == wire.T_FORFEIT:
            if f.rby != f.eterm & TERM_SEAT:
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
                self._fforf = f.who
                self._dispute_asked(f.who, now)
                return RJ_WAIT
            if f.etype == wire.T_SEATS:
                why = self._reseat_why(f, now)
                if why:
                    return why
        elif f.who >= wire.SEATS_MAX or self.hosts[f.who] != f.rby:
            return RJ_NOT_YOURS
        f.ack = f.rack
        self.game.now = now
        return self._app_check(f)

    def _reseat_why(self, f, now):
        """0 when SEATS entry f may be applied as far as seating goes, else RJ_WAIT (held: tick
        asks again) or RJ_NOT_YOURS (the sequencer's lie: it is not followed any more)."""
        if self._reseat_ok(f, now):
            if not f.flags & wire.SEATS_RESEAT or self._back and self._replayed(f):
                return 0
            d = self._reseat_disputed(f, now)
            if not d:
                return 0
            # a reseat our own observation would take, off a handheld whose word says it must
            # not (held, disputed, or it lacks our log): neither is blamed, held as a disputed
            # FORFEIT is; and never refused later (below)
            self._rdisp = f.seq
        else:
            lately = getattr(self.game, "held_lately", None)
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
        self._fforf = 0
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
            return self.game.check(f)
        except Exception:  # whatever a malformed entry does to the rules core: refused
            return RJ_APP

    def _keep(self, f, who, now):
        h = self._watched[who]
        h.len = wire.pack_entry(f, h.buf, 0)
        wire.pack_req(f, h.buf, BODY)
        h.at = now
        h.relayed = 0

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
        if self._fforf & (1 << w) and self.hosts[w] != self.leader:
            # (its FORFEIT's seats, not every handheld we stop on: a reseat we held, then the
            # moved seat's bid, held the reseat for good, attacks/reseat_then_bid.py)
            f.ack = f.rack
            self.game.now = now
            if self._app_check(f) == 0:  # (what it owes by our state: _dispute_asked)
                self._fdisp |= 1 << w
            return
        if not self._watched[w].len:
            self._keep(f, w, now)

    def _dispute_asked(self, m, now):
        """We hold a FORFEIT of the seats in mask m as disputed (_disputed), and a seat of them asks
        for what it owes (a request heard on the air, or our own seat's): the seat says it pays,
        our sequencer that it is late, and either may lie, so the FORFEIT stays held for good
        (_fdisp: the table stops, naming both) and that request is held against nobody. Else a
        sequencer that held a seat past its deadline and let it go had its FORFEIT applied once
        the hold's deadline passed (attacks/resync_release_late.py), and a seat that flagged
        to one follower alone and asked late got the honest sequencer deposed by that follower's
        censor watch (attacks/fresh_hold_frame.py keep). Only a request valid by our state (a
        seat's moves of the rounds after, which the others applied, are no answer to it: the
        FORFEIT stayed held for good, attacks/flag_split.py remove). Never the sequencer's own
        seats (an RJ_FORGED about them is taken from nobody either: attacks/forged_self.py)."""
        g = self.rx
        self.game.now = now
        for w in range(wire.SEATS_MAX):
            h = self._watched[w]
            if not m & (1 << w) or self.hosts[w] == self.leader:
                continue
            if h.len:
                if self._heard_ok(h, g):  # (valid by our state: a move of a later round is none)
                    self._fdisp |= 1 << w
                h.len = 0
            elif self._pend[w].len:
                self._fdisp |= 1 << w

    def _reseat_ok(self, f, now, also=0):
        """A SEATS entry with SEATS_RESEAT (seats moved mid-game) is what this handheld sees for
        itself: it moves at least one seat, only seats whose handheld it sees absent (_absent), and
        only to a handheld of the table that it does not. Any other SEATS entry: True (the game
        checks it). So a sequencer cannot void a round or take a live seat by reseating it."""
        if not f.flags & wire.SEATS_RESEAT:
            return True
        if f.n > wire.SEATS_MAX:
            return False
        self._note_back()
        # back from a reboot and replaying the log, it has no observation of that time (its own
        # handheld was gone, in fact): it takes what the others checked live
        back = self._back and self._replayed(f)
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

    def _replayed(self, f):
        """Back from a boot: whether entry f was logged before it, so that others checked it live
        while we could not. Only if a handheld other than our sequencer and the entry's own (its
        term's) said since our boot that it holds the entry (at a table of two, the sequencer's
        word is all there is). Taken on the sequencer's claim alone, after a restart of the whole
        table (when every follower is back) the new sequencer claimed one entry more than anyone
        kept and made it a reseat of a present seat to itself (attacks/restart_reseat.py); on
        the entry's sequencer's, an ordinary seat kept one more in a term of its own, and the
        heir caught up from it (attacks/restart_kept_reseat.py)."""
        keyed = self.codec.keyed()
        if wire.bits(keyed) <= 1:
            return True
        for x in range(wire.SEATS_MAX):
            if x != self.leader and x != f.eterm & TERM_SEAT and keyed & (1 << x) and \
                    self._acked[x] >= f.seq and self._ack_time[x] - self._boot >= 0:
                return True
        return False

    def _absent(self, now):
        """The handhelds this one sees gone: not of the game any more, silent for half the missing
        time (a margin for loss: the sequencer waits all of it before it pauses), or stalled by
        this handheld's own clock (game.stalled, with the same margin; this one too: its own
        person has not moved either)."""
        m = ~self.members & 0xFF
        for h in range(wire.SEATS_MAX):
            if h != self.seat and now - self._heard[h] >= self.missing_ms // 2:
                m |= 1 << h
        stalled = getattr(self.game, "stalled", None)
        if stalled is not None:
            m |= stalled(now + self.missing_ms // 2)
        return m

    def _heard_from(self, mask, now):
        """True if a seat in `mask` asked for something still valid, and early enough that the
        sequencer must have heard it before the deadline (game.in_time): a FORFEIT naming it late
        is then the sequencer ignoring it. Reads into rx: an entry being applied was received
        before."""
        g = self.rx
        in_time = getattr(self.game, "in_time", None)
        for w in range(PEND):
            h = self._watched[w]
            if mask & (1 << w) and h.len and in_time and in_time(h.at):
                self.game.now = now
                if self._heard_ok(h, g):
                    return True
        return False

    def _heard_ok(self, h, g):
        """Whether the request kept in Heard h (read into frame g) is valid by our state now."""
        wire.unpack_entry(h.buf, 0, g)
        wire.unpack_req(h.buf, BODY, g)
        g.ack = g.rack
        return self._app_check(g) == 0

    def _judge(self, now):
        """A request heard relay_ms ago and still unlogged: handed on, or held against the
        sequencer (_judge_due). Not while our log is checked after a fork with it: what it logged
        is not in our log yet (a sequencer that claimed less than our log to us alone had us
        leave it and lead alone, unflagged: attacks/resync_below.py). (Asked every loop: its
        frame fits the 11 words MicroPython keeps off the heap.)"""
        if self._resync or self._waiting:  # (nor while we hold an entry of its: a request valid
            # before it may not be after, as a stalled seat's bid after its reseat, held here on a
            # flag, got the honest sequencer deposed, attacks/reseat_then_bid.py)
            return
        for w in range(PEND):
            if self._watched[w].len and now - self._watched[w].at >= self.relay_ms:
                self._judge_due(now)
                return

    def _judge_due(self, now):
        lead = self.leader
        if lead < 0 or not self.alive(lead, now) or not self.caught_up():
            return
        f = self.tmp
        for w in range(PEND):
            h = self._watched[w]
            if not h.len or now - h.at < self.relay_ms:
                continue
            wire.unpack_entry(h.buf, 0, f)
            wire.unpack_req(h.buf, BODY, f)
            if self._valid(f, now):
                h.len = 0  # answered by the state since (a race lost, a reveal done)
                continue
            k = h.relayed
            if k < 3 and now - h.at >= self.relay_ms * (1 + 2 * k):
                # handed on at 1, 3 and 5 relay_ms: a sequencer catching up may miss one
                h.relayed = k + 1
                f.seq = 0  # a relayed request: an ENTRY without a sequence number
                f.eterm = self.term
                self._emit(lead, f)
            elif k and now - h.at >= self.censor_ms:
                self._distrust(lead)
                for i in range(PEND):
                    self._watched[i].len = 0
                return

    def _note_back(self):
        if self._back and self.caught_up() and self._ack_time[self.leader] - self._boot >= 0:
            self._back = False  # caught up to what the sequencer said since our boot

    def _starved(self, now):
        """A sequencer whose heartbeats claim entries it never serves keeps every follower from
        being caught up, and so from judging it (_judge, _police): lagging its claim for censor_ms
        with not one entry applied meanwhile is a reason to stop following it. Not while back from
        a reboot, nor while a snapshot is in (either may wait for its witness: a follower taking a
        new sequencer's state after a fork left it, and led alone), nor while our log is checked
        after a fork with it (we wait for its state, and past gate_ms our heartbeats say we are
        held on it, _ask_snap: leading alone instead, our low claim disputed no FORFEIT of our
        seat, attacks/resync_forfeit.py none), nor counted from before we followed it."""
        self._note_back()
        dt = now - self._starved_at
        gap = dt > self.heartbeat_ms  # it did not look (sequencer gone)
        self._starved_at = now
        if self._resync or self._lag_of != self.leader:
            self._lag_ms = 0  # (a fork check holds us by its own rule; a new sequencer)
            self._lag_of = self.leader
        elif self.caught_up():
            if not gap:  # (a silence, then one honest claim, took the silence off the count:
                self._lag_ms = max(0, self._lag_ms - dt)  # attacks/lag_paid_by_silence.py)
        elif not gap:
            # lag time, less the time caught up, never reset by a moment of it, nor by a
            # silence: a state being taken, never whole (attacks/dangling_state.py), one honest
            # claim every 6.5 s (lag_under_the_gate.py), or 5 s unheard in every 7.5 s (its
            # `gap`) each kept a follower from acting, unflagged, and forfeited it
            self._lag_ms += dt
            if self._lag_ms >= self.gate_ms:
                self._lagger = self.leader  # (one honest claim now and then ended each hold,
                # and the next came a gate's time on: attacks/starve_forgive_cycle.py)
        if gap or self.caught_up() or self._back or self._snap is not None or self._resync or \
                self.applied != self._behind_n or now - self._fent_at < self.missing_ms:
            self._behind_at = now
            self._behind_n = self.applied
        elif now - self._behind_at >= self.censor_ms and now - self._seq_at >= self.censor_ms:
            self._distrust(self.leader)
            self._starve_h = self.leader  # (its only fault: _forgive)

    def _police(self, now):
        """Every follower runs the deadline on its own clock for every seat, the sequencer's own
        included: a seat still owing 5 s past it (game.late) while this handheld holds all
        the sequencer said it logged means the sequencer leaves a forfeit unlogged (its own,
        most likely: it withholds). It is not followed any more; its successor logs the forfeit.
        Counted from when that sequencer began to be followed (it may have just taken over).
        Not while our log is checked after a fork with it (what it logged is not in ours yet:
        attacks/resync_below.py, our own seat's reveal looked withheld).
        (Asked every loop: hasattr and the game's methods called, not getattr's bound methods,
        and _spare apart, keep it off the heap.)"""
        g = self.game
        if not hasattr(g, "late") or not self.caught_up() or self._waiting or self._resync or \
                now - self._seq_at < self.censor_ms:
            return
        g.now = now
        m = g.late()
        if m:
            m = self._spare(m, now)
        if m or hasattr(g, "stalled") and g.stalled(now - self.censor_ms) & (1 << self.leader):
            # (or the game waits on the sequencer's own seat past MOVE_MS: only another
            # sequencer can give that seat to a bot, as the pause offers for any other)
            self._distrust(self.leader)

    def _spare(self, m, now):
        """The late seats of mask m the sequencer is not to blame for: a seat whose handheld says
        it is held (here), or whose handheld our sequencer's heartbeats say it pauses on (a flag
        or a low claim the seat sent the sequencer alone: attacks/flag_to_the_sequencer.py), is
        spared: no lie of the sequencer's. Only those seats: the sequencer's own, late beside
        them, still deposes it (attacks/withhold_behind_a_hold.py hid it behind the others' held
        gates)."""
        d = self._disputed(m, now) | self.missing & ~(1 << self.leader)
        for w in range(wire.SEATS_MAX):
            if d & (1 << self.hosts[w]):
                m &= ~(1 << w)
        return m

    def _forgive(self, now):
        """A sequencer we left only because it served nothing for censor_ms (_starved), and that
        no other handheld left (nobody took over), is followed again once it is alive and we
        hold all it claims: a burst of loss at a follower that is not the heir had it leave an
        honest sequencer that everyone else still followed, and say it was held on it for good
        (gate.deposed: attacks/deposed_for_good.py). A sequencer that starves us again is left
        again, and we say we lag after a second, not a gate's time (gate._lagged: one that
        starved us, was forgiven and starved us again kept us from acting 8 s a cycle unnamed,
        attacks/starve_forgive_cycle.py)."""
        s = self.leader
        if s == self._starve_h and self._bad & (1 << s) and self.alive(s, now) and \
                self.applied >= self._acked[s]:
            self._bad &= ~(1 << s)
            self._starve_h = -1
            self._lagger = s
            self._behind_at = now

    def _distrust(self, h):
        if h == self._starve_h:  # (another's fault, a cheat's entry, leaves ours forgivable:
            self._starve_h = -1  # attacks/unforgiven_by_a_cheat.py)
        if h != self.seat:
            self._bad |= 1 << h
