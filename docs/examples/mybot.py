"""A Snyd bot of your own, to start from: the bot protocol (docs/bots.md) in a few lines.

It reads one view per line and answers one move per line: it bids the face it holds most of, raises
the last bid by one while the count looks likely, and calls snyd when it does not. Try it against
the project's bots:

    python -m host_tools.tournament --game snyd --seats 4 --bot "python3 docs/examples/mybot.py" --against hard
"""
import json
import sys

for line in sys.stdin:
    view = json.loads(line)
    may = view["may"]
    if may == ["calza"]:                 # an out-of-turn calza is offered: let it pass
        print("null", flush=True)
        continue
    dice = view["dice"]
    wild = view["rules"]["jokers"] and not view["palifico"]   # ones count for every face
    unseen = sum(view["dice_left"]) - len(dice)

    def likely(face):
        """How many dice on the table show face, counting mine and a share of the others'."""
        mine = sum(1 for d in dice if d == face or (wild and face != 1 and d == 1))
        return mine + unseen * (2 if wild and face != 1 else 1) / 6

    bids = [a for a in view["actions"] if a[1] == "bid"]
    if not bids:                         # I open: the face I hold most of, not ones
        face = max(range(2, 7), key=likely)
        move = ["bid", max(1, int(likely(face))), face]
    else:
        count, face = bids[-1][2], bids[-1][3]
        if "bid" not in may or count + 1 > likely(face) + 1 or count + 1 > sum(view["dice_left"]):
            move = ["snyd"]
        else:
            move = ["bid", count + 1, face]
    print(json.dumps(move), flush=True)
