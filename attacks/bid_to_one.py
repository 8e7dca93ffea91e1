"""Attack (round 29): rto_frame without the direct copy: a bid the sequencer never hears first-hand.

An ordinary seat (Bo) makes its bid on its turn with requester tags (`rto`) for every handheld but
the sequencer, and sends it to Cy alone (the frame's `to` names Cy only; here: every copy of Bo's
requests to Anna dropped on the air, which is what Anna's decode does with a frame not tagged for
it, R_NOTME). Cy's `_watch` keeps it (its own tag verifies), `_judge` hands it on at 1, 3, 5 s;
Anna refuses each hand-on silently (`_on_request`: `request_ok` fails, and RJ_FORGED answers only
a request straight from its requester, forged_hand_on's fix), so nothing tells Cy that the
sequencer cannot check it: at censor_ms Cy distrusts the honest sequencer?

Promise: "The sequencer orders, nothing more"; an honest sequencer is deposed only for ignoring a
valid request (rto_frame's fix: "the sequencer says RJ_FORGED to everyone"). Role: ordinary seat.
Variant `take`: Bo's firmware also takes the next term 7.2 s after its bid (as rto_frame's did).
Usage: .venv/bin/python attacks/bid_to_one.py [take] [seeds...]
Verdict: 0 if no honest handheld distrusts Anna; 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, mac, screens  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2


LONG = int(([a.split("=")[1] for a in sys.argv if a.startswith("long=")] or [60000])[0])


def play(attack, seed=1, take=False):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    bo = t.tables[BO]
    node = bo.node
    st = {"t0": None}
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
        if attack and f.etype == wire.T_ACTION and f.kind == wire.A_BID and node.leader == AN and \
                g.game.on_turn == seat_of(bo, BO) and g.phase == snydtable.P_BID:
            rto &= ~(1 << AN)
            if st["t0"] is None:
                st["t0"] = t.now
        return sign(f, rby, rack, rto)
    node.codec.sign_request = sign_request
    judge = node._judge

    def bo_judge(now):
        # Bo's firmware hands on no request of its own (its hand-on, straight from the requester,
        # would draw the sequencer's RJ_FORGED)
        if not (attack and st["t0"] is not None):
            judge(now)
    node._judge = bo_judge

    def to_cy_only(src, dst, data):
        # Bo's requests reach Cy only (a frame tagged for Cy alone: Anna's decode says R_NOTME)
        if attack and st["t0"] is not None and src == mac(BO) and dst == mac(AN) and \
                data[2] in wire.LOGGABLE and data[2] != wire.T_ENTRY:
            return False
        return True
    t.filters.append(to_cy_only)
    if take:
        def bo_mover(tb, m=t.movers[BO]):
            # `take`: as rto_frame, Bo's firmware takes the next term once Cy should have left
            if st["t0"] is not None and "took" not in st and t.now - st["t0"] >= 7200 and \
                    node.leader == AN:
                node._take_over(t.now)
                st["took"] = t.now
            m(tb)
        t.movers[BO] = bo_mover
    t.start()
    t.until(lambda: t.done() or attack and st["t0"] is not None and t.now - st["t0"] > LONG,
            400000)
    st["screens"] = screens(t)
    leads = [(t.tables[k].node.term, t.tables[k].node.leader) for k in range(3)]
    rej = t.tables[AN].node.dropped[log.D_FORGED]
    return st, distrust, leads, t.done(), rej


def main():
    seeds = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1, 2, 3]
    take = "take" in sys.argv
    broke = []
    for seed in seeds:
        st, distrust, leads, done, _ = play(False, seed)
        if not done or distrust:
            print("control failed:", distrust, leads, done)
            sys.exit(2)
        st, distrust, leads, done, rej = play(True, seed, take)
        if st["t0"] is None:
            print("seed %d: Bo never had a bidding turn" % seed)
            sys.exit(2)
        framed = [d for d in distrust if d[2] == AN]
        print("seed %d: Bo's bid to Cy alone, tagged for all but Anna, at %d ms; Anna dropped %d "
              "forged; distrust (ms, handheld, whom) %s; (term, leader) %d s on %s%s" % (
                  seed, st["t0"], rej, distrust, LONG // 1000, leads,
                  "; Bo took over at %d ms" % st["took"] if "took" in st else ""))
        for sc in st["screens"]:
            print("   ", {k: sc[k] for k in ("k", "term", "leader", "applied", "round", "dice",
                                              "records", "paused", "heading", "names", "bad")})
        if framed:
            broke.append((seed, st["t0"], framed[0], leads))
    verdict(broke, "(seed, Bo's bid ms, (ms, handheld, whom) distrusting the honest Anna, "
            "(term, leader) per handheld): %s" % broke)


if __name__ == "__main__":
    run(main)
