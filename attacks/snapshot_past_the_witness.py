"""Attack: a hostile sequencer numbers a made-up snapshot more than 32 entries past the only other
handheld, so that handheld is no witness, and a rebooted honest handheld takes it on its word.

Promise: "A checked snapshot: no handheld takes a state the table did not reach"; the table says a
snapshot is restored only when another live handheld vouches "however far behind the others are",
and the text: "That it is behind is no reason to do without: a hostile sequencer would simply
number its snapshot past everyone."
Role: the creator, the sequencer (Anna). Victim: Cy, rebooted once mid-game (one reboot, not all).
Steps: when Cy asks to start again (NACK 0), Anna answers with a snapshot of a state of her own
making - her real state with Cy's seat forfeiting the round in play (a die lost at the next count)
- numbered 40 entries past what she applied, and her heartbeats claim she applied that far.
log._witness counts Bo as a witness only within the 32-entry window of the snapshot's number;
so Cy decides nobody can vouch, and _asked takes the sender's word (Cy asked; Cy has applied
nothing). Cy's own seat keeps its secrets (checked against its flash), so restore() accepts it.
Control: the same reboot with an honest Anna: Cy's state equals Bo's.
Verdict: 0 if Cy refuses the made-up state; 1 if Cy restores a state the table never reached.
"""
import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import log, snapshot  # noqa: E402

ANNA, BO, CY = 0, 1, 2
AHEAD = 40


def _state(node):
    out = snapshot._Hash()
    node.game.snapshot(out, 0)
    return out.digest()


def forged_snapshot(node):
    """Anna's state with Cy's seat forfeiting the round in play, as the bytes a snapshot carries."""
    shadow = copy.deepcopy(node.game)
    shadow._lose(1 << CY)
    buf = bytearray(log.SNAP_MAX)
    buf[:8] = node.chain
    buf[8] = node.members
    buf[9:17] = node.hosts
    end = shadow.snapshot(buf, 17)
    return bytes(buf[:end])


def play(attack, seed=3):
    t = Table(seats=3, seed=seed)
    anna = t.hands[ANNA].node
    st = {"sent": 0, "fake": None}
    if attack:
        enc = anna.codec.encode

        def encode(f, to=-1):
            if st["fake"] is not None and f.type in (wire.T_ACK, wire.T_SNAP):
                f.ack = st["fake"]           # "I applied that far" (nobody can check)
            return enc(f, to)
        anna.codec.encode = encode

        def send_snapshot(dest, now):
            if dest != CY:
                return
            if now - anna._snap_at[dest] < anna.snap_ms:
                return
            anna._snap_at[dest] = now
            data = forged_snapshot(anna)
            seq = anna.applied + AHEAD
            st["fake"] = seq
            step = wire.SNAP_DATA_MAX
            total = (len(data) + step - 1) // step
            for k in range(total):
                part = data[k * step:(k + 1) * step]
                f = anna.tx
                f.type = wire.T_SNAP
                f.seq = seq
                f.k = k
                f.total = total
                f.data[:len(part)] = part
                f.dlen = len(part)
                anna._emit(dest, f)
            st["sent"] += 1
        anna._send_snapshot = send_snapshot
    assert t.start_game() == 0
    t.run(lambda: anna.applied > 60 and t.hands[0].app.phase == 3, 600000)
    t.reboot(CY)
    cy = t.hands[CY]
    # the table stands still a moment (nobody moves) while Cy comes back
    for h in t.hands:
        h.decide = lambda game, seat: None
    t.run(lambda: cy.node.applied > 0, 20000)
    bo = t.hands[BO].node
    same = _state(cy.node) == _state(anna if not attack else bo)
    return cy.node.applied, bo.applied, same, st["sent"], cy.app


def main():
    got, bo_at, same, _, _ = play(False)
    if not got or not same:
        print("control: Cy did not catch up to the table's state", got, bo_at, same)
        sys.exit(2)
    got, bo_at, same, sent, app = play(True)
    verdict(got and not same, "Cy restored a snapshot numbered %d (Bo, the witness, is at %d) whose "
            "state is not the table's: %s; Cy's seat forfeited in it: %s" % (
                got, bo_at, not same, bool(app.forfeited & (1 << CY))))


if __name__ == "__main__":
    run(main)
