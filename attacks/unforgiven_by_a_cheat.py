"""Attack (round 33, focus 2/3): an ordinary seat cancels 23d0b64's forgiveness, so that one burst
of loss stops an honest table for good again (round 32's deposed_for_good).

23d0b64: a follower that left its sequencer only for starving it (`police._starved` sets
`_starve_h`) follows it again once it is alive and the follower holds all it claims
(`police._forgive`). But `_distrust(h)` clears `_starve_h` for ANY h, not only that sequencer: a
follower that, while it waits to forgive, distrusts anybody else (here: the cheat itself) forgets
that its sequencer's only fault was starving it, and stays held on it (`gate.deposed`) for good.

Role: an ordinary seat (Di, seat 3 of four; not the heir). Anna (0) the honest sequencer, Bo (1)
the heir, Cy (2) the follower with the burst; all three honest. (host_tools/tablebus, Snyd, 3
dice.) Loss: from the first entry of round 2, for BURST ms (default 9000), Cy receives only
heartbeats (as deposed_for_good.py four), so Cy leaves Anna at ~7 s (`_starved`).
How: once Cy says it left Anna (its heartbeats: F_HELD, held on Anna; read here as
`cy.deposed()`), Di hands Cy, as a peer's copy of Cy's next entry (`gate._relayed`: Di's heartbeat
to Cy alone claims that entry with the chain Cy would have after it, then the entry itself), a
request of Di's own seat that the rules refuse on that log (a call or bid out of turn, tagged by
Di as any request). Cy takes it (Anna's claim is past it), refuses it and distrusts Di
(`_apply_ready`: the sender, `_by`), which clears `_starve_h`. Di's frames pass the burst (the
loss is on Anna's and Bo's frames; a cheat may also simply send after it). Di then plays honestly.
Variants: `none` (the burst, no cheat: the control, 23d0b64's fix), `ordinary` (Di cheats as
above), `noforgive` (`ordinary` with police._forgive a no-op: 23d0b64^).

Usage: .venv/bin/python attacks/unforgiven_by_a_cheat.py [none|ordinary|noforgive] [burst=ms] [seeds...]
Verdict: 0 if, with the cheat, the table ends as the control does (or stops only naming Di); 1 if
it stops for good naming honest handhelds (Anna, held on by Cy); 2 could not run.
"""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire, log  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from _resync import emitter  # noqa: E402
from _watch import forfeits_and_distrust  # noqa: E402
from equivocate import request  # noqa: E402

AN, BO, CY, DI = 0, 1, 2, 3
T_ACK = 11
ROUND = 2
AFTER_MS = 600_000


def names(m):
    return ",".join("ABCDEFGH"[x] for x in range(8) if m & (1 << x)) or "-"


def refused_request(D, cy, now):
    """A request of Di's seat that Cy's state refuses (Di knows that state: it is its own log's
    prefix)."""
    s = DI
    g = cy.game
    g.now = now
    for kind, c, fc in ((wire.A_SNYD, 0, 0), (wire.A_BID, 1, 1), (wire.A_BID, 0, 0)):
        f = request(D.node, s, cy.game.round, kind, c, fc)
        f.ack = f.rack
        try:
            if g.check(f) != 0:
                return f
        except Exception:
            return f
    return None


def relay_to(D, cy, f, now):
    """Di hands Cy entry cy.applied+1 = f as a peer's copy: a heartbeat to Cy alone claiming it
    with the chain Cy would have after it, then the entry (Di's own slot restored after)."""
    node = D.node
    seq = cy.applied + 1
    i = seq % log.LOG_CAP
    b = i * log.SLOT
    keep = (bytes(node._slab[b:b + log.SLOT]), node._seqs[i], node._terms[i], node._etime[i],
            node._mine[i], node._by[i])
    node._store(seq, node.term, f, now, 0)
    h = hashlib.sha256(bytes(cy.chain))
    h.update(bytes(node._slab[b:b + wire.entry_len(node._slab[b])]))
    d = h.digest()[:wire.CHAIN_LEN]
    hb = wire.Frame()
    hb.type = wire.T_ACK
    hb.flags = node.leader & log.F_LEADER_MASK
    hb.missing = 0
    emitter(node)(CY, hb, ack=seq, chain=d)
    node._send_entry(CY, seq)
    node._slab[b:b + log.SLOT] = keep[0]
    node._seqs[i], node._terms[i], node._etime[i], node._mine[i], node._by[i] = keep[1:]
    return seq


def play(mode, seed, burst):
    t = tablebus.Table(seats=4, seed=seed, rules=snyd.Rules(dice=3))
    A, C, D = t.hands[AN], t.hands[CY], t.hands[DI]
    cy = C.node
    if mode == "noforgive":
        for h in t.hands:
            h.node._forgive = lambda now: None
    st = dict(burst=None, cheat=None, passed_di=0, forfeits=[], distrust=[], inj=False,
              starve_h=[])
    allowed = set()
    send = t.bus.send

    def bus_send(src, dest, data, now):
        if st["inj"] and src == DI:
            allowed.add(bytes(data))
        return send(src, dest, data, now)
    t.bus.send = bus_send
    rcv = C.receive

    def receive(data, now):
        b = st["burst"]
        if b is not None and b <= now < b + burst and data[2] != T_ACK:
            if bytes(data) not in allowed:
                return
            st["passed_di"] += 1
        return rcv(data, now)
    C.receive = receive
    ap = A.app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        if st["burst"] is None and A.app.round >= ROUND:
            st["burst"] = t.now
        return r
    A.app.apply = apply_
    forfeits_and_distrust(t, st, starve=True)

    def until_():
        b = st["burst"]
        if mode != "none" and b is not None and st["cheat"] is None and cy.deposed() and \
                t.now - b < burst - 200:
            f = refused_request(D, cy, t.now)
            if f is None:
                st["cheat"] = (t.now, "no refused request")
            else:
                st["inj"] = True
                seq = relay_to(D, cy, f, t.now)
                st["inj"] = False
                st["cheat"] = (t.now, seq, f.kind, cy._starve_h)
        if st["cheat"] and len(st["starve_h"]) < 1 and t.now - st["cheat"][0] >= 200:
            st["starve_h"].append((t.now, cy._starve_h, names(cy._bad)))
        return t.done() or b is not None and t.now - b > AFTER_MS
    assert t.start_game() == 0
    t.run(until_, 3_600_000)
    now = t.now
    recs = t.records()
    end = []
    named = 0
    for h in t.hands:
        nd = h.node
        m = nd.held(now)
        if m & (1 << h.seat):
            m |= nd.held_on()
        m = m & ~(1 << h.seat) | nd.snap_named(now)
        named |= m
        end.append("%s: leader %d term %d applied %d bad %s deposed %s held %s; screen: logs "
                   "differ %s" % ("ABCD"[h.seat], nd.leader, nd.term >> 3, nd.applied,
                                  names(nd._bad), names(nd.deposed()), names(nd.held(now)),
                                  names(m)))
    return dict(st=st, done=t.done(), same=all(r == recs[0] for r in recs), ms=now, end=end,
                named=named, dice=list(A.app.game.dice_left))


def show(seed, mode, r):
    st = r["st"]
    print("seed %d %s: burst from %s ms; Di's cheat (ms, entry, kind, Cy's _starve_h before) %s; "
          "Di's frames through %d; Cy's _starve_h, bad 200 ms on %s" % (
              seed, mode, st["burst"], st["cheat"], st["passed_di"], st["starve_h"]))
    print("   distrust (ms, by, whom, its _starve_h before) %s; FORFEITs (ms, by, entry, mask) %s"
          % (st["distrust"][:8], st["forfeits"][:6]))
    print("   game over %s at %.1f s, records agree %s, dice %s" % (
        r["done"], r["ms"] / 1000.0, r["same"], r["dice"]))
    for e in r["end"]:
        print("     " + e)


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("none", "ordinary", "noforgive")] or ["ordinary"])[0]
    burst = int(([a.split("=")[1] for a in args if a.startswith("burst=")] or [9000])[0])
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2]
    bad = []
    for seed in seeds:
        c = play("none", seed, burst)
        show(seed, "control (none)", c)
        if not c["done"]:
            print("control did not end")
            sys.exit(2)
        if mode == "none":
            continue
        r = play(mode, seed, burst)
        show(seed, mode, r)
        if r["st"]["cheat"] is None or len(r["st"]["cheat"]) < 3:
            print("the cheat could not be made")
            sys.exit(2)
        honest_named = r["named"] & ~(1 << DI)
        if not r["done"] and honest_named:
            bad.append((seed, r["st"]["cheat"], r["st"]["starve_h"], names(honest_named)))
    if bad:
        print("BROKEN: one burst of loss at Cy and one refused entry relayed by Di stop the table "
              "for good, naming honest handhelds (seed, cheat, Cy's _starve_h after, named): %s" % bad)
        sys.exit(1)
    print("HELD: the table ends (or stops naming Di only)")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
