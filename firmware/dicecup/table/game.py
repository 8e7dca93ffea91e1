"""game: what every game over the table shares - seats, the fair-dice round, secrets. Pure.

A game adapter (snyd.SnydTable, yatzy.YatzyTable) is the `app` of a log.Node and
subclasses TableGame, which owns the part of a round that does not depend on the game:
    COMMIT    every seat taking part logs H(s), H(r)  (or they came with the last round's reveals)
    CONTRIB   every seat logs r; once all are in: seed = H(all r in seat order), then _seeded()
and the bookkeeping of reveals (the secret s and the next round's commitments), the hosted seats'
secrets (fairdice.Draw; `save(seat, bytes)` before a commitment can leave, `load(seat)` after a
reboot), and the snapshot of all of that. fairdice explains why this order makes dice unpickable.
"""
from dicecup.rules import fairdice
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.table.log import RJ_WAIT

P_IDLE = const(0)
P_COMMIT = const(1)
P_CONTRIB = const(2)
P_PLAY = const(3)        # the game's own phases start here
P_OVER = const(5)

RJ_PHASE = const(8)      # == log.RJ_APP: not the time for that request
RJ_ROUND = const(9)      # another round's request
RJ_SEAT = const(10)      # that seat takes no part in this round (or it is not its turn)
RJ_AGAIN = const(11)     # that seat did this already this round
RJ_ILLEGAL = const(12)   # the rules core refused it
RJ_CHEAT = const(13)     # the contribution does not match its commitment
RJ_RULES = const(14)     # rules the table cannot play

DEADLINE_MS = const(30000)  # a commitment, contribution or reveal owed longer is a forfeit
_GRACE_MS = const(3000)    # a follower saw the phase begin later than the sequencer, by up to
                           # this (loss, resends): its own clock's deadline is this much earlier
_POLICE_MS = const(5000)   # ... and a sequencer that leaves a forfeit unlogged this long past
                           # the deadline on a follower's clock is not followed any more
MOVE_MS = const(120000)     # a move awaited longer pauses the table, naming who it waits for

H = const(16)
_ZERO = bytes(H)
# the requests of a round: made once (written in the check, the tuple was built at every entry)
_PLAYS = (wire.T_COMMIT, wire.T_CONTRIB, wire.T_ACTION, wire.T_REVEAL, wire.T_YATZY)


_SNAP_HEAD = const(17)  # a game snapshot's head: 1, the count (2), the rules (6), the kinds (8)

class Out:
    """Writes a snapshot into the Node's buffer (IndexError when it is full)."""

    def __init__(self, buf, off):
        self.buf = buf
        self.off = off

    def put(self, b):
        buf, o = self.buf, self.off
        for x in b:
            buf[o] = x
            o += 1
        self.off = o


class _Keep:
    """Where restore() writes the state it had (grows as written), to go back to it."""

    def __init__(self):
        self.b = bytearray()

    def __setitem__(self, i, x):
        self.b.append(x)


class TableGame:
    """The fair-dice round and the seats; subclasses add a game."""

    def __init__(self, table, hosted=0, save=None, load=None, me=None):
        self.table = table
        self.hosted = hosted            # bitmask of the seats this handheld plays
        self.me = me                    # this handheld's own seat: then `hosted` follows SEATS
        self.hosts = bytearray(range(8))  # seat -> the handheld that plays it
        self._save = save
        self.phase = P_IDLE
        self.round = 0                  # the table's round counter (never reused, across games)
        self.n = 0                      # seats at the table
        self.part = 0                   # seats taking part in this round
        self.committed = self.contributed = self.revealed = 0
        self.cheats = 0                 # seats whose secret failed the check (ever)
        self.seed = None
        self._hs = bytearray(8 * H)
        self._hr = bytearray(8 * H)
        self._r = bytearray(8 * H)
        self._s = bytearray(8 * H)
        self._nhs = bytearray(8 * H)
        self._nhr = bytearray(8 * H)
        self._pool = [[] for _ in range(8)]  # per hosted seat: its Draws, at most the 2 newest
        self.refused = [None] * 8       # (reason, winning seq) of a hosted seat's refused request
        self.forfeited = 0              # seats forfeiting this round (log logs FORFEIT)
        self.withheld = 0               # handhelds that withheld a commitment or contribution
        self.forfeits = 0               # how many forfeits this game had (the screens)
        self.lost_late = self.lost_cheat = 0  # the last forfeit's seats: late, or a false secret
        self.shake_key = b""            # this handheld's secret for its seats' shake chains
        self.now = 0                    # the Node's time while it checks or applies an entry
        self.lagging = False            # the Node applies an old entry (catching up): no clock
        self.phase_at = 0               # when this handheld saw the phase begin
        self.moved_at = 0               # ... and the last move logged
        self.held_at = 0                # ... and when it last saw the table held (Table._hold_clock)
        self._phase_live = True         # ... and whether it was caught up then
        self._asked = [-1] * 8
        self.applying = 0               # the entry apply() is on
        self.gate_seq = 0               # the entry after which a seat owes an act that reveals a
        #                                 secret: done only once every handheld holds the log up
        #                                 to it (log.Node.agreed; the Node heartbeats at once)
        if load:
            for s in range(8):
                if hosted & (1 << s):
                    b = load(s)
                    if b:
                        self._load(s, b)

    # ---- secrets --------------------------------------------------------------------------------
    def _load(self, s, b):
        half = len(b) // 2
        for part in (b[:half], b[half:]):
            try:
                d = fairdice.Draw.from_bytes(part)
            except ValueError:
                continue
            if d.seat == s and d.table == self.table and self._have(s, d.round) is None:
                self._pool[s].append(d)

    def _have(self, s, rnd):
        for d in self._pool[s]:
            if d.round == rnd:
                return d
        return None

    def draw(self, s):
        """Hosted seat s's Draw for the round in progress (None if it has none)."""
        return self._have(s, self.round)

    def _persist(self, s):
        if self._save:
            p = self._pool[s]
            self._save(s, p[0].to_bytes() + p[-1].to_bytes())

    def ahead(self, rand):
        """An idle loop (Table.idle): the next round's Draw for one hosted seat in this round that
        lacks it, drawn and saved now; else it is drawn and its file written in the loop of the
        seat's reveal (whose request carries its commitments), the busiest of the round
        (docs/memory.md, Device time). True if it drew one."""
        if not P_IDLE < self.phase < P_OVER:
            return False
        r = self.round
        for s in range(self.n):
            if self.hosted & (1 << s) and self._have(s, r) is not None and \
                    self._have(s, r + 1) is None:
                return self._draw_for(s, r + 1, rand) is not None
        return False

    def _draw_for(self, s, rnd, rand):
        """The seat's Draw for round rnd: the one kept for it, or a fresh one (saved first);
        None for a round already passed (a new secret then would contradict the commitment)."""
        d = self._have(s, rnd)
        if d is not None:
            return d
        pool = self._pool[s]
        for k in pool:
            if k.round > rnd:
                return None
        d = fairdice.Draw(self.table, rnd, s, rand)
        pool.append(d)
        if len(pool) > 2:
            pool.pop(0)  # the oldest: rounds only go up, and a reveal needs this and the next
        self._persist(s)
        return d

    # ---- seating -------------------------------------------------------------------------------
    def _seat(self, f):
        """Take the seating of a SEATS entry (who plays which seat from which handheld)."""
        self.hosts[:] = f.hosts
        self._rehost()

    def _rehost(self):
        if self.me is None:
            return
        h = 0
        for s in range(self.n):
            if self.hosts[s] == self.me:
                h |= 1 << s
        self.hosted = h

    def _reseat(self, f):
        """Take a mid-game reseat's seating; returns the seats that changed hands (a mask). Their
        secrets went with their old handheld: commitments carried for them are dropped (they
        commit anew), and the game makes them forfeit what they still owed this round (_lose):
        a reseat never voids a round, and the seat whose handheld went pays for it."""
        m = 0
        for s in range(min(f.n, 8)):
            if f.hosts[s] != self.hosts[s]:
                m |= 1 << s
                o = s * H
                self._nhs[o:o + H] = _ZERO
                self._nhr[o:o + H] = _ZERO
        self._seat(f)
        return m

    def _check_reseat(self, f):
        """A SEATS entry with wire.SEATS_RESEAT during a game: the same seats, other handhelds
        (the creator gives a gone handheld's seat to a bot on another one). 0 or a reason."""
        if self.phase == P_IDLE or self.phase == P_OVER or f.n != self.n:
            return RJ_PHASE
        for s in range(f.n):
            if f.hosts[s] >= 8:
                return RJ_RULES
        return 0

    # ---- the fair-dice part of check/apply ------------------------------------------------------
    def _check_fair(self, f):
        """Checks the parts every request shares; returns a reason, 0, or -1 when f is a request
        of the game's own phases for the subclass to check further."""
        et = f.etype
        if et not in _PLAYS:
            return RJ_PHASE
        if f.round != self.round:
            return RJ_ROUND
        w = f.who
        if w >= 8 or not self.part & (1 << w):
            return RJ_SEAT
        bit = 1 << w
        if et == wire.T_COMMIT:
            if self.phase != P_COMMIT:
                return RJ_PHASE
            return RJ_AGAIN if self.committed & bit else 0
        if et == wire.T_CONTRIB:
            if self.phase != P_CONTRIB:
                return RJ_PHASE
            if self.contributed & bit:
                return RJ_AGAIN
            return 0 if self._contrib_ok(f, w) else RJ_CHEAT
        if et == wire.T_REVEAL and self.revealed & bit:
            return RJ_AGAIN
        return -1

    def _contrib_ok(self, f, w):
        # (a method of its own: the call's words put _check_fair's frame on the heap at every check)
        return fairdice.verify_contrib(self._hr[w * H:(w + 1) * H], f.h1, self.table, self.round, w)

    LEAK = -1  # the subclass's phase in which a seat reveals its secret

    def _set_phase(self, p):
        self.phase = p
        if p == self.LEAK:
            self.gate_seq = self.applying
        self.phase_at = self.now
        self._phase_live = not self.lagging

    def owed(self):
        """The seats that owe the table something the phase waits for (a commitment, a
        contribution; the subclass adds reveals); a FORFEIT may name only these."""
        ph = self.phase
        if ph == P_COMMIT:
            return self.part & ~self.committed
        if ph == P_CONTRIB:
            return self.part & ~self.contributed
        return 0

    def _check_forfeit(self, f):
        """A FORFEIT (the sequencer's): this round, seats that owe, and the deadline passed as
        this handheld's own clock saw it (less _GRACE_MS: the sequencer saw the phase begin
        first). Before that a follower holds the entry (log.RJ_WAIT) and asks again, so a
        request of the named seat heard meanwhile still makes it the sequencer's lie. A handheld
        that was catching up when the phase began has no clock to judge by."""
        if f.round != self.round:
            return RJ_ROUND
        m = f.who
        if not m or m & ~self.owed():
            return RJ_SEAT
        if self._phase_live and self.now - self.phase_at < DEADLINE_MS - _GRACE_MS:
            return RJ_WAIT
        return 0

    def late(self):
        """The seats that owe the table something _POLICE_MS past the deadline on this handheld's
        own clock (0 when it has none: it was catching up when the phase began). Every follower
        asks this for every seat, the sequencer's own included: a sequencer that leaves such a
        forfeit unlogged is not followed any more, and its successor logs it (log)."""
        if not self._phase_live or self.now - self.phase_at < DEADLINE_MS + _POLICE_MS:
            return 0
        return self.owed()

    def held_lately(self, now):
        """Whether this handheld saw the table held within the move time: its own view of who
        stalled is then not its own (Table._hold_clock restarted the clock), so a reseat it would
        refuse is held instead (log)."""
        return self.held_at != 0 and now - self.held_at < MOVE_MS  # (0: never seen held)

    def stalled(self, now):
        """The handhelds (a mask) whose seat the game has waited on for a move longer than
        MOVE_MS: the sequencer names them in its pause, so a seat that stays in touch but never
        moves does not hold the table for ever (the pause offers a bot for it). The wait counts
        from the phase, the last move, or the last time this handheld saw the table held
        (held_at): a held table is stopped, and a seat waited on meanwhile has not stalled (a
        liar's flag on Bo's turn must not make Bo's seat look abandoned:
        attacks/flag_freezes_a_turn.py)."""
        s = self.waits_on()
        if s < 0 or now - max(self.phase_at, self.moved_at, self.held_at) < MOVE_MS:
            return 0
        return 1 << self.hosts[s]

    def waits_on(self):
        """The seat whose move (not a commitment or reveal: those have DEADLINE_MS) the game
        waits for, or -1."""
        return -1

    def in_time(self, t):
        """Whether a request heard at time t came well before the phase's deadline (_GRACE_MS: a
        dozen resends): this handheld saw the phase begin live, and so its sequencer, which hears
        the same broadcasts, had it in time. A handheld catching up has no clock to say so."""
        return self._phase_live and t - self.phase_at <= DEADLINE_MS - _GRACE_MS

    def overdue(self, f):
        """The sequencer's FORFEIT for the seats past their deadline (f filled), or None."""
        m = self.owed()
        if not m or self.now - self.phase_at < DEADLINE_MS:
            return None
        f.etype = wire.T_FORFEIT
        f.round = self.round
        f.who = m
        f.kind = wire.F_LATE
        return f

    def _apply_forfeit(self, f):
        """The seats in the FORFEIT's mask take no further part in this round; the phase they
        held up goes on without them."""
        self._blame(f.who)
        self._forfeit_mask(f.who)

    def _blame(self, m):
        """A FORFEIT of the seats in mask m: while the round's shares are collected, the handheld
        is the party, not the seat. One that plays two seats (a person and a bot) knows its
        person's secret, so withholding the other seat's share would choose between two seeds
        (attacks/withhold_the_teammates_contrib.py): every turn it plays that round is a forfeit
        turn (YatzyTable._forfeit_turns; Snyd takes the seats out instead: party). Only a FORFEIT
        blames: a reseat's seats were withheld by the handheld that left, not the one they move to."""
        if self.phase == P_COMMIT or self.phase == P_CONTRIB:
            for s in range(self.n):
                if m & (1 << s):
                    self.withheld |= 1 << self.hosts[s]

    def party(self, m):
        """The seats in mask m and every seat still in this round that the same handhelds play:
        a handheld that plays its person and a bot knows both seats' dice once dealt, so the
        seats of one handheld forfeit together (SnydTable; attacks/withhold_the_bots_contrib.py,
        withhold_the_bots_reveal.py)."""
        h = 0
        for s in range(self.n):
            if m & (1 << s):
                h |= 1 << self.hosts[s]
        for s in range(self.n):
            if self.part & (1 << s) and h & (1 << self.hosts[s]):
                m |= 1 << s
        return m

    def _forfeit_mask(self, m):
        self.forfeited |= m
        self.part &= ~m
        self._advance()

    def _advance(self):
        """The fair-dice phase goes on once every seat still taking part is in. A seat that left
        the part after it committed or contributed (a reseat of its gone handheld) is dropped from
        the mask then: it is in no longer, and the phase must not wait for a mask it completes."""
        ph = self.phase
        if ph == P_COMMIT and self.committed & self.part == self.part:
            self.committed &= self.part
            self._set_phase(P_CONTRIB)
            ph = P_CONTRIB
        if ph == P_CONTRIB and self.contributed & self.part == self.part:
            self.contributed &= self.part
            self._seed_now()

    def _seed_now(self):
        self.seed = fairdice.round_seed(list(self._contribs()), self.table, self.round)
        self._seeded()

    def _apply_fair(self, f):
        """Applies a COMMIT, CONTRIB or the bookkeeping of a REVEAL; True if f was a COMMIT or
        CONTRIB (nothing left for the subclass to do)."""
        et = f.etype
        w = f.who
        o = w * H
        if et == wire.T_COMMIT:
            self._hs[o:o + H] = f.h1
            self._hr[o:o + H] = f.h2
            self.committed |= 1 << w
            self._advance()
            return True
        if et == wire.T_CONTRIB:
            self._r[o:o + H] = f.h1
            self.contributed |= 1 << w
            self._advance()
            return True
        if et == wire.T_REVEAL:
            self._s[o:o + H] = f.h1
            self._nhs[o:o + H] = f.h2
            self._nhr[o:o + H] = f.h3
            self.revealed |= 1 << w
        return False

    def _contribs(self):
        # the seats that contributed: the part when the seed is made, and still the seed's seats
        # after a forfeit (a restored round in play makes its seed again from these)
        for s in range(self.n):
            if self.contributed & (1 << s):
                yield bytes(self._r[s * H:(s + 1) * H])

    def _seeded(self):
        """Every contribution is in and self.seed is set: the game's phase begins."""
        self._set_phase(P_PLAY)

    def hint(self, f):
        """A teammate's HINT frame heard (advice, never logged): a game without advice ignores it
        (yatzy.YatzyTable judges and keeps team Yatzy's)."""

    def want(self, s):
        """Ask seat s's decide() again although nothing was logged since (a move is ready)."""
        self._asked[s] = -1

    def _begin_fair(self, part, carried):
        """A new round for the seats in `part`; `carried`: take the commitments that came with
        the last round's reveals (a seat without one commits again)."""
        self.part = part
        self.committed = self.contributed = self.revealed = 0
        self.forfeited = self.withheld = 0
        self.seed = None
        for s in range(8):
            self._asked[s] = -1
        if carried:
            hs = self._hs
            hs[:] = self._nhs
            self._hr[:] = self._nhr
            for s in range(self.n):
                if part & (1 << s) and hs[s * H:(s + 1) * H] != _ZERO:
                    self.committed |= 1 << s
        for i in range(len(self._nhs)):
            self._nhs[i] = 0
        self._set_phase(P_CONTRIB if self.committed == part else P_COMMIT)

    # ---- this handheld's seats ----------------------------------------------------------------
    def poll(self, node, now, decide=None, rand=None):
        """Make the next request for each seat this handheld hosts (at most one in flight each):
        the fair-dice round's here, the game's own through the subclass's _play_request(f, s, ph,
        node, decide, rand) -> True when it filled f. `decide(game, seat)` picks a hosted bot's or
        person's move (None: nothing yet)."""
        self.now = now
        ph = self.phase
        if ph == P_IDLE or ph >= P_OVER or not node.caught_up() or not node.keyed_all():
            return  # a handheld still catching up must not act on a state that is past (nor
            # before it can tag its request for every handheld)
        f = node.tmp  # the Node's scratch frame: submit() copies the request out of it at once
        actor = self._actor()
        for s in range(self.n):
            bit = 1 << s
            if not self.hosted & bit or not self.part & bit or node.pending(s):
                continue
            f.who = s
            f.round = self.round
            if self._fair_request(f, s, rand) or (
                    (actor < 0 or s == actor) and self._play_request(f, s, ph, node, decide, rand)):
                node.submit(f, now)

    def _actor(self):
        """The one seat that may act in the game's own phases, or -1 for any seat."""
        return -1

    def _decide(self, s, node, decide):
        """Seat s's move from `decide`, asked once per applied log entry; None when there is none."""
        if decide is None or self._asked[s] == node.applied:
            return None
        self._asked[s] = node.applied
        return decide(self.game, s)

    def restore(self, mv, seq):
        """Take over the state in a snapshot taken after entry `seq`; False (nothing changed) if it
        does not read, if any field holds what no game reaches (_sane), if this handheld cannot
        play on from it (_probe), or if it alters a secret of a seat this handheld plays (its flash
        keeps them: _own_ok). A crafted snapshot raises nothing, here or later. The subclass's
        _restore_body reads its part; on any failure the state this handheld had comes back."""
        keep = _Keep()
        try:
            self.snapshot(keep, 0)
        except Exception:  # (never seen) no state of our own to go back to: none at all
            keep.b[:] = b"\x00"
        clock = (self.phase_at, self._phase_live, self.last_action, self.moved_at, self.gate_seq)
        self.applying = self.gate_seq = seq  # (whatever the state owes, it owes after seq)
        fair = None
        if keep.b[:1] == b"\x00":  # no game of its own: that snapshot keeps no round counter
            # nor seats, and a refused one must not leave its own (entries replayed from the
            # first would count from its round)
            fair = Out(bytearray(19 + 6 * 8 * H), 0)
            self._put_fair(fair)
            fair = (fair.buf, self.hosted)
        try:
            self._restore(bytes(mv), seq)
            if self.phase != P_IDLE:
                self._sane()
                if self.phase < P_OVER:  # (over: the last round's masks stay, its round has passed)
                    self._own_ok()
                self._probe()
            return True
        except Exception:  # whatever a crafted snapshot does: refused
            pass
        self._restore(bytes(keep.b), seq)  # our own state: it reads
        if fair is not None:
            fields, arrs, _ = self._get_fair(fair[0], 0)
            self._set_fair(fields, arrs)
            self.hosted = fair[1]
        self.phase_at, self._phase_live, self.last_action, self.moved_at, self.gate_seq = clock
        return False

    def _sane(self):
        """Raises ValueError unless the fields just restored are ones a game can reach: the phase,
        the seats, every mask within them, a seed for a round in play. The subclasses add theirs."""
        n = self.n
        if self.phase >= len(self.PHASES) or not 1 <= n <= 8:
            raise ValueError("no such phase or seating")
        m = (1 << n) - 1
        for x in (self.part, self.committed, self.contributed, self.revealed, self.cheats,
                  self.forfeited):
            if x & ~m:
                raise ValueError("a seat past the table")
        for s in range(n):
            if self.hosts[s] >= 8:
                raise ValueError("no such handheld")
        if P_PLAY <= self.phase < P_OVER and self.seed is None:
            raise ValueError("a round in play without its seed")

    def _own_ok(self):
        """Raises ValueError if the state gives a seat this handheld plays a commitment, a
        contribution, a secret or a next round's commitment other than the ones it drew and kept
        on flash (fairdice.Draw): a snapshot may not make its own reveal fail and name it the cheat.
        A seat whose Draw it no longer holds cannot be checked (and could not reveal either)."""
        for s in range(self.n):
            if not self.hosted & (1 << s):
                continue
            o = s * H
            bit = 1 << s
            d = self._have(s, self.round)
            if d is not None:
                hs, hr = d.commitments()
                if self.committed & bit and (self._hs[o:o + H] != hs or self._hr[o:o + H] != hr) \
                        or self.contributed & bit and self._r[o:o + H] != d.r \
                        or self.revealed & bit and self._s[o:o + H] != d.s:
                    raise ValueError("not this handheld's secret")
            d = self._have(s, self.round + 1)
            if d is not None and self.revealed & bit and self._nhs[o:o + H] != _ZERO:
                hs, hr = d.commitments()
                if self._nhs[o:o + H] != hs or self._nhr[o:o + H] != hr:
                    raise ValueError("not this handheld's next commitment")

    def _probe(self):
        """Asks of a restored state what the handheld's turns and screens will ask (anything that
        raises refuses the snapshot)."""
        self.owed()
        self.stalled(self.now)
        self._actor()
        for s in range(self.n):
            self.want(s)

    # A snapshot, the same head for every game: 0 alone (no game yet), or 1, the count of the game's
    # finished rounds or turns (2 bytes), its packed rules (6), the seats' kinds (8); then the
    # game's own part (_snap_body), which holds the fair-dice state (_put_fair) among its fields.
    def snapshot(self, buf, off):
        out = Out(buf, off)
        n = self._snap_count()
        if n is None:
            out.put(b"\x00")
            return out.off
        out.put(bytes((1, n & 0xFF, n >> 8)))
        out.put(self._snap_rules())
        out.put(self.kinds)
        self._snap_body(out)
        return out.off

    def _restore(self, b, seq):
        if b[0] == 0:
            self.phase = P_IDLE
            self._no_game()
            return True
        if len(b) < _SNAP_HEAD:
            raise ValueError("short snapshot")
        return self._restore_body(b[1] | b[2] << 8, b[3:9], bytearray(b[9:17]), b, _SNAP_HEAD, seq)

    def verified(self, s, n, roll=0):
        """Seat s's dice (n of them, for roll index `roll`) from its revealed secret, or None when
        the secret does not open its commitment."""
        o = s * H
        return fairdice.verify_dice(self._hs[o:o + H], self._s[o:o + H], self.seed, self.table,
                                    self.round, s, n, roll)

    def rejected(self, who, reason, lo):
        self.refused[who] = (reason, lo)

    # ---- requests for the hosted seats ----------------------------------------------------------
    def _fair_request(self, f, s, rand):
        """Fill f with seat s's COMMIT or CONTRIB if the round needs one now; True if it did.
        (Asked every loop of a game: its locals and stack fit the 11 words MicroPython keeps
        off the heap; _fill_fair fills the request.)"""
        if self.phase == P_COMMIT and not self.committed & (1 << s) or \
                self.phase == P_CONTRIB and not self.contributed & (1 << s):
            return self._fill_fair(f, s, rand)
        return False

    def _fill_fair(self, f, s, rand):
        d = self._draw_for(s, self.round, rand)
        if d is None:
            return False
        if self.phase == P_CONTRIB:
            f.etype = wire.T_CONTRIB
            f.h1[:] = d.r
            return True
        hs, hr = d.commitments()
        f.etype = wire.T_COMMIT
        f.h1[:] = hs
        f.h2[:] = hr
        self._chain_top(s, f.h3)
        return True

    def _chain_top(self, s, out):
        """A COMMIT's third hash: nothing here (Yatzy: the seat's shake chain)."""
        for i in range(H):
            out[i] = 0

    def _reveal_request(self, f, s, rand):
        """Fill f with seat s's REVEAL (its secret and the next round's commitments)."""
        d = self._draw_for(s, self.round, rand)
        nxt = self._draw_for(s, self.round + 1, rand)
        if d is None or nxt is None:
            return False
        hs, hr = nxt.commitments()
        f.etype = wire.T_REVEAL
        f.h1[:] = d.s
        f.h2[:] = hs
        f.h3[:] = hr
        return True

    # ---- snapshots ------------------------------------------------------------------------------
    def _put_fair(self, out):
        out.put(bytes((self.phase, self.round & 0xFF, self.round >> 8, self.n, self.part,
                       self.committed, self.contributed, self.revealed, self.cheats,
                       self.forfeited, self.withheld)))
        out.put(self.hosts)
        for arr in (self._hs, self._hr, self._r, self._s, self._nhs, self._nhr):
            out.put(arr)

    def _get_fair(self, b, i):
        """Reads what _put_fair wrote at b[i:]; returns (fields, arrays, next offset). Changes
        nothing (a snapshot that fails to read later must leave the game as it was)."""
        fields = b[i:i + 19]
        if len(fields) != 19:
            raise ValueError("short snapshot")
        i += 19
        arrs = []
        for _ in range(6):
            if i + 8 * H > len(b):
                raise ValueError("short snapshot")
            arrs.append(bytearray(b[i:i + 8 * H]))
            i += 8 * H
        return fields, arrs, i

    def resumed(self):
        """Restored from this handheld's own flash (keep.py): the phase's clock starts at this
        boot, as every other handheld's does after a restart of the whole table, so deadlines,
        early forfeits and the police hold as in play. Without it nobody had a clock for the
        restored phase: a sequencer forfeited a seat it had heard at once, or withheld its own
        reveal for good (attacks/restart_forfeit.py). A snapshot from another handheld gives no
        clock: it may arrive late in the phase."""
        self._phase_live = True

    def _set_fair(self, fields, arrs):
        (self.phase, r0, r1, self.n, self.part, self.committed, self.contributed, self.revealed,
         self.cheats, self.forfeited, self.withheld) = fields[:11]
        self.round = r0 | r1 << 8
        self.hosts[:] = fields[11:19]
        self.phase_at = self.now
        self._phase_live = False
        self._rehost()
        self._hs, self._hr, self._r, self._s, self._nhs, self._nhr = arrs
        self.seed = None
        if P_PLAY <= self.phase < P_OVER and self.contributed and \
                self.part & self.contributed == self.part:
            self.seed = fairdice.round_seed(list(self._contribs()), self.table, self.round)
        for s in range(8):
            self._asked[s] = -1
