"""bots.yatzy.play (the handheld's bots read their live game) makes exactly the move yatzy_coach.decide
makes for the bot-protocol view of that game, in every variant and level, with several scorecards
in play (the live game's scorecard to move is not the first one), early and late in a game."""
from dicecup.bots import rng
from dicecup.bots import view as botview
from dicecup.rules import yatzy
from dicecup.bots import yatzy as yatzy_bot
from dicecup.bots import yatzy_coach
from mpcheck import Rng, eq

MAXI_75 = {"bonus": "75/50", "saved_rolls": False}


def _forget_turn():
    yatzy_bot._kept[-1] = None  # the key of the turn the solver holds (its last slot)


def _game(variant, seed, turns, options=None):
    """A 3-scorecard game `turns` turns in, each turn a random free box; an upper box gets three or
    four of its face, so upper sums end near the bonus line, where its pace matters most, and the
    yatzy box a Yatzy."""
    g = yatzy.Yatzy(variant, 3, options)
    r = Rng(seed)
    while g.turn < turns:
        free = []
        for c in range(g.columns):
            free += [(b, c) for b in range(g.nbox) if g.is_free(g.current, b, c)]
        b, c = free[r.below(len(free))]
        dice = bytearray(r.die() for _ in range(g.ndice))
        if b < 6:
            for i in range(3 + r.below(2)):
                dice[i] = b + 1
        elif g.boxes()[b] in ("yatzy", "yahtzee"):
            dice = bytearray([dice[0]] * g.ndice)  # the box holds 50: Yahtzee jokers to come
        g.roll(bytes(dice))
        if g.why_not(b, c) is not None:  # a joker Yahtzee: the core names the boxes it may take
            b, c = [(x, y) for y in range(g.columns) for x in range(g.nbox) if g.why_not(x, y) is None][0]
        g.fill(b, c)
    return g


def _match(g, level, seed, turns, options=None):
    """Bots play `turns` more turns; every move play() makes is the one decide() makes on the view."""
    dice = Rng(seed)
    ra = rng.Rng(seed)
    rb = rng.Rng(seed)
    end = g.turn + turns
    moves = 0
    while g.turn < end and not g.finished:
        g.roll_with(dice.die)
        while True:
            _forget_turn()
            mine = yatzy_bot.play(g, level, ra, options)
            _forget_turn()  # so the view's judge solves the turn afresh, not reusing play()'s
            theirs = yatzy_coach.decide(botview.yatzy_view(g, None, options), level, rb)
            eq(mine, theirs, "%s %s turn %d" % (g.variant, level, g.turn))
            moves += 1
            if mine[0] == "score":
                g.fill(g.box_index(mine[1]), mine[2])
                break
            g.held = 0
            for i in mine[1]:
                g.toggle_hold(i)
            g.roll_with(dice.die)
    return moves


def test_play_is_decide_on_the_view():
    for level in yatzy_bot.LEVELS:
        assert _match(_game("standard", 1, 0), level, 7, 6) >= 6
    for variant, options in (("yahtzee", None), ("triple", None), ("maxi", None), ("maxi", MAXI_75)):
        for level in ("kids", "normal"):
            assert _match(_game(variant, 2, 0, options), level, 7, 3, options) >= 3


def test_play_late_in_the_game():
    # filled boxes, the upper bonus's pace and yahtzee jokers matter later on
    eq(_match(_game("yahtzee", 3, 27), "hard", 3, 6) >= 6, True)
    eq(_match(_game("maxi", 4, 45, MAXI_75), "normal", 4, 6, MAXI_75) >= 6, True)
    eq(_match(_game("triple", 5, 90), "normal", 5, 6) >= 6, True)


def test_maxi_75_50_judged_by_its_own_bonus():
    # the handheld's match hands the game's options to its bots: a 75/50 game is judged by them
    g = yatzy.Yatzy("maxi", 1, MAXI_75)
    g.roll(b"\x06\x06\x06\x06\x05\x01")
    c = yatzy_bot.Card(g)
    c.dice = bytes(g.dice)
    j75 = yatzy_bot._Judge(c, 2, MAXI_75)
    j84 = yatzy_bot._Judge(c, 2, None)
    eq((j75.at, j75.bonus, j84.at, j84.bonus), (75, 50, 84, 100))
