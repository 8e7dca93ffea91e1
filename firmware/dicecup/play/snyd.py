"""play.snyd: one Snyd game on this handheld - the rules core, the seats, the dice, the record.

Every move, from a person's buttons, a bot or (later) another handheld, goes through act(), which
lets the rules core judge it (snyd.Illegal for a bad one) and writes it to the game record. The
screens read the game's state from match.game and never change it themselves.

Calza out of turn: where the rules let seats other than the one on turn call calza, each bot on
this handheld that may (and could: bots.snyd.may_call_calza) is asked once per bid whether it
calls it, in seat order, when its think time has passed and before the seat on turn moves. It
answers with its own seeded rng and bots.snyd's judgement, so a game replays the same from the
same seed and the same presses.
"""
from dicecup.bots import rng as botrng
from dicecup.rules import snyd
from dicecup.records import snyd_writer


class SnydMatch:
    kind = "snyd"

    def __init__(self, rules, seats, me, seed, first=0, rec=None, idle=None):
        # rec: the game's snyd_writer.Recorder when the caller made it already (ui.snyd.start
        # takes its buffer before the rest of the game loads). idle(): called when no bot here is
        # about to move (a person's turn after the calza question, a round's end): the handheld
        # forgets the bots' code then (ui.snyd.start)
        self.idle = idle
        self.seats = seats
        self.me = me
        if rec is None:
            rec = snyd_writer.Recorder(rules, len(seats), first, [s.name for s in seats])
        self.names = rec.names
        self.game = snyd.Game(rules, len(seats), first)
        self.rec = rec
        self.rng = botrng.Rng(seed)
        self.changed_at = 0
        self.last = None        # the last action (seat, kind, count, face) this round, for the screen
        self.round_dice = None  # every seat's dice this round (the reveal shows them after the call)
        self.actions = []       # this round's actions in record form (what a bot's view lists)
        self.calza_asked = 0    # len(actions) when the bots were last asked about calza out of turn

    def roll(self):
        """Every seat's dice for the next round, into round_dice (deal starts the round)."""
        g = self.game
        self.round_dice = [bytes(self.rng.die() for _ in range(g.dice_left[s])) for s in range(g.seats)]

    def deal(self, now, shown=None):
        """Start the next round on new dice; with open_die on the dice roll() gave, shown naming
        each seat's open die (an index, None for a seat with fewer than two: snyd_open asks)."""
        g = self.game
        if shown is None:
            self.roll()
        dice = self.round_dice
        g.start_round(dice, shown)
        self.actions = []
        self.calza_asked = 0
        self.rec.round(dice, shown)
        self.changed_at = now
        self.last = None

    def act(self, seat, move, now):
        """Apply a move of seat; returns the round's snyd.Result after a call, else None."""
        g = self.game
        kind = move[0]
        if kind == "bid":
            g.bid(seat, move[1], move[2])
            self.rec.action(seat, "bid", move[1], move[2])
            self.actions.append([seat, "bid", move[1], move[2]])
            self.last = (seat, 0, move[1], move[2])
            res = None
        elif kind == "snyd":
            res = g.snyd(seat)
            self.rec.action(seat, "snyd")
            self.actions.append([seat, "snyd"])
        elif kind == "calza":
            res = g.calza(seat)
            self.rec.action(seat, "calza")
            self.actions.append([seat, "calza"])
        else:
            raise snyd.Illegal("unknown move %r" % (kind,))
        self.changed_at = now
        if res is not None and self.idle:
            self.idle()     # the round is over: the reveal and summary need no bots
        return res

    def poll(self, now):
        """A move from a seat here if one has one: (seat, move) or None. A bot's calza out of turn
        first, then the seat on turn."""
        g = self.game
        s = g.on_turn
        if not g.in_round or s < 0:
            return None
        n = len(self.actions)
        if n != self.calza_asked and g.rules.calza:
            from dicecup.bots import snyd as snyd_bot  # loaded already when bots play here
            for c in range(g.seats):
                seat = self.seats[c]
                if c != s and seat.bot and g.may_calza(c) and \
                        snyd_bot.may_call_calza(seat.level, g.dice_left[c], g.rules.dice):
                    if now - self.changed_at < seat.think_ms:
                        return None  # not yet: the bots think as long as the seat on turn
                    mv = seat.poll(self, c, now)    # ["calza"] or None: the view offers only that
                    if mv:
                        return (c, mv)
            self.calza_asked = n
        seat = self.seats[s]
        mv = seat.poll(self, s, now)
        if mv is None and seat.local and self.idle:
            self.idle()     # a person here on turn, the bots asked about calza: their code can go
        return None if mv is None else (s, mv)

    def record(self):
        return self.rec.record()
