"""Check (round 38, defence 2: the sequencer reads at most `cap` good frames of one follower a
loop, pump._PER_LOOP, modelled by attacks/_loop.py `cap`): an honest table under loss alone, the
board's loop budget modelled (rule 1 on). Does cap=2 give an honest table lag holds naming the honest
sequencer, long pauses, distrusts, FORFEITs or unended games that the same seed with cap=0 (the
defence off, before a4f89ab) did not? Also prints each game's length and what the cap dropped of
honest handhelds' frames (receiver, sender, frame type: count).

Usage: .venv/bin/python attacks/cap_under_loss.py [snyd|yatzy] [loss=0.3] [seeds...]
Verdict: 0 when no cap=2 run has what its cap=0 run did not; 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _loop  # noqa: E402
import loop_flood  # noqa: E402


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.3, 0.5]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                runs = []
                for cap in (0, 2):
                    e = loop_flood.play(game, seed, loss, None, True, 0, {"cap": cap})
                    e["capped"] = dict(_loop.STATE.get("capped", {}))
                    runs.append(("cap=%d" % cap, e))
                for tag, e in runs:
                    print("%-5s seed %d loss %.1f %-6s: over %s at %6.1f s, one record %s; "
                          "lag-hold samples %d (first %s), paused %d/%d, distrust %s, FORFEITs %s;"
                          " capped %s" % (game, seed, loss, tag, e["done"], e["ms"] / 1000.0,
                                          e["same"], e["lagged"], e["lag_first"], e["paused"],
                                          e["samples"], e["distrust"][:3], e["forfeits"][:3],
                                          e["capped"]))
                base = [x[0] for x in loop_flood.bad_of(runs[0][1])]
                new = [x for x in loop_flood.bad_of(runs[1][1]) if x[0] not in base]
                if new:
                    broken.append((game, seed, loss, new))
                    print("   BREAK (cap=2 beyond cap=0): %s" % new)
                sys.stdout.flush()
    if broken:
        print("BROKEN (loss alone; cap=2 beyond cap=0): %s" % broken)
        sys.exit(1)
    print("HELD: cap=2 added no lag hold, distrust, FORFEIT, long pause or unended game under "
          "loss alone")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
