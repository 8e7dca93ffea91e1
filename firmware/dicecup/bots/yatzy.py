"""bots.yatzy: the Yatzy bots (levels kids, easy, normal, hard) and the coach, for every variant.

Public API (stable; the handheld calls only this, host_tools.bot and the tests also the view side,
yatzy_coach.decide / coach / cache_scores, which is the PC's, above this module: this module never
imports it, so the handheld's games never load it):

    yatzy_coach.decide(view, level, rng) -> move
        view  : the bot-protocol Yatzy view dict (docs/bots.md), e.g. built for the
                scorecard to move by bots.view.yatzy_view(game, None, options); given after a roll.
        level : "kids" | "easy" | "normal" | "hard";  rng: a bots.rng.Rng (deterministic)
        move  : ["hold", [positions]] (keep those dice and roll the rest; only while rolls_left > 0)
                | ["score", box name, column]
    yatzy_coach.coach(view, move=None) -> (best move, its expected points, expected points of `move`
        or None)
        Expected points = this turn's box plus what the rest of the game is worth, by the hard
        level's judgement; best minus move is what the player's choice costs.
    use_tables(folder)  where the value tables are (default "tables": the handheld's /tables);
                        host tools point it at build/tables
    prepare(ndice, mem=None)  the hold solver for ndice dice, built now if not yet; mem (a list)
                        keeps its arrays beyond this module: the handheld fills it as a game starts,
                        while its heap is in one piece, and drops the bots' code between their turns
    play(game, level, rng, options=None, mem=None)  decide() for a live game (the handheld's bots)
    card_of(game), advise(ready(card, "hard", ...), hold=mask | box=(box, column, score))
                        -> (best move, its expected points, those of the hold or box): the coach's
                        sums, for the handheld's coach (yatzy_sheet) and yatzy_coach.coach
    ready(card, level, options, mem=None) -> (card, judge, solver), the turn solved; choose(that, rng)
                        -> the move
    yatzy_coach.cache_scores(on)  keep the core's score of every roll per variant (kilobytes per
                        variant, docs/memory.md): the PC's simulations switch it on for speed; the
                        handheld asks the core afresh (same answers)

Raises ValueError on a view that cannot be read. Box scores and legality (joker rules included) are
the rules core's, through yatzy_view.yatzy_card; the hold search is yatzy_turn's expectimax.

The levels differ in what a box is worth to them (holds are always chosen by expected value):
  hard    standard and yahtzee: the optimal-play value table (host_tools.yatzy_table, read with seeks
          by yatzy_values), so it plays optimal solitaire up to 0.1 point rounding; triple: each
          column judged by the standard table (a box is worth its column's gain, times the column's
          multiplier); maxi: the heuristic below. Without a table file it plays like normal.
  normal  heuristic: the score, minus what the box is usually worth ("par"), plus progress towards
          the upper bonus; maxi saved rolls count a little.
  easy    greedy: the most points this turn.
  kids    greedy, and one hold in four is a happy guess.
"""
from array import array

from dicecup.core.compat import const
from dicecup.rules import yatzy
from dicecup.bots.yatzy_turn import Solver

LEVELS = ("kids", "easy", "normal", "hard")
_KIDS = const(0)
_EASY = const(1)
_NORMAL = const(2)
_HARD = const(3)
_MAX_STAGES = const(4)   # maxi saved rolls: look this many rolls ahead at most
_SAVED_ROLL = const(2)   # heuristic worth in points of a roll saved for later (maxi)

# What the module keeps between decisions, in one list: on the handheld every module-level name is
# an interned string for good, and a Maxi game runs close to the count where the unix port takes a
# sixth qstr pool (docs/memory.md). The value tables' folder, the open tables by variant, the hold solvers by number
# of dice, the PC's kept score rows (a function of (game, roll number, dice) that yatzy_coach.
# cache_scores installs; None: ask the core), the table memo, the key of the solved turn.
_DIR = const(0)
_TABLES = const(1)
_SOLVERS = const(2)
_ROWS = const(3)
_MEMO = const(4)
_KEY = const(5)
_kept = ["tables", {}, {}, None, None, None]


def use_tables(folder):
    _kept[_DIR] = folder
    _kept[_TABLES] = {}


def prepare(ndice, mem=None):
    s = _kept[_SOLVERS].get(ndice)
    if s is None:
        s = _kept[_SOLVERS][ndice] = Solver(ndice, mem)
    return s


def _table(variant):
    """The open value table of a variant (None: the variant has none, or this device lacks it)."""
    if variant not in ("standard", "yahtzee"):
        return None
    tabs = _kept[_TABLES]
    if variant not in tabs:
        try:
            from dicecup.bots import yatzy_values
            tabs[variant] = yatzy_values.Values("%s/yatzy_%s.yvt" % (_kept[_DIR], variant))
        except OSError:
            tabs[variant] = None  # no table on this device: the heuristic stands in
    return tabs[variant]


class Card:
    """A scorecard as the bots read it: the core game whose current scorecard it is (a live game's,
    or one yatzy_view.yatzy_card built from a view), and per column the filled boxes and the
    upper sum; the dice and the rolls left."""

    def __init__(self, g):
        self.g = g
        n = g.columns
        self.mask = [0] * n      # filled boxes per column (bit per box)
        self.upper = [0] * n     # upper sum per column
        self.y50 = False         # Yahtzee: the yahtzee box holds 50
        self.dice = None
        self.rolls_left = 0


class _Judge:
    """What filling a box is worth to a level: the whole-game value the level believes in."""

    def __init__(self, card, lv, options):
        self.card = card
        g = self.g = card.g
        self.lv = lv
        self.rl = card.rolls_left if card.rolls_left < _MAX_STAGES else _MAX_STAGES
        # upper bonus threshold and points as in docs/records.md
        if g.variant == "maxi":
            self.at, self.bonus = (75, 50) if (options or {}).get("bonus") == "75/50" else (84, 100)
        else:
            self.at, self.bonus = 63, 35 if g.variant == "yahtzee" else 50
        # triple plays each column as a standard card: a box is worth its column's gain in value
        self.table = t = _table("standard" if g.variant == "triple" else g.variant) if lv == _HARD else None
        if t is not None:
            # a turn asks the table the same few dozen states: remember them in one reused array
            # (upper boxes by new upper sum, other boxes by the yahtzee flag), not in a dict
            self.span = 384 + 2 * (g.nbox - 6)
            n = g.columns * self.span
            m = _kept[_MEMO]
            if m is None or len(m) < n:
                m = _kept[_MEMO] = array("f", range(n))
            for i in range(n):
                m[i] = -2e30
            self.memo = m
        self.names = g.boxes()
        self.ybox = self.names.index("yahtzee") if g.variant == "yahtzee" else -1
        if lv >= _NORMAL and t is None:
            # what a box is usually worth: a share of its best score (upper boxes about 2.2 dice
            # of the face)
            self.par = pars = array("d", range(g.nbox))  # (not a list: a float each, on the heap)
            full = bytes([6] * g.ndice)
            for b in range(g.nbox):
                if b < 6:
                    pars[b] = 2.2 * (b + 1)
                    continue
                top = 0
                # the best score this box can take: try the patterns that max each kind of box
                for dice in (full, b"\x01\x02\x03\x04\x05\x06"[:g.ndice], b"\x02\x03\x04\x05\x06\x06"[:g.ndice],
                             b"\x05\x05\x06\x06\x06\x06"[:g.ndice], b"\x04\x04\x05\x05\x06\x06"[:g.ndice],
                             b"\x05\x05\x05\x06\x06\x06"[:g.ndice], b"\x05\x06\x06\x06\x06\x06"[:g.ndice]):
                    s = g.score(b, dice)
                    top = s if s > top else top
                name = self.names[b]
                share = 0.7 if name == "chance" else 0.3 if name in ("yatzy", "yahtzee") else 0.55
                pars[b] = share * top

    def box_value(self, b, c, s, dice):
        card = self.card
        g = self.g
        u = card.upper[c]
        extra = 0
        if b < 6 and u < self.at <= u + s:
            extra = self.bonus
        if self.ybox >= 0 and card.y50 and card.mask[0] >> self.ybox & 1 and _five(dice):
            extra += 100  # a joker Yahtzee while the box holds 50
        t = self.table
        if t is not None:
            y = card.y50 or (b == self.ybox and s == 50)
            nu = u + s if b < 6 and u + s < 63 else 63 if b < 6 else u
            k = c * self.span + (b * 64 + nu if b < 6 else 384 + 2 * (b - 6) + (1 if y else 0))
            v = self.memo[k]
            if v < -1e30:  # not asked yet this turn
                v = t.value(card.mask[c] | 1 << b, nu, y)
                if g.columns > 1:
                    v = (c + 1) * (v - t.value(card.mask[c], u, y))
                self.memo[k] = v
            return (c + 1) * (s + extra) + v
        mult = c + 1
        v = s + extra
        if self.lv >= _NORMAL:
            v -= self.par[b]
            if b < 6 and u < self.at:
                # on pace for the bonus is worth part of it; under pace costs the same
                v += (s - (self.at / 21.0) * (b + 1)) * self.bonus / (2.0 * self.at)
        return v * mult

    def best_box(self, dice, r=-1):
        """(value, box, column) of the best free box for these dice (r: their roll number, if known)."""
        g = self.g
        card = self.card
        best = None
        bv = -1e9
        if r < 0:
            r = prepare(g.ndice).d.roll_index(dice)
        row = None
        if _kept[_ROWS] is not None:  # the PC's simulations keep the core's scores per roll
            row = _kept[_ROWS](g, r, dice)  # (yatzy_coach.cache_scores)
        for c in range(g.columns):
            if row is None:
                sc = g.scores_for(dice, c)  # (a joker Yahtzee: the core's placement rule decides)
            else:
                sc = row
            m = card.mask[c]
            for b in range(g.nbox):
                s = sc[b]
                if s == yatzy.NOT_FREE or m >> b & 1:
                    continue
                v = self.box_value(b, c, s, dice)
                if v > bv:
                    bv, best = v, (b, c)
        return bv, best[0], best[1]

    def final(self, r, dice):
        return self.best_box(dice, r)[0]



def _five(dice):
    for v in dice:
        if v != dice[0]:
            return False
    return True


def play(game, level, rng, options=None, mem=None):
    """decide() for the scorecard to move in a live game, with the game's options: the same move
    as decide(yatzy_view.yatzy_view(game, None, options), level, rng), without building the view
    and a second core game from it (the handheld's heap). The game is only read. mem: where the
    solver's arrays outlive this module (prepare)."""
    return choose(ready(card_of(game), level, options, mem), rng)


def card_of(g):
    """The Card of the scorecard to move in live game g (only read)."""
    p = g.current
    card = Card(g)
    y = g.boxes().index("yahtzee") if g.variant == "yahtzee" else -1
    for c in range(g.columns):
        for b in range(g.nbox):
            v = g.get(p, b, c)
            if v is not None:
                card.mask[c] |= 1 << b
                if b < 6:
                    card.upper[c] += v
                if b == y:
                    card.y50 = v == 50
    card.dice = bytes(g.dice)
    card.rolls_left = g.rolls_left
    return card


def advise(r, hold=None, box=None):
    """The coach, for ready()'s (card, judge, solver) (the hard level's, to be the coach): (the best
    move, its expected points, the expected points of holding the dice of bit mask `hold` and
    rolling the rest, or of filling `box`, a (box, column, score), or None). Expected points are
    this turn's box plus what the rest of the game is worth; the difference is what a choice
    costs. The move is not checked here (yatzy_coach.coach checks a view's; the handheld asks
    only of moves its screens allowed)."""
    card, judge, s = r
    dice = card.dice
    n = len(dice)
    full = (1 << n) - 1
    rl = judge.rl
    bv, b, c = judge.best_box(dice, -1 if _kept[_ROWS] is not None else 0)
    best = ["score", judge.names[b], c]
    best_v = bv + s.save * rl
    if rl > 0:
        mask, v, _ = s.best_hold(dice, rl)
        if mask != full and v > best_v:
            best, best_v = ["hold", [i for i in range(n) if mask >> i & 1]], v
    mine = None
    if hold is not None:
        mine = s.hold_value(dice, hold, rl)
    elif box is not None:
        mine = judge.box_value(box[0], box[1], box[2], dice) + s.save * rl
    return best, best_v, mine


def ready(card, level, options, mem=None):
    """(card, judge, solver): the level's judge of the card and the solver with the card's turn
    begun (or kept from the last decision when every box would be worth the same)."""
    if level not in LEVELS:
        raise ValueError("level must be one of %s" % "/".join(LEVELS))
    lv = LEVELS.index(level)
    judge = _Judge(card, lv, options)
    g = card.g
    s = prepare(g.ndice, mem)
    # what the worth of a roll depends on: the level, the rules and the card's filled boxes, upper
    # sums and yahtzee flag (the scores of the other boxes do not matter)
    key = repr((lv, g.variant, options or None, card.mask, card.upper, card.y50))
    if _kept[_KEY] != key:
        s.save = _SAVED_ROLL if lv >= _NORMAL and g.variant == "maxi" else 0.0
        s.begin(judge.final)
        _kept[_KEY] = key
    return card, judge, s


def choose(r, rng):
    """The move for ready()'s (card, judge, solver)."""
    card, judge, s = r
    dice = card.dice
    n = len(dice)
    full = (1 << n) - 1
    if card.rolls_left > 0:
        mask = full
        if judge.lv == _KIDS and rng.chance(64):
            mask = rng.below(1 << n)
        if mask == full:
            mask = s.best_hold(dice, judge.rl)[0]
        if mask != full:
            return ["hold", [i for i in range(n) if mask >> i & 1]]
    _, b, c = judge.best_box(dice)
    return ["score", judge.names[b], c]
