"""Shared by bench/mp_snyd.py and bench/py_snyd.py: a seeded random Snyd game and the timed loops,
so both interpreters measure exactly the same work."""
import benchlib
from dicecup.rules.snyd import Game, Rules
from dicecup.records.snyd_writer import Recorder


class Rng:
    """xorshift32: the same sequence on both interpreters."""

    def __init__(self, seed):
        self.s = seed or 1

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s % n


def deal(g, rng):
    g.start_round([[rng.below(6) + 1 for _ in range(g.dice_left[s])] for s in range(g.seats)])


def random_game(seed, seats=6, recorder=True):
    """Play a whole random legal game with the default rules; returns (game, record or None)."""
    rules = Rules()
    rng = Rng(seed)
    g = Game(rules, seats, 0)
    rec = Recorder(rules, seats, 0) if recorder else None
    while not g.over:
        dice = [[rng.below(6) + 1 for _ in range(g.dice_left[s])] for s in range(seats)]
        g.start_round(dice)
        if rec:
            rec.round(dice)
        while g.in_round:
            s = g.on_turn
            b = g.first_bid()
            if b is not None and g.bid_face:
                for _ in range(rng.below(3)):
                    nb = g.step_bid(b[0], b[1], 1)
                    if nb is None:
                        break
                    b = nb
            if b is None or (g.bid_face and rng.below(4) == 0):
                g.snyd(s)
                if rec:
                    rec.action(s, "snyd")
            else:
                g.bid(s, b[0], b[1])
                if rec:
                    rec.action(s, "bid", b[0], b[1])
    return g, rec.record() if rec else None


def game_in_progress(seats=6):
    """A 6-seat game a few rounds in, with a round under way and bids on the table."""
    g = Game(Rules(), seats, 0)
    rng = Rng(7)
    for _ in range(4):
        deal(g, rng)
        g.bid(g.on_turn, 3, 4)
        g.bid(g.on_turn, 4, 4)
        g.snyd(g.on_turn)
    deal(g, rng)
    g.bid(g.on_turn, 5, 3)
    g.bid(g.on_turn, 6, 3)
    return g


def time_checks(g, n):
    """Microseconds per is_legal_bid and per step_bid on g's current bid."""
    t0 = benchlib.ticks_us()
    for _ in range(n):
        g.is_legal_bid(7, 3)
    legal = benchlib.elapsed_us(t0) / n
    t0 = benchlib.ticks_us()
    for _ in range(n):
        g.step_bid(g.bid_count, g.bid_face, 1)
    step = benchlib.elapsed_us(t0) / n
    return legal, step


def time_odds(n):
    """Microseconds per bid_prob: 5 own dice, 25 unseen, 'nine 3s' with jokers (bots, hint screen)."""
    from dicecup.rules.snyd_odds import bid_prob
    dice = (1, 3, 3, 5, 6)
    t0 = benchlib.ticks_us()
    for _ in range(n):
        bid_prob(dice, 25, 9, 3, True)
    return benchlib.elapsed_us(t0) / n
