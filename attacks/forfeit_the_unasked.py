"""Attack: the sequencer logs its own call and sends it (and everything after it) to Bo alone;
its heartbeats claim the entry before the call. Cy never sees the reveal phase begin, so it never
reveals; 30 s on the sequencer's ordinary deadline logic forfeits Cy "too late", and Bo applies it
(its own clock agrees: 30 s since it saw the call). An honest seat that was never asked is named.

Promise: Withholding never pays / "a FORFEIT only after the follower's own deadline" ("every
follower runs the same deadline on its own clock for every seat"); the sequencer orders, nothing
more ("it cannot forfeit ... anything a follower could not check for itself"); and the brief's
"make an honest seat look guilty". docs/protocol.md, The promises; *The sequencer's own entries*.
Role: the creator, the sequencer. No radio, no loss.

How: as withhold_the_call.py. Cy is caught up with what the sequencer claims (N-1), so it judges
nothing; Bo's copy of the call is refused (`_relayed`: the sequencer does not claim it); Bo's
REVEAL and the sequencer's, heard by Cy, are invalid in Cy's state and not watched. Bo's clock
started at the call: the FORFEIT at 30 s is in time for Bo, and Bo heard no request of Cy's.
Limits we know allow "a forfeit in the last 3 s before its deadline" and a handheld "catching up
when a phase began" that "takes the forfeit; the live followers still police it": here the seat had
no second of its deadline, it was not catching up (its sequencer said it held everything), and the
only live follower agrees with the forfeit.

Control: the sequencer plays the same call honestly: no forfeit.
Verdict: 0 if no handheld applies a forfeit of Cy's seat that Cy's own log never owed; 1 with the
evidence (Bo's screen: Cy forfeited; Cy's log still bidding).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log  # noqa: E402

ATK, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    node = a.node
    cy = seat_of(a, CY)
    called = []     # (entry N, round, time, chain before it)
    forfeit = []    # (time, seq, mask) of a FORFEIT Bo applied naming Cy's seat, with Cy's state

    emit = node._emit

    def emit_patched(dest, f):
        if attack and called and f.type == wire.T_ENTRY and f.seq >= called[0][0]:
            if dest != BO and dest != BC:
                return      # Cy gets nothing from the call on
            if dest == BC:
                dest = BO
        return emit(dest, f)
    node._emit = emit_patched

    def heartbeat(now):
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
    node._heartbeat = lambda now: heartbeat(now) if attack and called else real_hb(now)

    bo_app = t.tables[BO].game
    apply = bo_app.apply

    def bo_apply(f, seq):
        if f.etype == wire.T_FORFEIT and f.who & (1 << cy):
            c = t.tables[CY]
            forfeit.append((t.now, seq, f.who, f.kind, c.node.applied, c.game.phase, c.game.round))
        return apply(f, seq)
    bo_app.apply = bo_apply

    def atk_mover(tb, m=t.movers[ATK]):
        s = my_turn(tb)
        g = tb.game
        if not called and s >= 0 and g.round >= 1:
            seq = node.applied + 1
            called.append((seq, g.round, t.now, bytes(node.chain)))
            call = request(node, s, g.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            node._apply_ready(t.now)
            node._send_entry(BC, seq)
            return
        m(tb)
    t.movers[ATK] = atk_mover
    t.until(lambda: attack and forfeit or all(tb.saved_games for tb in t.tables), 400000)
    done = all(tb.saved_games for tb in t.tables)
    t.tick(3000)  # a minute on
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in range(3)}
    if attack:  # and on, to the game's end if it comes
        t.until(lambda: all(tb.saved_games for tb in t.tables), 600000)
        for k in range(3):
            tb = t.tables[k]
            print("  handheld %d at %d s: term %d, applied %d, round %d, phase %d, dice left %s, "
                  "records %s, distrusts %s" % (
                      k, t.now // 1000, tb.node.term, tb.node.applied, tb.game.round,
                      tb.game.phase, list(tb.game.game.dice_left), tb.saved_games,
                      [h for h in range(3) if tb.node._bad & (1 << h)]))
        print("  Cy's seat is %d; forfeits of it Bo applied in all: %d" % (cy, len(forfeit)))
    return called, forfeit, bad, done


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    called, forfeit, bad, done = play(False, seed)
    if forfeit or not done or any(bad.values()) or not called:
        print("control failed:", called, forfeit, done, bad)
        sys.exit(2)
    print("control: the sequencer's call at entry %d reached everyone; no forfeit of Cy; the game "
          "ended on every handheld; distrust: %s" % (called[0][0], bad))
    called, forfeit, bad, done = play(True, seed)
    if not called:
        print("the attack never found its turn")
        sys.exit(2)
    seq, rnd, at, _ = called[0]
    print("attack: entry %d (round %d, %d ms): the sequencer's call, to Bo alone; heartbeats "
          "claim %d" % (seq, rnd, at, seq - 1))
    print("FORFEITs of Cy's seat applied by Bo: %s (time, entry, mask, kind, Cy's applied, phase, "
          "round)" % forfeit)
    print("distrust a minute on:", bad)
    ok = [x for x in forfeit if x[4] < seq]
    verdict(ok, "seed %d: Bo applied a FORFEIT (kind %s, too late) of Cy's seat at entry %s, %d ms "
            "after the call, while Cy's log had never reached the call (Cy applied %s < %d, "
            "phase %s, round %s: still bidding, never asked to reveal); a minute on each handheld "
            "distrusts %s" % (
                seed, ok[0][3] if ok else "-", ok[0][1] if ok else "-",
                ok[0][0] - at if ok else 0, ok[0][4] if ok else "-", seq,
                ok[0][5] if ok else "-", ok[0][6] if ok else "-", bad))


if __name__ == "__main__":
    run(main)
