"""The issue-25 "30-line" Snyd bot, as a new user writes it from docs/bots.md (a test opponent only).

Call snyd when the last bid is more than one above the count you expect (your own dice that count
plus the unseen dice times 1/3, or 1/6 for ones and without jokers), otherwise raise the count by one
on the same face; open on your most common face at the expected count. Never calls calza. A player
for host_tools.tournament: thirty(view, rng) -> move.
"""


def thirty(view, rng=None):
    may = view["may"]
    if "bid" not in may and "snyd" not in may:
        return None
    dice = view["dice"]
    wild = view["rules"]["jokers"] and not view["palifico"]
    total = sum(view["dice_left"])
    unseen = total - len(dice)

    def likely(face):
        mine = sum(1 for d in dice if d == face or (wild and face != 1 and d == 1))
        return mine + unseen * (2 if wild and face != 1 else 1) / 6

    bids = [a for a in view["actions"] if a[1] == "bid"]
    if not bids:
        face = max(range(2, 7) if wild and not view["rules"]["open_on_ones"] else range(1, 7), key=likely)
        return ["bid", max(1, int(likely(face))), face]
    count, face = bids[-1][2], bids[-1][3]
    if "bid" not in may or count > likely(face) + 1 or count + 1 > total:
        return ["snyd"]
    return ["bid", count + 1, face]
