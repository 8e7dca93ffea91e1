"""Views for the bot benchmarks: positions from seeded games on the rules cores (shared by the
MicroPython heap/latency bench and its CPython twin)."""
from dicecup.bots import rng as botrng
from dicecup.rules import snyd
from dicecup.bots.view import snyd_view


def snyd_views(count, seats=4, seed=11, rules=None):
    """`count` views of the seat on turn, taken along seeded games where everyone bids up by one
    step until a bid reaches the expected count, then calls."""
    rng = botrng.Rng(seed)
    out = []
    while len(out) < count:
        g = snyd.Game(rules or snyd.Rules(), seats, rng.below(seats))
        while not g.over and len(out) < count:
            g.start_round([bytes(rng.die() for _ in range(g.dice_left[s])) for s in range(seats)])
            acts = []
            while g.in_round:
                s = g.on_turn
                out.append(snyd_view(g, s, acts))
                nxt = g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face else g.first_bid()
                if nxt is None or (g.bid_face and g.bid_count * 3 > sum(g.dice_left) + rng.below(4)):
                    g.snyd(s)
                else:
                    g.bid(s, nxt[0], nxt[1])
                    acts.append([s, "bid", nxt[0], nxt[1]])
    return out[:count]


def yatzy_views(count, variant="standard", seed=5):
    """`count` views (after each roll) from seeded solitaire games where the dice are held at random
    and the first free box is filled."""
    from dicecup.rules import yatzy
    from dicecup.bots.view import yatzy_view
    rng = botrng.Rng(seed)
    out = []
    while len(out) < count:
        g = yatzy.Yatzy(variant, 1)
        while not g.finished and len(out) < count:
            g.roll_with(rng.die)
            out.append(yatzy_view(g))
            if rng.below(2):
                g.roll_with(rng.die)
                out.append(yatzy_view(g))
            for b in range(g.nbox):
                if g.is_free(0, b):
                    g.fill(b)
                    break
    return out[:count]
