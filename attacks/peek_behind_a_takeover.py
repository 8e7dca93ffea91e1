"""Attack: the sequencer (Anna, the creator) keeps Cy in its old term while Bo takes over, then
plays its own call in Bo's term: Bo's gate counts Cy as a handheld that "still follows an older
term" and reveals while Cy's log lacks the call.

How (Anna's firmware; Bo and Cy honest; no loss, no radio):
1. On its turn (a bid is standing) Anna does not move and sends nothing to Bo any more: every frame
   of its goes to Cy alone (here: the air drops Anna's frames at Bo, the same as sending each one
   unicast to Cy). Cy still hears Anna, so it keeps following Anna's term 0.
2. 3.5 s on Bo sees its sequencer gone and takes term 9 (it is next). Cy refuses Bo's term
   (`_term_ok`: its sequencer, Anna, is alive, and no handheld Cy hears follows term 9).
3. Anna then tells Bo alone (unicast heartbeats in term 9) that it follows Bo, and sends Bo alone
   its call request. Bo, an honest sequencer, logs it (entry N, term 9) and broadcasts it; Cy drops
   it (a term it does not follow). Anna's heartbeats to Bo claim N with the chain N gives (Anna
   computes it from the entry it heard).
4. Bo's gate (`Node.agreed`) waits only for Anna: Cy's frames are of term 0 < 9 and Cy follows
   Anna, not Bo (`_tlast[x] >= term or _tfol[x] == leader` fails), so Cy counts as silent. Bo
   reveals at once; Anna computes Bo's dice from the REVEAL while Cy's log still bids.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private; docs/protocol.md *The gate* ("A handheld counts as silent ... when it still follows an
older term"): here the older term's sequencer is alive to Cy and is the attacker. Goes past
peek_across_a_term's fix, which waits only for a handheld that follows our own sequencer.
Role: the creator (sequencer of term 0).

Control: honest play; the game ends everywhere with nobody distrusted.
Variant `steer`: once Bo's dice are read, Anna's frames reach Bo again as the term-0 sequencer's;
Bo is outvoted (Anna and Cy follow Anna), gives its term up, follows Anna, and is brought back to
Anna's log (its call and reveal at N are another term's: D_CONFLICT, a snapshot Cy vouches for);
Anna bids at N instead of calling, and the round goes on with Anna knowing Bo's dice. Seed 1: it
does not: Bo follows Anna again (17.9 s) and sees the conflict, but Anna's snapshot (numbered N,
below Bo's applied N+1) is dropped by `Node._on_snap` (`f.seq < self.applied`), so Bo never comes
back; 35 s after the call its police depose Anna (Anna's reveal owed on Bo's log), Bo leads term
9 alone and is outvoted, and no game ends (400 s): a stop, not a steer, and one Bo's screen does
not show (round 2, no pause: it follows nobody) while Anna's and Cy's pause on Bo. The leak stands.

Verdict: 0 if no REVEAL of Bo's for the round is heard while Cy's log lacks the call; 1 with the
evidence (the dice Anna computes = Bo's own). Usage: peek_behind_a_takeover.py [SEED]
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, mac  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

AN, BO, CY = 0, 1, 2
STEER = "steer" in sys.argv


def peek_seat(data):
    """The sender's handheld number in a frame's header (byte 7, wire.Codec's layout)."""
    return data[7] if len(data) > 7 and data[0] == wire.MAGIC else -1


def play(attack, seed=1, limit=120000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[AN]
    node = a.node
    bo_node = t.tables[BO].node
    bo = seat_of(a, BO)
    st = {"quiet": None, "asked": None, "entry": None, "leak": None, "steps": []}
    crafted = set()

    def to_bo(src, dst, data):
        # Anna's frames reach Bo only when crafted for it (step 3)
        if st["quiet"] is not None and src == mac(AN) and dst == mac(BO):
            return bytes(data) in crafted
        return True
    t.filters.append(to_bo)

    send = node.send

    def craft(f, term, applied):
        """Emit f to Bo alone as if Anna were at `term` and had applied `applied`."""
        keep = node.term, node.applied
        node.term, node.applied = term, applied
        out = []
        node.send = lambda dest, data: out.append(bytes(data))
        try:
            node._emit(BO, f)
        finally:
            node.send = send
            node.term, node.applied = keep
        for d in out:
            crafted.add(d)
            send(BO, d)

    def heartbeat_to_bo(applied, chain):
        f = wire.Frame()
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = bo_node.seat   # "I follow Bo"
        f.missing = 0
        f.chain[:] = chain
        craft(f, bo_node.term, applied)

    real_receive = node.receive
    peek = wire.Frame()

    def receive(data, now):
        # Anna's firmware reads Bo's frames of the new term itself and keeps its own Node out of
        # them (it stays Cy's sequencer in term 0)
        if attack and st["quiet"] is not None and peek_seat(data) == BO:
            # (Bo leads: its own reveal goes out as an ENTRY it logged, a seat's as a REVEAL)
            if node.codec.decode(data, peek) == 0 and wire.T_REVEAL in (
                    peek.type, peek.type == wire.T_ENTRY and peek.etype) and \
                    peek.who == bo and st["entry"] and st["leak"] is None:
                c = t.tables[CY]
                g = a.game
                dice = fairdice.roll_dice(bytes(peek.h1), g.seed, a.tid, peek.round, bo,
                                          g.game.dice_left[bo])
                st["leak"] = (now, sorted(dice), sorted(t.tables[BO].game.mine[bo] or []),
                              c.node.applied, c.game.phase, c.node.leader, c.node.term)
            return 0
        return real_receive(data, now)
    node.receive = receive
    last_hb = [0]

    def atk_mover(tb, m=t.movers[AN]):
        if not attack:
            return m(tb)
        if st["leak"] is not None:
            if not STEER:
                return
            if st.get("back") is None:
                # Anna is Cy's sequencer in term 0 again, and Bo's: its frames reach Bo as they
                # are; Bo, outvoted (Anna and Cy follow Anna), gives its term up and follows it
                st["back"] = t.now
                t.filters.remove(to_bo)
                node.receive = real_receive
                st["steps"].append(("Anna talks to Bo again as term 0's sequencer", t.now))
                return
            if st.get("bid") is None:
                if bo_node.leader != AN:
                    return
                g = tb.game
                s_ = st["quiet"][2]
                nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
                tb.submit_move(["bid", nxt[0], nxt[1]])
                st["bid"] = (t.now, nxt)
                st["steps"].append(("Bo follows Anna again; Anna bids %s at %d, knowing Bo's "
                                    "dice %s" % (nxt, node.applied + 1, st["leak"][1]), t.now))
                return
            return m(tb)
        if st["quiet"] is None:
            s = my_turn(tb)
            if s >= 0 and tb.game.round >= 1:
                st["quiet"] = (t.now, node.applied, s, tb.game.round)
                st["steps"].append(("Anna silent to Bo", t.now))
                return
            return m(tb)
        n0 = st["quiet"][1]
        if not (bo_node.is_leader() and bo_node.ready):
            return
        if st["asked"] is None:
            st["steps"].append(("Bo leads term %d, ready" % bo_node.term, t.now))
            heartbeat_to_bo(n0, bytes(node.chain))
            f = request(node, st["quiet"][2], st["quiet"][3], wire.A_SNYD)
            f.seq = 1
            craft(f, bo_node.term, n0)
            st["asked"] = t.now
            return
        if st["entry"] is None and bo_node.applied > n0:
            sl = bo_node.slot(n0 + 1)
            b = bytes(sl[0][:wire.entry_len(sl[0][0])])
            h = hashlib.sha256(bytes(node.chain))
            h.update(b)
            st["entry"] = (n0 + 1, sl[1], h.digest()[:wire.CHAIN_LEN], t.now)
            st["steps"].append(("Bo logged Anna's call at %d in term %d" % (n0 + 1, sl[1]), t.now))
        if t.now - last_hb[0] >= 500:
            last_hb[0] = t.now
            if st["entry"]:
                heartbeat_to_bo(st["entry"][0], st["entry"][2])
            else:
                heartbeat_to_bo(n0, bytes(node.chain))
    t.movers[AN] = atk_mover
    if attack:
        t.until(lambda: st["leak"] is not None, limit)
        t.tick(500)
        if STEER:
            t.until(lambda: st.get("bid") is not None, limit)
            b = st.get("bid")
            rnd = st["quiet"][3]
            # the round the bid was made in: does Bo play it on, on Anna's log, with the dice
            # Anna read?
            t.until(lambda: bo_node.applied >= node.applied and
                    t.tables[BO].game.round == rnd and
                    t.tables[BO].game.game.bid_count == b[1][0] and
                    t.tables[BO].game.game.bid_face == b[1][1], 60000)
            bg = t.tables[BO].game
            st["bo_after"] = (t.now, bo_node.leader, bo_node.term, bo_node.applied, bg.round,
                              bg.phase, (bg.game.bid_count, bg.game.bid_face),
                              sorted(bg.mine[bo] or []))
            t.until(lambda: t.done(), 400000)
    else:
        t.until(lambda: t.done(), 400000)
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in range(3)}
    from dicecup.ui import table_watch
    st["screens"] = [(tb.game.round, tb.game.phase, table_watch._paused(tb),
                      tb.held_names() if tb.held_mask() else tb.missing_names())
                     for tb in t.tables]
    return st, [bool(tb.saved_games) for tb in t.tables], bad, \
        [(tb.node.leader, tb.node.term, tb.node.applied) for tb in t.tables]


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    st, done, bad, views = play(False, seed)
    if not all(done) or any(bad.values()):
        print("control failed:", done, bad)
        sys.exit(2)
    print("control: honest play, the game ended everywhere, nobody distrusted")
    st, done, bad, views = play(True, seed)
    print("attack: steps", st["steps"])
    print("  Bo's REVEAL heard by Anna (time, dice Anna computes, Bo's own, Cy's applied, Cy's "
          "phase, Cy's leader, Cy's term):", st["leak"])
    print("  (leader, term, applied) of Anna, Bo, Cy:", views, "distrusts", bad)
    if st["quiet"] is None or st["entry"] is None:
        print("the attack did not get as far as Bo logging the call:", st)
        sys.exit(2)
    lk = st["leak"]
    broke = lk is not None and lk[1] == lk[2] and lk[3] < st["entry"][0]
    if STEER:
        print("  steer: Bo after Anna's bid (time, leader, term, applied, round, phase, bid, Bo's "
              "dice):", st.get("bo_after"), "; games ended:", done)
        print("  steer: screens at the end (round, phase, paused, names):", st["screens"])
    verdict(broke, "seed %d: Bo logged Anna's call (entry %d, term %d) at %d ms; Bo's REVEAL "
            "heard at %s ms while Cy's log stood at %s (phase %s, following %s in term %s): Anna "
            "computed Bo's dice %s = Bo's own %s" % (
                seed, st["entry"][0], st["entry"][1], st["entry"][3], lk and lk[0],
                lk and lk[3], lk and lk[4], lk and lk[5], lk and lk[6], lk and lk[1],
                lk and lk[2]))


if __name__ == "__main__":
    run(main)
