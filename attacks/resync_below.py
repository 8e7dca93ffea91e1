"""Attack (round 25): the round-24 resync forfeit again, with the sequencer's claims never past Bo's log.

Promise: Withholding never pays; a FORFEIT only of a seat that could act ("a fork that holds a gate
stops the table, and costs the held seat nothing", *One liar*); the round-24 fix (e4cf852: "a
follower kept in that check ... while the sequencer claims entries past its log says so ... and
does not leave the sequencer for starving it meanwhile: ... no FORFEIT of the kept seat is
applied").
Role: the creator, the sequencer (its own firmware). No radio.

How: round 24's resync_forfeit (two term raises, a made-up entry c+1 of eterm 0 to Bo alone right
after the call c: `_from_newer` -> `_resync_from_leader`), but after the call the sequencer's
heartbeats to Bo never claim past Bo's log:
  low  - they claim c-1 with the sequencer's real chain there (consistent, no fork shown). Bo's
         `_acked[leader]` (c-1) is not past its log (c), so `_ask_snap`'s new hold never comes;
         Bo counts as caught up, so `_judge` runs while `_resync` holds Bo's log still: the
         others' requests it heard stay unlogged on its screen, and censor_ms on it deposes the
         sequencer (`_judge_due`, not `_starved`), leads alone, unflagged; it now follows itself,
         so its low claim disputes nothing (`_disputed`), and Cy applies the FORFEITs of Bo's seat.
  fork - they claim exactly c with a chain not the sequencer's.
  -partial / -none: the sequencer answers NACK 0 with a first chunk of two, or with nothing.
  -nojudge: a what-if (Bo's `_judge` skipped while in a resync, the obvious fix of the `_judge`
         way out): Bo then stays in the resync unflagged, and the FORFEITs still come.
Control: the same term raises and heartbeats, no made-up entry.

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in the round of the trick (and
nobody honest is blamed); 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run  # noqa: E402
from resync_forfeit import ATK, BO, CY, main, play  # noqa: E402,F401  (its play has round 25's variants)


if __name__ == "__main__":
    run(lambda: main("low-none"))
