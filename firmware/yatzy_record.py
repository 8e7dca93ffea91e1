"""Yatzy game records (../shared/spec/yatzy-record.md): replay one through the rules core, or write one.

replay(record) -> the spec's output dict; raises recordlib.Malformed when the input is not a record.
Legality is decided by yatzy.Yatzy alone: a turn the core refuses is reported as the record's error,
with every turn before it scored. Recorder(variant, players, options) builds a record turn by turn
on the handheld: .turn(p, rolls, held, category, column) and .record().
"""
from recordlib import Malformed, check_keys, get_bool, get_int, get_list, get_str, is_int
from yatzy import BOXES, VARIANTS, Illegal, Yatzy

_KEYS = ("game", "variant", "options", "players", "turns", "version", "names", "teams", "meta")
_REQUIRED = ("game", "variant", "players", "turns")
_TURN_KEYS = ("p", "rolls", "held", "category", "column")
_TURN_REQUIRED = ("p", "rolls", "category")


def _options(variant, options):
    check_keys(options, ("bonus", "saved_rolls") if variant == "maxi" else (), (), "options")
    if "bonus" in options:
        get_str(options["bonus"], ("84/100", "75/50"), "options.bonus")
    if "saved_rolls" in options:
        get_bool(options["saved_rolls"], "options.saved_rolls")
    return options


def _check_turn(t, where, ndice):
    """Shape of one turn; values the rules judge (dice faces, player, box, column) are left to them."""
    check_keys(t, _TURN_KEYS, _TURN_REQUIRED, where)
    if not is_int(t["p"]):
        raise Malformed("%s.p must be an integer" % where)
    rolls = get_list(t["rolls"], where + ".rolls", 1)
    for i, r in enumerate(rolls):
        w = "%s.rolls[%d]" % (where, i)
        for d in get_list(r, w):
            if not is_int(d):
                raise Malformed("%s must hold integers" % w)
    held = t.get("held", [])
    get_list(held, where + ".held")
    if len(held) > len(rolls) - 1:
        raise Malformed("%s.held has %d entries for %d re-rolls" % (where, len(held), len(rolls) - 1))
    for i, h in enumerate(held):
        for pos in get_list(h, "%s.held[%d]" % (where, i)):
            get_int(pos, 0, ndice - 1, "%s.held[%d] position" % (where, i))
    get_str(t["category"], None, where + ".category")
    if "column" in t and not is_int(t["column"]):
        raise Malformed("%s.column must be an integer" % where)


def _play(g, t):
    """Play one checked turn; raises Illegal with the reason for the first rule it breaks."""
    if g.finished:
        raise Illegal("the game is over")
    if t["p"] != g.current:
        raise Illegal("wrong player: %d to move, got %d" % (g.current, t["p"]))
    held = t.get("held", [])
    for i, dice in enumerate(t["rolls"]):
        mask = 0
        if i and i - 1 < len(held):
            for pos in held[i - 1]:
                mask |= 1 << pos
        g.roll(dice, mask)
    g.fill(g.box_index(t["category"]), t.get("column", 0))


def _output(g, error):
    players = []
    names = g.boxes()
    for p in range(g.players):
        cols = []
        for c in range(g.columns):
            scores = {}
            for b in range(g.nbox):
                s = g.get(p, b, c)
                if s is not None:
                    scores[names[b]] = s
            cols.append({"scores": scores, "upper": g.upper(p, c), "bonus": g.bonus(p, c)})
        players.append({"columns": cols, "yahtzee_bonus": g.yahtzee_bonus(p),
                        "saved_rolls": g.saved_rolls[p], "total": g.total(p)})
    return {"players": players, "finished": g.finished,
            "next": None if g.finished else g.current, "winners": g.winners(), "error": error}


def replay(record):
    check_keys(record, _KEYS, _REQUIRED, "record")
    get_str(record["game"], ("yatzy",), "game")
    variant = get_str(record["variant"], VARIANTS, "variant")
    players = get_int(record["players"], 1, 8, "players")
    options = _options(variant, record.get("options", {}))
    turns = get_list(record["turns"], "turns")
    g = Yatzy(variant, players, options)
    for i, t in enumerate(turns):
        _check_turn(t, "turns[%d]" % i, g.ndice)
    error = None
    for i, t in enumerate(turns):
        try:
            _play(g, t)
        except Illegal as e:
            error = {"turn": i, "reason": str(e)}
            break
    return _output(g, error)


class Recorder:
    """Writes the record of a game as it is played (the handheld's game log), compactly: a turn is a
    few bytes in one bytearray, [p, box, column, rolls, then per roll the held mask and the dice];
    record() turns them into the spec's JSON-ready dict."""

    def __init__(self, variant, players, options=None, names=None, teams=None, meta=None):
        v = VARIANTS.index(variant)
        self._head = {"game": "yatzy", "version": 1, "variant": variant, "options": dict(options or {}),
                      "players": players}
        for k, x in (("names", names), ("teams", teams), ("meta", meta)):
            if x is not None:
                self._head[k] = x
        self._boxes = BOXES[v]
        self._ndice = 6 if variant == "maxi" else 5
        self._log = bytearray()

    def turn(self, p, rolls, held, category, column=0):
        """rolls: the dice after each roll; held: for each re-roll the kept positions (or None);
        category: the box's name or index."""
        if isinstance(category, str):
            category = self._boxes.index(category)
        log = self._log
        log.extend(bytes((p, category, column, len(rolls))))
        for i, r in enumerate(rolls):
            mask = 0
            if i and held and i - 1 < len(held):
                for pos in held[i - 1]:
                    mask |= 1 << pos
            log.append(mask)
            log.extend(bytes(r))

    def record(self):
        rec = dict(self._head)
        rec["turns"] = turns = []
        log, nd = self._log, self._ndice
        i = 0
        while i < len(log):
            p, box, column, n = log[i], log[i + 1], log[i + 2], log[i + 3]
            i += 4
            rolls, held = [], []
            for k in range(n):
                if k:
                    held.append([j for j in range(nd) if log[i] >> j & 1])
                rolls.append(list(log[i + 1:i + 1 + nd]))
                i += 1 + nd
            t = {"p": p, "rolls": rolls}
            if any(held):
                t["held"] = held
            t["category"] = self._boxes[box]
            if column:
                t["column"] = column
            turns.append(t)
        return rec
