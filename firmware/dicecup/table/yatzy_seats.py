"""yatzy_seats: Yatzy at the table - what table.Table asks of a game (see snyd_seats for the list),
loaded only for a Yatzy table.

The table's rules are (variant, maxi options, teams): teams 0 gives every seat its own scorecard;
in team play seat i plays for scorecard i % teams, so the lobby's seat order makes the teams, and
the members of a team take turns rolling for it (yatzy.roller).
"""
from dicecup.table import wire
from dicecup.table import yatzy
from dicecup.core.compat import const

GAME = const(2)
FOLDER = "yatzy"


def pack_rules(rules):
    return yatzy.pack_rules(rules[0], rules[1], rules[2])


def unpack_rules(b):
    """(variant, maxi options, teams); ValueError for bytes that are no rules."""
    v, o = yatzy.unpack_rules(b)
    if b[2] == 1 or b[2] > 4:
        raise ValueError("teams")
    return v, o, b[2]


def min_seats(rules):
    return max(2, rules[2])  # team play: a seat for every team


def kind(i, bot, rules):
    t = rules[2]
    return (1 + (i % t if t else i)) | (yatzy.KIND_BOT if bot else 0)


class Seats(yatzy.YatzyTable):
    """yatzy.YatzyTable plus what the screens need: how many games began, the last filled
    box (for the screens: card, box, column, points). A turn's first roll waits for its player's
    press (or a bot's think time), as in a game alone."""
    roll_waits = True
    first = 0                 # SEATS' first seat (a Yatzy game starts with the first scorecard)

    def __init__(self, tid, hosted, save, load, me):
        yatzy.YatzyTable.__init__(self, tid, hosted, save, load, me)
        self.on_seats = None
        self.games = 0
        self.last = None
        self.teams = 0

    def apply(self, f, seq):
        et = f.etype
        if et == wire.T_SEATS:
            yatzy.YatzyTable.apply(self, f, seq)
            if not f.flags & wire.SEATS_RESEAT:
                self.games += 1
                self.last = None
                self.teams = f.rules[2]
            if self.on_seats:
                self.on_seats()
            return
        g = self.game
        p = g.current if g is not None else 0
        box = et == wire.T_YATZY and f.kind == wire.Y_BOX
        yatzy.YatzyTable.apply(self, f, seq)
        if box:
            self.last = (p, f.value, f.roll, g.get(p, f.value, f.roll))

    def restore(self, mv, seq):
        ok = yatzy.YatzyTable.restore(self, mv, seq)
        if ok and 0 < self.phase < yatzy.P_OVER:
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

    def card_of(self, s):
        """The scorecard seat s plays for (-1: none)."""
        return (self.kinds[s] & 0x0F) - 1 if s >= 0 else -1

    def _probe(self):
        yatzy.YatzyTable._probe(self)
        for s in range(self.n):
            self.to_move(s)
            self.is_bot(s)
            self.card_of(s)

    # ---- what table.Table asks of every game ----------------------------------------------------
    def is_bot(self, s):
        return bool(self.kinds[s] & yatzy.KIND_BOT)

    def bot_kind(self, s):
        return self.kinds[s] | yatzy.KIND_BOT

    def to_move(self, s):
        return self.phase in (yatzy.P_TURN, yatzy.P_ROLL) and self.roller() == s

    def packed_rules(self):
        return yatzy.pack_rules(self.variant, self.options, self.teams)

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
