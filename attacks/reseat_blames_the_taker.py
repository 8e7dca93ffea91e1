"""Round 16 (the round-15 fix, `TableGame.withheld`). Promise: withholding never pays, and no
honest seat is forfeited for what another did ("a handheld that withholds any seat's commitment or
contribution forfeits every turn it plays that round" must hit the handheld that withheld).

A reseat of a gone handheld's seat is "the moved seat forfeits what it still owed this round"
(`YatzyTable._lose`). In the COMMIT or CONTRIB phase that goes through `TableGame._forfeit_mask`,
which marks `withheld |= 1 << hosts[s]` - but `TableGame._reseat` has already put the NEW host in
`hosts` (`_seat(f)` before `_lose`). So the handheld that takes the seat (the sequencer, whose
"give to a bot" gives it to itself: `Table.reseat_to_bot`; or any handheld a sequencer names) is
the one marked: every Yatzy turn it plays that round is a forfeit turn - its own person's
scorecard loses a turn (a zero in a box) for taking a gone player's seat. The gone handheld is not
marked at all.

Roles: none hostile is needed - Cy's handheld goes silent as round 2 begins (battery, or a seated
cheat that leaves on purpose at that moment), and the honest sequencer's person gives its seat to a
bot on the pause, before the 30 s commitment deadline. Variant `other`: the sequencer (hostile)
gives the gone seat to the honest Bo instead (the followers check only that the moved seat's
handheld is gone and the new one is not): Bo's own turn is forfeited.

Harness: host_tools/tablebus (Yatzy, 3 handhelds, one scorecard each, lossless, seeded).
Control: the same departure, no reseat: Cy forfeits by the deadline, Anna's and Bo's turns are
played. Exit 1 when a turn of the handheld that took the seat is a forfeit turn in the records.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table.game import P_COMMIT, P_CONTRIB  # noqa: E402


def play(seed, reseat_to):
    t = tablebus.Table(seats=3, seed=seed, game="yatzy")
    assert t.start_game() == 0
    anna = t.hands[0].app
    t.run(lambda: anna.round >= 2, 3_600_000)
    t.kill(2)  # Cy's handheld goes silent as round 2 begins
    ph = anna.phase
    t.run(lambda: False, 4000)  # gone: 1.75 s unheard on every clock, within the 30 s deadline
    out = dict(phase_at_reseat=ph, phase_now=anna.phase, round=anna.round)
    if reseat_to is not None:
        out["reseat"] = t.give_to_bot(2, reseat_to)
    out["withheld"] = [h.app.withheld for h in t.live()]
    out["done"] = t.run(t.done, 3_600_000)
    recs = t.records()
    out["same"] = all(r == recs[0] for r in recs)
    turns = recs[0]["turns"]
    out["forfeit_turns"] = [(i // 3 + 1, tn["p"]) for i, tn in enumerate(turns) if tn.get("forfeit")]
    out["per_card"] = {p: sum(1 for tn in turns if tn["p"] == p and tn.get("forfeit"))
                       for p in range(3)}
    return out


def main():
    args = sys.argv[1:]
    taker = 1 if "other" in args else 0
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(seed, None)
        a = play(seed, taker)
        print("seed %d control: %s" % (seed, c))
        print("seed %d attack (seat 2 -> handheld %d): %s" % (seed, taker, a))
        assert a["phase_now"] in (P_COMMIT, P_CONTRIB), "the reseat missed the round's start"
        assert a["reseat"] == 0, "the reseat was not logged"
        if a["per_card"][taker] > c["per_card"][taker]:
            broke.append((seed, c["per_card"][taker], a["per_card"][taker], a["withheld"]))
    if broke:
        print("BROKEN: the handheld that took the gone seat (%d) forfeits its own scorecard's "
              "turn(s): (seed, forfeit turns control, attack, withheld masks) %s" % (taker, broke))
        sys.exit(1)
    print("HELD")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
