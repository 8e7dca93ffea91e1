"""Attack: the sequencer's call for Bo alone, sent in a term of its own one step up: Bo's gate
counts Cy as silent (Cy's last frame was of the older term) and Bo reveals at once, while Cy and
the sequencer still bid the round.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private (no dice seen before the reveal). docs/protocol.md, The promises; The log, *The gate*.
Role: the creator, the sequencer. No radio.

How: equivocate_peek.py is now held by the gate (`Node.agreed` waits for Cy's chain at the call).
But `agreed` skips a handheld whose last frame had a term below ours (`_tlast[x] < self.term`: "a
deposed sequencer's log is not this term's"). A sequencer may raise its own term one step at
any time 3.5 s after the last (`_entitled`, "a reboot"), and `_term_ok` follows it at once. So on
its turn it sends Bo alone (tagged for Bo only) a heartbeat of term+1 and then the call in that
term; Bo follows the new term, applies the call, and every other seat of the round (Cy) is of an
older term: the gate waits for nobody and Bo broadcasts its secret. Cy is sent the sequencer's
bid at that place in the old term, and bids on.

Control: the sequencer plays its turn honestly.
Verdict: 0 if no secret of Bo's for the round is on the air while Cy's log is still in that
round's bidding; 1 with the evidence (the dice the sequencer computes match Bo's own).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

ATK, BO, CY = 0, 1, 2


def seat_of(tb, k):
    g = tb.game
    return [s for s in range(g.n) if g.hosts[s] == k][0]


def heartbeat_to(node, dest):
    f = node.tx
    f.type = wire.T_ACK
    f.seq = 0
    f.flags = node.leader
    f.missing = 0
    f.chain[:] = node.chain
    node._emit(dest, f)


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    bo = seat_of(a, BO)
    heard = []   # (time, round, secret, Cy's phase and round then, Cy applied)

    onreq = a.node._on_request

    def on_request(f, now):
        if f.type == wire.T_REVEAL and f.who == bo and f.round == a.game.round:
            cy = t.tables[CY].game
            heard.append((now, f.round, bytes(f.h1), cy.phase, cy.round))
        return onreq(f, now)
    a.node._on_request = on_request
    forked = []

    def atk_mover(tb, m=t.movers[ATK]):
        s = my_turn(tb)
        if attack and not forked and s >= 0 and tb.game.round >= 2:
            node, g = tb.node, tb.game
            seq = node.applied + 1
            old = node.term
            nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
            bid = request(node, s, g.round, wire.A_BID, nxt[0], nxt[1])
            call = request(node, s, g.round, wire.A_SNYD)
            node.term = (((old >> 3) + 1) << 3) | node.seat
            heartbeat_to(node, BO)              # Bo alone hears the new term ...
            node._store(seq, node.term, call, t.now, 1)
            node._send_entry(BO, seq)           # ... and the call in it
            node.term = old
            node._store(seq, node.term, bid, t.now, 1)
            node._apply_ready(t.now)
            node._send_entry(CY, seq)           # Cy: the bid, in the old term
            forked.append((seq, g.round, old, old + 8))
            return
        m(tb)
    t.movers[ATK] = atk_mover
    t.until(lambda: heard and heard[0][3] == snydtable.P_BID and heard[0][4] == heard[0][1]
            or all(tb.saved_games for tb in t.tables), 400000)
    leaks = []
    for now, rnd, sec, phase, crnd in heard:
        if phase == snydtable.P_BID and crnd == rnd:
            g = a.game
            dice = fairdice.roll_dice(sec, g.seed, a.tid, rnd, bo, g.game.dice_left[bo])
            leaks.append((now, rnd, sorted(dice), sorted(t.tables[BO].game.mine[bo] or []),
                          g.phase, g.game.on_turn))
    t.tick(3000)  # a minute on: who blames whom
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in range(3)}
    return forked, leaks, bad


def main():
    forked, leaks, bad = play(False)
    if leaks:
        print("control failed: a reveal of Bo's heard during the bidding:", leaks)
        sys.exit(2)
    print("control: no secret of Bo's heard while the round was bid; distrust after:", bad)
    forked, leaks, bad = play(True)
    print("attack: (seq, round, old term, new term)", forked, "Bo's REVEAL heard %d times during "
          "the bidding, first:" % len(leaks), leaks[:1], "distrust a minute on", bad)
    if not forked:
        print("the attack never found its turn")
        sys.exit(2)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "entry %s: a call at Bo in term+1, a bid at Cy: at %s ms, with Cy still bidding "
            "round %d (the sequencer's phase %d, seat %d on turn), the sequencer computed Bo's "
            "dice %s from Bo's REVEAL = Bo's own %s; a minute later each handheld distrusts %s" % (
                forked, ok[0][0] if ok else "-", ok[0][1] if ok else 0, ok[0][4] if ok else 0,
                ok[0][5] if ok else 0, ok[0][2] if ok else "-", ok[0][3] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
