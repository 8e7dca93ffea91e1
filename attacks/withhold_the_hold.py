"""Attack: a Yatzy roller that is the sequencer foresees its re-roll (equivocate_foresee, again):
it logs a hold (none kept) for the shaker's handheld alone, and waits. The shaker's gate waits for
the third handheld to show the hold; that handheld is alive, of the term, claims no more than the
sequencer does, shows no fork - it "confirms nothing", and after `gate_ms` (7 s) the gate opens
and the shaker sends its shake. The roller computes all 32 re-rolls, logs the hold it likes for
everyone but the shaker (the shaker gets nothing more: it sees no second entry at its place, so
no D_CONFLICT), then the genuine SHAKE, then its own value. The third handheld shows the dice the
roller chose.

Promise: Fair ("nobody chooses, biases or foresees its dice or Yatzy rolls, not even the
sequencer"; "the shake waits for the same gate"). docs/protocol.md. Role: the sequencer, on its
own seat's roll (3 handhelds, one seat each; host_tools/tablebus), no loss.

equivocate_foresee.py waits 5 s for the shake and reports "held"; the gate's own rule lets it out
at 7 s. And this version keeps the second hold from the shaker, so it is not caught at once.

Found (seed 1): the shake does come out, 7.01 s after the hold, while no other handheld holds any
hold (the roller knows the shake before the table's hold: the gate's gate_ms lets it go). But the
third handheld still holds the shaker's claim of the (fake) hold's entry, made at once after it,
and `Agree.mine` checks it when the chosen hold arrives: a fork with a handheld that matched it in
this term, so it stops following the sequencer before the SHAKE reaches it, the shaker takes over
with the fake hold in its log, and the chosen re-roll is never applied anywhere. Held.

Control: the same roll held honestly: the roller's handheld learns no shake before its hold is
logged. Verdict: exit 0 if the roller never holds a shake before its hold is logged everywhere, or
the dice the third handheld shows are not the ones it chose; 1 with the evidence.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire, yatzy as yatzytable, log as tablelog  # noqa: E402
from dicecup.rules import fairdice, yatzy  # noqa: E402

ATK = 0
WAIT_MS = 12000  # past the gate's gate_ms (7 s): equivocate_foresee gave up after 5 s


def best_score(game, dice, seat):
    """The best box the dice score in for seat's scorecard (what a roller wants from a re-roll)."""
    sc = game.scores_for(dice, 0)
    return max([v for v in sc if v != yatzy.NOT_FREE] or [0])


def at_hold(t):
    a = t.hands[ATK].app
    return (a.phase == yatzytable.P_ROLL and a.roller() == ATK and a.shaking < 0 and
            a.game.rolls_left > 0 and a.round >= 2 and a.shaker() >= 0)


def play(attack, seed):
    t = tablebus.Table(seats=3, game="yatzy", seed=seed)
    assert t.start_game() == 0
    h = t.hands[ATK]
    honest = h.decide
    h.decide = lambda game, seat: None if at_hold(t) else honest(game, seat)
    if not t.run(lambda: at_hold(t), 600000):
        return None
    a, node = h.app, h.node
    sh = a.shaker()
    seq = node.applied + 1
    k = a.game.roll_no
    log = {"shake": None, "at": None, "t0": t.now, "wait": None}
    onreq = node._on_request
    res = {"choice": None, "table32": {}}

    def foresee(f, now):
        """The shake is in: every re-roll is known. Log the hold it likes (the third handheld
        only), the shake, and the roller's own value, in one burst, before that handheld's
        heartbeat could show the hold alone."""
        log["shake"] = bytes(f.h1)
        log["at"] = node.applied  # the table's log holds no hold yet
        log["wait"] = now - log["t0"]
        own = fairdice.shake(a.shake_key, a.tid, a._game0, ATK,
                             fairdice.CHAIN_LEN - 1 - a._cn[ATK])
        o = ATK * 16
        table32 = {}
        for mask in range(1 << a.game.ndice):
            dice = fairdice.yatzy_roll(a.rolls[-1], mask, bytes(a._s[o:o + 16]), a.seed, a.tid,
                                       a.round, ATK, k, log["shake"] + own)
            table32[mask] = (best_score(a.game, dice, ATK), list(dice))
        choice = max(table32, key=lambda m: table32[m][0])
        res["choice"], res["table32"] = choice, table32
        emit = node._emit

        def emit_patched(dest, fr):
            if fr.type == wire.T_ENTRY and fr.seq >= seq:
                if dest == sh:
                    return      # the shaker's handheld gets nothing from the hold on
                if dest == tablelog.BROADCAST:
                    dest = 3 - ATK - sh
            return emit(dest, fr)
        node._emit = emit_patched
        hold = wire.Frame()
        hold.type = hold.etype = wire.T_YATZY
        hold.who = ATK
        hold.round = a.round
        hold.kind, hold.roll, hold.value = wire.Y_HOLD, k, choice
        node.codec.sign_request(hold, node.seat, node.applied, node._everyone())
        hold.ack = hold.rack
        node._sequence(hold, now)       # entry seq: the hold it chose
        node._on_request = onreq
        onreq(f, now)                   # seq + 1: the shaker's genuine SHAKE
        h.decide = honest
        a.poll(node, now, honest, h.rand)  # seq + 2: the roller's own value (logged at once)

    def on_request(f, now):
        if f.type == wire.T_SHAKE and f.who == sh and log["shake"] is None and attack:
            foresee(f, now)
            return
        return onreq(f, now)
    node._on_request = on_request
    if attack:
        fake = wire.Frame()
        fake.type = fake.etype = wire.T_YATZY
        fake.who = ATK
        fake.round = a.round
        fake.kind, fake.roll, fake.value = wire.Y_HOLD, k, 0
        node.codec.sign_request(fake, node.seat, node.applied, node._everyone())
        fake.ack = fake.rack
        assert a.check(fake) == 0
        node._store(seq, node.term, fake, t.now, 1)
        node._send_entry(sh, seq)   # the shaker's handheld only (seat sh = handheld sh here)
        node._seqs[seq % tablelog.LOG_CAP] = 0
        t.run(lambda: log["shake"] is not None, WAIT_MS)
        if log["shake"] is None:
            return "no shake"  # the shaker waits until the others hold the hold: held
        choice, table32 = res["choice"], res["table32"]
    else:
        choice, table32 = None, {}
        h.decide = honest
    cy = 3 - ATK - sh   # the third handheld: neither roller nor shaker
    t.run(lambda: t.hands[cy].app.shaking < 0 and len(t.hands[cy].app.rolls) > 1 and
          t.hands[cy].node.applied > seq + 1, 20000)
    seen = list(t.hands[cy].app.rolls[-1])
    seen_sh = list(t.hands[sh].app.rolls[-1])
    held = t.hands[cy].app.helds[-1] if t.hands[cy].app.helds else None
    t.run(lambda: False, 30000)
    bad = {x: [y for y in range(3) if t.hands[x].node._bad & (1 << y)] for x in range(3)}
    return log, choice, table32, seen, held, sh, cy, bad, seen_sh


def main():
    for seed in (1, 2, 3, 4, 5):
        ctl = play(False, seed)
        if ctl is None:
            continue
        log, _, _, seen, held, sh, cy, bad, _ = ctl
        if log["shake"] is not None:
            print("control failed: a shake was held back by an honest roller", log)
            sys.exit(2)
        r = play(True, seed)
        if r is None:
            continue
        if r == "no shake":
            print("HELD: the shaker did not shake for a hold only its handheld held (seed %d)" % seed)
            sys.exit(0)
        log, choice, table32, seen, held, sh, cy, bad, seen_sh = r
        print("control (seed %d): no shake before the hold; Cy saw %s" % (seed, ctl[3]))
        scores = sorted(v[0] for v in table32.values())
        print("attack: the shake of seat %d heard %s ms after the hold for the shaker alone, with "
              "the table's log at entry %s (no hold in it); best box per hold: min %d, median %d, max %d; chose hold %s -> %s" % (
                  sh, log["wait"], log["at"], scores[0], scores[len(scores) // 2], scores[-1],
                  bin(choice), table32[choice]))
        print("  handheld %d (neither roller nor shaker) then shows %s, the shaker's %s; distrust "
              "30 s on: %s" % (cy, seen, seen_sh, bad))
        broke = log["shake"] is not None and sorted(seen) == sorted(table32[choice][1])
        verdict = "BROKEN" if broke else "HELD"
        print("%s: the roller (the sequencer) learned seat %d's shake %s ms after a hold for the "
              "shaker alone, computed all %d re-rolls and logged the hold whose re-roll scores %d "
              "(the median hold's: %d) for the third handheld; that handheld shows %s, the "
              "foreseen roll was %s" % (verdict, sh, log["wait"], len(table32), table32[choice][0],
                                        scores[len(scores) // 2], seen, table32[choice][1]))
        sys.exit(1 if broke else 0)
    print("COULD NOT RUN: no seed reached a hold of the sequencer's with a shaker")
    sys.exit(2)


if __name__ == "__main__":
    from _cli import run
    run(main)
