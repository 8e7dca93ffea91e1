"""Attack: the sequencer logs its own call, sends it to Bo alone, and its heartbeats (to everyone,
the same head) claim the entry before it. Cy never gets the call: it refuses Bo's copy because
the sequencer does not claim that entry. Bo's gate waits for Cy 7 s (`gate_ms`: "confirms
nothing"), then lets Bo's reveal out while Cy still bids: the sequencer reads Bo's dice.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private. docs/protocol.md, The promises; The log, *The same log everywhere* (*A withheld entry*,
*The gate*). Role: the creator, the sequencer. No radio, no loss.

Limits we know: "A withheld entry, with the peers' copies lost too. A follower that lacks an entry
its peers hold asks them after 1 s; if every copy is lost for 7 s, the peers' gates stop waiting
for it and they reveal. A sequencer that withholds the call gets that far only with that much
loss." Here nothing is lost: Cy asks Bo (`_ask_peer`), Bo serves its copy, and Cy refuses it in
`_relayed` (`self._acked[self.leader] < seq`: only an entry the sequencer says it logged, the fix
for relay_a_call) because the sequencer's heartbeats claim N-1. Bo: Cy is alive, of our term, its
claim N-1 <= top, it shows no fork: waited `gate_ms` (7 s), then `agreed` returns True.
Nobody is deposed meanwhile: Cy is caught up with what the sequencer claims; Bo is past it.

Variants: `honest-head` (its heartbeats claim the call it logged: Cy takes Bo's copy; held).
`steer`: the sequencer never applies the call itself (so its honest heartbeats say N-1 with no
patch at all), reads Bo's dice, then logs a bid at N for everyone: Bo leaves it (D_CONFLICT) and
leads term 9 on its own log; Cy and the sequencer follow term 9 but stay forked at N for good and
the game never ends (seed 1, 400 s): a stop, which Limits we know allow, not a steer.

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
        # one head for everyone: N-1, with the chain every log holds there
        seq, _, _, chain = called[0]
        keep = node.applied
        node.applied = seq - 1
        f = node.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = node.leader
        f.missing = 0
        f.chain[:] = chain
        emit(BC, f)
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
