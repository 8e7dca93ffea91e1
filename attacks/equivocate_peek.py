"""Attack: the sequencer logs, on its own turn, a call for Bo alone and a bid for everyone else.
Bo's handheld counts the round as called and broadcasts its secret (REVEAL); the sequencer reads
Bo's dice while the round, for everyone else, is still being bid.

Promise: Private ("nobody sees another seat's Snyd dice before its reveal"); the sequencer orders,
nothing more. docs/protocol.md, The promises.
Role: the creator, the sequencer. No radio.

How: as in equivocate.py, both entries are genuine requests of the sequencer's own seat, each
valid on its own, sent at one sequence number to different followers; no follower compares its log
with another's (heartbeat chains are never compared; an entry at an applied place with the same
term is a duplicate). A seat reveals as soon as its own log says the round was called: its
secret goes out to everyone, the sequencer included, in a REVEAL request that the main log never
takes. The sequencer then knows Bo's dice (fairdice.roll_dice of the secret and the seed) and
bids on.

Control: the sequencer plays its turn honestly: no secret of Bo's is heard before the round's
call in the log everyone else follows.
Verdict: exit 0 if no secret of Bo's for the round in progress is on the air while the others'
log is still in that round's bidding; 1 with the evidence (the dice it gives match Bo's own).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

ATK, BO, CY = 0, 1, 2


def seat_of(tb, k):
    g = tb.game
    return [s for s in range(g.n) if g.hosts[s] == k][0]


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    bo = seat_of(a, BO)
    heard = []   # (time, round, secret, Cy's phase and round then)

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
            nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
            bid = request(node, s, g.round, wire.A_BID, nxt[0], nxt[1])
            call = request(node, s, g.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            node._send_entry(BO, seq)
            node._store(seq, node.term, bid, t.now, 1)
            node._apply_ready(t.now)
            node._send_entry(CY, seq)
            forked.append((seq, g.round))
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
    print("attack: forked entry (seq, round)", forked, "Bo's REVEAL heard %d times during the "
          "bidding, first:" % len(leaks), leaks[:1], "distrust a minute on", bad)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "entry %s was a call at Bo and a bid at Cy: Bo revealed, and at %s ms, with Cy and "
            "the sequencer still bidding round %d (the sequencer's phase %d, seat %d on turn), the "
            "sequencer computed Bo's dice %s from the secret heard = Bo's own %s; a minute later "
            "each handheld distrusts %s" % (
                forked, ok[0][0] if ok else "-", ok[0][1] if ok else 0, ok[0][4] if ok else 0,
                ok[0][5] if ok else 0, ok[0][2] if ok else "-", ok[0][3] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
