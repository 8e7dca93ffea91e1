"""Attack: a seat that never answers a VOUCH request keeps a rebooted honest handheld out of the
game for good; the rebooted handheld forfeits every round until it has no dice.

Promise: Alive ("no frame stops a game for good"), Withholding never pays, and "A checked snapshot"
(the witness rule). Role: an ordinary seat (Bo), as the snapshot's only possible witness.
Steps: a table of three in the in-process harness (host_tools/tablebus.py); Cy reboots mid-game
(past the sequencer's 32-entry window, so it needs a snapshot). The honest sequencer sends one; Cy
restores it only when another live handheld vouches for it. Bo is alive (its heartbeats go on) and
near enough to vouch (log._witness), so Cy waits for Bo - and Bo's firmware simply ignores every
VOUCH request. Cy never takes the snapshot, its seat owes a commitment every round, and it is
forfeited ("too late") round after round until it is out.
Control: the same game and reboot with Bo answering: Cy catches up and the game ends together.
Verdict: 0 if Cy catches up (applied the same log as the others at the end); 1 if not.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402  (puts the repo and firmware on sys.path)
from host_tools.tablebus import Table  # noqa: E402

CY = 2


def play(attack, seed=3):
    t = Table(seats=3, seed=seed)
    if attack:
        bo = t.hands[1].node
        answer = bo._on_vouch
        bo._on_vouch = lambda f, now: None if bytes(f.chain) == bytes(8) else answer(f, now)
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 60, 600000)   # past the 32-entry window
    t.reboot(CY)
    t.run(lambda: t.hands[0].app.phase == 5, 600000)       # the game is over at the sequencer
    t.run(t.done, 30000)
    rec = t.hands[0].app.rec.record()
    forfeits = sum(1 for rd in rec["rounds"] for a in rd["actions"] if a == [CY, "forfeit"])
    return t.hands[CY].node.applied, t.hands[0].node.applied, forfeits


def main():
    got, want, forfeits = play(False)
    if got != want:
        print("control: the rebooted handheld did not catch up with an honest witness", got, want)
        sys.exit(2)
    got, want, forfeits = play(True)
    verdict(got != want, "the rebooted Cy applied %d of the sequencer's %d entries; the record "
            "names Cy forfeit in %d rounds" % (got, want, forfeits))


if __name__ == "__main__":
    run(main)
