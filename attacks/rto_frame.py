"""Attack (round 10): frame the honest sequencer with a request whose requester tags leave it out.

An ordinary seat (Bo, handheld 1, next clockwise after the creator Anna) makes its bid on its turn
with `rto` (the requester's part: one tag per handheld) naming every handheld but the sequencer,
and broadcasts it as any request. Cy's `_watch` keeps it (`codec.request_ok`: Cy's own tag
verifies; nothing asks that the sequencer's does), `_judge` finds it valid and hands it on at 1, 3
and 5 s; the sequencer refuses each copy (`_on_request`: `request_ok` fails, D_FORGED: its tag is
missing), and at 7 s (censor_ms) Cy distrusts the honest sequencer. Bo's own (unmodified) watch of its
own request does the same, so Bo's firmware takes the next term by itself; Cy follows it (its
sequencer is "gone") and Anna too (another handheld follows it). The only change to Bo's firmware
is the rto mask of its bids (`codec.sign_request`), from its bidding turn until it leads.

Promise: "The sequencer orders, nothing more ... nor take or keep the role out of turn"; an honest
sequencer is deposed only for ignoring a valid request. frame_the_sequencer.py's cause (the
hold) is fixed; this one needs no timing: one frame. Role: an ordinary seat. No radio, no loss.

Variants: SEED (seeds 1-4 break alike). `notake` is kept but unused (Bo's own code takes over).
Control: Bo bids normally; Anna stays the sequencer, nobody distrusts anybody.
Verdict: 0 if no honest handheld distrusts Anna; 1 with the evidence (who distrusts whom, who leads).
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
TAKE = "notake" not in sys.argv
LEAVE_CY = "cy" in sys.argv  # variant: the tags leave out Cy, not the sequencer


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
    framed = [d for d in distrust if d[2] == AN and d[1] == CY]
    verdict(framed, ("seed %d: one bid from Bo tagged for everyone but " +
            ("Cy" if LEAVE_CY else "the sequencer") + " (at %d ms): "
            "Cy distrusted the honest Anna at %s ms (%s ms later) for ignoring it; Anna refused "
            "%d copies (D_FORGED); 40 s on (term, leader) per handheld: %s") % (
                seed, st["t0"], framed[0][0] if framed else "-",
                framed[0][0] - st["t0"] if framed else "-", st["forged"], leads))


if __name__ == "__main__":
    run(main)
