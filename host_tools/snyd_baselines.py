"""The two yardstick Snyd players the tournaments measure our bots against (PC only).

Both take a bot-protocol view and a bots.rng.Rng and answer a legal move, like bots.snyd.decide, and use
the rules core (through bots.view.snyd_table) for legality.

  random_legal  calls snyd (when it may) one time in three, else makes one of the next six legal bids
                at random (step_bid order). Never calls calza.
  seed          the classic first heuristic everyone writes: expected count = own dice that count +
                unseen dice x 1/3 (1/6 for ones or without jokers); calls snyd when the bid's count is
                more than that expectation for its face (rounded half up), else makes the smallest
                raise on the face with the highest expectation. Never calls calza.
"""
import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.rules import snyd_odds
from dicecup.bots.view import snyd_table


def random_legal(view, rng):
    may = view["may"]
    if "bid" not in may and "snyd" not in may:
        return None
    g = snyd_table(view)
    if "snyd" in may and ("bid" not in may or rng.below(3) == 0):
        return ["snyd"]
    bids = []
    b = (g.bid_count, g.bid_face)
    for _ in range(6):
        b = g.step_bid(b[0], b[1], 1)
        if b is None:
            break
        bids.append(b)
    if not bids:
        return ["snyd"]
    q, f = bids[rng.below(len(bids))]
    return ["bid", q, f]


def seed(view, rng):
    may = view["may"]
    if "bid" not in may and "snyd" not in may:
        return None
    g = snyd_table(view)
    me = view["me"]
    jok = g.rules.jokers and not g.palifico
    unseen = g.max_count(me) - g.dice_left[me]

    def exp(f):
        return snyd_odds.expected(view["dice"], unseen, f, jok)

    if g.bid_face and "snyd" in may:
        if g.bid_count > int(exp(g.bid_face) + 0.5) or "bid" not in may:
            return ["snyd"]
    best = None
    be = -1.0
    for f in range(1, 7):
        m = g.min_raise(f)
        if m and exp(f) - m > be:
            best, be = (m, f), exp(f) - m
    if best is None:
        return ["snyd"]
    return ["bid", best[0], best[1]]
