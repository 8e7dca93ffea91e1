"""game_snapshot: a table game's state as bytes, and taking such a state over. Pure.

Owns the snapshot's layout (the head every game shares, then the game's own part, which holds
the fair-dice state: _put_fair / _get_fair), its writer (Out) and what restore() checks before
it takes a state over: _sane (a state a game reaches), _own_ok (the secrets of this handheld's
seats unchanged), _probe (the handheld can play on from it). Its frames: the Node's SNAP and
VOUCH carry these bytes (log). No state of its own; a part of game.TableGame.
"""
from dicecup.rules import fairdice
from dicecup.core.compat import const
from dicecup.table.game_round import NEWS_MOVE, P_IDLE, P_OVER, P_PLAY, ZERO

H = const(16)           # game_round.H again, folded into 8 * H here: imported, it made _get_fair's
                        # frame a word bigger (tests/test_consts.py checks the two agree)

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


class Snapshot:
    """snapshot() and restore(); the subclass adds _snap_count, _snap_rules, _snap_body,
    _restore_body, _no_game and its part of _sane, _own_ok and _probe."""

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
            self.news |= NEWS_MOVE
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
            if d is not None and self.revealed & bit and self._nhs[o:o + H] != ZERO:
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
            self.seed = fairdice.round_seed(list(self._contribs()), self.tid, self.round)
        for s in range(8):
            self._asked[s] = -1
