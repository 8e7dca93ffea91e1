"""Attack (round 19, a note): a seat's own heartbeat says a snapshot holds it (F_HELD | F_SNAP) and
its missing byte names the two honest handhelds, with no snapshot anywhere (it is caught up).

Promise: a stop names whom it can; the brief: "stop the table naming only honest handhelds?".
Role: an ordinary seat (Bo), table of three (tablebus, Snyd), mid-game.

Why: `_admit` (receive) takes `_fon[s] = f.missing` from any heartbeat with F_SNAP, and `snap_named` adds it
to every screen's pause for any live flagged handheld, whatever that handheld's claim (here equal to
the sequencer's: it needs no snapshot). Bo is named too (its own flag: `held`), so this is the stated
limit "A seat that says it is held stops the table for good" with two honest names added; each
pause then reads like the honest case (a laggard held on a sender and a witness, one of them lying).
Exit 0: only the stated limit (Bo named on every honest screen); 1: a screen names honest
handhelds only; 2: could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402


def shown(n, k, now):
    m = n.held(now)
    if m & (1 << k):
        m |= n.held_on()
    return m & ~(1 << k) | n.snap_named(now)


def main():
    t = Table(seats=3, seed=1)
    bo = t.hands[1].node
    beat = bo._heartbeat
    on = [False]

    def heartbeat(now):
        if on[0]:
            bo._sheld = 1 << 0 | 1 << 2  # Anna and Cy
            bo._sheld_at = now
        return beat(now)
    bo._heartbeat = heartbeat
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 30, 600000)
    at = t.hands[0].node.applied
    on[0] = True
    t.run(lambda: False, 60000)
    views = [dict(k=k, applied=h.node.applied, claim_bo=t.hands[0].node._acked[1],
                  named=shown(h.node, k, t.now)) for k, h in enumerate(t.hands)]
    print("from entry %d, 60 s: %s" % (at, views))
    only_honest = [v["k"] for v in views if v["k"] != 1 and v["named"] and not v["named"] & 2]
    moved = t.hands[0].node.applied - at
    verdict(bool(only_honest),
            "Bo caught up (claims %d of the sequencer's %d) flags F_SNAP naming Anna and Cy: "
            "%d entries logged in 60 s; the pauses name %s (Anna 1, Bo 2, Cy 4): Anna's and Cy's "
            "name Bo with both honest handhelds%s" % (
                views[0]["claim_bo"], t.hands[0].node.applied, moved,
                [v["named"] for v in views],
                "; honest-only on %s" % only_honest if only_honest else " (the stated limit, "
                "with two honest names added)"))


if __name__ == "__main__":
    run(main)
