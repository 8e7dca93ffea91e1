"""Attack: an ordinary seat (Cy) hands Bo its own call as entry N, unasked, while Bo lacks the
sequencer's entries N and N+1 (lost on the radio). `_relayed` checks a peer's copy against the
sequencer's chain only when the sequencer's latest claim is exactly that entry; here it claims
N+1, so Bo takes Cy's call, its gate (waiting for Cy alone) opens at once, and Bo reveals while
the table bids. When the sequencer's real entry N then reaches Bo, Bo leaves the honest
sequencer (its "second entry at one place").

Promise: The same log everywhere; Private; the sequencer orders, nothing more (an honest
sequencer is left); an entry counts only as the sequencer logged it. docs/protocol.md, *The same
log everywhere* (*A withheld entry*: "takes the peer's copy only if with it its own chain becomes
the one the peer's heartbeat claimed"; the relay_a_call fix: "must fit the sequencer's chain where
it claims that entry").
Role: an ordinary seat (Cy, whose turn comes just before the sequencer's). The loss: every copy of
entries N and N+1 from the sequencer to Bo is dropped (the in-process radio's filter) until Bo has
revealed, or for 3 s (the control); at 30 % loss this is rare, and no seat or radio can cause it - this script shows the
hole, not a likely way in.

How: Cy bids (entry N, its real request), the sequencer bids (N+1). Cy then sends Bo, every 20 ms,
a heartbeat claiming N with the chain Bo would have after Cy's call at N, and that call packed as
entry N (Cy's own request, tags by Cy, rack N-1). Once the sequencer's heartbeat claims N+1 at Bo
(`_acked[leader] >= N`, `agree.pending(leader)[0] == N+1 != N`), `_relayed` takes it.

Found (seed 1): Bo does take Cy's call as entry N (7.82 s), but it never reveals: a seat acts
only while its handheld is caught up (`Node.caught_up`: applied >= what the sequencer claims), and
the sequencer claims N+1. Held for Private. Side effect: when the loss ends, the sequencer's real
entry N reaches Bo, which takes it for a second entry at one place in the term (`D_CONFLICT`) and
leaves the honest sequencer (then Cy too): with that much loss, one ordinary seat's entry gets an
honest sequencer left - the class of *One liar* in Limits we know, by another route.

Control: the same bids, no fake entry: Bo reveals nothing in that round before the table calls.
Verdict: 0 if Bo never takes Cy's entry / never reveals before the table's call; 1 with the
evidence (the dice Cy computes = Bo's own; who Bo distrusts afterwards).
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, mac, seat_of  # noqa: E402
from equivocate import request  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

SEQ, BO, CY = 0, 1, 2
LOSS_MS = 3000  # how long every copy of entries N and N+1 to Bo is lost


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    c = t.tables[CY]
    node = c.node
    cy = seat_of(c, CY)
    bo = seat_of(c, BO)
    st = {"n": None, "chain": None, "fake": None, "took": None, "lift": False}
    heard = []

    def lossy(src, dst, data):
        # every copy of the sequencer's entries N and N+1 to Bo is lost until Bo revealed
        if st["n"] is None or st["lift"] or t.now - st["at"] > LOSS_MS or src != mac(SEQ) or dst != mac(BO) or \
                data[2] != wire.T_ENTRY:
            return True
        seq = data[10] | data[11] << 8 | data[12] << 16 | data[13] << 24
        return seq not in (st["n"], st["n"] + 1)
    t.filters.append(lossy)

    onreq = t.tables[SEQ].node._on_request  # (only to see Bo's REVEAL on the air: Cy hears it)

    def cy_mover(tb, m=t.movers[CY]):
        g = tb.game
        if st["n"] is None and g is not None and g.phase == snydtable.P_BID and g.round >= 1 and \
                g.game.on_turn == cy and g.game.bid_face and \
                g.game.next_seat(cy) == seat_of(tb, SEQ) and g.game.dice_left[bo] and \
                tb.move is None and not node.pending(cy):
            st["n"] = node.applied + 1
            st["at"] = t.now
            st["chain"] = bytes(node.chain)
            call = request(node, cy, g.round, wire.A_SNYD)   # signed with rack N-1
            call.type = wire.T_ENTRY
            call.seq = st["n"]
            call.eterm = node.term
            st["fake"] = call
            b = bytearray(log.SLOT)
            n = wire.pack_entry(call, b, 0)
            h = hashlib.sha256(st["chain"])
            h.update(memoryview(b)[:n])
            st["fchain"] = h.digest()[:wire.CHAIN_LEN]
            m(tb)   # its real move: a bid (entry N)
            return
        if attack and st["n"] is not None and not st["lift"] and node.applied >= st["n"] + 1 and \
                t.now - st["at"] <= LOSS_MS:
            # to Bo alone: "I applied N, my chain is this", and the entry itself
            f = node.tx
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = node.leader
            f.missing = 0
            f.chain[:] = st["fchain"]
            keep = node.applied
            node.applied = st["n"]
            node._emit(BO, f)
            node.applied = keep
            node._emit(BO, st["fake"])
        m(tb)
    t.movers[CY] = cy_mover

    real_hb = node._heartbeat
    emit = node._emit

    def cy_heartbeat(now):
        # while it feeds Bo: its real heartbeats go to the sequencer only (Bo gets the fake ones)
        if attack and st["n"] is not None and not st["lift"] and t.now - st["at"] <= LOSS_MS:
            node._emit = lambda dest, f: emit(SEQ if dest == log.BROADCAST else dest, f)
            try:
                real_hb(now)
            finally:
                node._emit = emit
            return
        real_hb(now)
    node._heartbeat = cy_heartbeat

    bo_node = t.tables[BO].node
    bo_on_entry = bo_node._on_entry

    def bo_entry(f, now):
        r = bo_on_entry(f, now)
        if f.seat == CY and st["took"] is None and bo_node.applied >= st["n"] and r == 0:
            st["took"] = (now, bo_node.applied)
        return r
    bo_node._on_entry = bo_entry

    # Cy hears Bo's REVEAL on the air (broadcast): watch it at Cy's node
    cy_receive = node._receive

    def cy_rx(data, now):
        r = cy_receive(data, now)
        f = node.rx
        if not r and f.type == wire.T_REVEAL and f.seat == BO and st["n"] is not None and \
                f.who == bo and not heard:
            g = c.game
            heard.append((now, f.round, bytes(f.h1), g.phase, g.round, g.game.on_turn))
        return r
    node._receive = cy_rx

    t.until(lambda: heard and attack or all(tb.saved_games for tb in t.tables), 400000)
    leak = None
    if heard and attack:
        now, rnd, sec, ph, crnd, on = heard[0]
        g = c.game
        dice = fairdice.roll_dice(sec, g.seed, c.tid, rnd, bo, g.game.dice_left[bo])
        leak = (now, rnd, sorted(dice), sorted(t.tables[BO].game.mine[bo] or []), ph, crnd, on)
    st["lift"] = True
    t.tick(1500)  # 30 s on: the sequencer's real entry N reaches Bo
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in range(3)}
    done = all(tb.saved_games for tb in t.tables)
    return st, leak, bad, done


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    st, leak, bad, done = play(False, seed)
    if st["n"] is None or not done or any(bad.values()):
        print("control failed:", st["n"], done, bad)
        sys.exit(2)
    print("control: the same bids and loss (Cy's bid at entry %d and the next entry lost at Bo "
          "for 3 s): the game ended on every handheld; distrust: %s" % (st["n"], bad))
    st, leak, bad, done = play(True, seed)
    if st["n"] is None:
        print("the attack never found its turn")
        sys.exit(2)
    print("attack: Bo took Cy's own call as entry %d: %s; Bo's REVEAL heard by Cy: %s; distrust "
          "30 s on: %s" % (st["n"], st["took"], leak, bad))
    print("Bo distrusts the honest sequencer after the loss: %s" % (SEQ in bad[BO]))
    ok = leak is not None and leak[2] == leak[3] and leak[4] == snydtable.P_BID
    if ok:
        verdict(True, "seed %d: Bo applied Cy's call, handed on by Cy as entry %d (the sequencer's "
                "was Cy's bid), at %s; at %s ms Bo's REVEAL of round %s was on the air while the "
                "table bid (phase %s, seat %s on turn); Cy computed Bo's dice %s = Bo's own %s; 30 s "
                "on each handheld distrusts %s (the sequencer is honest)" % (
                    seed, st["n"], st["took"], leak[0], leak[1], leak[4], leak[6], leak[2],
                    leak[3], bad))
    verdict(False, "seed %d: Bo applied Cy's call as entry %d at %s (ms, applied) but revealed "
            "nothing: it is not caught up with the sequencer's claim; 30 s on each handheld "
            "distrusts %s (Bo left the honest sequencer when its real entry %d came: D_CONFLICT)"
            % (seed, st["n"], st["took"], bad, st["n"]))


if __name__ == "__main__":
    run(main)
