"""game_forfeits: deadlines and forfeits - who owes the table what, and since when. Pure.

Owns the clock of a phase (`now`, `lagging`, `phase_at`, `moved_at`, `held_at`, `_phase_live`)
and the forfeits (`forfeited`, `withheld`, `forfeits`, `lost_late`, `lost_cheat`). Its frame:
FORFEIT (the sequencer's overdue() makes it, every follower checks it by its own clock:
_check_forfeit, late). A part of game.TableGame; DEADLINE_MS and MOVE_MS stay importable from game.
"""
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.table.log import RJ_WAIT
from dicecup.table.game_round import P_COMMIT, P_CONTRIB, RJ_ROUND, RJ_SEAT

DEADLINE_MS = const(30000)  # a commitment, contribution or reveal owed longer is a forfeit
_GRACE_MS = const(3000)    # a follower saw the phase begin later than the sequencer, by up to
                           # this (loss, resends): its own clock's deadline is this much earlier
_POLICE_MS = const(5000)   # ... and a sequencer that leaves a forfeit unlogged this long past
                           # the deadline on a follower's clock is not followed any more
MOVE_MS = const(120000)     # a move awaited longer pauses the table, naming who it waits for


class Forfeits:
    """Deadlines by this handheld's own clock, and the seats that forfeit a round."""

    def _init_forfeits(self):
        self.forfeited = 0              # seats forfeiting this round (log logs FORFEIT)
        self.withheld = 0               # handhelds that withheld a commitment or contribution
        self.forfeits = 0               # how many forfeits this game had (the screens)
        self.lost_late = self.lost_cheat = 0  # the last forfeit's seats: late, or a false secret
        self.now = 0                    # the Node's time while it checks or applies an entry
        self.lagging = False            # the Node applies an old entry (catching up): no clock
        self.phase_at = 0               # when this handheld saw the phase begin
        self.moved_at = 0               # ... and the last move logged
        self.held_at = 0                # ... and when it last saw the table held (Table._hold_clock)
        self._phase_live = True         # ... and whether it was caught up then

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

    def fresh_from_hold(self, ms, lead):
        """Whether a seat whose handheld last said it was held (F_HELD) ms ago is still within
        its deadline: a held seat cannot pay, so its deadline counts again from the hold's end
        (the sequencer's whole DEADLINE_MS; a follower's less _GRACE_MS, as it may have heard the
        last held heartbeat before the sequencer did). log's _disputed: its FORFEIT is neither
        logged nor applied meanwhile (attacks/resync_release_late.py)."""
        return ms < (DEADLINE_MS if lead else DEADLINE_MS - _GRACE_MS)

    def in_time(self, t):
        """Whether a request heard at time t came well before the phase's deadline (_GRACE_MS: a
        dozen resends): this handheld saw the phase begin live, and so its sequencer, which hears
        the same broadcasts, had it in time. A handheld catching up has no clock to say so. Never
        counted from a hold's end (fresh_from_hold): a flag shown to this handheld alone made a
        late reveal look in time here only, and the honest sequencer was deposed
        (attacks/fresh_hold_frame.py)."""
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
