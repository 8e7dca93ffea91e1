"""Check (round 32, focus 3): an honest table, loss and one restart. e604126 no longer excuses a
follower's lag (gate `_lagged`: not caught up with its sequencer's claim for 7 s says F_HELD, on
its sequencer) while it is back from a boot or taking a state (police `_starved` sets `_caught_at`
only when caught up, after a gap, or in a fork check). Does a restart mid-game now hold the table
(a pause naming the honest sequencer), depose anyone, forfeit anyone, or stop a game that before
went on?

No attacker: host_tools/tablebus, Snyd (default rules), four handhelds, loss `loss` (default 0.3).
At `at` ms (default 20000; the game still on) handheld `who` (default 2, not the heir) restarts
(tablebus `reboot`: a fresh Node on its flash, applied 0, back at once). Sampled every step:
that handheld's `_lagged` and held flag, the sequencer's `held()`; every distrust and FORFEIT.

Usage: .venv/bin/python attacks/restart_lagged.py [loss=0.3] [at=ms] [who=N] [seeds...]
`who=0`: the sequencer itself restarts (with nothing kept, as tablebus's reboot does).
Verdict: 0 if every game ends with one record (a lag hold that ends, a distrust or a FORFEIT are
printed: a pause or a cost, not a stop); 1 if a game never ends or the records differ, with the
evidence; 2 could not run. Runs on e604126^ too (there `_lagged` is excused while back from the
boot).
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

LIMIT_MS = 1_800_000


def hook(t, h, ev):
    ap = h.app.apply

    def apply_(f, seq, k=h.seat, ap=ap):
        if f.etype == wire.T_FORFEIT:
            ev["forfeits"].append((t.now, k, seq, f.who))
        return ap(f, seq)
    h.app.apply = apply_
    dn = h.node._distrust

    def distrust_(x, k=h.seat, dn=dn, nd=h.node):
        if x >= 0 and not nd._bad & (1 << x):
            ev["distrust"].append((t.now, k, x))
        return dn(x)
    h.node._distrust = distrust_


def play(seed, loss, at, who):
    t = tablebus.Table(seats=4, loss=loss, seed=seed)
    ev = dict(forfeits=[], distrust=[], lagged=0, held=0, paused=0, back=None, caught=None,
              rebooted=None, first_lag=None)
    for h in t.hands:
        hook(t, h, ev)

    def watch():
        now = t.now
        if ev["rebooted"] is None and now >= at and not t.done():
            ev["rebooted"] = now
            t.reboot(who)
            hook(t, t.hands[who], ev)
        if ev["rebooted"] is not None:
            n = t.hands[who].node
            lg = getattr(n, "_lagged", None)
            if lg is not None and lg(now):
                ev["lagged"] += 1
                if ev["first_lag"] is None:
                    ev["first_lag"] = (now, n.applied, n._acked[n.leader] if n.leader >= 0 else
                                       None, n._back, n._snap is not None)
            if n._gate_held(now):
                ev["held"] += 1
            if ev["caught"] is None and n.leader >= 0 and n.caught_up() and not n._back:
                ev["caught"] = now
            for h in t.live():
                if h.node.is_leader() and h.node.held(now):
                    ev["paused"] += 1
        return t.done()
    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = [h.app.rec.record() if h.app.rec is not None else None for h in t.live()]
    ev["done"], ev["ms"] = t.done(), t.now
    ev["same"] = all(r == recs[0] for r in recs)
    return ev


def main():
    args = sys.argv[1:]
    opt = dict(a.split("=") for a in args if "=" in a)
    loss = float(opt.get("loss", 0.3))
    at = int(opt.get("at", 20000))
    who = int(opt.get("who", 2))
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    bad = []
    for seed in seeds:
        e = play(seed, loss, at, who)
        print("seed %d loss %.2f: handheld %d restarted at %s ms, caught up at %s; lagged samples "
              "%d (first: ms, applied, claim, back, taking a state %s); held %d; sequencer paused "
              "%d; distrust %s; FORFEITs %s; game over %s at %.1f s, records agree %s" % (
                  seed, loss, who, e["rebooted"], e["caught"], e["lagged"], e["first_lag"],
                  e["held"], e["paused"], e["distrust"][:4], e["forfeits"][:4], e["done"],
                  e["ms"] / 1000.0, e["same"]))
        if e["rebooted"] is None:
            print("   (the game ended before the restart: not counted)")
            continue
        if not e["done"] or not e["same"]:
            bad.append((seed, e["distrust"][:2], e["forfeits"][:2], e["done"], e["same"]))
    if bad:
        print("BROKEN: after one restart (seed, distrust, FORFEITs, game over, records agree) %s"
              % bad)
        sys.exit(1)
    print("HELD: every game ended with one record")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
