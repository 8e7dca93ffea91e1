"""word_at_the_call.py on the real table.Table (`_table3`): does the firmware's boot reach it?

Same attack: Bo's handheld restarts in a round's bidding with Cy on turn; Cy calls at once and
keeps quiet to every VOUCH request. `kept` (default): Bo boots from its flash as the firmware does
(`Table.resume`: table.json, its secrets, tlog.bin). `lost`: tlog.bin is gone (a flash that lost
the file; Bo's state then starts from applied 0, as tablebus's reboot models every reboot).
Control: the same with Cy answering.
Verdict: 0 if Bo's seat is not forfeited in that round; 1 if it is while the control's was not.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import (Trio, run, verdict, wire, snyd, mac, FakeRadio, table, seat_of,  # noqa: E402
                     watch_seat)
from table_pair import snyd_mover  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(mode, attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=4), seed=seed)
    st = dict(armed=False, called=None)

    def cy_mover(tb):
        g = tb.game
        if t.tables[ANNA].node.applied > 40 and st["called"] is None and g is not None and \
                g.phase == 3 and tb.move is None and g.game.on_turn == tb.my_seat():
            if g.game.bid_face and st["armed"]:
                st["called"] = t.now
                tb.submit_move(["snyd"])
            elif not g.game.bid_face:
                snyd_mover(tb)
            return
        snyd_mover(tb)
    t.movers[CY] = cy_mover
    t.seat_all()
    t.start()
    anna = t.tables[ANNA]
    if attack:
        cy = t.tables[CY].node
        ans = cy._on_vouch
        cy._on_vouch = lambda f, now: None if bytes(f.chain) == bytes(wire.CHAIN_LEN) else ans(f, now)
    ok = t.until(lambda: anna.node.applied > 40 and all(
        tb.game.phase == 3 and tb.game.game.on_turn == seat_of(tb, CY) and tb.game.game.bid_face
        for tb in t.tables), 300000)
    if not ok:
        return None
    rnd = anna.game.round
    bo_seat = seat_of(anna, BO)
    forfeits, distrust = [], []
    watch_seat(t, [ANNA], bo_seat, forfeits, distrust)
    # Bo restarts
    t.air.radios[:] = [r for r in t.air.radios if r.mac != mac(BO)]
    t.air.log[:] = [x for x in t.air.log if x[0] != mac(BO)]
    t.cd(BO)
    if mode == "lost" and os.path.exists("tlog.bin"):
        os.remove("tlog.bin")
    tb = table.Table(FakeRadio(t.air, BO), t.NAMES[BO], t.now)
    assert tb.resume(), "Bo did not resume"
    t.tables[BO] = tb
    resumed = tb.node.applied
    words = []
    acc = tb.node._accept_snap

    def accept(now):
        r = acc(now)
        if r and tb.node.applied:
            words.append((t.now, tb.node.applied, tb.node._word_seq))
        return r
    tb.node._accept_snap = accept
    st["armed"] = True
    t.until(lambda: anna.game.round > rnd or anna.game.phase == 5, 120000)
    return dict(called=st["called"], resumed=resumed, words=words, forfeits=forfeits,
                round=rnd, dice=list(anna.game.game.dice_left))


def main():
    args = sys.argv[1:]
    mode = args[0] if args and not args[0].isdigit() else "kept"
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        c = play(mode, False, seed)
        print("seed %d %s control:" % (seed, mode), c)
        a = play(mode, True, seed)
        print("seed %d %s attack:" % (seed, mode), a)
        if c is None or a is None or c["called"] is None or a["called"] is None:
            sys.exit(2)
        if a["forfeits"] and not c["forfeits"]:
            broke.append((seed, a["round"], a["words"], a["forfeits"]))
    # lost (tlog.bin gone): the stated limit "A restart with nothing kept, at a call"
    verdict(bool(broke) and mode != "lost",
            ("the stated limit (*A restart with nothing kept, at a call*): " if broke else "") +
            "mode %s: Bo's seat forfeited the round after Cy kept quiet (seed, round, "
            "(t, applied, word_seq), forfeits): %s" % (mode, broke))


if __name__ == "__main__":
    run(main)
