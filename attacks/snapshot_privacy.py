"""Attack: a seat asks an honest follower (not the sequencer) for entries it no longer keeps, so
the follower streams it a whole snapshot of its state mid-round; does it carry the follower's
unrevealed secret (its dice)?

Promise: Private (no frame carries a die value or a secret before the reveal). Role: an ordinary
seat (Di, 4 handhelds). log: any handheld answers a NACK whose first entry left its window
with a snapshot (`_serve` -> `_send_snapshot`), not only the sequencer.
Steps: in the bidding phase (dice dealt, nothing revealed), Di sends Bo `NACK lo=1`; it records the
SNAP chunks Bo sends it and searches them for Bo's current secret s and its next round's secrets.
Control: the same search finds Bo's commitment H(s) (public, logged) in the same snapshot.
Verdict: 0 if no secret of Bo's appears before its reveal; 1 if one does.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table, Eavesdropper  # noqa: E402

BO, DI = 1, 3


def snapshot_from_bo(t):
    di = t.hands[DI].node
    n0 = len(t.bus.log)
    di._nack_at = -10 ** 9
    di._nack(BO, 1, 1, t.now)
    t.run(lambda: False, 300)
    ev = Eavesdropper(t.table_id)
    f = wire.Frame()
    data = bytearray()
    for (_, src, dst, d) in t.bus.log[n0:]:
        if src == BO and dst == DI and d[2] == wire.T_SNAP and ev.decode(d, f) == 0:
            data += bytes(f.data[:f.dlen])
    return bytes(data)


def play(seed=3):
    t = Table(seats=4, seed=seed)
    assert t.start_game() == 0
    bo = t.hands[BO]
    t.run(lambda: bo.node.applied > 40 and bo.app.phase == 3 and bo.app.seed is not None and
          not bo.app.revealed, 600000)
    rnd = bo.app.round
    d, nxt = bo.app._have(BO, rnd), bo.app._have(BO, rnd + 1)
    secrets = [bytes(d.s)] + ([bytes(nxt.s), bytes(nxt.r)] if nxt else [])
    before = snapshot_from_bo(t)
    leaked = [s.hex()[:8] for s in secrets if s in before]
    public = bytes(d.commitments()[0]) in before   # its commitment H(s) is public: it is there
    return leaked, bool(before), public


def main():
    leaked, got, control = play()
    if not got or not control:
        print("could not check: snapshot received %s, commitment found %s" % (got, control))
        sys.exit(2)
    verdict(bool(leaked), "Bo's snapshot to Di mid-round carries unrevealed secrets: %s "
            "(its public commitment is in it: %s)" % (leaked or "none", control))


if __name__ == "__main__":
    run(main)
