"""snyd_forfeit: the Snyd rules core's forfeit (record format 2), snyd.Game's rare half. Pure.

Loaded only when a forfeit is checked or made (Game.forfeit, forfeit_error, hidden_error call it),
so a game without forfeits never holds this code. `g` is the snyd.Game. A forfeit is logged by a
table, never played: a seat that did not reveal its dice in time (or whose secret did not open its
commitment) forfeits the round in progress; each forfeiting seat loses one die, nobody gains one,
a call logged before them is not counted, and the first of them is the round's loser.
A split that keeps the solo games' heap small. It never imports snyd (which imports it): it reads
and changes the game through `g`, and Game.forfeit raises the reason it gives back.
"""
from dicecup.core.compat import const

_CALL_FORFEIT = const(3)  # snyd.CALL_FORFEIT
# snyd's reason codes (snyd_reasons holds the words), the same numbers as there
_E_OVER = const(1)
_E_NO_ROUND = const(2)
_E_SEAT = const(3)
_E_OUT = const(4)
_E_FORFEITED = const(30)
_E_NO_FORFEIT = const(31)
_E_HIDDEN = const(32)


def _why(code, args=None):
    from dicecup.rules.snyd_reasons import REASONS  # as snyd._why: only when a reason is asked for
    return REASONS[code] if args is None else REASONS[code] % args


def _code(g, seat, done):
    if g.over:
        return _E_OVER
    if not g.in_round:
        return _E_NO_ROUND
    if not 0 <= seat < g.seats:
        return _E_SEAT
    if not g.dice_left[seat]:
        return _E_OUT
    if done >> seat & 1:
        return _E_FORFEITED
    return 0


def forfeit_error(g, seat, done=0):
    e = _code(g, seat, done)
    return _why(e, seat if e == _E_FORFEITED else None) if e else None


def hidden_error(g, done=0):
    h = g.hidden & ~done
    if not h:
        return None
    s = 0
    while not h >> s & 1:
        s += 1
    return _why(_E_HIDDEN, s)


def forfeit(g, seats):
    """None once the seats forfeited the round (g.result tells), or the reason they may not (and
    nothing changed)."""
    done = 0
    for s in seats:
        e = forfeit_error(g, s, done)
        if e:
            return e
        done |= 1 << s
    if not done:
        return _why(_E_NO_FORFEIT)
    e = hidden_error(g, done)
    if e:
        return e
    r = g.result
    first = seats[0]
    left = g.dice_left
    out = 0
    n = 0
    for s in seats:
        r.forfeits[n] = s
        n += 1
        if s != first:  # the first one is _finish's loser: opener and palifico follow it
            left[s] -= 1
            if not left[s]:
                out |= 1 << s
                g._alive -= 1
    g._finish(_CALL_FORFEIT, -1, -1, first, -1)
    r.n_forfeits = n
    if out:
        r.out |= out
        if r.eliminated < 0:  # the lowest seat out
            s = 0
            while not out >> s & 1:
                s += 1
            r.eliminated = s
    return None
