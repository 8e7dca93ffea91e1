"""Check (round 36, loss alone): dad7485's `Delivery.busy` (on the board, a loop that worked 30 ms
serves a NACK's first entry only, and `_resend` resends nothing that loop) on an honest table under
loss. Does an honest table now get lag holds (gate `_lagged`), pauses, distrusts or FORFEITs, or
games that do not end, that the same seeds without busy did not?

No attacker. busy is board-only (table/flash.py), so it is switched on here in tablebus by
attacks/_board.py: "always" (every loop busy: the worst case; then `_resend` never resends and
every NACK gets one entry), "k=2" (busy once the loop sent 2 frames). Each seed is played with busy
off (control, as before dad7485) and on, through the earlier scripts' own games:
attacks/lossy_lagged.py's play (Snyd 4 handhelds, Yatzy 3) and attacks/lagger_under_loss.py's
("none": Snyd 3 dice, 3 handhelds, a person's 3 s think).

Usage: .venv/bin/python attacks/busy_under_loss.py [always|k=2] [loss=0.3] [seeds...]
Verdict: 0 when no busy run has, beyond its own control (same seed, busy off): a FORFEIT, a game
that does not end with one record, a lagged hold that ends in no distrust (lossy_lagged's rule),
a distrust other than the stated 7 s limit's, or a table paused over a fifth of its samples;
1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _board  # noqa: E402
import lossy_lagged  # noqa: E402
import lagger_under_loss  # noqa: E402


def one(kind, seed, loss, mode):
    _board.install(mode)
    if kind == "lagger":
        e = lagger_under_loss.play("none", seed, loss, 3000)
        e["lag_first"] = None
        e["samples"] = e["samples_after"]
        e["paused"] = e["paused_after"]
    else:
        e = lossy_lagged.play(kind, seed, loss)
    return e


def bad_of(e):
    out = []
    if e["forfeits"]:
        out.append(("FORFEIT", e["forfeits"][:3]))
    if not e["done"] or not e["same"]:
        out.append(("over/one record", e["done"], e["same"]))
    if e["lagged"] and not e["distrust"]:
        out.append(("lagged hold, no distrust", e["lagged"], e.get("lag_first")))
    if e["distrust"]:
        out.append(("distrust", e["distrust"][:3]))
    frac = e["paused"] / max(1, e["samples"])
    if frac >= 0.2:
        out.append(("paused", round(frac, 3)))
    return out


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a == "always" or a.startswith("k=")] or ["always"])[0]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.3, 0.5]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken = []
    for loss in losses:
        for kind in ("snyd", "yatzy", "lagger"):
            for seed in seeds:
                c = one(kind, seed, loss, None)
                a = one(kind, seed, loss, mode)
                for tag, e in (("off", c), (mode, a)):
                    print("%-6s seed %d loss %.1f busy %-6s: over %s at %6.1f s, one record %s; "
                          "lagged %d, paused %d/%d, distrust %s, FORFEITs %s" % (
                              kind, seed, loss, tag, e["done"], e["ms"] / 1000.0, e["same"],
                              e["lagged"], e["paused"], e["samples"], e["distrust"][:3],
                              e["forfeits"][:3]))
                cb = [x[0] for x in bad_of(c)]
                new = [x for x in bad_of(a) if x[0] not in cb]
                if new:
                    broken.append((kind, seed, loss, new))
                sys.stdout.flush()
    if broken:
        print("BROKEN (busy %s, loss alone; what the same seed without busy did not have): %s" %
              (mode, broken))
        sys.exit(1)
    print("HELD: busy %s added no FORFEIT, hold, distrust, long pause or unended game" % mode)
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
