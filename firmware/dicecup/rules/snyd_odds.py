"""How to judge a Snyd bid: expected count and the exact chance that a bid holds.

Pure arithmetic for bots and the hint screen. A seat knows its own dice and how many dice it cannot
see (`unseen`). Each unseen die shows the bid face with p = 1/3 when ones are wild and the face is
not one (the face or a joker), else p = 1/6. `jokers` here means "ones are wild in this round":
pass `rules.jokers and not game.palifico`.

  hit_p(face, jokers) -> p
  own_count(dice, face, jokers) -> how many of your dice count for face
  expected(dice, unseen, face, jokers) -> own count + unseen * p
  prob_at_least(need, n, p) -> P(X >= need) for X ~ Binomial(n, p), exact sum (floats)
  bid_prob(dice, unseen, count, face, jokers) -> the chance that (count, face) holds
  known(g, me, bidder, face) -> (known, unseen, jokers): what seat `me` of a snyd.Game may know of
                                a bid on face by bidder (the hint screen's numbers)
No allocation per call beyond the float results.
"""


def hit_p(face, jokers):
    return 1 / 3 if jokers and face != 1 else 1 / 6


def own_count(dice, face, jokers):
    wild = jokers and face != 1
    c = 0
    for v in dice:
        if v == face or (wild and v == 1):
            c += 1
    return c


def expected(dice, unseen, face, jokers):
    return own_count(dice, face, jokers) + unseen * hit_p(face, jokers)


def prob_at_least(need, n, p):
    """P(at least `need` successes in n trials of probability p): the binomial tail."""
    if need <= 0:
        return 1.0
    if need > n:
        return 0.0
    q = 1.0 - p
    # the first term C(n, need) p^need q^(n-need), built factor by factor to stay in range
    t = 1.0
    for i in range(need):
        t = t * (n - i) / (i + 1) * p
    t *= q ** (n - need)
    total = t
    r = p / q
    for k in range(need, n):
        t = t * (n - k) / (k + 1) * r
        total += t
    return total if total < 1.0 else 1.0


def bid_prob(dice, unseen, count, face, jokers):
    """The chance that at least `count` dice count for `face`, given your own dice."""
    return prob_at_least(count - own_count(dice, face, jokers), unseen, hit_p(face, jokers))


def known(g, me, bidder, face):
    """For a bid on `face` by `bidder` in game g, from seat me's view: (known, unseen, jokers) -
    known: the dice that count and can be seen (me's own, and every open die with the open-die
    rule), unseen: the other dice the bid counts (count_scope applied), jokers: ones wild now.
    Reads only what that seat may know: its own dice, dice counts and open dice; never another
    seat's hidden dice (at a table those are stand-ins anyway)."""
    jok = g.rules.jokers and not g.palifico
    nxt = g.next_seat(bidder) if g.rules.count_scope == 1 else -1   # neighbours: 2 seats count
    c = 0
    u = 0
    for s in range(g.seats):
        n = g.dice_left[s]
        if not n or (nxt >= 0 and s != bidder and s != nxt):
            continue
        if s == me:
            c += own_count(g.dice_of(s), face, jok)
            continue
        v = g.shown_die(s)
        if v:
            if v == face or (jok and face != 1 and v == 1):
                c += 1
            n -= 1
        u += n
    return c, u, jok
