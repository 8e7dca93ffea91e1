"""Attack: a sequencer that stops logging while its heartbeats claim one entry more than it has
wedges the table for good: no follower ever judges it.

Promise: Alive ("every wait has a deadline", "no frame stops a game for good") and "An ignored
seat": a sequencer that leaves a valid request unlogged for 7 s is not followed any more.
Role: the sequencer (the creator).
Steps: mid-game, Anna's firmware logs nothing any more (requests dropped, no forfeit logged), and
every frame it sends says ack = applied + 1. Each follower then asks for that entry (NACK), is sent
nothing, and is never caught_up(); log._judge (censorship) and _police (deadlines) both return
at once for a follower that is not caught up, so neither deposes Anna, and its seats cannot act
either. Nobody takes over: Anna's heartbeats keep her alive.
Control: the same sequencer stopping with honest heartbeats is deposed, the next seat takes over,
and the game ends on every live handheld.
Verdict: 0 if the game ends without the stalled sequencer; 1 if it is still wedged 10 minutes on.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402


def play(lie, seed=7, minutes=10):
    t = Table(seats=3, seed=seed)
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 30, 600000)
    anna = t.hands[0].node
    anna._on_request = lambda f, now: None       # it logs nothing more
    anna.game.overdue = lambda f: None             # (no forfeit either)
    if lie:
        enc = anna.codec.encode

        def encode(f, to=-1):
            if f.type not in wire.LOGGABLE and f.type != wire.T_ENTRY:
                f.ack = anna.applied + 1          # "I have one more entry than you"
            return enc(f, to)
        anna.codec.encode = encode
    at = anna.applied
    ok = t.run(lambda: all(h.app.phase == 5 for h in t.hands[1:]), minutes * 60000)
    others = t.hands[1:]
    return ok, at, [h.node.applied for h in others], [h.node.leader for h in others], \
        [h.node.caught_up() for h in others]


def main():
    ok, at, applied, leaders, _ = play(False)
    if not ok:
        print("control: the honest-heartbeat staller was not replaced", applied, leaders)
        sys.exit(2)
    ok, at, applied, leaders, caught = play(True)
    verdict(not ok, "10 minutes after the sequencer stopped at entry %d: the followers applied %s, "
            "follow %s, caught up %s; the game did not end" % (at, applied, leaders, caught))


if __name__ == "__main__":
    run(main)
