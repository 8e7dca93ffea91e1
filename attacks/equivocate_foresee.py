"""Attack: a Yatzy roller that is the sequencer learns the shake before it holds. It logs a hold
for the shaker's handheld alone, takes the shake that handheld then sends, computes the re-roll of
every one of the 32 holds, and logs for the table the hold whose re-roll it likes best.

Promise: Fair ("nobody chooses, biases or foresees its dice or Yatzy rolls, not even the
sequencer"); Yatzy's re-rolls ("Before the hold is logged, the re-roll depends on two values not
yet given: the shake, known only to the shaker's handheld, and the roller's value ... The
sequencer orders; it can delay an entry but not choose one"). docs/protocol.md.
Role: the sequencer, on its own seat's roll (3 handhelds, one seat each; host_tools/tablebus).

How: a shake is the shaker's next hash-chain value (fairdice.shake), the same whatever the hold;
the shaker's handheld sends it as soon as its own log holds a hold. Entries are checked by each
follower against its own log only (no follower compares logs), so the sequencer can give the
shaker a hold (here: none kept) that nobody else is given. With the shake and its own chain value
the roller computes fairdice.yatzy_roll for every hold, then logs the chosen hold to everyone, the
shaker's genuine SHAKE (its tags cover the request, not the hold before it) and its own value. The
shaker's handheld keeps the hold it was shown (an entry at an applied place under the same term is
a duplicate), so its log forks, after the roll is won.

Control: the same roll held honestly: the roller's handheld learns no shake before its hold is
logged. Verdict: exit 0 if the roller never holds a shake before its hold is logged everywhere; 1
with the evidence (the 32 outcomes it saw, its choice, and the dice Cy then shows).
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
    log = {"shake": None, "at": None}
    onreq = node._on_request

    def on_request(f, now):
        if f.type == wire.T_SHAKE and f.who == sh and log["shake"] is None and attack:
            log["shake"] = bytes(f.h1)
            log["at"] = node.applied  # the table's log holds no hold yet
            return  # held back until the hold the roller likes is logged
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
        t.run(lambda: log["shake"] is not None, 5000)
        if log["shake"] is None:
            return "no shake"  # the shaker waits until the others hold the hold: held
        own = fairdice.shake(a.shake_key, a.tid, a._game0, ATK,
                             fairdice.CHAIN_LEN - 1 - a._cn[ATK])
        o = ATK * 16
        table32 = {}
        for mask in range(1 << a.game.ndice):
            dice = fairdice.yatzy_roll(a.rolls[-1], mask, bytes(a._s[o:o + 16]), a.seed, a.tid,
                                       a.round, ATK, k, log["shake"] + own)
            table32[mask] = (best_score(a.game, dice, ATK), list(dice))
        choice = max(table32, key=lambda m: table32[m][0])
        hold = wire.Frame()
        hold.type = hold.etype = wire.T_YATZY
        hold.who = ATK
        hold.round = a.round
        hold.kind, hold.roll, hold.value = wire.Y_HOLD, k, choice
        node.codec.sign_request(hold, node.seat, node.applied, node._everyone())
        hold.ack = hold.rack
        node._sequence(hold, t.now)
        node._on_request = onreq
        # the shaker repeats its SHAKE until logged; its own value follows from the honest poll
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
        print("attack: the shake of seat %d heard with the table's log at entry %s (no hold in "
              "it); best box per hold: min %d, median %d, max %d; chose hold %s -> %s" % (
                  sh, log["at"], scores[0], scores[len(scores) // 2], scores[-1],
                  bin(choice), table32[choice]))
        print("  handheld %d (neither roller nor shaker) then shows %s, the shaker's %s; distrust "
              "30 s on: %s" % (cy, seen, seen_sh, bad))
        broke = log["shake"] is not None and sorted(seen) == sorted(table32[choice][1])
        verdict = "BROKEN" if broke else "HELD"
        print("%s: the roller (the sequencer) learned seat %d's shake before any hold was logged "
              "for the table, computed all %d re-rolls and logged the hold whose re-roll scores %d "
              "(the median hold's: %d); the dice every other screen shows, %s, are the ones it "
              "foresaw" % (verdict, sh, len(table32), table32[choice][0], scores[len(scores) // 2],
                            seen))
        sys.exit(1 if broke else 0)
    print("COULD NOT RUN: no seed reached a hold of the sequencer's with a shaker")
    sys.exit(2)


if __name__ == "__main__":
    from _cli import run
    run(main)
