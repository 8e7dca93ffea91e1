"""_watch: what the host_tools.tablebus attacks of rounds 32-34 record on every handheld of a
Table: each FORFEIT it applies and each sequencer it newly stops trusting. Not firmware."""
from dicecup.table import wire


def forfeits_and_distrust(t, st, starve=False):
    """Append (ms, handheld, entry, seat) to st["forfeits"] for each FORFEIT a handheld applies,
    and (ms, handheld, whom) to st["distrust"] for each handheld it newly distrusts (with
    starve: and the node's _starve_h then, the sequencer it left for starving it)."""
    for h in t.hands:
        apk = h.app.apply

        def applyk(f, seq, k=h.seat, apk=apk):
            if f.etype == wire.T_FORFEIT:
                st["forfeits"].append((t.now, k, seq, f.who))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=h.seat, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                st["distrust"].append((t.now, k, x, nd._starve_h) if starve else (t.now, k, x))
            return dn(x)
        h.node._distrust = distrust_
