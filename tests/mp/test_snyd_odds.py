"""snyd_odds: expected counts and the exact binomial tail, checked against integer arithmetic."""
from mpcheck import eq
from dicecup.rules.snyd_odds import bid_prob, expected, hit_p, own_count, prob_at_least


def close(a, b, what=""):
    if abs(a - b) > 1e-6 * max(1.0, abs(b)):
        raise AssertionError("%s%r != %r" % (what + ": " if what else "", a, b))


def comb(n, k):
    c = 1
    for i in range(k):
        c = c * (n - i) // (i + 1)
    return c


def tail_exact(need, n, num, den):
    """P(X >= need) for X ~ Bin(n, num/den), summed in integers then divided once."""
    tot = 0
    for k in range(max(need, 0), n + 1):
        tot += comb(n, k) * num ** k * (den - num) ** (n - k)
    return tot / den ** n


def test_hit_probability():
    close(hit_p(3, True), 1 / 3)
    close(hit_p(1, True), 1 / 6)  # ones are never doubled by jokers
    close(hit_p(3, False), 1 / 6)


def test_own_count_and_expected():
    dice = [1, 3, 3, 5, 6]
    eq(own_count(dice, 3, True), 3)
    eq(own_count(dice, 3, False), 2)
    eq(own_count(dice, 1, True), 1)
    close(expected(dice, 15, 3, True), 3 + 5.0)
    close(expected(dice, 15, 3, False), 2 + 2.5)
    close(expected(dice, 12, 1, True), 1 + 2.0)


def test_tail_matches_integer_arithmetic():
    for n in (0, 1, 2, 5, 13, 20, 39):
        for need in range(-1, n + 2):
            close(prob_at_least(need, n, 1 / 3), tail_exact(need, n, 1, 3), "n=%d need=%d" % (n, need))
            close(prob_at_least(need, n, 1 / 6), tail_exact(need, n, 1, 6), "n=%d need=%d" % (n, need))


def test_tail_edges_and_monotone():
    eq(prob_at_least(0, 10, 1 / 6), 1.0)
    eq(prob_at_least(11, 10, 1 / 6), 0.0)
    close(prob_at_least(1, 1, 1 / 6), 1 / 6)
    prev = 1.0
    for need in range(0, 30):
        p = prob_at_least(need, 25, 1 / 3)
        assert p <= prev + 1e-12
        prev = p


def test_bid_prob_uses_own_dice():
    dice = [2, 2, 1, 4, 5]
    # three 2s in hand (jokers): "3 twos" holds for sure, "4 twos" needs one of 10 unseen
    eq(bid_prob(dice, 10, 3, 2, True), 1.0)
    close(bid_prob(dice, 10, 4, 2, True), 1 - (2 / 3) ** 10)
    close(bid_prob(dice, 10, 2, 1, True), tail_exact(1, 10, 1, 6))
    close(bid_prob(dice, 10, 4, 2, False), tail_exact(2, 10, 1, 6))
