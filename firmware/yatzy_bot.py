"""yatzy_bot: the Yatzy bots (levels kids, easy, normal, hard) and the coach, for every variant.

Public API (stable; the handheld and host_tools.bot call only this):

    decide(view, level, rng) -> move
        view  : the bot-protocol Yatzy view dict (shared/spec/bot-protocol.md), e.g. built for the
                scorecard to move by botview.yatzy_view(game, None, options); given after a roll.
        level : "kids" | "easy" | "normal" | "hard";  rng: a botrng.Rng (deterministic)
        move  : ["hold", [positions]] (keep those dice and roll the rest; only while rolls_left > 0)
                | ["score", box name, column]
    coach(view, move=None) -> (best move, its expected points, expected points of `move` or None)
        Expected points = this turn's box plus what the rest of the game is worth, by the hard
        level's judgement; best minus move is what the player's choice costs.
    use_tables(folder)  where the value tables are (default "tables": the handheld's /tables);
                        host tools point it at build/tables
    prepare(ndice)      build the hold solver for ndice dice now (the handheld does it as a game
                        starts, while its heap is in one piece); else the first decide() does
    cache_scores(on)    keep the core's score of every roll per variant (3.8 KB for 5 dice, 9 KB
                        for maxi): the PC's simulations switch it on for speed; the handheld asks
                        the core afresh (same answers)

Raises ValueError on a view that cannot be read. Box scores and legality (joker rules included) are
the rules core's, through botview_yatzy.yatzy_card; the hold search is yatzy_turn's expectimax.

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

from compat import const
import yatzy
import botview_yatzy
from botcheck import int_in
from yatzy_turn import Solver

LEVELS = ("kids", "easy", "normal", "hard")
_KIDS = const(0)
_EASY = const(1)
_NORMAL = const(2)
_HARD = const(3)
_MAX_STAGES = const(4)   # maxi saved rolls: look this many rolls ahead at most
_SAVED_ROLL = 2.0        # heuristic worth of a roll saved for later (maxi)

_tables = {"dir": "tables"}
_solvers = {}
_score_rows = {"on": False}
_memo_buf = {}
_cache = {"key": None}


def use_tables(folder):
    _tables.clear()
    _tables["dir"] = folder


def _table(variant):
    if variant not in ("standard", "yahtzee"):
        return None
    if variant not in _tables:
        try:
            import yatzy_values
            _tables[variant] = yatzy_values.Values("%s/yatzy_%s.yvt" % (_tables["dir"], variant))
        except OSError:
            _tables[variant] = None  # no table on this device: the heuristic stands in
    return _tables[variant]


def cache_scores(on):
    _score_rows.clear()
    _score_rows["on"] = bool(on)


def _solver(n):
    s = _solvers.get(n)
    if s is None:
        s = _solvers[n] = Solver(n)
    return s


def prepare(ndice):
    _solver(ndice)


def _level(level):
    try:
        return LEVELS.index(level)
    except ValueError:
        raise ValueError("level must be one of %s" % "/".join(LEVELS))


def _bonus_rule(g, options):
    # upper bonus threshold and points as in shared/spec/yatzy-record.md
    if g.variant == "maxi":
        return (75, 50) if (options or {}).get("bonus") == "75/50" else (84, 100)
    return 63, 35 if g.variant == "yahtzee" else 50


class _Judge:
    """What filling a box is worth to a level: the whole-game value the level believes in."""

    def __init__(self, card, lv, options):
        self.card = card
        g = self.g = card.g
        self.lv = lv
        self.at, self.bonus = _bonus_rule(g, options)
        # triple plays each column as a standard card: a box is worth its column's gain in value
        self.table = _table("standard" if g.variant == "triple" else g.variant) if lv == _HARD else None
        if self.table is not None:
            # a turn asks the table the same few dozen states: remember them in one reused array
            # (upper boxes by new upper sum, other boxes by the yahtzee flag), not in a dict
            self.span = 384 + 2 * (g.nbox - 6)
            self.memo = _memo(g.columns * self.span)
        self.names = g.boxes()
        self.ybox = self.names.index("yahtzee") if g.variant == "yahtzee" else -1
        if lv >= _NORMAL and self.table is None:
            self.par = _pars(g)

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
            if v < _UNSET:
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
            r = _solver(g.ndice).d.roll_index(dice)
        row = _scores(g, r, dice)
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


_UNSET = -1e30


def _memo(n):
    m = _memo_buf.get("a")
    if m is None or len(m) < n:
        m = _memo_buf["a"] = array("f", range(n))
    for i in range(n):
        m[i] = -2e30
    return m


def _scores(g, r, dice):
    """The core's scores of roll r in every box (as if every box were free), kept per variant: the
    bot asks for each of the rolls every turn. None when the cache is off, or for a Yahtzee roll in
    the yahtzee variant once its box is filled (the joker depends on the card): ask the core."""
    if not _score_rows["on"] or g.variant == "yahtzee" and _five(dice) and not g.is_free(0, g.nbox - 2):
        return None
    t = _score_rows.get(g.ndice)
    if t is None or t[0] != g.variant:
        t = (g.variant, bytearray(b"\xff" * (_solver(g.ndice).d.nroll * g.nbox)))
        _score_rows[g.ndice] = t
    nb = g.nbox
    rows = t[1]
    if rows[r * nb] == 255:
        for b in range(nb):
            rows[r * nb + b] = g.score(b, dice)
    return memoryview(rows)[r * nb:(r + 1) * nb]


def _five(dice):
    for v in dice:
        if v != dice[0]:
            return False
    return True


def _pars(g):
    # what a box is usually worth: a share of its best score (upper boxes about 2.2 dice of the face)
    pars = []
    full = bytes([6] * g.ndice)
    for b in range(g.nbox):
        name = g.boxes()[b]
        if b < 6:
            pars.append(2.2 * (b + 1))
            continue
        top = 0
        # the best score this box can take: try the patterns that max each kind of box
        for dice in (full, b"\x01\x02\x03\x04\x05\x06"[:g.ndice], b"\x02\x03\x04\x05\x06\x06"[:g.ndice],
                     b"\x05\x05\x06\x06\x06\x06"[:g.ndice], b"\x04\x04\x05\x05\x06\x06"[:g.ndice],
                     b"\x05\x05\x05\x06\x06\x06"[:g.ndice], b"\x05\x06\x06\x06\x06\x06"[:g.ndice]):
            s = g.score(b, dice)
            top = s if s > top else top
        share = 0.7 if name == "chance" else 0.3 if name in ("yatzy", "yahtzee") else 0.55
        pars.append(share * top)
    return pars


def _prepare(view, lv):
    card = botview_yatzy.yatzy_card(view)
    judge = _Judge(card, lv, view["options"])
    s = _solver(card.g.ndice)
    key = repr((lv, view["variant"], view["options"], view["columns"]))
    if _cache["key"] != key:
        s.save = _SAVED_ROLL if lv >= _NORMAL and card.g.variant == "maxi" else 0.0
        s.begin(judge.final)
        _cache["key"] = key
    return card, judge, s


def _positions(mask, n):
    return [i for i in range(n) if mask >> i & 1]


def decide(view, level, rng):
    lv = _level(level)
    card, judge, s = _prepare(view, lv)
    dice = card.dice
    n = len(dice)
    rl = card.rolls_left if card.rolls_left < _MAX_STAGES else _MAX_STAGES
    if card.rolls_left > 0:
        if lv == _KIDS and rng.chance(64):
            mask = rng.below(1 << n)
            if mask != (1 << n) - 1:
                return ["hold", _positions(mask, n)]
        mask, _, _ = s.best_hold(dice, rl)
        if mask != (1 << n) - 1:
            return ["hold", _positions(mask, n)]
    _, b, c = judge.best_box(dice)
    return ["score", judge.names[b], c]


def coach(view, move=None):
    """(best move, its expected points, the expected points of `move` or None), hard level."""
    card, judge, s = _prepare(view, _HARD)
    dice = card.dice
    n = len(dice)
    full = (1 << n) - 1
    rl = card.rolls_left if card.rolls_left < _MAX_STAGES else _MAX_STAGES
    bv, b, c = judge.best_box(dice)
    best = ["score", judge.names[b], c]
    best_v = bv + s.save * rl
    if rl > 0:
        mask, v, _ = s.best_hold(dice, rl)
        if mask != full and v > best_v:
            best, best_v = ["hold", _positions(mask, n)], v
    mine = None
    if move is not None:
        if not isinstance(move, list) or not move:
            raise ValueError("a move is a list")
        if move[0] == "hold":
            if rl <= 0:
                raise ValueError("no rolls left to hold for")
            m = 0
            for i in move[1]:
                int_in(i, 0, n - 1, "a held position")
                m |= 1 << i
            mine = s.hold_value(dice, m, rl)
        elif move[0] == "score" and len(move) == 3:
            if move[1] not in judge.names:
                raise ValueError("no box %r" % (move[1],))
            mb = judge.names.index(move[1])
            sc = card.g.scores_for(dice, move[2])[mb]
            if sc == yatzy.NOT_FREE:
                raise ValueError("box %s cannot be filled now" % move[1])
            mine = judge.box_value(mb, move[2], sc, dice) + s.save * rl
        else:
            raise ValueError("a move is [\"hold\", [...]] or [\"score\", box, column]")
    return best, best_v, mine
