"""Attack in the simulator (the real firmware under MicroPython): withhold_the_call.py's sequencer.

Promise: The same log everywhere (no reveal on a log not all hold); Private. Role: the creator,
the sequencer (handheld 0), patched as in sim_forfeit_the_unasked.py (its own call and every later
entry go to Bo alone; its heartbeats claim the entry before the call), and its firmware prints the
dice it computes from Bo's REVEAL when that comes. Everyone plays through the buttons (autoplay).
Verdict: 0 if Bo's REVEAL never reaches the creator while Cy's screen still shows the round's
bidding; 1 with the creator's console line and both screens at that moment.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from sim_forfeit_the_unasked import play  # noqa: E402


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-withhold-")
    seen, last, failed, finished, peeks = play(tmp)
    for x in peeks:
        print("at %d ms: creator: %s | Bo's screen: %s | Cy's screen: %s" % x)
    ok = [x for x in peeks if "Turn:" in x[3] and "Bid" in x[3]]
    verdict(ok, "at %s ms the creator computed Bo's dice from Bo's REVEAL (%s) while Bo's screen "
            "said %r and Cy's still said %r" % (
                ok[0][0] if ok else "-", ok[0][1] if ok else "-", ok[0][2] if ok else "-",
                ok[0][3] if ok else "-"))


if __name__ == "__main__":
    run(main)
