"""table/yatzy: a game of Yatzy played over the table log - every roll fixed in advance, nobody picks. Pure.

Owns what a Yatzy table agrees on beyond the fair-dice round (game): whose turn, the holds, the
boxes, every scorecard and the game record (yatzy_writer.Recorder). The `app` of a log.Node,
like table/snyd. Each round every seat commits and contributes (game); then every scorecard takes
its turn in order:
    TURN   the seat rolling for the scorecard (a team's members take turns: yatzy.member) logs its
           secret s (REVEAL, with its next round's commitments): everyone verifies it and computes
           roll 0 - Yatzy dice are public, and s was fixed before the seed, so revealing it at the
           start of the turn shows the dice without letting anyone choose them
    ROLL   the roller logs holds (a position mask for roll k) and finally the box; the rules core
           checks both. Roll k's new dice come from the same secret and seed with roll index k,
           mixed with two SHAKEs, each the next value of a seat's hash chain (fairdice.shake; a
           chain's top came with the seat's first COMMIT of the game, so nobody chooses a value):
           first the shaker's, logged only after the hold, then the roller's own, logged only
           after the shake (`stage`). Before the hold the roller lacks the shake and the shaker
           lacks the roller's value, so nobody can compute the re-roll; the shaker gives its value
           blind, so withholding it gains nothing; the roller, last, knows the re-roll before it
           sends its value, but withholding that is a forfeit turn (0 in the first free box),
           never worth more than scoring any dice itself. The shaker plays from a handheld that
           holds no seat of the roller's scorecard (else from any other handheld: shaker()), so
           the roller's team never holds a shake. A shaker past the deadline forfeits its own next
           turn and the re-roll mixes zeros for its shake; a roller past it forfeits the turn.
    FORFEIT (record format 2) a seat that did not commit, contribute or reveal within
           game.DEADLINE_MS (the sequencer logs it, every follower checks the deadline), or
           whose secret does not open its commitment: its scorecard's turn in this round is a
           forfeit turn (0 in its first free box), so withholding never pays
No die value is ever sent: everyone derives every roll. Team play: a seat's SEATS `kinds` entry is
1 + the scorecard it plays for (1, 2, 3... for one scorecard each), plus KIND_BOT for a seat a bot
plays (the rules ignore it; every screen names the seat a bot). A secret that does not match its
commitment is a forfeit turn and names the cheat (`cheats`); a Yatzy turn cannot be voided in the
record.

YatzyTable is assembled from its concerns: yatzy_turn (whose turn, the turn's end, forfeit turns),
yatzy_shake (the shake chains and a hold's re-roll), yatzy_hints (teammates' suggestions, team
play), yatzy_seats (who plays each seat, the moves in the bot protocol's form: what table.Table and
the screens ask) and game.TableGame's; here: check and apply, the hosted seats' requests, the snapshot.

Local seats: `poll(node, now, decide)`; decide(game, seat) -> (wire.Y_HOLD, mask) |
(wire.Y_BOX, box, column) | None. The turn's first roll (the reveal) waits until decide answers
anything but None for it (the handheld's player presses roll), or with `roll_waits` cleared (a test
bus's players) is made at once.
"""
from dicecup.rules import fairdice
from dicecup.table import wire
from dicecup.rules import yatzy
from dicecup.table.game import (DEADLINE_MS, NEWS_MOVE, P_COMMIT, P_CONTRIB, P_IDLE, P_OVER,
                                RJ_ILLEGAL, RJ_PHASE, RJ_RULES, RJ_SEAT, TableGame)
from dicecup.table.log import RJ_LATE
from dicecup.table.yatzy_hints import Hints
from dicecup.table.yatzy_seats import Seats, pack_rules, rules_of
from dicecup.table.yatzy_shake import UNSHAKEN, ZERO, Shake
from dicecup.table.yatzy_turn import (CARD, KIND_BOT, P_CHEAT, P_ROLL, P_TURN,  # noqa: F401
                                      Turns, _cards)
from dicecup.records.yatzy_writer import Recorder

PHASES = ("idle", "commit", "contrib", "turn", "roll", "over", "cheat")


class YatzyTable(Turns, Shake, Hints, Seats, TableGame):
    """One handheld's copy of a Yatzy table's game: the one class table.Table makes for a Yatzy
    table (lobby.game_class), and the screens read."""
    Illegal = yatzy.Illegal   # what the core raises on a snapshot that does not replay
    PHASES = PHASES
    LEAK = P_TURN
    roll_waits = True         # a turn's first roll waits for decide (the docstring): its player's
                              # press or a bot's think time, as in a game alone
    first = 0                 # SEATS' first seat (a Yatzy game starts with the first scorecard)

    def __init__(self, tid, hosted=0, save=None, load=None, me=None):
        TableGame.__init__(self, tid, hosted, save, load, me)
        self.variant = None
        self.options = None
        self.cards = 0
        self.game = None
        self.rec = None
        self.rolls = []                 # this turn's dice after each roll
        self.helds = []                 # and for each re-roll the positions kept
        self.last_action = 0
        self.error = None
        self._init_turns()
        self._init_shake()
        self._init_hints()
        self._init_seats()

    # ---- the app interface of log.Node --------------------------------------------------
    def check(self, f):
        et = f.etype
        if et == wire.T_SEATS:
            if f.flags & wire.SEATS_RESEAT:
                reason = self._check_reseat(f)
                for s in range(f.n if reason == 0 else 0):
                    if f.kinds[s] & CARD != self.kinds[s] & CARD:
                        return RJ_RULES  # the same scorecards: only who plays them changes
                return reason
            if self.phase not in (P_IDLE, P_OVER, P_CHEAT):
                return RJ_PHASE
            try:
                rules_of(f.rules)
            except ValueError:
                return RJ_RULES
            return 0 if self._cards_of(f) else RJ_RULES
        if et == wire.T_FORFEIT:
            if self.phase not in (P_COMMIT, P_CONTRIB, P_TURN, P_ROLL):
                return RJ_PHASE
            return self._check_forfeit(f)
        if et == wire.T_SHAKE:
            return self._check_shake(f)
        reason = self._check_fair(f)
        if reason >= 0:
            return reason
        if f.who != self.roller():
            return RJ_SEAT
        if self.shaking >= 0:
            return RJ_PHASE  # a hold waits for its shake
        if et == wire.T_REVEAL:
            return 0 if self.phase == P_TURN else RJ_PHASE
        if et != wire.T_YATZY or self.phase != P_ROLL:
            return RJ_PHASE
        if f.ack < self.last_action:
            return RJ_LATE  # made before the last move was seen (a replayed frame)
        g = self.game
        if f.kind == wire.Y_HOLD:
            e = None
            if f.roll != g.roll_no or g.rolls_left <= 0:
                e = "no roll left"
            elif f.value >> g.ndice:
                e = "no such die"
        elif f.kind == wire.Y_BOX:
            e = g.why_not(f.value, f.roll) if f.value < g.nbox and f.roll < g.columns else "no box"
        else:
            e = "unknown move"
        self.error = e
        return RJ_ILLEGAL if e else 0

    def owed(self):
        if self.phase == P_ROLL and self.shaking >= 0:
            w = self.roller() if self.stage else self.shaker()
            return 1 << w if w >= 0 else 0
        if self.phase == P_TURN:
            r = self.roller()
            return (1 << r) & self.part if r >= 0 else 0
        return TableGame.owed(self)

    def apply(self, f, seq):
        self.applying = seq
        self.news |= NEWS_MOVE
        et = f.etype
        if et == wire.T_SEATS:
            if f.flags & wire.SEATS_RESEAT:
                # (who shakes depends on the hosts: the shaker before the reseat, to compare)
                shaker = self.shaker() if self.shaking >= 0 and not self.stage else -1
                m = self._reseat(f)
                self.kinds[:f.n] = f.kinds[:f.n]  # a seat may now be a bot's
                self._lose(m, shaker)
            else:
                self._new_game(f)
                self.games += 1
                self.last = None
                self.teams = f.rules[2]
            if self.on_seats:
                self.on_seats()  # table.json keeps the seats' kinds
            return
        if et == wire.T_FORFEIT:
            if self.phase == P_ROLL and not self.stage:  # the shaker did not shake in time: its
                self.penalty |= f.who  # next turn is lost, and the roller's value comes alone
                self.stage = UNSHAKEN
                if self._gives(self.roller()):
                    self._set_phase(P_ROLL)  # the roller's deadline runs from here
                else:
                    self._shaken(ZERO)
            elif self.phase == P_ROLL or self.phase == P_TURN:
                self._turn_lost(f.who)  # the roller withheld its own value, or its reveal
            else:
                self._apply_forfeit(f)
            return
        if et == wire.T_SHAKE:
            self._apply_shake(f, seq)
            return
        if et == wire.T_COMMIT and not self._cn[f.who] and \
                self._ctop[f.who * 16:f.who * 16 + 16] == bytes(16):
            self._ctop[f.who * 16:f.who * 16 + 16] = f.h3  # the game's first: its chain's top
        if self._apply_fair(f):
            return
        w = f.who
        if et == wire.T_REVEAL:
            dice = self.verified(w, self.game.ndice, 0)
            if dice is None:  # its secret does not open its commitment: a forfeit turn
                self.cheats |= 1 << w
                self.forfeited |= 1 << w
                self.part &= ~(1 << w)
                self._forfeit_turns()
                return
            self.game.roll(dice, 0)
            self.rolls = [dice]
            self.helds = []
            self._set_phase(P_ROLL)
            return
        self.last_action = seq
        self.moved_at = self.now
        g = self.game
        if f.kind == wire.Y_HOLD:
            if self.shaker() < 0:  # every seat on the roller's handheld: nobody else to shake
                self._roll(f.value, f.roll, None)
            else:
                self._held = f.value
                self.shaking, self.stage = f.roll, 0
                self._set_phase(P_ROLL)  # the shaker's deadline runs from here
                # the shake too waits until every handheld holds this hold (Node.agreed): a
                # roller that was the sequencer logged a hold for the shaker's handheld alone,
                # took the shake and logged the hold whose re-roll it liked for the rest
                # (attacks/equivocate_foresee.py)
                self.gate_seq = self.applying
            return
        p = g.current
        self.rec.turn(p, self.rolls, self.helds, f.value, f.roll)
        g.fill(f.value, f.roll)
        self._next_turn()
        self.last = (p, f.value, f.roll, g.get(p, f.value, f.roll))  # (the screens' last box)

    def _new_game(self, f):
        self.variant, self.options = rules_of(f.rules)
        self.n = f.n
        self._seat(f)
        self.cards = self._cards_of(f)
        for s in range(8):
            self.kinds[s] = f.kinds[s] if s < f.n else 0
        self.game = yatzy.Yatzy(self.variant, self.cards, self.options or None)
        self.rec = Recorder(self.variant, self.cards, self.options or None)
        self.rolls = []
        self.helds = []
        self.round += 1
        self._new_chains()
        self.penalty = 0
        part = 0
        for s in range(f.n):
            if f.kinds[s] & CARD:
                part |= 1 << s
        self._begin_fair(part, False)

    # ---- this handheld's seats ----------------------------------------------------------------
    def _actor(self):
        return self.shaker() if self.shaking >= 0 and not self.stage else self.roller()

    def _play_request(self, f, s, ph, node, decide, rand):
        if self.shaking >= 0:
            if ph != P_ROLL or s != self._actor() or not self._gives(s):
                return False
            if not node.agreed(self.gate_seq, self.now):
                return False
            f.etype = wire.T_SHAKE
            f.roll = self.shaking
            f.h1[:] = fairdice.shake(self.shake_key, self.tid, self._game0, s,
                                     fairdice.CHAIN_LEN - 1 - self._cn[s])
            return True
        if ph == P_TURN:
            if self.roll_waits and self._decide(s, node, decide) is None and \
                    self.now - self.phase_at < DEADLINE_MS // 2:
                return False  # the first roll waits for its player (or bot), but never so long
                # that the deadline would forfeit the turn: then the handheld rolls by itself
            # (the secret only once every handheld holds the log that made it this seat's turn)
            return node.agreed(self.gate_seq, self.now) and self._reveal_request(f, s, rand)
        move = self._decide(s, node, decide) if ph == P_ROLL else None
        if move is None:
            return False
        f.etype = wire.T_YATZY
        f.kind = move[0]
        if move[0] == wire.Y_HOLD:
            f.roll, f.value = self.game.roll_no, move[1]
        else:
            f.value = move[1]
            f.roll = move[2] if len(move) > 2 else 0
        return True


    # ---- snapshot -----------------------------------------------------------------------------
    def _snap_count(self):
        if self.game is None:
            return None
        nt = 0
        for _ in self.rec.turns():
            nt += 1
        return nt

    def _snap_rules(self):
        return pack_rules((self.variant, self.options, 0))

    def restore(self, mv, seq):
        ok = TableGame.restore(self, mv, seq)
        if ok and 0 < self.phase < P_OVER:
            self.games += 1  # the screens follow a restored game in play as a new one (a
            # joiner that catches up to a finished game stays in the lobby)
            self.last = None
            self.teams = 0
            for s in range(self.n):
                if self.kinds[s] & 0x0F != s + 1:
                    self.teams = self.cards
        if ok and self.on_seats:
            self.on_seats()  # table.json keeps the seats' kinds: a restored state may change them
        return ok

    def _snap_body(self, out):
        boxes = self.game.boxes()
        sh = self.stage if self.shaking >= 0 else 0xFF  # the hold's roll index is g.roll_no
        out.put(bytes((sh, self._held, self.penalty, self._game0 & 0xFF, self._game0 >> 8)))
        out.put(self._cn)
        out.put(self._ctop)
        self._put_fair(out)
        for t in self.rec.turns():  # a turn at a time, never the whole record as dicts
            _put_turn(out, t["p"] | (0x80 if t.get("forfeit") else 0), t.get("rolls", []),
                      t.get("held", []), boxes.index(t["category"]), t.get("column", 0))
        _put_turn(out, 0, self.rolls, self.helds, 0, 0)

    def _no_game(self):
        self.game = self.rec = None

    def _sane(self):
        TableGame._sane(self)
        g = self.game
        ph = self.phase
        m = (1 << self.n) - 1
        if self.penalty & ~m or self._held >> g.ndice or \
                (ph == P_ROLL) != (len(self.rolls) > 0) or ph == P_ROLL and self.roller() < 0:
            raise ValueError("no such turn")
        if self.shaking >= 0 and (ph != P_ROLL or not 0 < self.shaking <= len(self.rolls) or
                                  self.shaker() < 0):
            raise ValueError("no such shake")
        for s in range(8):
            if self._cn[s] > fairdice.CHAIN_LEN:
                raise ValueError("past a shake chain")

    def _own_ok(self):
        """TableGame's, and the shake chains of the seats this handheld plays: each must stand
        where its own key says (a chain altered would make its next shake fail as a cheat's)."""
        TableGame._own_ok(self)
        if not self.shake_key:
            return
        for s in range(self.n):
            o = s * 16
            if self.hosted & (1 << s) and self._ctop[o:o + 16] != bytes(16) and \
                    self._ctop[o:o + 16] != fairdice.shake(self.shake_key, self.tid, self._game0,
                                                          s, fairdice.CHAIN_LEN - self._cn[s]):
                raise ValueError("not this handheld's shake chain")

    def _probe(self):
        TableGame._probe(self)
        self.roller()
        self.shaker()
        for s in range(self.n):
            self.may_hint(s)
            self.hint_of(s)
            self.to_move(s)
            self.is_bot(s)
            self.card_of(s)

    def _restore_body(self, nturns, rules, kinds, b, i, seq):
        variant, options = rules_of(rules)
        sh, held, penalty, g0, g1 = b[i:i + 5]
        if UNSHAKEN < sh < 0xFF:
            raise ValueError("no such shake stage")
        cn = bytearray(b[i + 5:i + 13])
        ctop = bytearray(b[i + 13:i + 141])
        if len(ctop) != 128:
            raise ValueError("short snapshot")
        fields, arrs, i = self._get_fair(b, i + 141)
        n = fields[3]
        if n < sh < UNSHAKEN:
            raise ValueError("no such shaker")  # stage 1 + w names seat w
        cards = _cards(n, kinds)
        if not cards or any(kinds[n:]):
            raise ValueError("no scorecards")
        g = yatzy.Yatzy(variant, cards, options or None)
        rec = Recorder(variant, cards, options or None)
        nd = g.ndice
        for _ in range(nturns):
            p, rolls, helds, box, col, i = _get_turn(b, i, nd)
            for k, d in enumerate(rolls):
                g.roll(d, _mask(helds[k - 1]) if k else 0)
            rec.turn(p & 0x7F, rolls, helds, box, col, p & 0x80 != 0)
            if p & 0x80:
                g.forfeit(box, col)
            else:
                g.fill(box, col)
        _, rolls, helds, _, _, i = _get_turn(b, i, nd)
        for k, d in enumerate(rolls):
            g.roll(d, _mask(helds[k - 1]) if k else 0)
        if i != len(b):
            raise ValueError("snapshot length")
        self.variant, self.options, self.kinds, self.cards = variant, options, kinds, cards
        self.game, self.rec, self.rolls, self.helds = g, rec, rolls, helds
        self.n = n
        self._set_fair(fields, arrs)
        self.shaking = -1 if sh == 0xFF else g.roll_no
        self.stage = 0 if sh == 0xFF else sh
        self._held, self.penalty, self._game0 = held, penalty, g0 | g1 << 8
        self._cn, self._ctop = cn, ctop
        self.last_action = seq
        return True


def _mask(positions):
    m = 0
    for i in positions:
        m |= 1 << i
    return m


def _put_turn(out, p, rolls, helds, box, column):
    out.put(bytes((p, box, column, len(rolls))))
    for k, d in enumerate(rolls):
        # a record leaves out trailing re-rolls that kept nothing
        out.put(bytes((_mask(helds[k - 1]) if 0 < k <= len(helds) else 0,)))
        out.put(bytes(d))


def _get_turn(b, i, nd):
    p, box, column, n = b[i], b[i + 1], b[i + 2], b[i + 3]
    i += 4
    rolls, helds = [], []
    for k in range(n):
        m = b[i]
        if k:
            helds.append([j for j in range(nd) if m >> j & 1])
        rolls.append(list(b[i + 1:i + 1 + nd]))
        if len(rolls[-1]) != nd:
            raise ValueError("short snapshot")
        i += 1 + nd
    return p, rolls, helds, box, column, i
