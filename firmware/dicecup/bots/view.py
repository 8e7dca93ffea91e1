"""bots.view: the bridge between live rules-core games and bot-protocol views (docs/bots.md).

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
The Yatzy half lives in yatzy_view (yatzy_view and yatzy_card here hand over to it), so a Snyd
game never loads the Yatzy code, and each game's core is imported where it is needed; the handheld's
Yatzy bots use yatzy_view directly, so a Yatzy game never loads the Snyd half either.
"""
from dicecup.bots.view_check import int_in as _int
from dicecup.bots.view_check import need as _need

_made = [None, None]  # the rules dict of the last Snyd view made here, and the Rules it came from
SNYD_KEYS = ("rules", "seats", "me", "dice", "dice_left", "palifico", "opener", "actions", "shown", "may")


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
    rules = g.rules.to_dict()
    _made[0] = rules
    _made[1] = g.rules
    return {"rules": rules, "seats": g.seats, "me": seat, "dice": list(g.dice_of(seat)),
            "dice_left": list(g.dice_left), "palifico": g.palifico, "opener": g.opener,
            "actions": [list(a) for a in actions], "shown": shown, "may": may}



def snyd_table(view):
    """A core Game in the view's position (seat `me` to judge); raises ValueError on a bad view."""
    from dicecup.rules import snyd
    _need(view, SNYD_KEYS)
    d = view["rules"]
    if d is _made[0] and d == _made[1].to_dict():
        # the last view made here, rules untouched: its game's own Rules, no parsing (on the
        # handheld the parser and its record checks then never load during play)
        rules = _made[1]
    else:
        try:
            rules = snyd.Rules.from_dict(d)
        except Exception as e:  # core.shape.Malformed or a type error from a strange value
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
    # seats still in, as the live game counts them (the hard bot plays its solved endgames when two are)
    g._alive = sum(1 for v in left if v)
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
    from dicecup.bots import yatzy_view as botview_yatzy
    return botview_yatzy.yatzy_view(game, player, options)


def yatzy_card(view):
    from dicecup.bots import yatzy_view as botview_yatzy
    return botview_yatzy.yatzy_card(view)
