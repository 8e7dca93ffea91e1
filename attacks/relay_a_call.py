"""Attack: an ordinary seat hands Bo, as a "peer's copy" of the next entry, a call of its own that
the sequencer never logged; Bo's gate waits for nobody but that seat, so Bo reveals while the
table is still bidding.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold";
"the sequencer orders, nothing more": nobody else logs); Private. docs/protocol.md, The log,
*A withheld entry* and *The gate*.
Role: an ordinary seat (Cy, handheld 2), on its own turn. The creator (Anna) is an honest sequencer.
No radio.

How: `Node._on_entry` takes an entry from a seat that is not the sequencer whenever `_relayed`
says so: it is the entry after Bo's log, and with it Bo's chain becomes the chain that seat's
latest heartbeat claimed there. Bo never has to have asked (`_ask_peer`) and the sequencer never
has to have logged it. Cy knows Bo's chain (it is its own), so on its turn it makes its call (a
genuine request of its own seat), computes the chain Bo would have after it, sends Bo a
heartbeat claiming that entry with that chain and then the entry itself. Bo applies the call; its
gate (`Node.agreed`) waits for every other handheld of the round but the sequencer, i.e. for Cy
alone, and Cy's claim matches: Bo broadcasts its secret. Cy then stays silent for a few seconds
(the sequencer's log is still at Cy's bid).

Control: Cy plays its turn honestly.
Verdict: 0 if no secret of Bo's for the round is heard while the sequencer's log is still in that
round's bidding; 1 with the evidence (the dice Cy computes match Bo's own).
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, log  # noqa: E402
from equivocate import request  # noqa: E402
from peek_across_a_term import seat_of, heartbeat_to  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

SEQ, BO, CY = 0, 1, 2
N = int(sys.argv[1]) if __name__ == "__main__" and len(sys.argv) > 1 else 3  # handhelds
QUIET_MS = 5000 if N == 3 else 12000  # Cy's silence after (its turn's deadline is 30 s)


def relay(t, node, f, dest):
    """Hand `dest` entry applied+1 = f as a peer's copy: claim it in a heartbeat, then send it."""
    seq = node.applied + 1
    i = seq % log.LOG_CAP
    node._store(seq, node.term, f, t.now, 0)
    b = i * log.SLOT
    h = hashlib.sha256(node.chain)
    h.update(memoryview(node._slab)[b:b + wire.entry_len(node._slab[b])])
    applied, chain = node.applied, bytes(node.chain)
    node.applied = seq
    node.chain[:] = h.digest()[:wire.CHAIN_LEN]
    heartbeat_to(node, dest)
    node._send_entry(dest, seq)
    node.applied = applied
    node.chain[:] = chain
    node._seqs[i] = 0
    return seq


def play(attack, n=3):
    t = Trio(n, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    c = t.tables[CY]
    bo = seat_of(c, BO)
    heard = []   # Bo's REVEALs Cy heard while the sequencer bids that round: (ms, round, dice, Bo's)

    watch = c.node._watch

    def on_watch(f, now):
        sq, g = t.tables[SEQ].game, c.game
        if f.type == wire.T_REVEAL and f.who == bo and sq.phase == snydtable.P_BID and \
                sq.round == f.round == g.round:
            dice = fairdice.roll_dice(bytes(f.h1), g.seed, c.tid, f.round, bo,
                                      g.game.dice_left[bo])
            heard.append((now, f.round, sorted(dice),
                          sorted(t.tables[BO].game.mine[bo] or [])))
        return watch(f, now)
    c.node._watch = on_watch
    done = []

    def atk_mover(tb, m=t.movers[CY]):
        g = tb.game
        if attack and g is not None and g.phase == snydtable.P_BID and g.round >= 2 and \
                not g.showing and g.game.bid_face:
            s = tb.my_seat()
            if not done and g.game.on_turn == s and not tb.node.pending(s):
                call = request(tb.node, s, g.round, wire.A_SNYD)
                done.append((relay(t, tb.node, call, BO), g.round, t.now))
                return
            if done and t.now - done[0][2] < QUIET_MS:
                return  # silent a while: the table's log stays at the bidding
        m(tb)
    t.movers[CY] = atk_mover
    t.until(lambda: heard or all(tb.saved_games for tb in t.tables), 400000)
    leaks = heard[:]
    t.tick(3000)  # a minute on: who blames whom, and does the game go on
    bad = {k: [h for h in range(n) if t.tables[k].node._bad & (1 << h)] for k in range(n)}
    return done, leaks, bad, [tb.node.leader for tb in t.tables]


def main():
    done, leaks, bad, lead = play(False, N)
    if leaks:
        print("control failed: a reveal of Bo's heard during the bidding:", leaks)
        sys.exit(2)
    print("control: no secret of Bo's heard while the round was bid; distrust after:", bad)
    done, leaks, bad, lead = play(True, N)
    print("attack: (seq, round, ms) of Cy's relayed call", done, "; Bo's REVEAL heard %d times "
          "during the bidding, first:" % len(leaks), leaks[:1], "; a minute on distrust", bad,
          "sequencers followed", lead)
    if not done:
        print("the attack never found its turn")
        sys.exit(2)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "Cy handed Bo its own call as entry %s (never logged by the sequencer): at %s ms, "
            "with the sequencer's log still bidding round %s, Cy computed Bo's dice %s from Bo's "
            "REVEAL = Bo's own %s; a minute on each handheld distrusts %s" % (
                done[0][0], ok[0][0] if ok else "-", ok[0][1] if ok else "-",
                ok[0][2] if ok else "-", ok[0][3] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
