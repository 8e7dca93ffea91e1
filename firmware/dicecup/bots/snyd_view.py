"""snyd_view: the Snyd bots' view side - decide(view, level, rng), a Snyd bot's move for a
bot-protocol view (docs/bots.md), for the PC's tools and tests (bots.snyd's docstring
has the API). The view is checked and stood for by a core game (bots.view.snyd_table), then the same
judgement as bots.snyd.play on a live game (bots.snyd._move). Above bots.snyd, which never imports it:
the handheld, whose bots read their live game, never holds this or bots.view.
"""
from dicecup.bots.view import snyd_table
from dicecup.bots.snyd import _level, _move, _Seat


def decide(view, level, rng):
    lv = _level(level)
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
    return _move(_Seat(g, me, view["dice"], shown, view["actions"], lv), lv, rng,
                 ("bid" in may) | ("snyd" in may) << 1 | ("calza" in may) << 2)
