"""snyd_botview: snyd_bot.decide(view, level, rng) - a Snyd bot's move for a bot-protocol view
(shared/spec/bot-protocol.md), for the PC's tools and tests; snyd_bot.decide hands over to it.
The view is checked and stood for by a core game (botview.snyd_table), then the same judgement
as snyd_bot.play on a live game (snyd_bot._move). Apart from snyd_bot so that the handheld, whose
bots read their live game, never holds this or botview. It never imports snyd_bot (which imports
it): snyd_bot.decide hands over its level number, its _Seat and its _move.
"""
from botview import snyd_table


def decide(view, lv, rng, seat_class, move):
    g = snyd_table(view)
    may = view["may"]
    if not isinstance(may, list):
        raise ValueError("may must be a list")
    me = view["me"]
    on_turn = "bid" in may or "snyd" in may
    if on_turn and g.on_turn != me:
        raise ValueError("may offers a turn, but seat %d is not on turn after these actions" % me)
    if not on_turn and "calza" not in may:
        raise ValueError("may offers this seat no move")
    shown = view["shown"] if g.rules.open_die else None
    return move(seat_class(g, me, view["dice"], shown, view["actions"], lv), lv, rng,
                ("bid" in may) | ("snyd" in may) << 1 | ("calza" in may) << 2)
