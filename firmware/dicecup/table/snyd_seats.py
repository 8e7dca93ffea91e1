"""snyd_seats: who plays each seat of a Snyd table and the moves they make - what table.Table and
the screens ask of the game beyond the log. Pure. Loaded only for a Snyd table.

A table game's seats module (this one, yatzy_seats; lobby.game_module names it) gives table.Table:
    GAME, FOLDER             the ANNOUNCE game number; the records/ name of its records
    pack_rules, unpack_rules the table's rules <-> the frames' rule bytes
    kind(i, bot, rules)      seat i's SEATS kinds entry
    min_seats(rules)         the fewest seats a game starts with
and the game's class (lobby.game_class: snyd.SnydTable) is assembled from its Seats: kinds, games
(games begun), on_seats (table.Table's: a SEATS entry or a snapshot changed the kinds), is_bot(s),
bot_kind(s), to_move(s) (the game waits for seat s), packed_rules(), bot_move(bot, s, now),
wire_move(move), result(me, kids).
Moves are the bot protocol's list form (the screens' and seats.Bot's), plus ["show", index,
value] for the open_die rule's open die; wire_move makes the game's decide() answer of one.
"""
from dicecup.rules import snyd
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.table.snyd_round import P_BID

GAME = const(1)
FOLDER = "snyd"
K_PERSON = const(1)     # SEATS kinds
K_BOT = const(2)
_KINDS = ("bid", "snyd", "calza")


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


def kind(i, bot, rules):
    return K_BOT if bot else K_PERSON


def min_seats(rules):
    return 2


class Seats:
    """Which seats are bots, how many games began, and each seat's moves in the bot protocol's
    form (a part of snyd.SnydTable)."""

    def _init_seats(self):
        self.kinds = bytearray(8)       # the SEATS entry's kinds (person or bot per seat)
        self.on_seats = None
        self.games = 0

    def is_bot(self, s):
        return self.kinds[s] == K_BOT

    def bot_kind(self, s):
        return K_BOT

    def to_move(self, s):
        if self.phase != P_BID:
            return False
        if self.showing:
            return bool(self.showing & (1 << s))
        return self.game.on_turn == s

    def packed_rules(self):
        return pack_rules(self.rules)

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
