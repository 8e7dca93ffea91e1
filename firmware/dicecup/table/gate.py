"""gate: agreement before a secret goes out, a part of log.Node. What the other handhelds'
heartbeats confirm of this log (agree.py) decides whether a seat here may act on an entry in a way
that reveals a secret (`agreed`); a fork (another chain at an entry both applied) is acted on
(`_on_forks`, `_resynced`); an entry a peer of our term has and our sequencer does not bring is
asked of that peer and taken only on its chain (`_ask_peer`, `_relayed`); and what holds this
handheld, and on whom, is said (`held`, `held_on`, `snap_named`, `_disputed`: a FORFEIT of a seat
that says it is held is neither logged nor applied).

Owns: `agree`, `forks`, `_forkm` (handhelds whose chain differed, not yet acted on), `_split`
(whose log forked from ours), `_fheld`, `_fleft`, `_fflag` (whose latest heartbeat said F_HELD),
`_fheld_at` (when each last said it),
`_fon` (whom each says it is held on), `_gwait`, `_spared`, `_stopped`, the game's phase
(`_phase`, `_phase_seq`), the gate's clock (`_gate`, `_gate_at`), the peer asked (`_peer_n`,
`_peer_at`, `_peer_x`) and the check after a fork (`_resync`, `_resync_at`)."""
import hashlib

from dicecup.table import wire
from dicecup.table.agree import Agree
from dicecup.table.codes import NO_LEADER


class Gate:
    """Agreement, forks, and what holds this handheld (log.Node's part)."""

    gate_ms = 7000            # a live handheld that confirms nothing this long (while its log
                              # shows no fork) holds a secret's act no longer: as a silent one
    split_ms = 20000          # ... and one whose log showed a fork, this long: well inside the
                              # 30 s deadline, so a liar's false chain costs no honest seat a forfeit
    peer_ms = 1000            # a follower that lags a peer of its term this long asks that peer

    def _init_gate(self, now):
        self.agree = Agree()            # what the others' heartbeats confirm of this log
        self.forks = 0                  # forks seen (another handheld's chain differs from ours)
        self._forkm = 0                 # handhelds whose chain differed, not yet acted on
        self._split = 0                 # handhelds whose log forked from ours (gates wait)
        self._fheld = now - 0x3FFFFFFF  # when our gate was last held (F_HELD)
        self._fleft = False             # we left our sequencer for a fork (F_HELD until a gate opens)
        self._fflag = 0                 # handhelds whose latest heartbeat said F_HELD
        self._fheld_at = [now - 0x3FFFFFFF] * wire.SEATS_MAX  # ... when each last said it (ours: sent)
        self._fon = bytearray(wire.SEATS_MAX)  # whom each handheld's heartbeat says it is held on
        self._gwait = 0                 # the handhelds our gate waits for (agreed)
        self._spared = 0                # ... whose FORFEIT we did not log (_disputed)
        self._stopped = 0               # ... whose FORFEIT we hold, not applied (_disputed)
        self._fforf = 0                 # the seats of that FORFEIT (police._dispute_asked)
        self._phase_seq = 0             # the entry that began the game's current phase
        self._phase = -1                # ... that phase
        self._gate = -1                 # the entry a gate waits on, and since when (agreed)
        self._gate_at = now
        self._peer_n = -1               # the entry we lacked when a peer of our term had it,
        self._peer_at = now             # ... since when (_ask_peer)
        self._peer_x = 0                # the peer asked last
        self._resync = False            # our log forked in a term: apply nothing more until the
        #                                 sequencer we follow showed our log (or sent its state)
        self._resync_at = now

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
            if self._claims(x, want):
                self._peer_due(x, now)
                return

    def _peer_due(self, x, now):
        """_ask_peer's follower x has the entry after ours: asked once we lacked it peer_ms.
        (Apart: both frames fit the 11 words MicroPython keeps off the heap, asked every loop.)"""
        if self._peer_n != self.applied:
            self._peer_n = self.applied
            self._peer_at = now
        elif now - self._peer_at >= self.peer_ms:
            self._peer_at = now
            self._peer_x = x
            self._nack_at = now - self.nack_ms  # (its own pace: never lost to the sequencer's)
            want = self.applied + 1
            self._nack(x, want, want, now)

    def _claims(self, x, want):
        """Follower x of our term claims entry `want` next (_ask_peer's test: apart, the
        caller's frame fits the 11 words MicroPython keeps off the heap)."""
        return x != self.seat and x != self.leader and self.members & (1 << x) and \
            self._tlast[x] == self.term and self.agree.ahead(x) == want

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
        clock runs on it: attacks/forged_stall.py), we lag its claim (_lagged), or we no longer
        follow it and nobody took over yet (deposed: our gate stays shut on it, so we could
        not pay, and a non-heir follower that deposed it lost every later reveal unheard,
        attacks/dangling_state.py starve)."""
        return self._fleft or self._fdisp or now - self._fheld < self.missing_ms or \
            self._snap_held(now) or self._lagged(now) or self.deposed()

    def _lagged(self, now):
        """A follower that has lagged its sequencer's claim for a gate's time, less the time it
        was caught up meanwhile (police._lag_ms; a second, after that sequencer lagged it so
        once: _lagger), and is not checking its log after a fork (that holds it on its own): its
        seats cannot act, so it says it is held, on its sequencer. A sequencer that claimed far
        past what it served, and logged an entry of its own seats now and then so that nobody
        was starved (police._starved), forfeited the seats it kept from acting
        (attacks/starve_then_forfeit.py)."""
        s = self.leader
        return 0 <= s != self.seat and now - self._starved_at <= self.heartbeat_ms and \
            self._lag_ms >= (self.peer_ms if s == self._lagger else self.gate_ms)
        # (_starved looked lately: no gap; police._lagger: a sequencer that lagged us before)

    def _snap_held(self, now):
        """A snapshot holds us (a follower): a witness's word differs from its sender's, or our
        sequencer sends none, and nobody else's did."""
        return self._sheld and now - self._sheld_at < self.missing_ms and not self.is_leader()

    def snap_named(self, now):
        """The handhelds that live held handhelds' heartbeats say they are held on (F_SNAP: a
        snapshot's sender and witness, or whom a held gate waits for): every screen's pause names
        them, not only the held one."""
        m = 0
        for x in range(wire.SEATS_MAX):
            if self._fon[x] and self._fflag & (1 << x) and self.alive(x, now):
                m |= self._fon[x]
        return m & self.members

    def held(self, now):
        """The live handhelds (a mask, this one too) whose heartbeats say F_HELD: the table
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
        if self._lagged(self._clock) or self.deposed():
            m |= 1 << self.leader
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
        one whose heartbeats say F_HELD (a liar's chain that holds an honest seat's reveal must
        not cost that seat the round), or said it within a deadline (game.fresh_from_hold: a
        held seat's deadline counts again from its hold's end, or a sequencer that held it past
        its deadline and let it go forfeited its reveal, attacks/resync_release_late.py; never
        the sequencer's own seats: a flag now and then put its own withheld reveal off for good,
        and only its own pause would have named it, attacks/flicker_own_reveal.py), or one that
        follows a sequencer and claims less than the entry that began the phase (it was never
        asked: a sequencer that sent that entry to others only, attacks/forfeit_the_unasked.py).
        Such a FORFEIT is neither logged nor applied; the table stops on it, paused on its name
        (docs/protocol.md, One liar)."""
        held = self.held(now)
        g = self.game
        lead = self.is_leader()
        d = 0
        for w in range(wire.SEATS_MAX):
            h = self.hosts[w]
            if mask & (1 << w) and (held & (1 << h) or self._fdisp & (1 << w) or
                                    h != self.leader and hasattr(g, "fresh_from_hold") and
                                    g.fresh_from_hold(now - self._fheld_at[h], lead) or
                                    h != self.seat and self.alive(h, now) and
                                    self._tfol[h] != h and self._tfol[h] != NO_LEADER and
                                    self.agree.claim[h] < self._phase_seq):
                d |= 1 << h
        return d
