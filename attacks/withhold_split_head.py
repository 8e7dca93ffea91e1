"""Attack (round 10): withhold_the_call with two heads. The sequencer logs its own call, sends it to
Bo alone, and heartbeats each follower alone: to Bo its true head (the call, entry N, with the chain
after it), to Cy (and Di) N-1 with the chain every log holds there.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private. Role: the creator, the sequencer. No radio, no loss.

Why it breaks: Bo's gate (`Node.agreed`) waits `gate_ms` for Cy (alive, of our term, confirms
nothing, no fork) and then opens because *its* sequencer claims entry N (`self._acked[self.leader]
>= seq`: "that handheld can take our copy, _relayed"). But Cy's `_relayed` checks Cy's own view of
the sequencer's claim, which is N-1: Cy refuses Bo's copy. The release assumes the sequencer tells
every handheld the same head; a unicast heartbeat tells each its own. Bo reveals 7.06 s after the
call while Cy still bids; the sequencer computes Bo's dice.

Variants: `four` (Cy and Di both lack the call); a seed as a number. `honest-head` and `steer` as in
withhold_the_call.py.

Control: the sequencer plays its turn honestly (the same call, to everyone).
Verdict: 0 if no REVEAL of Bo's for the round is on the air while Cy's log lacks the call; 1 with
the evidence (the dice the sequencer computes from it = Bo's own).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

ATK, BO, CY = 0, 1, 2
BC = log.BROADCAST
HONEST_HEAD = "honest-head" in sys.argv  # variant: its heartbeats claim the call it logged
N_HANDHELDS = 4 if "four" in sys.argv else 3  # `four`: Cy and Di both lack the call
STEER = "steer" in sys.argv  # variant: the call is never applied by the sequencer; once Bo's dice
#                              are read, it logs a bid at that place for everyone instead


def play(attack, seed=1):
    t = Trio(N_HANDHELDS, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    node = a.node
    bo = seat_of(a, BO)
    heard = []   # (time, round, secret, Cy's applied, Cy's phase)
    called = []  # (entry N, round, time, chain before it)
    steered = []

    onreq = node._on_request

    def on_request(f, now):
        if f.type == wire.T_REVEAL and f.who == bo and called and f.round == called[0][1]:
            c = t.tables[CY]
            heard.append((now, f.round, bytes(f.h1),
                          max(t.tables[x].node.applied for x in range(2, N_HANDHELDS)),
                          c.game.phase, c.game.round,
                          c.node.dropped[log.D_NOTLEADER]))
            if attack and STEER:
                return
        return onreq(f, now)
    node._on_request = on_request

    emit = node._emit

    def emit_patched(dest, f):
        if attack and called and f.type == wire.T_ENTRY and f.seq >= called[0][0]:
            if dest != BO and dest != BC:
                return      # Cy (and Di) get nothing from the call on
            if dest == BC:
                dest = BO
        if attack and called and f.type == wire.T_REVEAL:
            return          # (the sequencer's own reveal: not needed, kept off the air)
        return emit(dest, f)
    node._emit = emit_patched

    def heartbeat(now):
        # two heads: to Bo the true one (N, the chain after the call), to Cy (and Di) N-1 with
        # the chain every log holds there; each heartbeat is tagged for its receiver alone
        seq, _, _, chain = called[0]
        keep = node.applied
        f = node.tx
        for x in range(1, N_HANDHELDS):
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = node.leader
            f.missing = 0
            if x == BO:
                f.chain[:] = node.chain
            else:
                node.applied = seq - 1
                f.chain[:] = chain
            emit(x, f)
            node.applied = keep
        node._hb_at = now
    real_hb = node._heartbeat
    node._heartbeat = lambda now: heartbeat(now) if attack and called and not HONEST_HEAD \
        else real_hb(now)

    def atk_mover(tb, m=t.movers[ATK]):
        s = my_turn(tb)
        g = tb.game
        if not called and s >= 0 and g.round >= 1:
            seq = node.applied + 1
            called.append((seq, g.round, t.now, bytes(node.chain)))
            call = request(node, s, g.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            if attack and STEER:
                node._send_entry(BO, seq)
                node._seqs[seq % log.LOG_CAP] = 0  # never logged here: heartbeats say N-1
                return
            node._apply_ready(t.now)
            node._send_entry(BC, seq)
            return
        if attack and STEER and heard and not steered and s >= 0:
            # Bo's dice are read; the round goes on with a bid of the sequencer's at entry N
            steered.append(t.now)
            node._emit = emit
            node._heartbeat = real_hb
            m(tb)
            return
        if attack and STEER and called and not steered:
            return  # waits for Bo's dice
        m(tb)
    t.movers[ATK] = atk_mover
    t.until(lambda: attack and heard and (not STEER or steered) or
            all(tb.saved_games for tb in t.tables), 400000)
    done = all(tb.saved_games for tb in t.tables)
    leaks = []
    for now, rnd, sec, capp, cph, crnd, notl in heard:
        if capp < called[0][0]:
            g = a.game
            dice = fairdice.roll_dice(sec, g.seed, a.tid, rnd, bo, g.game.dice_left[bo])
            leaks.append((now, rnd, sorted(dice), sorted(t.tables[BO].game.mine[bo] or []),
                          capp, cph, crnd, notl))
    t.tick(3000)  # a minute on: who blames whom
    if STEER and attack:
        for k in range(N_HANDHELDS):
            tb = t.tables[k]
            print("  steer: handheld %d a minute on: term %d, applied %d, round %d, phase %d, bid %s, "
                  "dice left %s, records %s" % (k, tb.node.term, tb.node.applied, tb.game.round,
                                                tb.game.phase, (tb.game.game.bid_count,
                                                                tb.game.game.bid_face),
                                                list(tb.game.game.dice_left), tb.saved_games))
        t.until(lambda: all(tb.saved_games for tb in t.tables), 400000)
        print("  steer: the game ended on every handheld:", all(tb.saved_games for tb in t.tables))
    bad = {k: [h for h in range(N_HANDHELDS) if t.tables[k].node._bad & (1 << h)]
           for k in range(N_HANDHELDS)}
    return called, leaks, bad, heard, done


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    called, leaks, bad, heard, done = play(False, seed)
    if leaks or not done or any(bad.values()) or not called:
        print("control failed:", called, leaks, done, bad)
        sys.exit(2)
    print("control: the sequencer's call at entry %d reached everyone; Bo revealed at %d ms "
          "(%d ms after); the game ended on every handheld; distrust: %s" % (
              called[0][0], heard[0][0], heard[0][0] - called[0][2], bad))
    called, leaks, bad, heard, done = play(True, seed)
    if not called:
        print("the attack never found its turn")
        sys.exit(2)
    seq, rnd, at, _ = called[0]
    print("attack: entry %d (round %d, %d ms): the sequencer's call, sent to Bo alone; its "
          "heartbeats claim %d" % (seq, rnd, at, seq - 1))
    print("Bo's REVEALs heard while Cy lacked the call: %d, first: %s" % (len(leaks), leaks[:1]))
    print("distrust a minute on:", bad)
    ok = [lk for lk in leaks if lk[2] == lk[3]]
    verdict(ok, "seed %d: the call logged at %d ms for Bo alone; at %s ms (%s ms later) Bo's "
            "REVEAL of round %d went out while Cy (and Di) had applied %s < %d (phase %s, round %s: still "
            "bidding; Cy had refused %s entries not from its sequencer, Bo's copy); the sequencer computed Bo's dice %s = Bo's own %s; a minute on each "
            "handheld distrusts %s" % (
                seed, at, ok[0][0] if ok else "-", ok[0][0] - at if ok else "-", rnd,
                ok[0][4] if ok else "-", seq, ok[0][5] if ok else "-", ok[0][6] if ok else "-",
                ok[0][7] if ok else "-", ok[0][2] if ok else "-", ok[0][3] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
