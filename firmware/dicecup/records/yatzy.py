"""Yatzy game records (docs/records.md, format versions 1 and 2): replay one through
the rules core.

replay(record) -> the spec's output dict; raises core.shape.Malformed when the input is not a record.
Legality is decided by yatzy.Yatzy alone: a turn the core refuses is reported as the record's error,
with every turn before it scored. A forfeit turn (version 2: "forfeit": true) plays its rolls, if
any, then Yatzy.forfeit with the record's box, which the core checks is the forfeit's. Writing a
record as a game goes is yatzy_writer's job (the handheld loads only that).
"""
from dicecup.core.shape import Malformed, check_keys, get_bool, get_int, get_list, get_str, is_int
from dicecup.rules.yatzy import VARIANTS, Illegal, Yatzy

_KEYS = ("game", "variant", "options", "players", "turns", "version", "names", "teams", "meta")
_REQUIRED = ("game", "variant", "players", "turns")
_TURN_KEYS = ("p", "rolls", "held", "category", "column", "forfeit")
_TURN_REQUIRED = ("p", "rolls", "category")
_FORFEIT_REQUIRED = ("p", "category")  # a forfeit may come before any roll


def _options(variant, options):
    check_keys(options, ("bonus", "saved_rolls") if variant == "maxi" else (), (), "options")
    if "bonus" in options:
        get_str(options["bonus"], ("84/100", "75/50"), "options.bonus")
    if "saved_rolls" in options:
        get_bool(options["saved_rolls"], "options.saved_rolls")
    return options


def _check_turn(t, where, ndice):
    """Shape of one turn; values the rules judge (dice faces, player, box, column) are left to them."""
    forfeit = isinstance(t, dict) and get_bool(t.get("forfeit", False), where + ".forfeit")
    check_keys(t, _TURN_KEYS, _FORFEIT_REQUIRED if forfeit else _TURN_REQUIRED, where)
    if not is_int(t["p"]):
        raise Malformed("%s.p must be an integer" % where)
    rolls = get_list(t.get("rolls", []), where + ".rolls", 0 if forfeit else 1)
    for i, r in enumerate(rolls):
        w = "%s.rolls[%d]" % (where, i)
        for d in get_list(r, w):
            if not is_int(d):
                raise Malformed("%s must hold integers" % w)
    held = t.get("held", [])
    get_list(held, where + ".held")
    if len(held) > max(len(rolls) - 1, 0):
        raise Malformed("%s.held has %d entries for %d re-rolls"
                        % (where, len(held), max(len(rolls) - 1, 0)))
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
    for i, dice in enumerate(t.get("rolls", ())):
        mask = 0
        if i and i - 1 < len(held):
            for pos in held[i - 1]:
                mask |= 1 << pos
        g.roll(dice, mask)
    if t.get("forfeit"):
        g.forfeit(g.box_index(t["category"]), t.get("column", 0))
    else:
        g.fill(g.box_index(t["category"]), t.get("column", 0))


def _output(g, error):
    players = []
    for p in range(g.players):
        cols = []
        for c in range(g.columns):
            cols.append({"scores": g.scores(p, c), "upper": g.upper(p, c), "bonus": g.bonus(p, c)})
        players.append({"columns": cols, "yahtzee_bonus": g.yahtzee_bonus(p),
                        "saved_rolls": g.saved_rolls[p], "total": g.total(p)})
    return {"players": players, "finished": g.finished,
            "next": None if g.finished else g.current, "winners": g.winners(), "error": error}


def replay(record):
    check_keys(record, _KEYS, _REQUIRED, "record")
    get_str(record["game"], ("yatzy",), "game")
    if "version" in record:
        get_int(record["version"], 1, 2, "version")
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

