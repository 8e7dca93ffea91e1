"""DiceBot: the probability-threshold Snyd player of a public Perudo engine (the DiceBot character of
jimmybanta/dudo-perudo), written anew from its published description as a bot-protocol player
(docs/bots.md), for tournaments against the project's bots. Tests and tournaments only: never in the
firmware. The rules core (through bots.view.snyd_table) says which bids are legal.

    python3 tests/dicebot.py [--seed S] [--published]
    python -m host_tools.tournament --levels hard --against-bot "python3 tests/dicebot.py" --seats 2 4

How it plays (the engine's DiceBot settings: thresholds 0.5 to raise, 0.5 to call, 0.75 to open a
round, palifico rounds too; bluffs one move in two with 60% of its dice; no random blur):
- A bid before it: the chance that the bid holds, from its own dice, the open dice and the unseen
  dice; below 0.5 it calls snyd.
- Its own bid: of the legal bids, the boldest whose chance is still above the threshold (the lowest
  chance above it; the smaller bid of two equal); if none is above, the likeliest. (The engine
  binary-searches its list of legal bids for that boundary; the list is not ordered by chance, so
  this takes the boundary it looks for rather than where its search happens to stop.)
- Bluffing: one bid in two it judges the bids from a made-up hand instead of its own: 60% of its
  dice (rounded down) show the bluff face, the others random other faces; the bluff face is the face
  bid most often this round (a random one of those tied), or, opening, a random face (not ones
  unless the round is palifico). A call is always judged from its real hand.
- It never calls calza, and lets an out-of-turn calza pass.

The arithmetic, corrected. The engine counts a hand's dice for a face with its ones included and then
adds the ones a second time (outside palifico, for every face but ones), and uses 1/3 for an unseen
die of a face other than ones in palifico rounds too, where ones are not wild. Here a die counts
once (its face, or a one while ones are wild and the face is not ones), an unseen die shows the face
with 1/3 only while ones are wild (1/6 for ones, in palifico and without jokers), the count scope and
open dice are applied, and the chance is the exact binomial tail (integers, then one division).
--published plays the engine's arithmetic instead (ones twice, 1/3 in palifico, the whole table
unseen), to compare with.
"""
import argparse
import json
import os
import random
import sys
from math import comb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "firmware"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

from dicecup.bots.view import snyd_table  # noqa: E402
from host_tools.snyd_family import counts  # noqa: E402

BET, CALL, START, START_PALIFICO = 0.5, 0.5, 0.75, 0.75
BLUFF, BLUFF_SHARE = 0.5, 0.6


def ways(need, n, wild):
    """How many of the 6**n throws of n dice show at least `need` dice counting for a face (a face
    die counts, and a one too when `wild`)."""
    a, b = (2, 4) if wild else (1, 5)
    return sum(comb(n, k) * a ** k * b ** (n - k) for k in range(max(need, 0), n + 1))


def chance(own, unseen, count, face, jokers):
    """The exact chance that at least `count` dice count for `face`, holding the dice `own` (and
    any other known dice among them) with `unseen` dice hidden; jokers: ones wild this round."""
    wild = jokers and face != 1
    have = sum(1 for v in own if v == face or (wild and v == 1))
    return ways(count - have, unseen, wild) / 6 ** unseen


def published_chance(hand, unseen, count, face, palifico):
    """The engine's arithmetic as published: ones counted twice outside palifico, and an unseen die
    of any face but ones counting with 1/3 even in palifico."""
    have = sum(1 for v in hand if v == face or (face != 1 and v == 1))
    if not palifico and face != 1:
        have += sum(1 for v in hand if v == 1)
    return ways(count - have, unseen, face != 1) / 6 ** unseen


class DiceBot:
    def __init__(self, seed=1, published=False):
        self.r = random.Random(seed)
        self.published = published

    def p(self, view, g, dice, bidder, count, face):
        """The chance that (count, face) by bidder holds, as this bot sees it holding `dice`."""
        if self.published:
            return published_chance(dice, sum(view["dice_left"]) - len(dice), count, face, g.palifico)
        known, unseen, jok = counts(dict(view, dice=dice), g, bidder, face)
        wild = jok and face != 1
        return ways(count - known, unseen, wild) / 6 ** unseen

    def bluff_hand(self, view, g):
        bids = [a[3] for a in view["actions"] if a[1] == "bid"]
        if bids:
            top = max(bids.count(f) for f in set(bids))
            face = self.r.choice(sorted(f for f in set(bids) if bids.count(f) == top))
        else:
            face = self.r.randint(1 if g.palifico else 2, 6)
        n = len(view["dice"])
        k = int(BLUFF_SHARE * n)
        return [face] * k + [self.r.choice([f for f in range(1, 7) if f != face]) for _ in range(n - k)]

    def decide(self, view):
        may = view["may"]
        if "bid" not in may and "snyd" not in may:
            return None                                    # an out-of-turn calza: let it pass
        g = snyd_table(view)
        me = view["me"]
        if g.bid_face and ("bid" not in may or
                           self.p(view, g, view["dice"], g.bidder, g.bid_count, g.bid_face) < CALL):
            return ["snyd"]
        dice = view["dice"]
        if self.r.random() < BLUFF:
            dice = self.bluff_hand(view, g)
        thr = BET if g.bid_face else (START_PALIFICO if g.palifico else START)
        best = fallback = None
        b = g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face else g.first_bid()
        while b:
            pr = self.p(view, g, dice, me, b[0], b[1])
            if pr > thr and (best is None or pr < best[0]):
                best = (pr, b)
            if fallback is None or pr > fallback[0]:
                fallback = (pr, b)
            b = g.step_bid(b[0], b[1], 1)
        q, f = (best or fallback)[1]
        return ["bid", q, f]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 tests/dicebot.py", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--published", action="store_true", help="the engine's arithmetic as published")
    a = ap.parse_args(argv)
    bot = DiceBot(a.seed, a.published)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = bot.decide(json.loads(line))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            out = {"error": "bad view: %s" % (e,)}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
