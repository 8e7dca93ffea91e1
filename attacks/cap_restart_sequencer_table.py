"""Check (round 38, defence 2, on the real firmware's table.Table: pump.py's `_PER_LOOP`, not a
model): the sequencer (Anna, the creator) restarts with nothing kept (tlog.bin gone) mid-game at a
table of four on the lossless in-process radio (attacks/_table3.py). It takes its role back and
catches up from a follower's snapshot: about 6-7 SNAP chunks that the follower sends at once and
that Anna's pump reads in one loop. With `_PER_LOOP` 2, does the game still go on and end with
one record, no honest handheld distrusted and no honest seat FORFEITed, as with the cap off
(`_PER_LOOP` 99: the same as before a4f89ab for these frames)? Control: no restart, cap on.

Usage: .venv/bin/python attacks/cap_restart_sequencer_table.py [at=40 (entries before the
       restart)] [seeds...]
Verdict: 0 held (cap on no worse than off), 1 broke (evidence; the cap-off run beside it), 2 could
not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, FakeRadio, mac, table, wire  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from dicecup.table import pump  # noqa: E402

ANNA = 0
LIMIT_MS = 400_000


def play(seed, at, cap, restart=True):
    pump._PER_LOOP = cap
    t = Trio(4, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    ev = dict(distrust=[], forfeits=[], restarted=None, flooded=0, snap_chunks=0)

    def hook(k, tb):
        dn = tb.node._distrust

        def distrust_(x, k=k, dn=dn, nd=tb.node):
            if x >= 0 and not nd._bad & (1 << x):
                ev["distrust"].append((t.now, k, x))
            return dn(x)
        tb.node._distrust = distrust_
        ap = tb.game.apply

        def apply_(f, seq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT:
                ev["forfeits"].append((t.now, k, seq, f.who))
            return ap(f, seq)
        tb.game.apply = apply_
    for k, tb in enumerate(t.tables):
        hook(k, tb)
    anna = t.tables[ANNA]
    if restart:
        if not t.until(lambda: anna.node.applied >= at, 300000):
            return None
        ev["restarted"] = (t.now, anna.node.applied)
        t.air.radios[:] = [r for r in t.air.radios if r.mac != mac(ANNA)]
        t.air.log[:] = [x for x in t.air.log if x[0] != mac(ANNA)]
        t.cd(ANNA)
        if os.path.exists("tlog.bin"):
            os.remove("tlog.bin")
        tb = table.Table(FakeRadio(t.air, ANNA), t.NAMES[ANNA], t.now)
        assert tb.resume(), "Anna did not resume"
        t.tables[ANNA] = tb
        hook(ANNA, tb)
        ev["resumed"] = tb.node.applied
    t.until(t.done, LIMIT_MS)
    recs = t.records()
    ev["done"] = t.done()
    ev["same"] = all(r == recs[0] for r in recs)
    ev["ms"] = t.now
    ev["flooded"] = [getattr(tb, "flooded", None) for tb in t.tables]
    ev["nodes"] = [(tb.node.leader, tb.node.applied, getattr(tb.node, "ready", None))
                   for tb in t.tables]
    return ev


def bad_of(e):
    out = []
    if not e["done"] or not e["same"]:
        out.append(("not over / records differ", e["done"], e["same"], e["nodes"]))
    if e["distrust"]:
        out.append(("honest handheld left", e["distrust"][:4]))
    if e["forfeits"]:
        out.append(("FORFEIT of an honest seat", e["forfeits"][:4]))
    return out


def main():
    args = sys.argv[1:]
    at = int(([a.split("=")[1] for a in args if a.startswith("at=")] or [40])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2]
    broken, counted = [], 0
    for seed in seeds:
        c = play(seed, at, 2, restart=False)
        off = play(seed, at, 99)
        on = play(seed, at, 2)
        for tag, e in (("control cap 2", c), ("restart cap off", off), ("restart cap 2", on)):
            if e is None:
                print("seed %d %s: the game never reached entry %d" % (seed, tag, at))
                continue
            print("seed %d %-15s: restarted (ms, applied) %s, resumed at %s; over %s at %.1f s, "
                  "one record %s; distrust %s; FORFEITs %s; pump.flooded %s; nodes (leader, "
                  "applied, ready) %s" % (seed, tag, e["restarted"], e.get("resumed"), e["done"],
                                          e["ms"] / 1000.0, e["same"], e["distrust"][:4],
                                          e["forfeits"][:4], e["flooded"], e["nodes"]))
        if c is None or off is None or on is None or bad_of(c):
            print("   not counted (control broke or the restart never came)")
            continue
        counted += 1
        new = [x for x in bad_of(on) if x[0] not in [y[0] for y in bad_of(off)]]
        if new:
            broken.append((seed, new, "cap off: %s" % (bad_of(off) or "held")))
            print("   BREAK (cap 2 beyond cap off): %s; cap off: %s" % (new, bad_of(off) or "held"))
        elif bad_of(on):
            print("   cap 2 and cap off alike (not the new defence): %s" % bad_of(on))
        sys.stdout.flush()
    if not counted:
        print("COULD NOT RUN: no seed counted")
        sys.exit(2)
    if broken:
        print("BROKEN (a restarted sequencer on the real pump with _PER_LOOP 2): %s" % broken)
        sys.exit(1)
    print("HELD: _PER_LOOP 2 made no restarted sequencer's catch-up fail that the cap off did not")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
