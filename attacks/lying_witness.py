"""Attack (round 17): silent_witness with a lie instead of silence. A seat that answers every VOUCH
request with a made-up digest keeps a rebooted honest handheld out of the game; the rebooted
handheld forfeits every round until it has no dice.

Promise: Alive ("no frame stops a game for good"), withholding never pays, a checked snapshot (the
witness rule). Role: an ordinary seat (Bo), the snapshot's only possible witness.

Why: silent_witness's fix counts a witness that says nothing to a whole vouch wait as a refusal
(tablelog._silent -> mute), and one that answers _NO_WORD is mute too. But an answer whose digest
is neither _NO_WORD nor the snapshot's (Node._on_vouch: `s.said |= bit`, nothing else) leaves the
witness "said" and not mute: _witness still finds it alive and able to vouch, so _accept_snap
never takes the honest sequencer's snapshot on its word; after VOUCH_WAIT_MS it is dropped and
asked again, for ever. The liar's answer is only what a handheld at another state would say.

Steps: tablebus, three handhelds; Cy reboots past the sequencer's 32-entry window (a snapshot is
needed); Bo's firmware answers every VOUCH request with 8 random bytes.
Control: the same with Bo honest (Cy catches up). Also "silent" (silent_witness, held) to compare.
Exit 0 held, 1 broke, 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

CY = 2


def play(mode, seed=3):
    t = Table(seats=3, seed=seed)
    lies = [0]
    if mode:
        bo = t.hands[1].node
        answer = bo._on_vouch

        def on_vouch(f, now):
            if bytes(f.chain) != bytes(8):
                return answer(f, now)
            if mode == "silent":
                return None
            lies[0] += 1
            bo._vouch(f.seat, f.lo, bytes((0x5A ^ lies[0] & 0xFF,)) + bytes(7))  # not its state
        bo._on_vouch = on_vouch
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 60, 600000)
    t.reboot(CY)
    t.run(lambda: t.hands[0].app.phase == 5, 1200000)
    t.run(t.done, 30000)
    rec = t.hands[0].app.rec.record()
    forfeits = sum(1 for rd in rec["rounds"] for a in rd["actions"] if a == [CY, "forfeit"])
    views = [dict(k=k, applied=h.node.applied, phase=h.app.phase, round=h.app.round,
                  leader=h.node.leader, missing=h.node.missing, held=h.node.held(t.now))
             for k, h in enumerate(t.hands)]
    if mode == "lie":
        print("after %d s: %s" % (t.now // 1000, views))
    return t.hands[CY].node.applied, t.hands[0].node.applied, forfeits, lies[0]


def main():
    got, want, forfeits, _ = play(None)
    if got != want:
        print("control: the rebooted handheld did not catch up with an honest witness", got, want)
        sys.exit(2)
    print("control: Cy applied %d of %d, forfeits %d" % (got, want, forfeits))
    got, want, forfeits, _ = play("silent")
    print("silent witness (round 5's, fixed): Cy applied %d of %d, forfeits %d" % (got, want, forfeits))
    got, want, forfeits, lies = play("lie")
    verdict(got != want, "with Bo answering %d VOUCH requests with a digest that is not its state, the "
            "rebooted Cy applied %d of the sequencer's %d entries; the record names Cy forfeit in %d "
            "rounds; the table stood in the same round for 20 minutes, the sequencer naming the honest "
            "Cy missing" % (lies, got, want, forfeits))


if __name__ == "__main__":
    run(main)
