"""yatzy_view: the Yatzy half of bots.view (see there): views of a live Yatzy game, and a core
scorecard (bots.yatzy.Card) standing for a view. The PC tools come here through bots.view, and
yatzy_coach.decide for a view; the handheld's bots read their live game (bots.yatzy.play) and load
neither.
"""
from dicecup.rules import yatzy
from dicecup.bots.view_check import int_in as _int
from dicecup.bots.view_check import need as _need
from dicecup.bots.yatzy import Card

YATZY_KEYS = ("variant", "options", "dice", "rolls_left", "saved_rolls", "columns", "yahtzee_bonus")


def yatzy_view(game, player=None, options=None):
    g = game
    p = g.current if player is None else player
    cols = [{"scores": g.scores(p, c)} for c in range(g.columns)]
    return {"variant": g.variant, "options": dict(options or {}),
            "dice": list(g.dice) if g.roll_no else [], "rolls_left": g.rolls_left,
            "saved_rolls": g.saved_rolls[p], "columns": cols, "yahtzee_bonus": g.yahtzee_bonus(p)}


_PLACE5 = b"\x01\x02\x03\x04\x06"
_PLACE6 = b"\x01\x02\x03\x04\x06\x06"


def yatzy_card(view):
    """A one-scorecard core game with the view's boxes filled and the view's dice rolled.

    The filled boxes get placeholder dice (only free/filled matters to the core's scores_for and the
    joker rule; the yahtzee box gets a real Yahtzee when the view says it holds 50); the view's own
    scores are kept in Card.upper for the bonus. Raises ValueError on a bad view."""
    _need(view, YATZY_KEYS)
    opts = view["options"]
    if opts is not None and not isinstance(opts, dict):
        raise ValueError("options must be an object")
    try:
        g = yatzy.Yatzy(view["variant"], 1, opts or None)
    except (ValueError, TypeError) as e:
        raise ValueError(str(e))
    card = Card(g)
    names = g.boxes()
    cols = view["columns"]
    if not isinstance(cols, list) or len(cols) != g.columns:
        raise ValueError("columns must list %d column(s)" % g.columns)
    place = _PLACE6 if g.ndice == 6 else _PLACE5
    ybox = names.index("yahtzee") if "yahtzee" in names else -1
    todo = []
    for c in range(g.columns):
        col = cols[c]
        if not isinstance(col, dict) or not isinstance(col.get("scores"), dict):
            raise ValueError("each column must be {\"scores\": {...}}")
        for name, v in col["scores"].items():
            if name not in names:
                raise ValueError("no box %r in %s" % (name, g.variant))
            _int(v, 0, 100, "score of " + name)
            b = names.index(name)
            card.mask[c] |= 1 << b
            if b < 6:
                card.upper[c] += v
            if b == ybox:
                card.y50 = v == 50
                todo.insert(0, (b, c))  # first, so the joker rule never touches the placeholders
            else:
                todo.append((b, c))
    full = (1 << g.nbox) - 1
    if all(m == full for m in card.mask):
        raise ValueError("the scorecard is full")
    for b, c in todo:
        g.roll(b"\x06" * g.ndice if b == ybox and card.y50 else place)
        g.fill(b, c)
    dice = view["dice"]
    if not isinstance(dice, list) or len(dice) != g.ndice:
        raise ValueError("dice must hold %d dice" % g.ndice)
    for v in dice:
        _int(v, 1, 6, "a die")
    card.rolls_left = _int(view["rolls_left"], 0, 99, "rolls_left")
    g.roll(bytes(dice))
    card.dice = bytes(dice)
    return card
