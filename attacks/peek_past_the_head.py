"""Attack: the sequencer's call for Bo alone, then one more entry for Cy alone, with its own
heartbeats claiming less than either holds: Bo's gate counts Cy as silent (Cy claims past what the
sequencer claims) and Bo reveals while Cy's log has a bid, not a call, at that place.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private (no dice seen before the reveal). docs/protocol.md, The promises; The log, *The gate*.
Role: the creator, the sequencer. No radio.

How: `Node.agreed` waits for a handheld x whose log forked from ours (`_split`) "whatever it
claims" only while `_tlast[x] != self.term`; otherwise x is waited for only if `a.claim[x] <= top`,
top = max(our applied, what our sequencer's heartbeat claims), and `self._split &= wait | lead`
then forgets the fork. The sequencer (the creator: term 0):
  1. on its turn, with Cy next, entry N is its call at Bo and its bid at Cy (equivocate_peek);
  2. Cy bids (its genuine request): logged as N+1 and sent to Cy alone; Bo gets nothing past N;
  3. its heartbeats (one broadcast, the same head for everyone) claim N-1, with the chain every
     log holds there: no fork with it anywhere, and top at Bo stays N.
Bo and Cy see the fork at N in each other's heartbeats; Bo's gate holds (Cy is `_split`); Cy stops
following the sequencer and leads term 9 alone; 7 s on, outvoted, it gives that term up and
"follows the table as after a boot": leader -1, term 0. Its heartbeats are now of term 0 - Bo's
term, since the table never left term 0 - and claim N+1, past top. At Bo the split clause is false
(`_tlast == term`), the claim clause is false (N+1 > top): Cy is "silent", the fork forgotten, and
Bo reveals. Limits we know names "a forked handheld that follows the same sequencer in the same
term and claims entries past what that sequencer claims"; here the handheld follows nobody (it gave
its own term up), and the sequencer tells everyone one and the same head.

Control: the sequencer plays its turn honestly.
Verdict: 0 if no secret of Bo's for the round goes on the air while Cy's log holds another entry at
the call's place; 1 with the evidence (the dice the sequencer computes from it = Bo's own).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

ATK, BO, CY = 0, 1, 2
HONEST_HEAD = "honest-head" in sys.argv  # variant: the sequencer's heartbeats claim what it logged


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    node = a.node
    r = {}   # the victim (Bo: gets the call) and the witness (Cy: next on turn), set at the fork
    heard = []   # (time, round, secret, Cy's phase, Cy's round, Cy's entry N is a bid)
    forked = []

    onreq = node._on_request

    def on_request(f, now):
        bo = r.get("bo", seat_of(a, BO))
        if f.type == wire.T_REVEAL and f.who == bo and f.round == a.game.round and \
                (forked or not attack):
            c = t.tables[r.get("CY", CY)]
            cyn = None
            if forked:
                e = wire.Frame()
                if c.node.entry(forked[0][0], e):
                    cyn = (e.etype, e.kind)
            heard.append((now, f.round, bytes(f.h1), c.game.phase, c.game.round, cyn,
                          c.node.applied, t.tables[r.get("BO", BO)].node.applied))
        return onreq(f, now)
    node._on_request = on_request

    emit = node._emit

    def emit_patched(dest, f):
        if forked and f.type == wire.T_ENTRY and f.seq >= forked[0][0] and \
                dest in (r["BO"], tablelog_broadcast()):
            if dest == r["BO"]:
                return      # Bo gets nothing past its call
            dest = r["CY"]  # the entries after the fork: Cy alone
        return emit(dest, f)
    node._emit = emit_patched

    def heartbeat(now):
        # the same head for everyone: N-1, with the chain every log holds there
        seq, _, _, _, chain, _ = forked[0]
        keep = node.applied
        node.applied = seq - 1
        f = node.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = node.leader
        f.missing = 0
        f.chain[:] = chain
        emit(tablelog_broadcast(), f)
        node.applied = keep
        node._hb_at = now
    real_hb = node._heartbeat
    node._heartbeat = lambda now: heartbeat(now) if forked and not HONEST_HEAD else real_hb(now)

    def atk_mover(tb, m=t.movers[ATK]):
        s = my_turn(tb)
        g = tb.game
        nx = g.game.next_seat(s) if s >= 0 else -1
        others = [x for x in range(g.n) if x not in (s, nx) and g.game.dice_left[x]]
        if attack and not forked and s >= 0 and nx >= 0 and others and \
                g.hosts[nx] != ATK and g.hosts[others[0]] != ATK:
            bo = others[0]
            r.update(bo=bo, BO=g.hosts[bo], CY=g.hosts[nx])
            BOk, CYk = r["BO"], r["CY"]
            seq = node.applied + 1
            before = bytes(node.chain)
            nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
            bid = request(node, s, g.round, wire.A_BID, nxt[0], nxt[1])
            call = request(node, s, g.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            node._send_entry(BOk, seq)                                 # Bo: the call
            node._store(seq, node.term, bid, t.now, 1)
            node._apply_ready(t.now)
            forked.append((seq, g.round, s, nxt, before, t.now))
            node._send_entry(CYk, seq)                                 # Cy: the bid
            return
        m(tb)
    t.movers[ATK] = atk_mover
    t.until(lambda: attack and heard or all(tb.saved_games for tb in t.tables), 400000)
    done = all(tb.saved_games for tb in t.tables)
    leaks = []
    for now, rnd, sec, phase, crnd, cyn, capp, bapp in heard:
        if forked and cyn is not None and cyn[1] == wire.A_BID:
            g = a.game
            bo = r["bo"]
            dice = fairdice.roll_dice(sec, g.seed, a.tid, rnd, bo, g.game.dice_left[bo])
            leaks.append((now, rnd, sorted(dice), sorted(t.tables[r["BO"]].game.mine[bo] or []),
                          phase, crnd, capp, bapp))
    t.tick(3000)  # a minute on: who blames whom
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in range(3)}
    return forked, leaks, bad, heard, done, r


def tablelog_broadcast():
    from dicecup.table import log
    return log.BROADCAST


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    forked, leaks, bad, heard, done, r = play(False, seed)
    if leaks or not done or any(bad.values()):
        print("control failed:", leaks, done, bad)
        sys.exit(2)
    print("control: the game ended on every handheld, %d reveals of Bo's, distrust: %s" % (
        len(heard), bad))
    forked, leaks, bad, heard, done, r = play(True, seed)
    if not forked:
        print("the attack never found its turn")
        sys.exit(2)
    seq, rnd, s, nxt, _, at = forked[0]
    print("attack: entry %d of round %d: the sequencer's call at handheld %d (Bo), its bid %s at "
          "handheld %d (Cy, next on turn)" % (seq, rnd, r["BO"], nxt, r["CY"]))
    print("Bo's REVEALs heard with Cy's entry %d a bid: %d, first: %s" % (seq, len(leaks),
                                                                         leaks[:1]))
    print("distrust a minute on:", bad)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "seed %d: the fork at %d ms; at %s ms Bo's REVEAL of round %d went out while Cy's log held the "
            "sequencer's bid at entry %d (Cy applied %s, Bo %s; Cy's phase %s); the sequencer "
            "computed Bo's dice %s from it = Bo's own %s; a minute on each handheld distrusts %s" % (
                seed, at, ok[0][0] if ok else "-", rnd, seq, ok[0][6] if ok else "-",
                ok[0][7] if ok else "-", ok[0][4] if ok else "-", ok[0][2] if ok else "-",
                ok[0][3] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
