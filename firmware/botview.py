"""botview: the bridge between live rules-core games and bot-protocol views (shared/spec/bot-protocol.md).

    snyd_view(game, seat, actions)  -> the Snyd view of `seat`: its own dice only, everyone's dice
                                       counts, this round's actions (record form, kept by the caller:
                                       the core keeps only the current bid), open dice, what it may do
    snyd_table(view)                -> a snyd.Game standing for the view's round, for the rules core's
                                       legality checks (min_raise, step_bid, bid_error). Other seats'
                                       dice are placeholders (all 1s): a bot never learns them here
    yatzy_view(game, player=None, options=None) -> the Yatzy view of the scorecard to move (or
                                       `player`); options: the game's variant options (the core does
                                       not keep the dict)
    yatzy_card(view)                -> Card: .g a one-scorecard yatzy.Yatzy with the view's boxes
                                       filled and its dice rolled, so the core answers scores_for and
                                       why_not; .mask / .upper per column, .y50, .dice, .rolls_left

The handheld's bot seats and the PC tools (tournament, bot command) both go through here, so a bot
sees the same thing everywhere and never gets the game object itself. Bad views raise ValueError.
Each game's core is imported where it is needed, so a Snyd game never loads the Yatzy core.
"""

SNYD_KEYS = ("rules", "seats", "me", "dice", "dice_left", "palifico", "opener", "actions", "shown", "may")
YATZY_KEYS = ("variant", "options", "dice", "rolls_left", "saved_rolls", "columns", "yahtzee_bonus")


def snyd_view(game, seat, actions):
    g = game
    may = []
    if g.in_round and g.on_turn == seat:
        if g.may_bid(seat):
            may.append("bid")
        if g.may_snyd(seat):
            may.append("snyd")
    if g.in_round and g.may_calza(seat):
        may.append("calza")
    shown = None
    if g.rules.open_die:
        shown = []
        for s in range(g.seats):
            v = g.shown_die(s)
            shown.append(v if v else None)
    return {"rules": g.rules.to_dict(), "seats": g.seats, "me": seat, "dice": list(g.dice_of(seat)),
            "dice_left": list(g.dice_left), "palifico": g.palifico, "opener": g.opener,
            "actions": [list(a) for a in actions], "shown": shown, "may": may}


def _int(v, lo, hi, what):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s must be an integer %d..%d" % (what, lo, hi))
    return v


def _need(view, keys):
    if not isinstance(view, dict):
        raise ValueError("a view must be a JSON object")
    for k in keys:
        if k not in view:
            raise ValueError("view misses %r" % k)


def snyd_table(view):
    """A core Game in the view's position (seat `me` to judge); raises ValueError on a bad view."""
    import snyd
    _need(view, SNYD_KEYS)
    try:
        rules = snyd.Rules.from_dict(view["rules"])
    except Exception as e:  # recordlib.Malformed or a type error from a strange value
        raise ValueError("bad rules: %s" % e)
    n = _int(view["seats"], 2, 8, "seats")
    me = _int(view["me"], 0, n - 1, "me")
    left = view["dice_left"]
    if not isinstance(left, list) or len(left) != n:
        raise ValueError("dice_left must list %d seats" % n)
    for v in left:
        _int(v, 0, rules.dice, "dice_left")
    dice = view["dice"]
    if not isinstance(dice, list) or len(dice) != left[me]:
        raise ValueError("dice must hold this seat's %d dice" % left[me])
    for v in dice:
        _int(v, 1, 6, "a die")
    opener = _int(view["opener"], 0, n - 1, "opener")
    if not isinstance(view["palifico"], bool):
        raise ValueError("palifico must be true or false")
    g = snyd.Game(rules, n, opener)
    for s in range(n):
        g.dice_left[s] = left[s]  # the core's public per-seat counts: the table as the view saw it
    g.palifico = view["palifico"]
    hands = []
    for s in range(n):
        hands.append(bytes(dice) if s == me else b"\x01" * left[s])
    shown = None
    if rules.open_die:
        sv = view["shown"]
        if not isinstance(sv, list) or len(sv) != n:
            raise ValueError("shown must list %d seats" % n)
        shown = []
        for s in range(n):
            if left[s] >= 2:
                if s == me:
                    i = dice.index(sv[s]) if sv[s] in dice else 0
                else:
                    i = 0
                shown.append(i)
            else:
                shown.append(None)
    try:
        g.start_round(hands, shown)
        acts = view["actions"]
        if not isinstance(acts, list):
            raise ValueError("actions must be a list")
        for a in acts:
            if not isinstance(a, list) or len(a) != 4 or a[1] != "bid":
                raise ValueError("actions of a round in progress are bids [seat, \"bid\", count, face]")
            g.bid(_int(a[0], 0, n - 1, "action seat"), _int(a[2], 1, 40, "count"), _int(a[3], 1, 6, "face"))
    except snyd.Illegal as e:
        raise ValueError("the view's round is not legal: %s" % e)
    return g


def yatzy_view(game, player=None, options=None):
    g = game
    p = g.current if player is None else player
    cols = []
    names = g.boxes()
    for c in range(g.columns):
        sc = {}
        for b in range(g.nbox):
            v = g.get(p, b, c)
            if v is not None:
                sc[names[b]] = v
        cols.append({"scores": sc})
    return {"variant": g.variant, "options": dict(options or {}),
            "dice": list(g.dice) if g.roll_no else [], "rolls_left": g.rolls_left,
            "saved_rolls": g.saved_rolls[p], "columns": cols, "yahtzee_bonus": g.yahtzee_bonus(p)}


_PLACE5 = b"\x01\x02\x03\x04\x06"
_PLACE6 = b"\x01\x02\x03\x04\x06\x06"


class Card:
    """What yatzy_card learned from a view: the core game and the card's shape per column."""

    def __init__(self, g):
        self.g = g
        n = g.columns
        self.mask = [0] * n      # filled boxes per column (bit per box)
        self.upper = [0] * n     # upper sum per column
        self.y50 = False         # Yahtzee: the yahtzee box holds 50
        self.dice = None
        self.rolls_left = 0


def yatzy_card(view):
    """A one-scorecard core game with the view's boxes filled and the view's dice rolled.

    The filled boxes get placeholder dice (only free/filled matters to the core's scores_for and the
    joker rule; the yahtzee box gets a real Yahtzee when the view says it holds 50); the view's own
    scores are kept in Card.upper for the bonus. Raises ValueError on a bad view."""
    import yatzy
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
