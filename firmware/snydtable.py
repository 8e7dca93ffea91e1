"""snydtable: a game of Snyd played over the table log - fair dice, the rules core, the record. Pure.

Owns what a Snyd table agrees on: whose dice take part, every seat's commitments, contributions
and reveals, the bids and the call, and the game record. It is the `app` of a tablelog.Node: the
sequencer asks `check()` before logging a request, every handheld runs `apply()` on each entry in
log order, so every handheld's rules core (snyd.Game) and record (snyd_record.Recorder) agree.

A round (fairdice explains why this order makes the dice unpickable and private):
    COMMIT    each seat taking part logs H(s), H(r)       (round 0; later rounds take these from
                                                           the reveals of the round before)
    CONTRIB   each seat logs r; once all are in, seed = H(all r); each handheld computes only its
              own seats' dice
    BID       bids and calls, checked by the rules core; the first call logged ends the bidding
    REVEAL    each seat logs s and its commitments for the next round; once all are in, everyone
              verifies every seat's dice, records the round and counts it - or voids the round and
              names the cheat when a secret does not match its commitment
Bidding is checked by the rules core on stand-in dice (legality depends only on how many dice each
seat has); the verified dice replace them after the reveal, and only then is the call counted.

Local seats: `poll(node, now, decide)` makes the requests for the seats this handheld hosts
(commit, contribute, reveal by itself; bids and calls from `decide(game, seat)`, the player or a bot).
`save(seat, bytes)` is called with a seat's secrets before its commitment can leave the handheld and
`load(seat)` gets them back after a reboot (the device keeps them on flash).
The open_die rule is refused: laying a die open would put a die value on the radio before the reveal.
"""
import fairdice
import snyd
import wire
from compat import const
from snyd_record import KINDS, Recorder
from tablelog import RJ_APP, RJ_LATE, RJ_NOT_YOURS

P_IDLE = const(0)
P_COMMIT = const(1)
P_CONTRIB = const(2)
P_BID = const(3)
P_REVEAL = const(4)
P_OVER = const(5)
PHASES = ("idle", "commit", "contrib", "bid", "reveal", "over")

RJ_PHASE = const(8)      # == RJ_APP: not the time for that request
RJ_ROUND = const(9)      # another round's request
RJ_SEAT = const(10)      # that seat takes no part in this round (or the table)
RJ_AGAIN = const(11)     # that seat did this already this round
RJ_ILLEGAL = const(12)   # the rules core refused it
RJ_CHEAT = const(13)     # the contribution does not match its commitment
RJ_RULES = const(14)     # rules the table cannot play (open_die)
REASONS = {RJ_PHASE: "not now", RJ_ROUND: "another round", RJ_SEAT: "not in this round",
           RJ_AGAIN: "already done", RJ_ILLEGAL: "not a legal move", RJ_CHEAT: "does not match "
           "its commitment", RJ_RULES: "rules not playable over the radio",
           RJ_LATE: "too late: another move came first", RJ_NOT_YOURS: "not your seat"}

_H = const(16)
_ZERO = bytes(_H)


def pack_rules(rules):
    """snyd.Rules -> the wire.RULES_LEN bytes of an ANNOUNCE/SEATS frame."""
    flags = (rules.jokers | rules.palifico << 1 | rules.calza << 2 | rules.open_on_ones << 3
             | rules.open_die << 4)
    return bytes((rules.dice, flags, rules.calza_by, rules.count_scope, 0, 0))


def unpack_rules(b):
    """Inverse of pack_rules; ValueError on bytes that are no rules."""
    f = b[1]
    return snyd.Rules(b[0], bool(f & 1), bool(f & 2), bool(f & 4), bool(f & 8), b[2], b[3],
                      bool(f & 16))


class SnydTable:
    """One handheld's copy of a Snyd table's game."""

    def __init__(self, table, hosted=0, save=None, load=None):
        self.table = table
        self.hosted = hosted            # bitmask of the seats this handheld plays
        self._save = save
        self.phase = P_IDLE
        self.round = 0                  # the table's round counter (voided rounds count too)
        self.rules = None
        self.n = 0
        self.first = 0
        self.rec = None
        self.game = None
        self.part = 0                   # seats taking part in this round
        self.committed = self.contributed = self.revealed = 0
        self.cheats = 0                 # seats whose reveal failed the check (ever)
        self.voided = 0
        self.seed = None
        self.call_seat = -1
        self.last_action = 0            # log sequence of the last bid or call
        self.acts = bytearray()         # this round's actions, 3 bytes each (seat<<2|kind, q, f)
        self._hs = bytearray(8 * _H)
        self._hr = bytearray(8 * _H)
        self._r = bytearray(8 * _H)
        self._s = bytearray(8 * _H)
        self._nhs = bytearray(8 * _H)
        self._nhr = bytearray(8 * _H)
        self.draws = [None] * 8         # hosted seats' Draw for the current round
        self.nexts = [None] * 8         # and for the next one (sent with the reveal)
        self.mine = [None] * 8          # hosted seats' dice this round, once the seed is known
        self.refused = [None] * 8       # (reason, winning seq) of a hosted seat's refused request
        self.error = None               # the rules core's reason for the last refused action
        self._asked = [-1] * 8
        if load:
            for s in range(8):
                if hosted & (1 << s):
                    b = load(s)
                    if b:
                        self._load(s, b)

    # ---- persistence of secrets ---------------------------------------------------------------
    def _load(self, s, b):
        half = len(b) // 2
        got = []
        for part in (b[:half], b[half:]):
            try:
                d = fairdice.Draw.from_bytes(part)
            except ValueError:
                continue
            if d.seat == s and d.table == self.table:
                got.append(d)
        if got:
            got.sort(key=lambda d: d.round)
            self.draws[s], self.nexts[s] = got[0], got[-1]

    def _have(self, s, rnd):
        for d in (self.draws[s], self.nexts[s]):
            if d is not None and d.round == rnd:
                return d
        return None

    def _persist(self, s):
        if self._save:
            a, b = self.draws[s], self.nexts[s]
            self._save(s, (a or b).to_bytes() + (b or a).to_bytes())

    def _draw_for(self, s, rnd, rand):
        """The seat's Draw for round rnd: the one kept for it, or a fresh one (saved first)."""
        d = self._have(s, rnd)
        if d is not None:
            return d
        for k in (self.draws[s], self.nexts[s]):
            if k is not None and k.round > rnd:
                return None  # never redraw a round we have passed: that would forget a secret
        d = fairdice.Draw(self.table, rnd, s, rand)
        if rnd == self.round:
            self.draws[s] = d
        else:
            self.nexts[s] = d
        self._persist(s)
        return d

    # ---- the app interface of tablelog.Node --------------------------------------------------
    def check(self, f):
        et = f.etype
        if et == wire.T_SEATS:
            if self.phase not in (P_IDLE, P_OVER):
                return RJ_PHASE
            try:
                r = unpack_rules(f.rules)
            except ValueError:
                return RJ_RULES
            if r.open_die or not 2 <= f.n <= 8 or f.first >= f.n:
                return RJ_RULES
            return 0
        if et not in (wire.T_COMMIT, wire.T_CONTRIB, wire.T_ACTION, wire.T_REVEAL):
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
            ok = fairdice.verify_contrib(self._hr[w * _H:(w + 1) * _H], bytes(f.h1), self.table,
                                         self.round, w)
            return 0 if ok else RJ_CHEAT
        if et == wire.T_REVEAL:
            if self.phase != P_REVEAL:
                return RJ_PHASE
            return RJ_AGAIN if self.revealed & bit else 0
        if self.phase != P_BID:
            return RJ_PHASE
        if f.ack < self.last_action:
            return RJ_LATE  # made before the last bid was seen (a race, or a replayed frame)
        g = self.game
        k = f.kind
        if k == wire.A_BID:
            e = g.bid_error(w, f.count, f.face)
        elif k == wire.A_SNYD:
            e = g.snyd_error(w)
        elif k == wire.A_CALZA:
            e = g.calza_error(w)
        else:
            e = "unknown action"
        self.error = e
        return RJ_ILLEGAL if e else 0

    def apply(self, f, seq):
        et = f.etype
        if et == wire.T_SEATS:
            self._new_game(f)
            return
        w = f.who
        bit = 1 << w
        o = w * _H
        if et == wire.T_COMMIT:
            self._hs[o:o + _H] = f.h1
            self._hr[o:o + _H] = f.h2
            self.committed |= bit
            if self.committed == self.part:
                self.phase = P_CONTRIB
        elif et == wire.T_CONTRIB:
            self._r[o:o + _H] = f.h1
            self.contributed |= bit
            if self.contributed == self.part:
                self._start_bidding()
        elif et == wire.T_ACTION:
            k = f.kind
            self.last_action = seq
            self.acts.extend(bytes((w << 2 | (k - 1), f.count, f.face)))
            if k == wire.A_BID:
                self.game.bid(w, f.count, f.face)
            else:
                self.call_seat = w
                self.phase = P_REVEAL
        elif et == wire.T_REVEAL:
            self._s[o:o + _H] = f.h1
            self._nhs[o:o + _H] = f.h2
            self._nhr[o:o + _H] = f.h3
            self.revealed |= bit
            if self.revealed == self.part:
                self._finish_round()

    def rejected(self, who, reason, lo):
        self.refused[who] = (reason, lo)

    # ---- round flow ---------------------------------------------------------------------------
    def _new_game(self, f):
        self.rules = unpack_rules(f.rules)
        self.n = f.n
        self.first = f.first
        self.rec = Recorder(self.rules, self.n, self.first)
        self.game = snyd.Game(self.rules, self.n, self.first)
        self.round += 1
        self._begin_round(False)

    def _begin_round(self, carried):
        """Seats with dice take part; `carried`: their commitments came with the last reveals."""
        g = self.game
        self.part = 0
        for s in range(self.n):
            if g.dice_left[s]:
                self.part |= 1 << s
        self.contributed = self.revealed = 0
        self.committed = 0
        self.acts = bytearray()
        self.call_seat = -1
        self.seed = None
        for s in range(8):
            self.mine[s] = None
            if self.hosted & (1 << s):
                self.draws[s] = self._have(s, self.round)
                self._asked[s] = -1
        if carried:
            hs, hr = self._hs, self._hr
            hs[:] = self._nhs
            hr[:] = self._nhr
            for s in range(self.n):
                if self.part & (1 << s) and hs[s * _H:(s + 1) * _H] != _ZERO:
                    self.committed |= 1 << s
        self.phase = P_CONTRIB if self.committed == self.part else P_COMMIT

    def _seat_order_contribs(self):
        for s in range(self.n):
            if self.part & (1 << s):
                yield bytes(self._r[s * _H:(s + 1) * _H])

    def _start_bidding(self):
        self.seed = fairdice.round_seed(list(self._seat_order_contribs()), self.table, self.round)
        g = self.game
        # stand-in dice: bidding depends only on how many dice each seat holds
        g.start_round([b"\x01" * g.dice_left[s] for s in range(self.n)])
        for s in range(self.n):
            if self.hosted & (1 << s) and self.part & (1 << s) and self.draws[s] is not None:
                self.mine[s] = self.draws[s].dice(self.seed, g.dice_left[s])
        self.phase = P_BID

    def dice_of(self, s):
        """Seat s's dice this round as this handheld knows them: its own seats' after the seed,
        nobody else's before the reveal."""
        return self.mine[s]

    def _finish_round(self):
        dice = []
        cheat = 0
        g = self.game
        left = g.dice_left
        for s in range(self.n):
            if not self.part & (1 << s):
                dice.append(b"")
                continue
            o = s * _H
            d = fairdice.verify_dice(self._hs[o:o + _H], bytes(self._s[o:o + _H]), self.seed,
                                     self.table, self.round, s, left[s])
            if d is None:
                cheat |= 1 << s
            dice.append(d)
        if cheat:
            self.cheats |= cheat
            self.voided += 1
            self.game = self._rebuild()  # back to before this round: nothing of it counts
        else:
            # the verified dice replace the stand-ins (Game.dice is the core's public per-seat
            # buffer), then the logged call is counted by the rules core itself
            buf = g.dice
            for s in range(self.n):
                d = dice[s]
                for i in range(len(d)):
                    buf[s * snyd.MAX_DICE + i] = d[i]
            self.rec.round(dice)
            a = self.acts
            for i in range(0, len(a), 3):
                self.rec.action(a[i] >> 2, KINDS[a[i] & 3], a[i + 1], a[i + 2])
            last = len(a) - 3
            if a[last] & 3 == 1:
                g.snyd(a[last] >> 2)
            else:
                g.calza(a[last] >> 2)
        self.round += 1
        if self.game.over:
            self.phase = P_OVER
            self.part = 0
            return
        self._begin_round(True)

    def _rebuild(self):
        """The rules core replayed from the record: after a snapshot, or to throw away a voided
        round (both rare: the normal path never replays)."""
        g = snyd.Game(self.rules, self.n, self.first)
        for rd in self.rec.record()["rounds"]:
            g.start_round(rd["dice"])
            for a in rd["actions"]:
                if a[1] == "bid":
                    g.bid(a[0], a[2], a[3])
                elif a[1] == "snyd":
                    g.snyd(a[0])
                else:
                    g.calza(a[0])
        return g

    # ---- this handheld's seats ----------------------------------------------------------------
    def poll(self, node, now, decide=None, rand=None):
        """Make the next request for each seat this handheld hosts (at most one in flight each)."""
        ph = self.phase
        if ph in (P_IDLE, P_OVER) or not node.caught_up():
            return  # a handheld still catching up must not act on a state that is past
        f = _REQ
        for s in range(self.n):
            bit = 1 << s
            if not self.hosted & bit or not self.part & bit or node.pending(s):
                continue
            f.who = s
            f.round = self.round
            if ph == P_COMMIT and not self.committed & bit:
                d = self._draw_for(s, self.round, rand)
                if d is None:
                    continue
                hs, hr = d.commitments()
                f.etype = wire.T_COMMIT
                f.h1[:] = hs
                f.h2[:] = hr
            elif ph == P_CONTRIB and not self.contributed & bit:
                d = self._draw_for(s, self.round, rand)
                if d is None:
                    continue
                f.etype = wire.T_CONTRIB
                f.h1[:] = d.r
            elif ph == P_REVEAL and not self.revealed & bit:
                d = self._draw_for(s, self.round, rand)
                nxt = self._draw_for(s, self.round + 1, rand)
                if d is None or nxt is None:
                    continue
                hs, hr = nxt.commitments()
                f.etype = wire.T_REVEAL
                f.h1[:] = d.s
                f.h2[:] = hs
                f.h3[:] = hr
            elif ph == P_BID and decide is not None and self._asked[s] != node.applied:
                self._asked[s] = node.applied
                move = decide(self.game, s)
                if move is None:
                    continue
                f.etype = wire.T_ACTION
                f.kind = move[0]
                f.count = move[1] if len(move) > 1 else 0
                f.face = move[2] if len(move) > 2 else 0
            else:
                continue
            node.submit(f, now)

    # ---- snapshot for a handheld that missed too much -----------------------------------------
    def snapshot(self, buf, off):
        def put(b):
            nonlocal off
            for x in b:
                buf[off] = x
                off += 1
        if self.rules is None:
            put(bytes((0,)))
            return off
        rd = self.rec.record()["rounds"]
        put(bytes((1, self.phase, self.round & 0xFF, self.round >> 8, self.n, self.first,
                   self.part, self.committed, self.contributed, self.revealed, self.cheats,
                   self.voided & 0xFF, self.call_seat & 0xFF, len(rd) & 0xFF, len(rd) >> 8)))
        put(pack_rules(self.rules))
        for r in rd:
            for d in r["dice"]:
                put(bytes((len(d),)))
                put(bytes(d))
            put(bytes((len(r["actions"]),)))
            for a in r["actions"]:
                put(bytes((a[0] << 2 | KINDS.index(a[1]), a[2] if len(a) > 2 else 0,
                           a[3] if len(a) > 3 else 0)))
        put(bytes((len(self.acts) // 3,)))
        put(self.acts)
        for arr in (self._hs, self._hr, self._r, self._s, self._nhs, self._nhr):
            put(arr)
        return off

    def restore(self, mv, seq):
        """Take over the state in a snapshot taken after entry `seq`; False (nothing changed) if it
        does not read."""
        try:
            return self._restore(bytes(mv), seq)
        except (IndexError, ValueError, snyd.Illegal):
            return False

    def _restore(self, b, seq):
        if b[0] == 0:
            self.phase = P_IDLE
            return True
        (_, phase, r0, r1, n, first, part, com, con, rev, cheats, voided, call,
         c0, c1) = b[:15]
        rules = unpack_rules(b[15:21])
        rec = Recorder(rules, n, first)
        i = 21
        for _ in range(c0 | c1 << 8):
            dice = []
            for _s in range(n):
                k = b[i]
                dice.append(list(b[i + 1:i + 1 + k]))
                i += 1 + k
            rec.round(dice)
            na = b[i]
            i += 1
            for _a in range(na):
                rec.action(b[i] >> 2, KINDS[b[i] & 3], b[i + 1], b[i + 2])
                i += 3
        na = b[i]
        acts = bytearray(b[i + 1:i + 1 + 3 * na])
        i += 1 + 3 * na
        arrs = []
        for _ in range(6):
            if i + 8 * _H > len(b):
                raise ValueError("short snapshot")
            arrs.append(bytearray(b[i:i + 8 * _H]))
            i += 8 * _H
        if i != len(b):
            raise ValueError("snapshot length")
        self.rules, self.n, self.first, self.rec = rules, n, first, rec
        self.game = self._rebuild()
        self.round = r0 | r1 << 8
        self.part, self.committed, self.contributed, self.revealed = part, com, con, rev
        self.cheats, self.voided = cheats, voided
        self.call_seat = call if call != 0xFF else -1
        self.acts = acts
        self.last_action = seq  # unknown: a restored sequencer refuses requests made before
        self._hs, self._hr, self._r, self._s, self._nhs, self._nhr = arrs
        self.phase = phase
        for s in range(8):
            if self.hosted & (1 << s):
                self.draws[s] = self._have(s, self.round)
                self._asked[s] = -1
        if phase in (P_BID, P_REVEAL):
            self.seed = fairdice.round_seed(list(self._seat_order_contribs()), self.table,
                                            self.round)
            g = self.game
            g.start_round([b"\x01" * g.dice_left[s] for s in range(n)])
            for j in range(0, len(acts), 3):
                if acts[j] & 3 == 0:
                    g.bid(acts[j] >> 2, acts[j + 1], acts[j + 2])
            for s in range(n):
                if self.hosted & (1 << s) and part & (1 << s) and self.draws[s] is not None:
                    self.mine[s] = self.draws[s].dice(self.seed, g.dice_left[s])
        return True


_REQ = wire.Frame()  # the one request frame poll() fills (the Node copies it at once)
_EXPLAIN = wire.Frame()


def explain(node, reason, lo):
    """What a player whose request was refused is told, e.g. "too late: seat 3 called calza"."""
    text = REASONS.get(reason, "refused")
    f = _EXPLAIN
    if reason == RJ_LATE and node.entry(lo, f) and f.etype == wire.T_ACTION:
        what = ("bid %d x %d" % (f.count, f.face), "called snyd", "called calza")[f.kind - 1]
        return "too late: seat %d %s first" % (f.who, what)
    return text
