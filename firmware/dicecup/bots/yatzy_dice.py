"""yatzy_dice: builds what yatzy_turn's solver keeps for a game - the child tables of the dice
numbering and the value arrays (see yatzy_turn). Used once: as a handheld's game starts (the bots'
code then loads for their turns only and takes these over) and on the PC; so a bot's turn on the
handheld never holds this code.
"""
from array import array


def children(d):
    """yatzy_turn.Dice d's child tables: a bytearray per keep size below d.n."""
    out = []
    c = bytearray(7)
    st = d.start
    for m in range(d.n):
        ch = bytearray((st[m + 1] - st[m]) * 6)
        for i in range(st[m + 1] - st[m]):
            d.counts(st[m] + i, c)
            for f in range(1, 7):
                c[f] += 1
                ch[i * 6 + f - 1] = d.index(c) - st[m + 1] - i
                c[f] -= 1
        out.append(ch)
    return out


def solver_mem(d, mem=None):
    """[child tables, now, k, the largest value they hold] for a yatzy_turn.Solver of d's dice (d:
    a yatzy_turn.Dice, whose child tables children() made): added to mem (a list) when given, else
    a new list. Values in 1/256 points as 16-bit ints: the passes then allocate nothing (a float
    would be a heap object per operation on MicroPython); rounding costs under 0.01 point a turn.
    This module never imports yatzy_turn (which imports it): the caller makes the Dice."""
    n = d.n
    st = d.start
    # array(code, range(n)) is sized once from the range's length: no temporary list or buffer
    arrays = (d.child, array("H", range(d.nroll)),
              [array("H", range(st[m + 1] - st[m])) for m in range(n + 1)], 0xFFFF)
    if mem is None:
        return list(arrays)
    mem += arrays
    return mem
