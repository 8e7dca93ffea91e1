"""snyd_seats: Snyd at the table - what table.Table asks of a game, loaded only for a Snyd table.

A table game module (this one, yatzy_seats) gives table.Table:
    GAME, FOLDER             the ANNOUNCE game number; the records/ name of its records
    pack_rules, unpack_rules the table's rules <-> the frames' rule bytes
    kind(i, bot, rules)      seat i's SEATS kinds entry
    min_seats(rules)         the fewest seats a game starts with
    Seats                    the game adapter plus: kinds, games (games begun), is_bot(s),
                             bot_kind(s), to_move(s) (the game waits for seat s), packed_rules(),
                             bot_move(bot, s, now), wire_move(move), result(me, kids)
Moves are the bot protocol's list form (the screens' and seats.Bot's), plus ["show", index,
value] for the open_die rule's open die; wire_move makes the adapter's decide() answer of one.
"""
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.table import wire
from dicecup.core.compat import const

GAME = const(1)
FOLDER = "snyd"
K_PERSON = const(1)     # SEATS kinds
K_BOT = const(2)
pack_rules = snydtable.pack_rules
unpack_rules = snydtable.unpack_rules
_KINDS = ("bid", "snyd", "calza")


def kind(i, bot, rules):
    return K_BOT if bot else K_PERSON


def min_seats(rules):
    return 2


class Seats(snydtable.SnydTable):
    """snydtable.SnydTable plus what the screens need: which seats are bots, how many games began,
    each counted round's verified dice, and this handheld's own dice in its local rules core
    (bidding depends only on dice counts, so that changes no decision; only its screen and its bots
    see them)."""

    def __init__(self, tid, hosted, save, load, me):
        snydtable.SnydTable.__init__(self, tid, hosted, save, load, me)
        self.on_seats = None
        self.games = 0
        self.rounds_done = 0
        self.last_dice = None

    def apply(self, f, seq):
        if f.etype == wire.T_SEATS:
            if not f.flags & wire.SEATS_RESEAT:
                self.games += 1
            snydtable.SnydTable.apply(self, f, seq)
            if self.on_seats:
                self.on_seats()
            return
        snydtable.SnydTable.apply(self, f, seq)

    def restore(self, mv, seq):
        ok = snydtable.SnydTable.restore(self, mv, seq)
        if ok and 0 < self.phase < snydtable.P_OVER:
            self.games += 1  # the screens follow a restored game in play as a new one (a
            # joiner that catches up to a finished game stays in the lobby)
        if ok and self.on_seats:
            self.on_seats()  # table.json keeps the seats' kinds: a restored state may change them
        return ok

    def _finish_round(self):
        v = self.voided
        g = self.game
        late, cheats = self.forfeited, self.cheats
        snydtable.SnydTable._finish_round(self)
        if self.voided == v:
            # who forfeited this round and why (the screens say so before the reveal)
            self.lost_late, self.lost_cheat = late, self.cheats & ~cheats
            self.last_dice = [g.dice_of(s) for s in range(self.n)]
            self.rounds_done += 1

    def _my_dice(self):
        snydtable.SnydTable._my_dice(self)
        g = self.game
        for s in range(self.n):
            d = self.mine[s]
            if d:
                b = s * snyd.MAX_DICE
                for i in range(len(d)):
                    g.dice[b + i] = d[i]

    def _probe(self):
        snydtable.SnydTable._probe(self)
        for s in range(self.n):
            self.to_move(s)
            self.is_bot(s)
        self.actions()
        self.packed_rules()

    # ---- what table.Table asks of every game ----------------------------------------------------
    def is_bot(self, s):
        return self.kinds[s] == K_BOT

    def bot_kind(self, s):
        return K_BOT

    def to_move(self, s):
        if self.phase != snydtable.P_BID:
            return False
        if self.showing:
            return bool(self.showing & (1 << s))
        return self.game.on_turn == s

    def packed_rules(self):
        return snydtable.pack_rules(self.rules)

    def bot_move(self, bot, s, now):
        if self.showing:
            return self.show_move(s, None, bot)
        return bot.poll(_View(self.game, self.actions()), s, now)

    def show_move(self, s, i, bot=None):
        """Seat s lays its die i open (a bot: the die it picks): the move, or None while this
        handheld does not know the seat's dice."""
        d = self.mine[s]
        if d is None:
            return None
        if bot is not None:
            from dicecup.bots.snyd import open_die
            i = open_die(d, bot.level, bot.rng)
        return ["show", i, d[i]]

    def wire_move(self, mv):
        k = mv[0]
        if k == "bid":
            return (wire.A_BID, mv[1], mv[2])
        if k == "show":
            return (wire.A_SHOW, mv[1], mv[2])
        return (wire.A_SNYD,) if k == "snyd" else (wire.A_CALZA,)

    def result(self, me, kids):
        """(statistics row, won, score) of this game for this handheld's person (seat me)."""
        return "snyd_kids" if kids else "snyd", me >= 0 and self.game.winner() == me, None

    def actions(self):
        """This round's actions in the record's list form (what a bot's view lists)."""
        a = self.acts
        out = []
        for i in range(0, len(a), 3):
            k = a[i] & 3
            out.append([a[i] >> 2, "bid", a[i + 1], a[i + 2]] if k == 0 else
                       [a[i] >> 2, _KINDS[k]])
        return out


class _View:
    """What seats.Bot reads of a match: kind, game, actions, changed_at."""
    kind = "snyd"
    changed_at = -100000

    def __init__(self, game, actions):
        self.game = game
        self.actions = actions
