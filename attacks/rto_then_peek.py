"""Attack (round 10), a chain: an ordinary seat reads another seat's dice.

1. rto_frame: Bo (an ordinary seat, next after the creator) signs its bids with requester tags for
   every handheld but the sequencer; Cy and Bo's own watch depose the honest Anna 7 s on and Bo
   leads the next term. (When it takes the role, Bo's firmware drops the bid it forged, so that
   nobody refuses its entries.)
2. withhold_split_head: on its next own bidding turn as the sequencer, Bo logs its call and sends
   it to Cy alone, heartbeating Cy the true head and Anna the entry before. Cy's gate waits 7 s for
   Anna, then opens on Cy's view of Bo's claim; Anna refuses Cy's copy on hers. Cy reveals while
   Anna still bids, and Bo computes Cy's dice.

Promise: Private; the same log everywhere; the sequencer orders, nothing more. Role: an ordinary
seat (the whole threat model's "one seated handheld"). No radio, no loss.
Control: Bo plays honestly; the game ends everywhere, nobody distrusted.
Verdict: 0 if no REVEAL of Cy's is heard while Anna lacks the call; 1 with the dice Bo computes.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    b = t.tables[BO]
    node = b.node
    st = {"t0": None, "led": None, "called": None}
    heard = []

    sign = node.codec.sign_request

    def sign_request(f, rby, rack, rto):
        g = b.game
        if attack and st["led"] is None and f.etype == wire.T_ACTION and \
                f.kind == wire.A_BID and node.leader == AN and \
                g.game.on_turn == seat_of(b, BO) and g.phase == snydtable.P_BID:
            rto &= ~(1 << node.leader)
            if st["t0"] is None:
                st["t0"] = t.now
        return sign(f, rby, rack, rto)
    node.codec.sign_request = sign_request

    take = node._take_over

    def take_over(now):
        take(now)
        if attack and st["led"] is None:
            st["led"] = now
            for w in range(log.PEND):
                node._pend[w].len = 0   # the forged bid is not logged: Anna would refuse it
            b.game.want(seat_of(b, BO))
    node._take_over = take_over

    # step 2: the split head, once Bo leads and it is its own turn
    onreq = node._on_request

    def on_request(f, now):
        if f.type == wire.T_REVEAL and st["called"] and f.who == seat_of(b, CY) and \
                f.round == st["called"][1]:
            heard.append((now, f.round, bytes(f.h1), t.tables[AN].node.applied,
                          t.tables[AN].game.phase))
        return onreq(f, now)
    node._on_request = on_request
    emit = node._emit

    def emit_patched(dest, f):
        if st["called"] and f.type == wire.T_ENTRY and f.seq >= st["called"][0]:
            if dest == AN:
                return
            if dest == BC:
                dest = CY
        if st["called"] and f.type == wire.T_REVEAL:
            return
        return emit(dest, f)
    node._emit = emit_patched
    real_hb = node._heartbeat

    def heartbeat(now):
        if not st["called"]:
            return real_hb(now)
        seq, _, _, chain = st["called"]
        keep = node.applied
        f = node.tx
        for x in (AN, CY):
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = node.leader
            f.missing = 0
            if x == CY:
                f.chain[:] = node.chain
            else:
                node.applied = seq - 1
                f.chain[:] = chain
            emit(x, f)
            node.applied = keep
        node._hb_at = now
    node._heartbeat = heartbeat

    def bo_mover(tb, m=t.movers[BO]):
        if attack and st["led"] is not None and node.is_leader() and node.ready and \
                not st["called"]:
            s = my_turn(tb)
            if s >= 0:
                seq = node.applied + 1
                st["called"] = (seq, tb.game.round, t.now, bytes(node.chain))
                call = request(node, s, tb.game.round, wire.A_SNYD)
                node._store(seq, node.term, call, t.now, 1)
                node._apply_ready(t.now)
                node._send_entry(BC, seq)
                return
        if attack and st["called"]:
            return
        m(tb)
    t.movers[BO] = bo_mover
    t.start()
    t.until(lambda: t.done() or heard, 400000)
    leaks = []
    for now, rnd, sec, aapp, aph in heard:
        if aapp < st["called"][0]:
            g = b.game
            cy = seat_of(b, CY)
            dice = fairdice.roll_dice(sec, g.seed, b.tid, rnd, cy, g.game.dice_left[cy])
            leaks.append((now, rnd, sorted(dice), sorted(t.tables[CY].game.mine[cy] or []),
                          aapp, aph))
    return st, leaks, t.done()


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    st, leaks, done = play(False, seed)
    if not done or leaks:
        print("control failed", st, leaks, done)
        sys.exit(2)
    print("control: Bo honest; the game ended everywhere")
    st, leaks, done = play(True, seed)
    print("attack: forged rto from %s ms; Bo took the role at %s ms; its call (entry, round, time) %s"
          % (st["t0"], st["led"], st["called"] and st["called"][:3]))
    if st["led"] is None or st["called"] is None:
        print("the chain never reached its second step")
        sys.exit(2)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "seed %d: Bo (an ordinary seat) took the role at %s ms; its call of round %d at %d ms "
            "for Cy alone; Cy's REVEAL at %s ms while Anna had applied %s < %d (phase %s); Bo "
            "computed Cy's dice %s = Cy's own %s" % (
                seed, st["led"], st["called"][1], st["called"][2], ok[0][0] if ok else "-",
                ok[0][4] if ok else "-", st["called"][0], ok[0][5] if ok else "-",
                ok[0][2] if ok else "-", ok[0][3] if ok else "-"))


if __name__ == "__main__":
    run(main)
