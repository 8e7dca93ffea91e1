"""Attack (round 38, defence 2: the sequencer reads at most `cap` good frames of one follower a
loop, pump._PER_LOOP; modelled by attacks/_loop.py `cap`, rule 1 on).

A snapshot goes out as 7 (Snyd 4) to 9 (Yatzy 3) SNAP chunks sent at once by one handheld. The cap
applies whenever the RECEIVER is the sequencer (node.is_leader()), also a new sequencer that is
not ready yet and catches up from a follower (failover._catch_up -> that follower's _serve ->
_send_snapshot when what it lacks is past the window). Scenario: a game runs past LOG_CAP entries;
the heir (seat 1) restarts with nothing kept (its flash cleared) and at the same moment the
sequencer (seat 0) goes silent for good. Seat 1 takes over and must fetch the furthest log, as a
snapshot, from an honest follower. Does the game go on and end with one record, with no honest
handheld distrusted and no FORFEIT of a live honest seat, as it does with cap=0 (the defence off)?

Control: the same seed played honestly with no restart (cap on): it must end.
Usage: .venv/bin/python attacks/cap_takeover_snapshot.py [snyd|yatzy] [loss=0.0] [at=60] [seeds...]
Verdict: 0 held (cap=2 no worse than cap=0); 1 broke (evidence printed, and whether cap=0 has it);
2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _loop  # noqa: E402
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

LIMIT_MS = 120_000


def play(game, seed, loss, cap, at, event=True, away=0):
    _loop.install(True, cap=cap)
    n = 3 if game == "yatzy" else 4
    t = tablebus.Table(seats=n, loss=loss, seed=seed, game=game)
    ev = dict(distrust=[], forfeits=[], event_at=None)
    dead = set()

    def hook(h):
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x >= 0 and x not in dead and not h.node._bad & (1 << x):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
        ap = h.app.apply

        def apply_(f, seq, h=h, ap=ap):
            if f.etype == wire.T_FORFEIT and f.who & ~sum(1 << d for d in dead):
                ev["forfeits"].append((t.now, h.seat, seq, f.who, f.kind))
            return ap(f, seq)
        h.app.apply = apply_

    for h in t.hands:
        hook(h)
    assert t.start_game() == 0

    def settled():
        live = t.live()
        lead = [h for h in live if h.node.is_leader() and h.node.ready]
        if lead and len({h.node.applied for h in live}) == 1 and \
                live[0].node.applied >= max(ev.get("behind") or (0, 0)):
            return True
        return False

    def until():
        if 0 in dead:
            if ev.get("settled") is None and settled():
                ev["settled"] = t.now
            return ev.get("settled") is not None or t.done()
        if event and away and ev["event_at"] is None and t.hands[0].node.applied >= at:
            ev["event_at"] = t.now   # away: seat 1 silent (not rebooted) for `away` ms, then
            t.kill(1)                # back just as the sequencer goes for good
            ev["back_at"] = t.now + away
            return t.done()
        if away and ev.get("back_at") is not None and t.now >= ev["back_at"]:
            ev["back_at"] = None
            t.hands[1].dead = False
            t.kill(0)
            dead.add(0)
            ev["behind"] = (t.hands[1].node.applied, t.hands[2].node.applied)
            return t.done()
        if event and not away and ev["event_at"] is None and t.hands[0].node.applied >= at:
            ev["event_at"] = t.now
            keep = t.flash[1].get("shake")
            t.flash[1].clear()       # nothing kept
            if keep is not None:
                t.flash[1]["shake"] = keep
            t.reboot(1)
            hook(t.hands[1])
            t.kill(0)
            dead.add(0)
            ev["behind"] = (0, t.hands[2].node.applied)
        return t.done()

    t.run(until, LIMIT_MS)
    live = t.live()
    recs = [h.app.rec.record() if h.app.rec is not None else None for h in live]
    ev.update(done=t.done(), ms=t.now, same=all(r == recs[0] for r in recs),
              leaders=[(h.seat, h.node.leader, h.node.applied, getattr(h.node, "ready", None))
                       for h in live],
              capped=dict(_loop.STATE.get("capped", {})))
    return ev


def bad_of(e):
    out = []
    if e["event_at"] is not None and e.get("settled") is None:
        out.append(("no new sequencer caught up and followed", e["leaders"]))
    if e["event_at"] is None and (not e["done"] or not e["same"]):
        out.append(("not over / records differ", e["done"], e["same"], e["leaders"]))
    if e["distrust"]:
        out.append(("honest handheld left", e["distrust"][:3]))
    if e["forfeits"]:
        out.append(("FORFEIT of a live seat", e["forfeits"][:3]))
    return out


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    loss = float(([a.split("=")[1] for a in args if a.startswith("loss=")] or [0.0])[0])
    at = int(([a.split("=")[1] for a in args if a.startswith("at=")] or [60])[0])
    away = int(([a.split("=")[1] for a in args if a.startswith("away=")] or [0])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken = []
    counted = 0
    for game in games:
        for seed in seeds:
            c = play(game, seed, loss, 2, at, event=False)
            runs = [("control cap=2", c), ("restart+gone cap=0", play(game, seed, loss, 0, at, away=away)),
                    ("restart+gone cap=2", play(game, seed, loss, 2, at, away=away))]
            for tag, e in runs:
                print("%-5s seed %d loss %.1f %-19s: over %s at %6.1f s (event at %s, settled at %s, seat 1 / seat 2 applied when back %s), one record "
                      "%s; distrust %s; FORFEITs %s; nodes (seat, leader, applied, ready) %s; "
                      "capped %s" % (game, seed, loss, tag, e["done"], e["ms"] / 1000.0,
                                     e["event_at"], e.get("settled"), e.get("behind"), e["same"], e["distrust"][:3],
                                     e["forfeits"][:3], e["leaders"], e["capped"]))
            if bad_of(c):
                print("   control did not end cleanly: seed not counted", bad_of(c))
                continue
            counted += 1
            off = [x[0] for x in bad_of(runs[1][1])]
            new = [x for x in bad_of(runs[2][1]) if x[0] not in off]
            if new:
                broken.append((game, seed, new, "cap=0: %s" % (bad_of(runs[1][1]) or "held")))
                print("   BREAK (cap=2 beyond cap=0): %s; cap=0: %s" % (new, bad_of(runs[1][1]) or "held"))
            elif bad_of(runs[2][1]):
                print("   cap=2 and cap=0 alike (not the new defence): %s" % bad_of(runs[2][1]))
            sys.stdout.flush()
    if not counted:
        print("COULD NOT RUN: no seed counted")
        sys.exit(2)
    if broken:
        print("BROKEN (a new sequencer's catch-up by snapshot under the cap): %s" % broken)
        sys.exit(1)
    print("HELD: the cap added nothing to a takeover by a handheld restarted with nothing kept")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
