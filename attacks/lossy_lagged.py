"""Check (round 31, focus 3): an honest table under loss only. Does adde249's "lagged" hold
(gate `_lagged`: a follower not caught up with its sequencer's claim for a gate's time says it is
held, on its sequencer) fire, and does any pause, distrust or FORFEIT follow that the same seeds
did not have before adde249?

No attacker: every handheld honest, host_tools/tablebus with loss (default 0.3), Snyd (4
handhelds, the default rules) and Yatzy (3 handhelds), the whole game. Sampled every step (5 ms)
on every handheld: `_lagged` (absent before adde249: 0), its own held flag, the sequencer's
`held()` (the table paused on a held handheld); and every distrust, every FORFEIT applied, the
game's length and whether the records agree. Run the same script in a worktree of adde249^ to
compare (it runs there too: `_lagged` then counts 0).

Usage: .venv/bin/python attacks/lossy_lagged.py [snyd|yatzy] [loss=0.3] [seeds...]
Verdict: 0 if no run has a lagged hold that did not end in the stated limit (a follower that
receives none of its sequencer's entries for 7 s leaves it: *The bounds that keep liars from
stalling cost a rare honest case*; its distrust is printed), no FORFEIT, and every game ends with
one record; 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

LIMIT_MS = 3_600_000


def play(game, seed, loss):
    if game == "yatzy":
        t = tablebus.Table(seats=3, loss=loss, seed=seed, game="yatzy")
    else:
        t = tablebus.Table(seats=4, loss=loss, seed=seed)
    ev = dict(lagged=0, lag_first=None, lag_spans=[], held_own=0, paused=0, distrust=[],
              forfeits=[], samples=0, maxlag=0)
    for h in t.hands:
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x >= 0 and not h.node._bad & (1 << x):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
        ap = h.app.apply

        def apply_(f, seq, h=h, ap=ap):
            if f.etype == wire.T_FORFEIT:
                ev["forfeits"].append((t.now, h.seat, seq, f.who, f.kind))
            return ap(f, seq)
        h.app.apply = apply_
    since = {}

    def watch():
        now = t.now
        ev["samples"] += 1
        for h in t.live():
            n = h.node
            if not n.is_leader() and n.leader >= 0 and hasattr(n, "_lag_ms"):
                ev["maxlag"] = max(ev["maxlag"], n._lag_ms)  # (its lag ms, less ms caught up)
            lg = getattr(n, "_lagged", None)
            if lg is not None and lg(now):
                ev["lagged"] += 1
                if ev["lag_first"] is None:
                    ev["lag_first"] = (now, h.seat, n.applied, n._acked[n.leader] if n.leader >= 0
                                       else None)
                since.setdefault(h.seat, now)
            elif h.seat in since:
                ev["lag_spans"].append((since.pop(h.seat), now, h.seat))
            if n._gate_held(now):
                ev["held_own"] += 1
            if n.is_leader() and n.held(now):
                ev["paused"] += 1
        return t.done()

    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = t.records()
    ev["done"] = t.done()
    ev["ms"] = t.now
    ev["same"] = all(r == recs[0] for r in recs)
    return ev


def main():
    args = sys.argv[1:]
    game = ([a for a in args if a in ("snyd", "yatzy")] or ["snyd"])[0]
    loss = float(([a.split("=")[1] for a in args if a.startswith("loss=")] or [0.3])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    bad = []
    for seed in seeds:
        e = play(game, seed, loss)
        print("%s seed %d loss %.2f: game over %s at %.1f s, records agree %s; lagged samples %d "
              "(longest not caught up %d ms; first (ms, handheld, applied, claim) %s, spans (from, "
              "to, handheld) %s); own held "
              "samples %d; sequencer paused samples %d of %d; distrust %s; FORFEITs (ms, handheld, "
              "entry, mask, kind) %s" % (
                  game, seed, loss, e["done"], e["ms"] / 1000.0, e["same"], e["lagged"],
                  e["maxlag"], e["lag_first"], e["lag_spans"][:4], e["held_own"], e["paused"],
                  e["samples"],
                  e["distrust"][:4], e["forfeits"][:4]))
        if e["distrust"]:
            print("   (a follower left its sequencer under loss: the stated limit, 7 s without an "
                  "entry)")
        if e["lagged"] and not e["distrust"] or e["forfeits"] or not e["done"] or not e["same"]:
            bad.append((seed, e["lagged"], e["lag_first"], e["distrust"][:2], e["forfeits"][:2],
                        e["done"], e["same"]))
    if bad:
        print("BROKEN (loss alone): (seed, lagged samples, first lagged, distrust, FORFEITs, game "
              "over, records agree) %s" % bad)
        sys.exit(1)
    print("HELD: no lagged hold, distrust or FORFEIT under loss alone; every game ended")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
