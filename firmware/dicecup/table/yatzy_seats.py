"""yatzy_seats: who plays each seat of a Yatzy table and the moves they make - what table.Table and
the screens ask of the game beyond the log (see snyd_seats for the list). Pure. Loaded only for a
Yatzy table.

The table's rules are (variant, maxi options, teams): teams 0 gives every seat its own scorecard;
in team play seat i plays for scorecard i % teams, so the lobby's seat order makes the teams, and
the members of a team take turns rolling for it (yatzy.roller). The rules bytes carry teams, which
the game's rules ignore (the seating says it: rules_of).
"""
from dicecup.rules import yatzy
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.table.yatzy_turn import KIND_BOT, P_ROLL, P_TURN

GAME = const(2)
FOLDER = "yatzy"


def pack_rules(rules):
    """(variant, maxi options, teams: 0 or how many scorecards the seats share) -> the
    wire.RULES_LEN bytes of an ANNOUNCE/SEATS frame."""
    o = rules[1] or {}
    flags = (1 if o.get("bonus") == "75/50" else 0) | (2 if o.get("saved_rolls") is False else 0)
    return bytes((yatzy.VARIANTS.index(rules[0]), flags, rules[2], 0, 0, 0))


def rules_of(b):
    """The game's part of the rules bytes: (variant, options); ValueError for bytes that are no
    rules."""
    if b[0] >= len(yatzy.VARIANTS):
        raise ValueError("unknown variant")
    variant = yatzy.VARIANTS[b[0]]
    if variant != "maxi":
        return variant, {}
    return variant, {"bonus": "75/50" if b[1] & 1 else "84/100", "saved_rolls": not b[1] & 2}


def unpack_rules(b):
    """Inverse of pack_rules: (variant, maxi options, teams); ValueError for bytes that are no
    rules."""
    v, o = rules_of(b)
    if b[2] == 1 or b[2] > 4:
        raise ValueError("teams")
    return v, o, b[2]


def min_seats(rules):
    return max(2, rules[2])  # team play: a seat for every team


def kind(i, bot, rules):
    t = rules[2]
    return (1 + (i % t if t else i)) | (KIND_BOT if bot else 0)


class Seats:
    """Which seats are bots and which scorecard each plays for, how many games began, the last
    filled box (for the screens: card, box, column, points) and each seat's moves in the bot
    protocol's form (a part of yatzy.YatzyTable)."""

    def _init_seats(self):
        self.kinds = bytearray(8)       # per seat: 1 + the scorecard it rolls for (0: none)
        self.on_seats = None
        self.games = 0
        self.last = None
        self.teams = 0

    def card_of(self, s):
        """The scorecard seat s plays for (-1: none)."""
        return (self.kinds[s] & 0x0F) - 1 if s >= 0 else -1

    def is_bot(self, s):
        return bool(self.kinds[s] & KIND_BOT)

    def bot_kind(self, s):
        return self.kinds[s] | KIND_BOT

    def to_move(self, s):
        return self.phase in (P_TURN, P_ROLL) and self.roller() == s

    def packed_rules(self):
        return pack_rules((self.variant, self.options, self.teams))

    def bot_move(self, bot, s, now):
        g = self.game
        if g.roll_no == 0:
            return ["hold", []]  # the turn's first roll
        return bot.poll(_View(g, self.options), g.current, now)

    def wire_move(self, mv):
        if mv[0] == "hold":
            m = 0
            for i in mv[1]:
                m |= 1 << i
            return (wire.Y_HOLD, m)
        box = mv[1]
        if isinstance(box, str):
            box = self.game.boxes().index(box)
        return (wire.Y_BOX, box, mv[2] if len(mv) > 2 else 0)

    def result(self, me, kids):
        """(statistics row, won, score) of this game for this handheld's person (seat me)."""
        p = self.card_of(me)
        g = self.game
        return "yatzy", p >= 0 and p in g.winners(), g.total(p) if p >= 0 else None


class _View:
    """What seats.Bot reads of a match: kind, game, changed_at."""
    kind = "yatzy"
    changed_at = -100000

    def __init__(self, game, options):
        self.game = game
        self.options = options  # the bots judge by the table's rules (Maxi's 75/50 bonus)
