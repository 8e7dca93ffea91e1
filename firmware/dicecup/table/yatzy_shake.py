"""yatzy_shake: a Yatzy hold's re-roll - the shake chains and who shakes. Pure.

Owns each seat's shake chain (`_ctop`: its top, then the last value it gave; `_cn`: how many values
it gave this game; `_game0`: the round the game began in, which names the chains) and the hold
waiting for its shakes (`shaking`: its roll index, `stage`, `_held`: its mask). Its frame: SHAKE.
A hold's re-roll mixes two values, each the next of a seat's hash chain (fairdice.shake; a chain's
top came with the seat's first COMMIT of the game): first the shaker's (stage 0: owed; 1 + w: seat
w gave it; UNSHAKEN: it did not come in time), then the roller's own; yatzy's docstring says why
nobody can pick the re-roll. A part of yatzy.YatzyTable.
"""
from dicecup.rules import fairdice
from dicecup.core.compat import const
from dicecup.table.game import RJ_CHEAT, RJ_PHASE, RJ_SEAT
from dicecup.table.yatzy_turn import CARD, P_ROLL

UNSHAKEN = const(9)     # stage: the shaker withheld, the roller owes its value
ZERO = bytes(16)        # a withheld shake's place in a re-roll's mix


class Shake:
    """The shake chains and the re-roll of a hold (a part of yatzy.YatzyTable)."""

    def _init_shake(self):
        self._ctop = bytearray(8 * 16)  # each seat's shake chain: its top, then the last value
        self._cn = bytearray(8)         # values each seat gave this game (shakes and its own)
        self._game0 = 0                 # the round the game began in (names the chains)
        self.shaking = -1               # the roll index of a hold waiting for its shakes
        self.stage = 0                  # ... 0: the shaker's is owed; 1 + w: seat w shook (its
        # chain's last value, in _ctop), the roller's own is owed; UNSHAKEN: the same, none came
        self._held = 0                  # ... and its held mask

    def shaker(self):
        """The seat that shakes the roller's re-roll: one taking part this round whose chain is not
        spent, played from another handheld than the roller's, and of those first one played
        from a handheld that plays no seat of the roller's scorecard, then the one that gave the
        fewest chain values (spent evenly: a chain has fairdice.CHAIN_LEN), then the next
        clockwise; -1 when there is none (one handheld plays every seat). Only a reseat changes
        what it depends on while a shake is owed (_lose: a new shaker gets the whole deadline)."""
        r = self.roller()
        if r < 0:
            return -1
        card = self.kinds[r] & CARD
        team = 0  # the handhelds that play a seat of the roller's scorecard
        for s in range(self.n):
            if self.kinds[s] & CARD == card:
                team |= 1 << self.hosts[s]
        best = rank = -1
        for k in range(1, self.n):
            s = (r + k) % self.n
            n = self._cn[s]
            if self.part & (1 << s) and self.hosts[s] != self.hosts[r] and \
                    self._gives(s):
                m = (team >> self.hosts[s] & 1) << 8 | n
                if best < 0 or m < rank:
                    best, rank = s, m
        return best

    def _chained(self, s):
        """Whether seat s has a shake chain (its top came with a COMMIT since it was seated)."""
        for i in range(s * 16, s * 16 + 16):
            if self._ctop[i]:
                return True
        return False

    def _gives(self, s):
        """Whether seat s has a chain value left to give: a chain, not spent. A seat reseated
        mid-game has none until its next COMMIT (its chain went with its old handheld): it shakes
        nothing meanwhile, and as a roller its value is zeros, as a spent chain's."""
        return self._cn[s] < fairdice.CHAIN_LEN and self._chained(s)

    def _check_shake(self, f):
        if self.phase != P_ROLL or self.shaking < 0 or f.round != self.round:
            return RJ_PHASE
        w = f.who
        if w != (self.roller() if self.stage else self.shaker()) or f.roll != self.shaking:
            return RJ_SEAT
        o = w * 16
        if self._cn[w] >= fairdice.CHAIN_LEN or not fairdice.opens(bytes(f.h1),
                                                                   self._ctop[o:o + 16]):
            return RJ_CHEAT
        return 0

    def _chain_top(self, s, out):
        out[:] = fairdice.shake(self.shake_key, self.tid, self._game0, s, fairdice.CHAIN_LEN)

    def _roll(self, held, k, mix):
        w = self.roller()
        o = w * 16
        dice = fairdice.yatzy_roll(self.rolls[-1], held, bytes(self._s[o:o + 16]), self.seed,
                                   self.tid, self.round, w, k, mix)
        self.game.roll(dice, held)
        self.rolls.append(dice)
        self.helds.append([i for i in range(self.game.ndice) if held >> i & 1])

    def _shaken(self, own):
        """The hold's re-roll, now that the shake (or its absence) and the roller's own value
        (or zeros, if its chain is spent) are logged."""
        sh = ZERO
        if self.stage != UNSHAKEN:
            o = (self.stage - 1) * 16
            sh = bytes(self._ctop[o:o + 16])
        self._roll(self._held, self.shaking, sh + own)
        self.shaking, self.stage = -1, 0

    def _new_chains(self):
        self._game0 = self.round  # names the chains: never one used before
        for i in range(len(self._ctop)):
            self._ctop[i] = 0
        for i in range(8):
            self._cn[i] = 0
        self.shaking, self.stage = -1, 0

    def _apply_shake(self, f, seq):
        """A SHAKE logged: the shaker's value, then the roller's own; the re-roll once both
        are in (or the roller's chain is spent). (apply's, a method of its own.)"""
        w = f.who
        self._ctop[w * 16:w * 16 + 16] = f.h1  # the next shake must open this one
        self._cn[w] += 1
        self.last_action = seq
        self.moved_at = self.now
        if self.stage:
            self._shaken(bytes(f.h1))
            return
        self.stage = 1 + w  # the shaker's: now the roller owes its own value
        if self._gives(self.roller()):
            self._set_phase(P_ROLL)
        else:
            self._shaken(ZERO)  # a spent chain has none (docs/protocol.md, its limits)
