"""Attack/check (round 38, defence 2): the cap (pump._PER_LOOP, attacks/_loop.py `cap`) applies to
whatever a SEQUENCER hears, also a sequencer that restarted with nothing kept, took its role back
and catches up from the followers' snapshots (7 SNAP chunks of one follower, sent at once: the cap
reads 2 of them a loop and drops the rest unread). docs/protocol.md Limits already has this
restart as open at 30 % loss without the model (attacks/restart_lagged.py who=0, 4 of 40 seeds);
the question here is only whether cap=2 makes it worse than cap=0 (the defence off), also at 0 %
and 10 % loss where the stated limit does not apply.

Runs attacks/restart_lagged.py's play (Snyd 4, handheld `who` restarts at `at` ms, tablebus
reboot: applied 0) under the board's loop model (rule 1 on), cap=2 and cap=0, and an unrestarted
control (cap=2) that must end. Break: a game that does not end with one record, or an honest
handheld distrusted, with cap=2 where cap=0 ended cleanly.

Usage: .venv/bin/python attacks/cap_restart_sequencer.py [loss=0.0] [at=6000] [who=0] [seeds...]
Verdict: 0 held, 1 broke (evidence; cap=0's outcome beside it), 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _loop  # noqa: E402
import restart_lagged  # noqa: E402

restart_lagged.LIMIT_MS = 300_000


def run(seed, loss, at, who, cap):
    _loop.install(True, cap=cap)
    e = restart_lagged.play(seed, loss, at, who)
    e["capped"] = {k: v for k, v in _loop.STATE.get("capped", {}).items()}
    return e


def bad(e):
    out = []
    if not e["done"] or not e["same"]:
        out.append(("not over / records differ", e["done"], e["same"]))
    if e["distrust"]:
        out.append(("distrust", e["distrust"][:3]))
    return out


def main():
    args = sys.argv[1:]
    opt = dict(a.split("=") for a in args if "=" in a)
    loss = float(opt.get("loss", 0.0))
    at = int(opt.get("at", 6000))
    who = int(opt.get("who", 0))
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3, 4, 5]
    broken = []
    counted = 0
    for seed in seeds:
        c = run(seed, loss, 10 ** 9, who, 2)
        r0 = run(seed, loss, at, who, 0)
        r2 = run(seed, loss, at, who, 2)
        for tag, e in (("control cap=2", c), ("restart cap=0", r0), ("restart cap=2", r2)):
            print("seed %d loss %.2f %-13s: restarted %s, caught up %s; distrust %s; FORFEITs %s; "
                  "over %s at %.1f s, one record %s; capped (receiver, sender, type) %s" % (
                      seed, loss, tag, e["rebooted"], e["caught"], e["distrust"][:3],
                      e["forfeits"][:3], e["done"], e["ms"] / 1000.0, e["same"], e["capped"]))
        if bad(c):
            print("   control did not end: seed not counted")
            continue
        if r2["rebooted"] is None:
            print("   game ended before the restart: not counted")
            continue
        counted += 1
        new = [x for x in bad(r2) if x[0] not in [y[0] for y in bad(r0)]]
        if new:
            broken.append((seed, new, "cap=0: %s" % (bad(r0) or "held")))
            print("   BREAK (cap=2 beyond cap=0): %s; cap=0: %s" % (new, bad(r0) or "held"))
        elif bad(r2):
            print("   cap=2 and cap=0 alike (not the new defence): %s" % bad(r2))
        sys.stdout.flush()
    if not counted:
        print("COULD NOT RUN: no seed counted (every control broke or every game ended first)")
        sys.exit(2)
    if broken:
        print("BROKEN (a restarted sequencer catching up under the cap): %s" % broken)
        sys.exit(1)
    print("HELD: the cap made no restarted sequencer's catch-up fail that cap=0 did not")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
