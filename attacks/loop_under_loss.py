"""Check (round 37, rule 1): an honest table under loss alone, with the board's loop budget
modelled (attacks/_loop.py: ESP-NOW's 4096-byte buffer, 12 ms of frames a loop, ONE after a loop
that put its requests off (d28d780), requests put off at 10 ms (sequencer) / 25 ms of work, busy
at 30 ms; a loop lasts its cost). Does the model with today's rule give an honest table lag holds
(naming the honest sequencer), long pauses, distrusts, FORFEITs or unended games that the same
seeds without the model (tablebus as it is) did not? Each seed is also run with the model and the
radio always polled for 32 (`rule off`, before d28d780) to say whether the rule is the cause.

Usage: .venv/bin/python attacks/loop_under_loss.py [snyd|yatzy] [loss=0.3] [frame_ms=5]
       [out_ms=1] [base_ms=3] [seeds...]
Verdict: 0 when no rule-on run has what its no-model run did not; 1 with the evidence (and
whether the rule-off run had it too); 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import loop_flood  # noqa: E402


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.3, 0.5]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3, 4, 5, 6]
    costs = {}
    for a in args:
        for c in ("frame_ms", "drop_ms", "out_ms", "base_ms"):
            if a.startswith(c + "="):
                costs[c] = float(a.split("=")[1])
    broken = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                runs = [(tag, loop_flood.play(game, seed, loss, None, rule, 0, costs))
                        for tag, rule in (("no model", None), ("model rule on", True),
                                          ("model rule off", False))]
                for tag, e in runs:
                    print("%-5s seed %d loss %.1f %-14s: over %s at %6.1f s, one record %s; "
                          "lag-hold samples %d (first %s), paused %d/%d, distrust %s, FORFEITs %s;"
                          " model %s" % (game, seed, loss, tag, e["done"], e["ms"] / 1000.0,
                                         e["same"], e["lagged"], e["lag_first"], e["paused"],
                                         e["samples"], e["distrust"][:3], e["forfeits"][:3],
                                         e["model"]))
                base = [x[0] for x in loop_flood.bad_of(runs[0][1])]
                new = [x for x in loop_flood.bad_of(runs[1][1]) if x[0] not in base]
                off = [x for x in loop_flood.bad_of(runs[2][1]) if x[0] not in base]
                if new:
                    broken.append((game, seed, loss, new, "rule off too: %s" % bool(off)))
                    print("   BREAK (rule on): %s; rule off: %s" % (new, off or "held"))
                elif off:
                    print("   rule off only (not counted): %s" % off)
                sys.stdout.flush()
    if broken:
        print("BROKEN (loss alone, the loop budget modelled; beyond tablebus without it): %s" %
              broken)
        sys.exit(1)
    print("HELD: the modelled loop budget added no lag hold, distrust, FORFEIT, long pause or "
          "unended game under loss alone")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
