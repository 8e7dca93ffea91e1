"""yatzy_coach: the Yatzy bots' view side - decisions on bot-protocol views (decide, read), the
coach (what the hard bot thinks of a player's move: coach) and the PC's kept score rows
(cache_scores); bots.yatzy's docstring has the API. The PC's tools and tests: above bots.yatzy, which
never imports it, so the handheld's bots, which play() their live game, never load this code.
"""
from dicecup.rules import yatzy
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots.view_check import int_in


def read(view, level):
    """bots.yatzy.ready() for the card a view describes (yatzy_view.yatzy_card)."""
    from dicecup.bots import yatzy_view
    return yatzy_bot.ready(yatzy_view.yatzy_card(view), level, view["options"])


def decide(view, level, rng):
    return yatzy_bot.choose(read(view, level), rng)


def cache_scores(on):
    """Keep the core's score of every roll per variant for bots.yatzy (on) or ask the core (off)."""
    if on:
        rows = {}
        yatzy_bot._kept[yatzy_bot._ROWS] = lambda g, r, dice: scores(rows, g, r, dice)
    else:
        yatzy_bot._kept[yatzy_bot._ROWS] = None


def scores(rows, g, r, dice):
    """The core's scores of roll r in every box (as if every box were free), kept in rows (a dict,
    cache_scores) per variant: the bot asks for each of the rolls every turn. None for a Yahtzee
    roll in the yahtzee variant once its box is filled (the joker depends on the card): ask the
    core."""
    if g.variant == "yahtzee" and yatzy_bot._five(dice) and not g.is_free(g.current, g.nbox - 2):
        return None
    t = rows.get(g.ndice)
    if t is None or t[0] != g.variant:
        t = rows[g.ndice] = (g.variant, bytearray(b"\xff" * (yatzy_bot.prepare(g.ndice).d.nroll * g.nbox)))
    nb = g.nbox
    rows = t[1]
    if rows[r * nb] == 255:
        for b in range(nb):
            rows[r * nb + b] = g.score(b, dice)
    return memoryview(rows)[r * nb:(r + 1) * nb]


def coach(view, move=None):
    """(best move, its expected points, the expected points of `move` or None), hard level."""
    r = read(view, "hard")
    card, judge, _ = r
    n = len(card.dice)
    if move is None:
        return yatzy_bot.advise(r)
    if not isinstance(move, list) or not move:
        raise ValueError("a move is a list")
    if move[0] == "hold":
        if judge.rl <= 0:
            raise ValueError("no rolls left to hold for")
        m = 0
        for i in move[1]:
            int_in(i, 0, n - 1, "a held position")
            m |= 1 << i
        return yatzy_bot.advise(r, hold=m)
    if move[0] == "score" and len(move) == 3:
        if move[1] not in judge.names:
            raise ValueError("no box %r" % (move[1],))
        mb = judge.names.index(move[1])
        sc = card.g.scores_for(card.dice, move[2])[mb]
        if sc == yatzy.NOT_FREE:
            raise ValueError("box %s cannot be filled now" % move[1])
        return yatzy_bot.advise(r, box=(mb, move[2], sc))
    raise ValueError("a move is [\"hold\", [...]] or [\"score\", box, column]")
