"""snyd_round: a round of Snyd at the table - the open dice, the bidding, the reveal's count. Pure.

Owns the phases of a Snyd round (P_BID, P_REVEAL: snyd.P_BID ... stay their import path), this
round's actions (`acts`, 3 bytes each), the hosted seats' dice once the seed is known (`mine`) and
the open dice (`showing`: the seats still owing one; `show_i`, `show_v`: each seat's index and
value). Its frames: ACTION A_SHOW (checked and applied here), and the round's end once every
reveal is in (_finish_round: every seat's dice verified, the call counted or the forfeits taken,
the record written, the next round begun). The bidding itself (A_BID, A_SNYD, A_CALZA) is snyd's
check and apply. A part of snyd.SnydTable.
"""
from dicecup.rules import snyd
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.records.snyd_writer import KINDS
from dicecup.table.game_round import (NEWS_FORFEIT, NEWS_ROUND, P_OVER, RJ_AGAIN, RJ_ILLEGAL,
                                      RJ_PHASE)

P_BID = const(3)        # == game.P_PLAY
P_REVEAL = const(4)


class Round:
    """The round from the seed to the count (a part of snyd.SnydTable)."""

    def _init_round(self):
        self.acts = bytearray()         # this round's actions, 3 bytes each (seat<<2|kind, q, f)
        self.mine = [None] * 8          # hosted seats' dice this round, once the seed is known
        self.opened = [None] * 8        # each seat's dice verified as its reveal came (_open)
        self.showing = 0                # seats yet to lay their die open (open_die; phase BID)
        self.show_i = bytearray(8)      # per seat: the index of its open die ...
        self.show_v = bytearray(8)      # ... and the value it says that die shows
        self.rounds_done = 0            # rounds counted (the screens: a round's reveal) ...
        self.last_dice = None           # ... and the last one's verified dice

    def _lose(self, m):
        """The seats in mask m forfeit the round (a FORFEIT, or a reseat of a gone handheld):
        once dealt, nobody bids on and everyone else reveals."""
        if not m:
            return
        self._forfeit_mask(m)
        if self.phase == P_BID:
            self.showing = 0
            self._set_phase(P_REVEAL)
        if self.phase == P_REVEAL and self.revealed & self.part == self.part:
            self._finish_round()

    def _begin_round(self, carried):
        """Seats with dice take part; `carried`: their commitments came with the last reveals."""
        g = self.game
        part = 0
        for s in range(self.n):
            if g.dice_left[s]:
                part |= 1 << s
        self.acts = bytearray()
        self.call_seat = -1
        self.showing = 0
        for s in range(8):
            self.mine[s] = self.opened[s] = None
            self.show_i[s] = self.show_v[s] = 0
        self._begin_fair(part, carried)

    def _open(self, s):
        """Seat s's reveal is applied: its dice are verified now, not with every other seat's
        in the loop that applies the round's last reveal (on the board that loop was one of
        the sequencer's longest: docs/memory.md, Device time). None (a cheat, or no dice)
        is verified again at the round's end."""
        n = self.game.dice_left[s]
        if self.seed is not None and n:
            self.opened[s] = self.verified(s, n)

    def _seeded(self):
        if self.forfeited:
            # a seat forfeited before the dice were dealt: no bidding, everyone else reveals at
            # once so that the record holds the round's dice
            self._set_phase(P_REVEAL)
            if not self.part:
                self._finish_round()
            return
        g = self.game
        if self.rules.open_die:
            for s in range(self.n):
                if self.part & (1 << s) and g.dice_left[s] >= 2:
                    self.showing |= 1 << s
        if self.showing:
            self._my_dice()  # the seats this handheld hosts choose their open die on them
        else:
            self._start_bidding()
        self._set_phase(P_BID)

    def _start_bidding(self):
        """The rules core's round on stand-in dice (bidding depends only on how many dice each
        seat holds), with the open dice in place: the hints and the screens count them."""
        g = self.game
        dice = [bytearray(b"\x01" * g.dice_left[s]) for s in range(self.n)]
        shown = self._shown()
        if shown is not None:
            for s in range(self.n):
                if shown[s] is not None:
                    dice[s][shown[s]] = self.show_v[s]
        g.start_round(dice, shown)
        self._my_dice()

    def _shown(self):
        """The round's `shown` for the rules core and the record (None without the rule): each
        seat's open die, index 0 for a seat that forfeited before it laid one open (the record
        must name one; that round is a forfeit and the index counts for nothing)."""
        if not self.rules.open_die:
            return None
        g = self.game
        return [self.show_i[s] if g.dice_left[s] >= 2 else None for s in range(self.n)]

    def _check_show(self, f):
        w = f.who
        if f.kind != wire.A_SHOW:
            self.error = "the open dice first"
            return RJ_PHASE
        if not self.showing & (1 << w):
            return RJ_AGAIN if self.rules.open_die else RJ_PHASE
        e = None if f.count < self.game.dice_left[w] and 1 <= f.face <= 6 else "no such die"
        self.error = e
        return RJ_ILLEGAL if e else 0

    def _apply_show(self, f, seq):
        w = f.who
        self.show_i[w] = f.count
        self.show_v[w] = f.face
        self.showing &= ~(1 << w)
        self.moved_at = self.now
        if not self.showing:
            self.last_action = seq  # a bid asked before the last open die was seen is late
            self._start_bidding()

    def _my_dice(self):
        g = self.game
        for s in range(self.n):
            d = self.draw(s)
            if self.hosted & (1 << s) and self.part & (1 << s) and d is not None:
                self.mine[s] = d.dice(self.seed, g.dice_left[s])
        # and in this handheld's rules core in place of the stand-ins (bidding depends only on
        # dice counts, so that changes no decision; only its screen and its bots see them)
        for s in range(self.n):
            d = self.mine[s]
            if d:
                b = s * snyd.MAX_DICE
                for i in range(len(d)):
                    g.dice[b + i] = d[i]

    def dice_of(self, s):
        """Seat s's dice this round as this handheld knows them: its own seats' after the seed,
        nobody else's before the reveal."""
        return self.mine[s]

    def _finish_round(self):
        dice = []
        lost = late = self.forfeited
        cheats = self.cheats
        cheat = 0
        g = self.game
        shown = self._shown()
        for s in range(self.n):
            if not g.dice_left[s]:
                dice.append(b"")
                continue
            d = None if lost & (1 << s) else self.opened[s] or self.verified(s, g.dice_left[s])
            if not lost & (1 << s) and (d is None or shown is not None and shown[s] is not None
                                        and d[shown[s]] != self.show_v[s]):
                # its secret does not open its commitment, or it laid open a die it does not
                # hold (the record keeps the dice it does): a forfeit either way
                cheat |= 1 << s
            dice.append(d)
        if cheat:
            self.cheats |= cheat
            lost |= self.party(cheat)  # every seat of its handheld, as a FORFEIT does
        if lost:
            order = [s for s in range(self.n) if lost & (1 << s)]
            self.forfeits += len(order)
            self.news |= NEWS_FORFEIT
            if not g.in_round:
                g.start_round(dice, shown)
            self.rec.round(dice, shown)
            self._record_acts()
            for s in order:
                self.rec.action(s, "forfeit")
            g.forfeit(order)
        else:
            # the verified dice replace the stand-ins (Game.dice is the core's public per-seat
            # buffer), then the logged call is counted by the rules core itself
            buf = g.dice
            for s in range(self.n):
                d = dice[s]
                for i in range(len(d)):
                    buf[s * snyd.MAX_DICE + i] = d[i]
            self.rec.round(dice, shown)
            a = self._record_acts()
            last = len(a) - 3
            if a[last] & 3 == 1:
                g.snyd(a[last] >> 2)
            else:
                g.calza(a[last] >> 2)
        self.round += 1
        if self.game.over:
            self.phase = P_OVER
            self.part = 0
        else:
            self._begin_round(True)
        # for the screens: who forfeited this round and why (they say so before the reveal),
        # and every seat's verified dice
        self.lost_late, self.lost_cheat = late, self.cheats & ~cheats
        self.last_dice = [g.dice_of(s) for s in range(self.n)]
        self.rounds_done += 1
        self.news |= NEWS_ROUND

    def _record_acts(self):
        a = self.acts
        for i in range(0, len(a), 3):
            self.rec.action(a[i] >> 2, KINDS[a[i] & 3], a[i + 1], a[i + 2])
        return a

    def _rebuild(self):
        """The rules core replayed from the record: after a snapshot (rare: the normal path never
        replays)."""
        g = snyd.Game(self.rules, self.n, self.first)
        for rd in self.rec.rounds():  # a round at a time: the whole record is tens of KB as dicts
            g.start_round(rd["dice"], rd.get("shown"))
            out = [a[0] for a in rd["actions"] if a[1] == "forfeit"]
            if out:
                g.forfeit(out)
                continue
            for a in rd["actions"]:
                if a[1] == "bid":
                    g.bid(a[0], a[2], a[3])
                elif a[1] == "snyd":
                    g.snyd(a[0])
                else:
                    g.calza(a[0])
        return g
