"""Attack (round 10): rto_frame turned on a follower. An ordinary seat (Bo) makes its bid with
requester tags (`rto`) for every handheld but Cy, and broadcasts it as any request.

The honest sequencer checks only its own tag (`_on_request`: `codec.request_ok`), logs the bid and
broadcasts the entry; Bo applies it; Cy refuses it every time it comes (`_on_entry`: `request_ok`
fails, D_FORGED), so Cy's log stops at the entry before, for good. 7.5 s on Cy's `_starved`
deposes the honest sequencer (its claim is past Cy's log and nothing applies); Cy then waits for
the next seat, Bo, to take over (`_maybe_take_over`), which it never does (the default) - or
does (`take`: Bo takes the next term 7.2 s after its bid; Cy follows and leaves Bo too, for the
same entry, and leads term 10 alone).

Promise: the sequencer orders, nothing more (an honest sequencer deposed); Alive (no frame stops a
game for good); no honest seat named or forfeited; a stop is shown on every honest screen naming
someone (the brief). Role: an ordinary seat. No radio, no loss.

Seed 1, default: the table stops for good in round 1; 2 minutes on, Anna's and Bo's screens say
"Paused / Missing: Cy" (the honest Cy stalled: the game waits on Cy's bid, which Cy's log never
asks for); Cy's screen shows no pause, names nobody and still shows Bo to bid; no record 447 s on.
Anna's person cannot give Cy's seat to a bot (Cy is heard: "Still heard"); nobody ever names Bo.

Control: Bo bids normally; the game ends everywhere, nobody distrusted.
Verdict: 0 if no honest handheld distrusts the honest sequencer; 1 with evidence.
Usage: rto_skip_one.py [SEED] [take]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST
TAKE = "take" in sys.argv
LEAVE_CY = "cy" in sys.argv or "skip" in __file__  # variant: the tags leave out Cy, not the sequencer


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    bo = t.tables[BO]
    node = bo.node
    st = {"t0": None, "took": None, "forged": None}
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
        if attack and st["took"] is None and f.etype == wire.T_ACTION and \
                f.kind == wire.A_BID and node.leader == AN and \
                g.game.on_turn == seat_of(bo, BO) and g.phase == snydtable.P_BID:
            rto &= ~(1 << (CY if LEAVE_CY else node.leader))  # requester tags for every handheld
            # but the sequencer (`cy`: but Cy)
            if st["t0"] is None:
                st["t0"] = t.now
                st["forged0"] = t.tables[AN].node.dropped[log.D_FORGED]
        return sign(f, rby, rack, rto)
    node.codec.sign_request = sign_request

    def bo_mover(tb, m=t.movers[BO]):
        if attack and st["t0"] is not None and st["took"] is None:
            if TAKE and t.now - st["t0"] >= 7200 and node.leader == AN:
                node._take_over(t.now)
                st["took"] = t.now
        m(tb)
    t.movers[BO] = bo_mover
    t.start()
    t.until(lambda: t.done() or attack and st["t0"] is not None and t.now - st["t0"] > 40000,
            400000)
    if attack and st["t0"] is not None:
        st["forged"] = t.tables[AN].node.dropped[log.D_FORGED] - st["forged0"]
    leads = [(t.tables[k].node.term, t.tables[k].node.leader) for k in range(3)]
    if LEAVE_CY and attack:
        t.until(lambda: t.done(), 400000)
        for k in range(3):
            tb = t.tables[k]
            nd = tb.node
            hm = tb.held_mask()
            st.setdefault("screens", []).append(dict(
                k=k, term=nd.term, leader=nd.leader, applied=nd.applied, round=tb.game.round,
                phase=tb.game.phase, dice=list(tb.game.game.dice_left), records=tb.saved_games,
                names=tb.held_names() if hm else tb.missing_names(),
                heading="Logs differ" if hm else ("Paused" if tb.waiting_mask() & ~(1 << k) else "-"),
                forged=nd.dropped[log.D_FORGED], bad=nd._bad))
        st["records"] = t.records()
        st["end"] = t.now
    return st, distrust, leads, t.done()


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    st, distrust, leads, done = play(False, seed)
    if not done or distrust:
        print("control failed:", distrust, leads, done)
        sys.exit(2)
    print("control: honest bids; the game ended everywhere; nobody distrusted; (term, leader):", leads)
    st, distrust, leads, done = play(True, seed)
    if st["t0"] is None:
        print("Bo never had a bidding turn")
        sys.exit(2)
    print(("attack: Bo's bid with requester tags for all but " + ("Cy" if LEAVE_CY else "Anna") + " at %d ms; Anna dropped %d copies "
          "as forged; Bo took over at %s") % (st["t0"], st["forged"], st["took"]))
    print("  distrust (time, handheld, whom):", distrust)
    print("  (term, leader) per handheld 40 s on:", leads)
    for sc in st.get("screens", []):
        print("  %d s on, handheld %d: %s" % (st["end"] // 1000, sc["k"], sc))
    for k, recs in enumerate(st.get("records", [])):
        print("  records on handheld %d: %s" % (k, [r.get("result", r) if isinstance(r, dict) else r for r in recs]))
    framed = [d for d in distrust if d[2] == AN and d[1] == CY]
    verdict(framed, ("seed %d: one bid from Bo tagged for everyone but " +
            ("Cy" if LEAVE_CY else "the sequencer") + " (at %d ms): "
            "Cy distrusted the honest Anna at %s ms (%s ms later) for ignoring it; Anna refused "
            "%d copies (D_FORGED); 40 s on (term, leader) per handheld: %s") % (
                seed, st["t0"], framed[0][0] if framed else "-",
                framed[0][0] - st["t0"] if framed else "-", st["forged"], leads))


if __name__ == "__main__":
    run(main)
