"""snyd_openbot: which die a bot lays open under Snyd's open_die rule, alone or at the table. Pure.

Split from snyd_bot to save heap: only a game with the rule loads it (snyd_ui's open-die screens,
table_snyd's bots).
"""


def bot_index(dice, level, rng):
    """Which of its dice (an index) a bot lays open. Kids any; the others a die of the face they
    hold fewest of, never a one while another will do, so the face they mean to bid stays under
    the cup and the jokers do not help everyone's count."""
    n = len(dice)
    i = rng.below(n)
    if level == "kids":
        return i
    best = i
    low = 99
    for _ in range(n):
        v = dice[i]
        k = 9 if v == 1 else 0
        for x in dice:
            if x == v:
                k += 1
        if k < low:
            best, low = i, k
        i = (i + 1) % n
    return best
