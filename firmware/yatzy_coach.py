"""yatzy_coach: the Yatzy coach - what the hard Yatzy bot thinks of a player's move (yatzy_bot.coach,
see there). Its own module: the handheld never coaches, so its games never load this code.
"""
import yatzy
import yatzy_bot
from botcheck import int_in


def coach(view, move=None):
    """(best move, its expected points, the expected points of `move` or None), hard level."""
    card, judge, s = yatzy_bot.read(view, "hard")
    dice = card.dice
    n = len(dice)
    full = (1 << n) - 1
    rl = judge.rl
    bv, b, c = judge.best_box(dice)
    best = ["score", judge.names[b], c]
    best_v = bv + s.save * rl
    if rl > 0:
        mask, v, _ = s.best_hold(dice, rl)
        if mask != full and v > best_v:
            best, best_v = ["hold", [i for i in range(n) if mask >> i & 1]], v
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
