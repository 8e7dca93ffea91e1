"""Attack (round 28, focus 2): the kept follower is held, the table stops, named on the sequencer;
the sequencer lets the reveal's deadline pass, then gives the state: the follower's hold ends, and
the deadline being long past, the sequencer's unchanged code logs the FORFEIT of its reveal before
that reveal can be logged. The hold only put the forfeit off.

Promise: "a fork that holds a gate stops the table, and costs the held seat nothing"; the kept
follower "is held on the sequencer ... the table stops, paused on the sequencer's name, and no
FORFEIT of the kept seat is applied" (docs/protocol.md, One liar; Against a lying sequencer's
fork). Withholding never pays.
Role: the sequencer (the creator, its own firmware). No radio, no bots. (host_tools/tablebus,
Snyd, 3 dice, three handhelds, lossless, seeded: Anna the sequencer, Bo, Cy.)

How: at a call from round 2 that Bo reveals at (entry c), the sequencer forks Bo at once (a
heartbeat to Bo alone claiming its head with a chain not its own) and drops its snapshot frames
to Bo (round 26's resync_turn `hold`): Bo is held at 7 s and the table stops, named on Anna.
LATE ms after c (past the 30 s deadline), Anna turns honest and streams Bo her state (Cy
vouches). Bo takes it: `_accept_snap` clears `_sheld`, Bo's next heartbeat no longer says
F_HELD, and its gate for the reveal waits for the others to show its new log (agree.forget()).
Anna's `overdue()` logs the FORFEIT of Bo's reveal as soon as Bo is no longer held (the deadline
counts from the phase's start, not from the hold's end); Cy's `_check_forfeit` finds the deadline
past by its own clock and `_disputed` nothing. Anna can pick the moment: the person who pressed
"wait" on the pause sees the table go on and Bo lose a die.
Mode `fix`: no drop, the hold reached by round 27's rule (resync_new_entry `lag`: states at new
entries 6, 12, 18 s, the last at 24.5 s at the same entry, so Bo is held from 25.4 s), then the
sequencer honest at 45 s: Bo's hold ends (its flags' 3.5 s) before its gate opens, and the honest
code's FORFEIT is logged in between. Mode `honest`: the state at LATE, no drop.
Usage: .venv/bin/python attacks/resync_release_late.py [honest|drop|fix] [late=ms] [seeds...]
Verdict: 0 if no honest handheld applies a FORFEIT of Bo's reveal (or Bo's reveal is logged
first); 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from resync_new_entry import play, show, CY  # noqa: E402


def main():
    """Modes: `honest` (the state at LATE ms, Bo's late reveal logged as it comes), `drop` (the
    same, Bo's reveal requests of that round not logged: the sequencer's FORFEIT goes first),
    `fix` (resync_new_entry `lag`: the hold reached by round 27's rule, then honest at 45 s)."""
    args = sys.argv[1:]
    modes = [a for a in args if a in ("honest", "drop", "fix")] or ["honest", "drop", "fix"]
    lates = [int(a.split("=")[1]) for a in args if a.startswith("late=")] or [31000, 40000]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for mode in modes:
        for late in (lates if mode != "fix" else [45000]):
            for seed in seeds:
                if mode == "fix":
                    c = play(False, "lag", seed)
                    r = play(True, "lag", seed)
                else:
                    c = play(False, "late", seed, rel=(), late=late, drop=mode == "drop")
                    r = play(True, "late", seed, rel=(), late=late, drop=mode == "drop")
                if c["forfeits"] or not c["done"]:
                    show("seed %d control" % seed, c)
                    print("control failed")
                    sys.exit(2)
                if not r["st"]["tricks"]:
                    print("seed %d: no call Bo reveals at" % seed)
                    sys.exit(2)
                show("%s: seed %d, honest again %d ms after the call" % (mode, seed, late), r)
                st = r["st"]
                print("   Bo's reveal requests (ms after the call) %s; dropped by the sequencer "
                      "%d" % (st["bo_req"][:4], st.get("dropped_req", 0)))
                first = st["tricks"][0][1]
                cy_f = [f for f in r["forfeits"] if f[1] == CY and f[2] > first]
                held = r["seen"]["held"][:1]
                if cy_f and held and held[0][0] < cy_f[0][0]:
                    # (a FORFEIT after Bo was held: the hold put it off, then let it through)
                    broke.append((mode, late, seed, cy_f[0], st["tricks"][0], held,
                                  st["bo_req"][:1]))
    if broke:
        print("BROKEN: (mode, late ms, seed, FORFEIT Cy applied (ms, handheld, entry, mask, Cy "
              "saw Bo held), trick (round, call entry, ms), Bo held (from, to ms), Bo's first "
              "reveal request (ms after the call)): %s" % broke)
        sys.exit(1)
    print("HELD: no FORFEIT of a held seat applied once its hold ended")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
