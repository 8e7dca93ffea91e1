"""Attack (a chain on eterm_blame.py): the sequencer blames every other seat at every follower,
then leaves; no seat can take over, and the table cannot go on without it.

Promise: Alive ("when the sequencer itself is missing, the next seat clockwise that is alive takes
over"); only a sequencer that logged what the rules refuse is never followed again.
Role: the sequencer (the creator, Anna), at a table of four.
Steps: Anna takes a term of her own one step up (as after a reboot) and broadcasts three genuine
earlier bids as "the next entry", labelled with the old terms of Bo, Cy and Di. Each follower
refuses them (late) and stops following the seat each label names - every seat but itself. Anna
goes on leading as if nothing happened. Later her handheld goes silent (switched off, say when
about to lose): Bo claims the term, Cy and Di refuse it (they distrust Bo); Cy claims it, Bo and
Di refuse; and so on.
Control: the same table, Anna honest, going silent at the same moment: Bo takes over and Cy and
Di follow it.
Verdict: 0 if some live handheld leads, ready, and every other live one follows it; 1 if not.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

ANNA = 0


def play(attack, seed=7):
    t = Table(seats=4, seed=seed)
    anna = t.hands[ANNA].node
    assert t.start_game() == 0
    t.run(lambda: anna.applied > 30 and t.hands[0].app.acts and t.now > 5000, 600000)
    if attack:
        anna.term = (((anna.term >> 3) + 1) << 3) | ANNA
        anna._heartbeat(t.now)
        t.run(lambda: False, 300)
        f = anna.tx
        for victim in (1, 2, 3):
            for seq in range(anna.applied, 0, -1):
                if anna.entry(seq, f) and f.etype == wire.T_ACTION:
                    break
            f.seq = anna.applied + 1
            f.eterm = ((anna.term >> 3) - 1) << 3 | victim
            anna._emit(0xFF, f)
            t.run(lambda: False, 40)
    t.run(lambda: False, 3000)
    bad = [bin(h.node._bad) for h in t.hands]
    t.kill(ANNA)
    t.run(lambda: False, 30000)
    live = t.hands[1:]
    leaders = [h.node.leader for h in live]
    led = [h for h in live if h.node.is_leader() and h.node.ready and
           all(o.node.leader == h.seat for o in live)]
    return bool(led), leaders, bad


def main():
    ok, leaders, _ = play(False)
    if not ok:
        print("control: nobody took over from the silent creator", leaders)
        sys.exit(2)
    ok, leaders, bad = play(True)
    verdict(not ok, "30 s after the creator went silent, the live handhelds follow %s (no seat "
            "followed by all); before it left they distrusted (masks) %s" % (leaders, bad))


if __name__ == "__main__":
    run(main)
