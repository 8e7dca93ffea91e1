"""Attack (round 22, around a reboot): round 1's silent_witness on the real firmware's resume. A
handheld that was off long enough to fall past the sequencer's 32-entry window boots from its
tlog.bin (`Table.resume`: applied > 0, `Node._back`); the only witness for its snapshot keeps
quiet. The tablebus harness that closed silent_witness reboots a handheld with applied 0, which
`log._asked` takes on the sender's word once the witness counts mute; a real handheld comes back
with its kept entries, and `_asked` then wants it alone with the sender.

Promise: Alive ("no frame stops a game for good"), withholding never pays, a checked snapshot
(silent_witness's: held since `log._silent` counts a quiet witness as refusing).
Role: an ordinary seat (Cy), the only possible witness. Honest: Anna (sequencer), Bo.
Steps (`_table3`: real table.Table, Snyd, 3 handhelds, 3 dice): after some entries Bo's handheld
goes off (its radio hears and sends nothing, it runs no loop); the others play on until the
sequencer is 40 entries past Bo (Bo's seat forfeits its rounds meanwhile). Bo boots from its
flash (`table.Table(...).resume()`), asks for a snapshot; Cy ignores every VOUCH request.
Control: the same, Cy answering honestly.
Verdict: 0 if Bo catches up (its log reaches the sequencer's, or the game ends with Bo's record);
1 if, 120 s after its boot, Bo is still behind while the control caught up.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import seat_of, Trio, run, verdict, wire, snyd, screens, mac, FakeRadio, table  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def loser(tb):
    """Bo's person bids every die on the table as sixes: it is called and loses, until out."""
    g = tb.game
    if g is not None and g.phase == 3 and tb.move is None:
        s = tb.my_seat()
        game = g.game
        if s >= 0 and game.on_turn == s:
            tb.submit_move(["bid", sum(game.dice_left), 6])


def play(attack, seed=1, gap=40):
    t = Trio(3, rules=snyd.Rules(dice=4), seed=seed)
    t.movers[BO] = loser
    t.seat_all()
    t.start()
    off = set()
    tick0 = t.tick

    def tick(n=1):
        for _ in range(n):
            t.now += 20
            for k, tb in enumerate(t.tables):
                if k in off:
                    continue
                t.cd(k)
                tb.tick(t.now)
                tb.idle()
                from _table3 import admit_all
                admit_all(tb)
                if t.movers[k]:
                    t.movers[k](tb)
            t.deliver()
    t.tick = tick
    t.filters.append(lambda s, d, data: False if (s == mac(BO) or d == mac(BO)) and BO in off
                     else None)
    if attack:
        cy = t.tables[CY].node
        ans = cy._on_vouch
        cy._on_vouch = lambda f, now: None if bytes(f.chain) == bytes(wire.CHAIN_LEN) else ans(f, now)
    anna = t.tables[ANNA]
    if not t.until(lambda: anna.game.game.dice_left[seat_of(anna, BO)] == 0, 300000):
        return None  # Bo is out of the game (a watcher: every gate still waits on it)
    off.add(BO)
    kept = t.tables[BO].node.applied
    if not t.until(lambda: anna.node.applied > kept + gap or t.done(), 900000):
        return None
    # Bo boots from its flash
    t.air.radios[:] = [r for r in t.air.radios if r.mac != mac(BO)]
    t.cd(BO)
    tb = table.Table(FakeRadio(t.air, BO), t.NAMES[BO], t.now)
    assert tb.resume(), "Bo did not resume"
    t.tables[BO] = tb
    off.discard(BO)
    boot = t.now
    back_at = tb.node.applied
    words = []
    acc = tb.node._accept_snap

    def accept(now):
        r = acc(now)
        if r and tb.node.applied:
            words.append((t.now - boot, tb.node.applied, tb.node._word_seq))
        return r
    tb.node._accept_snap = accept
    t.until(lambda: tb.node.applied >= t.tables[ANNA].node.applied and not tb.node._back, 120000)
    caught = t.now - boot if tb.node.applied >= t.tables[ANNA].node.applied else None
    return dict(kept=kept, resumed_at=back_at, anna=t.tables[ANNA].node.applied,
                bo=tb.node.applied, caught_ms=caught, words=words, back=tb.node._back,
                bo_forfeits=t.tables[ANNA].game.forfeits, screens=[
                    (s["k"], s["heading"], s["names"]) for s in screens(t)])


def main():
    seeds = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        c = play(False, seed)
        print("seed %d control:" % seed, c)
        if c is None or c["caught_ms"] is None:
            sys.exit(2)
        a = play(True, seed)
        print("seed %d attack:" % seed, a)
        if a is None:
            sys.exit(2)
        if a["caught_ms"] is None:
            broke.append((seed, a["resumed_at"], a["bo"], a["anna"], a["screens"]))
    verdict(bool(broke), "Bo, booted from tlog.bin past the window, never caught up while Cy kept "
            "quiet (seed, Bo's kept entry, Bo's log, Anna's log, screens): %s" % broke)


if __name__ == "__main__":
    run(main)
