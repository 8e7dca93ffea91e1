"""table/snyd: a game of Snyd played over the table log - fair dice, the rules core, the record. Pure.

Owns what a Snyd table agrees on beyond the fair-dice round (game): the bids and the call, the
reveal, the count and the game record. It is the `app` of a log.Node: the sequencer asks
`check()` before logging a request, every handheld runs `apply()` on each entry in log order, so
every handheld's rules core (snyd.Game) and record (snyd_writer.Recorder; the handheld never loads the referee) agree.

A round: COMMIT and CONTRIB (game), then
    SHOW      (the open_die rule) each seat with two or more dice logs an ACTION A_SHOW: the index
              of the die it lays open and its value. Bidding waits for all of them (the phase is
              BID, `showing` the seats still owing one; a seat past game.DEADLINE_MS
              forfeits). At the reveal every handheld checks the shown value against the verified
              dice: a seat that showed a die it does not hold forfeits like a false secret.
    BID       bids and calls, checked by the rules core; the first call logged ends the bidding
    REVEAL    each seat logs s and its commitments for the next round; once all are in, everyone
              verifies every seat's dice, records the round and counts it
    FORFEIT   (record format 2) a seat whose secret does not open its commitment, or that did not
              commit, contribute or reveal within game.DEADLINE_MS (the sequencer logs a
              FORFEIT, every follower checks the deadline by its own clock), forfeits the round: it
              loses a die, the call is not counted. A forfeit before the dice are dealt still deals
              them to the others (they reveal at once, no bidding), so the record holds their dice.
              Withholding never pays: whatever a seat would lose by revealing, it loses by not.
Bidding is checked by the rules core on stand-in dice (legality depends only on dice counts); the
verified dice replace them after the reveal, and only then is the call counted. A handheld computes
only its own seats' dice before the reveal (`dice_of`).

Local seats: `poll(node, now, decide)` makes the requests for the seats this handheld hosts
(commit, contribute, reveal by itself; bids and calls from `decide(game, seat)` -> (wire.A_BID,
count, face) | (wire.A_SNYD,) | (wire.A_CALZA,) | None: the player or a bot).
SnydTable is assembled from snyd_round (the round from the seed to the count: the open dice, the
reveal, the record), snyd_seats (who plays each seat, the moves in the bot protocol's form: what
table.Table and the screens ask) and game.TableGame's concerns; here: check and apply, the new game, the hosted
seats' bids and calls, the snapshot.
The open die is the only die value on the radio before the reveal, and the rule makes it public.
A bot seat's dice are known to the handheld that hosts it (it holds the bot's secret): nothing else leaks.
"""
from dicecup.rules import snyd
from dicecup.table import wire
from dicecup.records.snyd_writer import KINDS, NO_DICE, ROUND, ROUND_SHOWN, Recorder
from dicecup.table.game import (NEWS_MOVE, NEWS_VOID, P_COMMIT, P_CONTRIB, P_IDLE,  # noqa: F401
                                P_OVER, RJ_AGAIN, RJ_CHEAT, RJ_ILLEGAL, RJ_PHASE, RJ_RULES,
                                TableGame)
from dicecup.table.log import RJ_LATE
from dicecup.table.snyd_round import P_BID, P_REVEAL, Round
from dicecup.table.snyd_seats import Seats, pack_rules, unpack_rules
PHASES = ("idle", "commit", "contrib", "bid", "reveal", "over")


class SnydTable(Round, Seats, TableGame):
    """One handheld's copy of a Snyd table's game: the one class table.Table makes for a Snyd
    table (lobby.game_class), and the screens read."""
    Illegal = snyd.Illegal   # what the core raises on a snapshot that does not replay
    PHASES = PHASES
    LEAK = P_REVEAL

    def __init__(self, tid, hosted=0, save=None, load=None, me=None):
        TableGame.__init__(self, tid, hosted, save, load, me)
        self.rules = None
        self.first = 0
        self.rec = None
        self.game = None
        self.voided = 0                 # rounds voided (none since a reseat is a forfeit; kept in
                                        # the snapshot's layout and for the screens)
        self.call_seat = -1
        self.last_action = 0            # log sequence of the last bid or call
        self.error = None               # the rules core's reason for the last refused action
        self._init_round()
        self._init_seats()

    # ---- the app interface of log.Node --------------------------------------------------
    def check(self, f):
        et = f.etype
        if et == wire.T_SEATS:
            return self._check_seats(f)
        if et == wire.T_FORFEIT:
            if self.phase not in (P_COMMIT, P_CONTRIB, P_REVEAL) and not self.showing:
                return RJ_PHASE
            return self._check_forfeit(f)
        e = self._check_fair(f)  # (e, and the game not a local: one word more and this frame
        if e >= 0:               # goes on the heap at every check)
            return e
        if f.etype == wire.T_REVEAL:
            return 0 if self.phase == P_REVEAL else RJ_PHASE
        if f.etype != wire.T_ACTION or self.phase != P_BID:
            return RJ_PHASE
        if self.showing or f.kind == wire.A_SHOW:
            return self._check_show(f)
        if f.ack < self.last_action:
            return RJ_LATE  # made before the last bid was seen (a race, or a replayed frame)
        w = f.who
        k = f.kind
        if k == wire.A_BID:
            e = self.game.bid_error(w, f.count, f.face)
        elif k == wire.A_SNYD:
            e = self.game.snyd_error(w)
        elif k == wire.A_CALZA:
            e = self.game.calza_error(w)
        else:
            e = "unknown action"
        self.error = e
        return RJ_ILLEGAL if e else 0

    def _check_seats(self, f):
        # (a method of its own: its try put check's frame on the heap at every check)
        if f.flags & wire.SEATS_RESEAT:
            return self._check_reseat(f)
        if self.phase not in (P_IDLE, P_OVER):
            return RJ_PHASE
        try:
            unpack_rules(f.rules)
        except ValueError:
            return RJ_RULES
        if not 2 <= f.n <= 8 or f.first >= f.n:
            return RJ_RULES
        return 0

    def apply(self, f, seq):
        self.applying = seq
        self.news |= NEWS_MOVE
        et = f.etype
        if et == wire.T_SEATS:
            self.kinds[:] = f.kinds
            if f.flags & wire.SEATS_RESEAT:
                # the gone handheld's secrets went with it: its seats forfeit the round, the
                # others keep their dice. A seat that revealed too: a false secret is found only
                # at the round's end, when its seat is the new handheld's, whose every seat it
                # then took out with it (TableGame.party; attacks/cheat_then_leave.py)
                self._lose(self._reseat(f) & self.part)
            else:
                self.games += 1
                self._new_game(f)
            if self.on_seats:
                self.on_seats()  # table.json keeps the seats' kinds
            return
        if et == wire.T_FORFEIT:
            self._lose(self.party(f.who))  # (withheld is Yatzy's: Snyd takes the seats out)
            return
        if self._apply_fair(f):
            return
        if et == wire.T_ACTION:
            w = f.who
            k = f.kind
            if k == wire.A_SHOW:
                self._apply_show(f, seq)
                return
            self.last_action = seq
            self.moved_at = self.now
            self.acts.append(w << 2 | (k - 1))  # (a byte at a time: bytes of a tuple were two
            self.acts.append(f.count)           # objects an action)
            self.acts.append(f.face)
            if k == wire.A_BID:
                self.game.bid(w, f.count, f.face)
            else:
                self.call_seat = w
                self._set_phase(P_REVEAL)
        elif et == wire.T_REVEAL:
            self._open(f.who)
            if self.revealed & self.part == self.part:
                self._finish_round()  # (revealed may hold a seat a reseat took out since)

    def _new_game(self, f):
        self.rules = unpack_rules(f.rules)
        self.n = f.n
        self._seat(f)
        self.first = f.first
        self.rec = Recorder(self.rules, self.n, self.first)
        self.game = snyd.Game(self.rules, self.n, self.first)
        self.round += 1
        self._begin_round(False)

    def waits_on(self):
        return self.game.on_turn if self.phase == P_BID and not self.showing else -1

    def owed(self):
        if self.phase == P_REVEAL:
            return self.part & ~self.revealed
        if self.phase == P_BID:
            return self.showing  # an open die is owed like a reveal: in time, or a forfeit
        return TableGame.owed(self)

    # ---- this handheld's seats ----------------------------------------------------------------
    def _play_request(self, f, s, ph, node, decide, rand):
        if ph == P_REVEAL:
            # the reveal waits until every handheld holds the call: a sequencer that sent it to
            # some only would read their dice while the others still bid (docs/protocol.md)
            return not self.revealed & (1 << s) and node.agreed(self.gate_seq, self.now) and \
                self._reveal_request(f, s, rand)
        move = self._decide(s, node, decide) if ph == P_BID and (
            not self.showing or self.showing & (1 << s)) else None
        if move is None:
            return False
        f.etype = wire.T_ACTION
        f.kind = move[0]
        f.count = move[1] if len(move) > 1 else 0
        f.face = move[2] if len(move) > 2 else 0
        return True


    # ---- snapshot for a handheld that missed too much -----------------------------------------
    # (the head, the count of counted rounds, the rules and the kinds, is TableGame.snapshot's)
    def _snap_count(self):
        if self.rules is None:
            return None
        return self._snap_rounds(None, 0)

    def _snap_rounds(self, buf, o):
        """The counted rounds as the snapshot carries them (_snap_body), read from the recorder's
        log byte by byte into buf from o, in order: tlog.bin carries a snapshot at every entry
        applied, and the record as dicts (rec.rounds) allocated tens of KB late in a game
        (docs/memory.md, Device time). buf None: only count them. Returns the count, or (buf)
        where it ended."""
        rc = self.rec
        at = rc.at
        n = rc.n  # (snyd_json reads the log the same way)
        seats = rc.seats
        shown = self.rules.open_die
        i = nr = 0
        while i < n:
            marker = at(i)
            i += 1
            nr += 1
            for _ in range(seats):
                k = at(i)
                i += 1
                if buf is not None:
                    buf[o] = k
                    o += 1
                if k == NO_DICE:
                    continue
                if buf is not None:
                    for j in range(i, i + k):
                        buf[o] = at(j)
                        o += 1
                i += k
            if marker == ROUND_SHOWN:
                if buf is not None and shown:
                    for j in range(i, i + seats):
                        buf[o] = at(j)
                        o += 1
                i += seats
            j = i
            while j < n and at(j) < ROUND:
                j += 3
            if buf is None:
                i = j
                continue
            buf[o] = (j - i) // 3  # (buf may send each byte as written: in order)
            o += 1
            while i < j:
                b = at(i)
                buf[o] = b
                bid = b & 3 == 0  # (KINDS: a bid's count and face; the others' are 0)
                buf[o + 1] = at(i + 1) if bid else 0
                buf[o + 2] = at(i + 2) if bid else 0
                o += 3
                i += 3
        return nr if buf is None else o

    def _snap_rules(self):
        return pack_rules(self.rules)

    def restore(self, mv, seq):
        v = self.voided
        ok = TableGame.restore(self, mv, seq)
        if ok and 0 < self.phase < P_OVER:
            self.games += 1  # the screens follow a restored game in play as a new one (a
            # joiner that catches up to a finished game stays in the lobby)
        if ok and self.voided != v:
            self.news |= NEWS_VOID
        if ok and self.on_seats:
            self.on_seats()  # table.json keeps the seats' kinds: a restored state may change them
        return ok

    def _snap_body(self, out):
        """first seat, voided, caller; the fair-dice state; every counted round (per seat: number of
        dice, the dice; with open_die each seat's open die, 0xFF for none; the actions, 3 bytes
        each); then this round's actions, and with open_die who still owes an open die and each
        seat's (index, value)."""
        out.put(bytes((self.first, self.voided & 0xFF, self.call_seat & 0xFF)))
        self._put_fair(out)
        out.off = self._snap_rounds(out.buf, out.off)
        out.put(bytes((len(self.acts) // 3,)))
        out.put(self.acts)
        if self.rules.open_die:
            out.put(bytes((self.showing,)))
            out.put(self.show_i)
            out.put(self.show_v)

    def _no_game(self):
        self.rules = self.game = self.rec = None

    def _sane(self):
        TableGame._sane(self)
        n = self.n
        g = self.game
        if n < 2 or self.first >= n or self.call_seat >= n or self.showing & ~self.part:
            raise ValueError("no such seat")
        for s in range(n):
            if self.part & (1 << s) and not g.dice_left[s]:
                raise ValueError("a seat without dice in the round")
            if self.rules.open_die and not 1 <= self.show_v[s] <= 6 and \
                    self.phase == P_REVEAL and g.dice_left[s] >= 2 and not self.forfeited:
                raise ValueError("no such open die")
        if self.phase == P_REVEAL and self.call_seat < 0 and not self.forfeited:
            raise ValueError("a reveal without a call")
        a = self.acts
        for j in range(0, len(a), 3):  # bids, then (in the reveal, or the game's end) the one
            k = a[j] & 3               # call that ended them
            if a[j] >> 2 >= n or k > 2 or k and (self.phase < P_REVEAL or j != len(a) - 3):
                raise ValueError("no such action")

    def _probe(self):
        TableGame._probe(self)
        self._shown()
        for s in range(self.n):
            self.dice_of(s)
            self.to_move(s)
            self.is_bot(s)
        self.actions()
        self.packed_rules()

    def _restore_body(self, nrounds, packed, kinds, b, i, seq):
        first, voided, call = b[i:i + 3]
        rules = unpack_rules(packed)
        fields, arrs, i = self._get_fair(b, i + 3)
        n = fields[3]
        rec = Recorder(rules, n, first)
        for _ in range(nrounds):
            dice = []
            for _s in range(n):
                k = b[i]
                if k == NO_DICE:
                    dice.append(None)
                    i += 1
                    continue
                dice.append(list(b[i + 1:i + 1 + k]))
                i += 1 + k
            shown = None
            if rules.open_die:
                shown = [None if x == 0xFF else x for x in b[i:i + n]]
                i += n
            rec.round(dice, shown)
            na = b[i]
            i += 1
            for _a in range(na):
                rec.action(b[i] >> 2, KINDS[b[i] & 3], b[i + 1], b[i + 2])
                i += 3
        na = b[i]
        acts = bytearray(b[i + 1:i + 1 + 3 * na])
        i += 1 + 3 * na
        showing, shows = 0, i
        if rules.open_die:
            showing = b[i]
            i += 17
        if i != len(b):
            raise ValueError("snapshot length")
        self.rules, self.first, self.rec = rules, first, rec
        self.kinds[:] = kinds
        self.n = n
        self.game = self._rebuild()
        self._set_fair(fields, arrs)
        self.voided = voided
        self.call_seat = call if call != 0xFF else -1
        self.acts = acts
        self.last_action = seq  # unknown: a restored sequencer refuses requests made before
        for s in range(8):
            self.mine[s] = self.opened[s] = None  # (a reveal applied on a forked log is not ours)
        self.showing = showing
        if rules.open_die:
            self.show_i[:] = b[shows + 1:shows + 9]
            self.show_v[:] = b[shows + 9:shows + 17]
        if self.showing:
            self._my_dice()
        elif self.phase in (P_BID, P_REVEAL):
            self._start_bidding()
            g = self.game
            for j in range(0, len(acts), 3):
                if acts[j] & 3 == 0:
                    g.bid(acts[j] >> 2, acts[j + 1], acts[j + 2])
        return True

