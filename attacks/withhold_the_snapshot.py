"""Attack (round 17): the sequencer never sends a snapshot to a handheld back from a reboot; the
table stops for good, every pause naming the honest rebooted handheld, and nobody leaves the
sequencer.

Promise: Alive ("no frame stops a game for good"), the sequencer orders, nothing more, a stop names
whom it can (the cheat, not its victim). Role: the sequencer (the creator).

Why: a handheld that was away past the sequencer's window of entries (LOG_CAP, 32) needs a
snapshot, and takes one only from its sequencer (Node._receive: T_SNAP from `leader` or `_from`;
a NACK 0 is answered only by the sequencer). While back from a reboot, it never counts itself
starved (Node._starved: "Not while back from a reboot"), so it never leaves a sequencer that
serves it nothing; the others keep up and have no complaint: the seat's owed contribution is
spared by the police because the sequencer's heartbeats say it pauses on it (`missing`), and its
handheld is heard, so no reseat can move it (`_absent`).

Steps: tablebus, three handhelds (also "4": four); Cy reboots past the 32-entry window; the
sequencer's firmware drops every T_SNAP it would send once past entry 60.
Control: the same with an honest sequencer (Cy catches up, the game ends).

Fixed (Node._ask_snap): a laggard that got no snapshot for 3 s while its sequencer is heard asks
a peer that claims more (NACK 0), and takes its snapshot under the sequencer's rules (the
sequencer's own vouch is a witness). Variant "both": Bo's T_SNAP frames are lost too (or Bo
withholds as well): if even that fails, Cy's heartbeat says it is held and names the sequencer
(F_SNAP), so every handheld's pause names the sequencer, not only Cy.
Exit 0 held (Cy caught up and the game ended; "both": every pause names the sequencer), 1 broke,
2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import wire  # noqa: E402

CY = 2
WAIT_MS = 600000


def shown(n, k, now):
    """Whom handheld k's pause names as holding the table (table.Table.held_mask, a mask)."""
    m = n.held(now)
    if m & (1 << k):
        m |= n.held_on()
    return m & ~(1 << k) | getattr(n, "snap_named", lambda now: 0)(now)  # (none before the fix)


def play(attack, seats, seed=3, both=False):
    t = Table(seats=seats, seed=seed)
    dropped = [0]
    for k in ((0, 1) if both else (0,)) if attack else ():
        h = t.hands[k]
        orig = h._send

        def send(dest, data, h=h, orig=orig):
            if data[2] == wire.T_SNAP and h.node.applied > 60:
                dropped[0] += 1
                return None
            return orig(dest, data)
        h._send = send
        h.node.send = send
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 60, 600000)
    t.reboot(CY)
    t.run(lambda: t.hands[0].app.phase == 5, WAIT_MS)
    t.run(t.done, 30000)
    views = [dict(k=k, applied=h.node.applied, phase=h.app.phase, round=h.app.round,
                  leader=h.node.leader, term=h.node.term, missing=h.node.missing,
                  held=h.node.held(t.now), named=shown(h.node, k, t.now),
                  distrusts=h.node._bad) for k, h in enumerate(t.hands)]
    return views, dropped[0], t.now


def main():
    seats = 4 if "4" in sys.argv[1:] else 3
    views, _, now = play(False, seats)
    if views[CY]["applied"] != views[0]["applied"] or views[0]["phase"] != 5:
        print("control: the rebooted handheld did not catch up", views)
        sys.exit(2)
    print("control: every handheld at entry %d, game over, %d s" % (views[0]["applied"], now // 1000))
    both = "both" in sys.argv[1:]
    views, dropped, now = play(True, seats, both=both)
    for v in views:
        print("  ", v)
    stopped = views[0]["phase"] != 5 and views[CY]["applied"] < views[0]["applied"]
    named = [v["missing"] for v in views]
    if not stopped:
        verdict(False, "the sequencer dropped %d snapshot frames meant for the rebooted Cy; Cy "
                "took Bo's snapshot (vouched by the sequencer) and the game ended %d s on, "
                "every handheld at entry %d" % (dropped, now // 1000, views[CY]["applied"]))
    # stopped: held only if every handheld's pause names the sequencer (Cy's held flag, F_SNAP)
    unnamed = [v["k"] for v in views if not (v["named"] & 1 and v["held"] & (1 << CY))]
    verdict(unnamed or not both, "%s%s %d snapshot frames meant for the rebooted Cy; %d s later Cy "
            "has applied %d entries, the others stand at %d (round %d, phase %d); pause masks %s, "
            "held masks %s, the Logs-differ screens name %s; handhelds whose pause does not "
            "name the sequencer: %s" % (
                "the stated limit, no snapshot from anyone: " if both and not unnamed else "",
                "the sequencer and Bo dropped" if both else "the sequencer dropped", dropped,
                now // 1000, views[CY]["applied"], views[0]["applied"], views[0]["round"],
                views[0]["phase"], named, [v["held"] for v in views],
                [v["named"] for v in views], unnamed))


if __name__ == "__main__":
    run(main)
