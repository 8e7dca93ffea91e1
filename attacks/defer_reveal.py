"""Attack (round 36): 1557364/ae4e519's `Draws.defer` (on the board, a reveal whose next round's
secret is not drawn yet waits a loop; Pump.tick's `g.draw_late(now) and g.ahead(rand, True)` is
then the loop's only work). Can anyone make an honest seat's reveal look withheld (a FORFEIT of
it, a censor watch that deposes the honest sequencer), make a seat reveal something other than
the secret it committed to, or never reveal?

tablebus never draws ahead in an idle loop (it has none), so with defer on EVERY reveal of every
seat is deferred: the worst case of a board whose loops were all busy. Modelled by
attacks/_board.py (app.defer = True, each Handheld.step wrapped as Pump.tick). Variants:
  plain: the honest table (loss= , default 0 and 0.3), defer off (control) and on.
  flood: the same, and a stranger's radio sends the sequencer a broken-tag frame every step with
         busy on ("flood", attacks/busy_flood.py): the reveal waits and the sequencer serves one
         entry a loop.
  reboot: the handheld of seat 2 restarts in the very step its reveal was deferred (its `undrawn`
         set, the next secret not drawn or saved yet); control: the same restart with defer off,
         at the first step its reveal was owed (Snyd only).
Every REVEAL an honest handheld sends is checked against the secret it committed to (the secret
the same handheld's pool held when its COMMIT/REVEAL commitments left): a different secret is a
break.

Usage: .venv/bin/python attacks/defer_reveal.py [plain|flood|reboot] [loss=0.3] [snyd|yatzy] [seeds...]
Verdict: 0 when no defer run has, beyond its control (same seed, defer off): a FORFEIT, a distrust,
a reveal that differs from its commitment, a reveal never sent, a game that does not end with
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
import _board  # noqa: E402
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

LIMIT_MS = 1_200_000
STRANGER = 200


def play(game, seed, loss, defer, variant):
    _board.STATE["late_loops"] = 0
    _board.install("flood" if variant == "flood" else None, defer)
    _board.stranger(STRANGER)
    if game == "yatzy":
        t = tablebus.Table(seats=3, loss=loss, seed=seed, game="yatzy")
    else:
        t = tablebus.Table(seats=4, loss=loss, seed=seed)
    ev = dict(distrust=[], forfeits=[], wrong=[], reveals=0, rebooted=None, deferred=0)
    commits = {}  # (seat, round) -> (hs, hr) the commitments that left for it

    def hook(h):
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
        sub = h.node.submit

        def submit_(f, now, h=h, sub=sub):
            r = h.app.round
            if f.etype == wire.T_COMMIT:
                commits.setdefault((f.who, r), (bytes(f.h1), bytes(f.h2)))
            elif f.etype == wire.T_REVEAL:
                ev["reveals"] += 1
                commits.setdefault((f.who, r + 1), (bytes(f.h2), bytes(f.h3)))
                d = h.app.draw(f.who)
                want = commits.get((f.who, r))
                got = None
                if d is not None:
                    got = d.commitments()
                if d is None or bytes(f.h1) != bytes(d.s) or (want is not None and
                                                             tuple(want) != tuple(got)):
                    ev["wrong"].append((t.now, h.seat, f.who, r))
            return sub(f, now)
        h.node.submit = submit_

    for h in t.hands:
        hook(h)

    def watch():
        if variant == "reboot" and ev["rebooted"] is None and game == "snyd":
            h = t.hands[2]
            owed = h.app.owed() & 4
            if defer and h.app.undrawn & 4 or not defer and owed and \
                    h.node.agreed(h.app.gate_seq, t.now):
                ev["rebooted"] = t.now
                t.reboot(2)
                hook(t.hands[2])
        if variant == "flood":
            lead = [h for h in t.live() if h.node.is_leader()]
            if lead and t.bus.log:
                b = bytearray(t.bus.log[-1][3])
                b[-1] ^= 0x5A
                t.bus.inject(lead[0].addr, b, t.now + 1, src=STRANGER)
        return t.done()

    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = t.records()
    ev["done"] = t.done()
    ev["ms"] = t.now
    ev["same"] = all(r == recs[0] for r in recs)
    ev["deferred"] = _board.STATE["late_loops"]
    return ev


def bad_of(e):
    out = []
    if e["forfeits"]:
        out.append(("FORFEIT", e["forfeits"][:3]))
    if e["distrust"]:
        out.append(("distrust", e["distrust"][:3]))
    if e["wrong"]:
        out.append(("reveal other than committed", e["wrong"][:3]))
    if not e["done"] or not e["same"]:
        out.append(("over/one record", e["done"], e["same"]))
    return out


def main():
    args = sys.argv[1:]
    variant = ([a for a in args if a in ("plain", "flood", "reboot")] or ["plain"])[0]
    games = [a for a in args if a in ("snyd", "yatzy")] or (
        ["snyd"] if variant == "reboot" else ["snyd", "yatzy"])
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.0, 0.3]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3, 4]
    broken = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                c = play(game, seed, loss, False, variant)
                a = play(game, seed, loss, True, variant)
                for tag, e in (("defer off", c), ("defer on", a)):
                    print("%-5s %s seed %d loss %.1f %-9s: over %s at %6.1f s, one record %s; "
                          "reveals %d (deferred loops %d), other than committed %s; restart at "
                          "%s; distrust %s; FORFEITs %s" % (
                              game, variant, seed, loss, tag, e["done"], e["ms"] / 1000.0,
                              e["same"], e["reveals"], e["deferred"], e["wrong"][:2],
                              e["rebooted"], e["distrust"][:3], e["forfeits"][:3]))
                if not a["deferred"]:
                    print("COULD NOT RUN: defer never deferred a reveal (the model is off)")
                    sys.exit(2)
                cb = [x[0] for x in bad_of(c)]
                new = [x for x in bad_of(a) if x[0] not in cb]
                if new:
                    broken.append((game, variant, seed, loss, new))
                sys.stdout.flush()
    if broken:
        print("BROKEN (defer; what the same seed without it did not have): %s" % broken)
        sys.exit(1)
    print("HELD: every deferred reveal went out, the committed secret, no FORFEIT, distrust or "
          "unended game beyond the control")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
