"""Attack (round 11): an ordinary seat gets the honest sequencer to say RJ_FORGED about its own seat
and so never reveals, nor forfeits (the brief: "Can an ordinary seat use it?").

Bo (an ordinary seat) makes every reveal of the first reveal phase with requester tags for every
handheld but the sequencer (`codec.sign_request`'s rto). The honest sequencer's tag fails: it
broadcasts REJECT(RJ_FORGED) for Bo's seat; Cy drops its kept copy and marks Bo's seat
`_fdisp`. 30 s on the sequencer logs Bo's FORFEIT (its own `_fdisp` is never set); Cy holds it
(`_disputed`), raises its held flag and stops there; the sequencer then spares Bo and pauses on
Cy. No entry of Bo's seat is ever applied again, so the dispute, and the stop, last for good.

Promise: withholding never pays; a stop names whom it can; no honest seat named. The stated
limits: "A request tagged for some handhelds only stops the table" and "The pause may name an
honest handheld". So the verdict is about what the stop costs: 1 if an honest seat forfeits,
an honest handheld is deposed, or an honest screen names nobody while the table waits; 0 if it
is the stated stop (the names each honest screen shows are printed).

Variants: SEED.
Control: the same game honest.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
WAIT = 300000


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    bo = t.tables[BO]
    node = bo.node
    st = {"t0": None, "round": None}
    distrust = []
    for k in (AN, CY):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_
    sign = node.codec.sign_request

    def sign_request(f, rby, rack, rto):
        g = bo.game
        if attack and f.etype == wire.T_REVEAL and (st["round"] is None or
                                                    st["round"] == g.round):
            if st["t0"] is None:
                st["t0"], st["round"] = t.now, g.round
            rto &= ~(1 << node.leader)
        return sign(f, rby, rack, rto)
    node.codec.sign_request = sign_request
    seen = {}

    def look():
        if st["t0"] is not None and t.now - st["t0"] > 40000:
            for k in (AN, CY):
                tb = t.tables[k]
                seen.setdefault(k, set()).add((tuple(tb.names_of(tb.waiting_mask())),
                                               tuple(tb.held_names())))
        return t.done() or st["t0"] is not None and t.now - st["t0"] > WAIT
    t.start()
    t.until(look, 900000)
    forf = {}
    for k in (AN, CY):
        g = t.tables[k].game
        forf[k] = [t.tables[k].seat_name(s) for s in range(g.n) if g.forfeited & (1 << s)]
    return t, st, distrust, seen, forf


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, seen, forf = play(False, seed)
    if not t.done() or distrust:
        print("control failed:", distrust, t.done())
        sys.exit(2)
    print("control: honest; the game ended everywhere; nobody distrusted")
    t, st, distrust, seen, forf = play(True, seed)
    if st["t0"] is None:
        print("Bo never revealed")
        sys.exit(2)
    print("attack: Bo's reveals tagged for all but the sequencer from %d ms" % st["t0"])
    print("  %d s on: game over %s; distrust %s; forfeited (Anna's view, Cy's): %s, %s" % (
        WAIT // 1000, [bool(tb.saved_games) for tb in t.tables], distrust, forf[AN], forf[CY]))
    for k in (AN, CY):
        print("  %s's screen (waiting names, held names) seen:" % t.NAMES[k], sorted(seen.get(k, ())))
    honest_forf = [n for n in forf[AN] + forf[CY] if n in ("Anna", "Cy")]
    unnamed = [k for k in (AN, CY) if any(not w and not h for w, h in seen.get(k, ()))]
    broke = bool(honest_forf or distrust or unnamed)
    verdict(broke, ("seed %d: Bo's reveal tagged for all but the sequencer: %d s on no game ended, "
                    "Bo forfeited: %s; honest seats forfeited: %s; distrust: %s; an honest screen "
                    "that named nobody while the table waited: %s; names shown: Anna %s, Cy %s "
                    "(the stated stop; Anna's pause names the honest Cy)")
            % (seed, WAIT // 1000, "Bo" in forf[CY], honest_forf or "none", distrust or "none",
               [t.NAMES[k] for k in unnamed] or "none", sorted(seen.get(AN, ())),
               sorted(seen.get(CY, ()))))


if __name__ == "__main__":
    run(main)
