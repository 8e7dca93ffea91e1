"""game_round: the fair-dice round every table game shares - its phases, its checks, its seed. Pure.

Owns the round's state: `phase`, `round`, `n`, `part`, the masks `committed`, `contributed`,
`revealed`, `cheats`, the `seed`, the hash arrays (`_hs`, `_hr`: the commitments; `_r`: the
contributions; `_s`: the revealed secrets; `_nhs`, `_nhr`: the next round's commitments that came
with the reveals), `applying` and `gate_seq`. Its frames: COMMIT and CONTRIB (checked and applied
whole here), and the bookkeeping of a REVEAL:
    COMMIT    every seat taking part logs H(s), H(r)  (or they came with the last round's reveals)
    CONTRIB   every seat logs r; once all are in: seed = H(all r in seat order), then _seeded()
It also owns the phases and the reasons a request is refused (RJ_*): game and the games import
them from here (game.P_COMMIT ... stay their import path).
"""
from dicecup.rules import fairdice
from dicecup.table import wire
from dicecup.core.compat import const

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

# what happened in a table game since the screen last asked (TableGame.news; table.Table.news()
# takes it and the App tells the screen: ui.screen.Screen.news)
NEWS_MOVE = const(1)     # an entry applied, or a snapshot taken over
NEWS_ROUND = const(2)    # a round counted (Snyd: rounds_done)
NEWS_VOID = const(4)     # a round voided (Snyd: voided; only a snapshot changes it now)
NEWS_FORFEIT = const(8)  # a forfeit counted (forfeits)
NEWS_HINT = const(16)    # a teammate's suggestion taken (Yatzy: hint_seq)
# not the game's but the App's (app._SHOWN, the same bit): the screen told was shown since the news
# last went to one, and catches up with what it missed by what it showed last
NEWS_SHOWN = const(8192)

H = const(16)
ZERO = bytes(H)          # a seat without a commitment carried (game_snapshot, game: a reseat)
# the requests of a round: made once (written in the check, the tuple was built at every entry)
_PLAYS = (wire.T_COMMIT, wire.T_CONTRIB, wire.T_ACTION, wire.T_REVEAL, wire.T_YATZY)


class FairRound:
    """The fair-dice part of a TableGame's check/apply (a part of game.TableGame)."""

    def _init_fair(self):
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
        self.applying = 0               # the entry apply() is on
        self.gate_seq = 0               # the entry after which a seat owes an act that reveals a
        #                                 secret: done only once every handheld holds the log up
        #                                 to it (log.Node.agreed; the Node heartbeats at once)

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
        return fairdice.verify_contrib(self._hr[w * H:(w + 1) * H], f.h1, self.tid, self.round, w)

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
        self.seed = fairdice.round_seed(list(self._contribs()), self.tid, self.round)
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
                if part & (1 << s) and hs[s * H:(s + 1) * H] != ZERO:
                    self.committed |= 1 << s
        for i in range(len(self._nhs)):
            self._nhs[i] = 0
        self._set_phase(P_CONTRIB if self.committed == part else P_COMMIT)
