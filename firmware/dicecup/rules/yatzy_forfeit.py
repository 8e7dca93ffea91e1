"""yatzy_forfeit: the Yatzy rules core's forfeit (record format 2), yatzy.Yatzy's rare half. Pure.

Loaded only when a forfeit is asked about or made (Yatzy.forfeit_box, Yatzy.forfeit call it), so a
game without forfeits never holds this code: a split that keeps the solo games' heap small. `g` is
the yatzy.Yatzy. A forfeit is logged by a table, never played: the scorecard to move scores 0 in
its first free box, in FORFEIT_ORDER. It never imports yatzy (which imports it): it reads and
changes the game through `g`, and Yatzy.forfeit raises the reason it gives back.
"""
from dicecup.core.compat import const

_FREE = const(255)  # yatzy's mark of an empty box (yatzy._FREE)
# the order in which a forfeit takes a scorecard's first free box: the Scoring section of the record
# spec, per yatzy.VARIANTS (box indices). The sheet order everywhere but in Maxi, where the spec
# lists the Scandinavian boxes first and Maxi's own after them: three_pairs, five_of_a_kind,
# full_straight, castle, tower (Maxi's sheet has them among the others)
FORFEIT_ORDER = (bytes(range(15)),
                 b"\x00\x01\x02\x03\x04\x05\x06\x07\x09\x0a\x0c\x0d\x0f\x12\x13\x08\x0b\x0e\x10\x11",
                 bytes(range(13)), bytes(range(15)))


def forfeit_box(g, p):
    order = FORFEIT_ORDER[g._v]
    card = g.card
    for col in range(g.columns):
        i = g._at(p, col)
        for k in range(g.nbox):
            b = order[k]
            if card[i + b] == _FREE:
                return b, col
    return None


def _why(code, arg=None):
    from dicecup.rules.yatzy_reasons import REASONS  # as yatzy._why: only when a forfeit is refused
    return REASONS[code] if arg is None else REASONS[code] % arg


def forfeit(g, box=-1, column=-1):
    """(None, (box, column)) once the scorecard to move forfeited, or (the reason, None) and
    nothing changed."""
    if g.finished:
        return _why(1), None
    p = g.current
    fb = forfeit_box(g, p)
    if box >= 0 and (box != fb[0] or max(column, 0) != fb[1]):
        w = g.boxes()[fb[0]]
        return _why(16, w + " (column %d)" % fb[1] if g.columns > 1 else w), None
    g.card[g._at(p, fb[1]) + fb[0]] = 0
    if g._save and g.rolls_left < g.saved_rolls[p]:
        g.saved_rolls[p] = g.rolls_left  # no rolls saved: only those it took stay spent
    g._next_turn()
    return None, fb
