"""Attack (round 27, focus 3): a stale die in SnydTable.opened (each seat's dice verified as its
reveal is applied, 4fb0a91) after a reboot and snapshot mid-reveal, a reseat mid-reveal, a false
secret, loss, reordering and duplicates.

Promise: the same log everywhere / the same record on every handheld; Withholding never pays (a
false secret is a forfeit, the honest are not named cheats); the count is the verified dice's.
Role: an ordinary seat (Di, seat 3) that reveals a false secret once, then in a later round
reveals and goes before the round's last reveal (its seat given to a bot on the creator's
handheld 4 s on: its cached dice belong to a seat the reseat takes out); plus the radio's loss, duplicates and
reordering (tablebus: loss 25 %, dup 5 %, reorder 10 %), and a reboot of an honest handheld (Cy)
in round 2 or later, in the middle of a reveal, after at least one reveal was applied there (it comes back from a
snapshot, which forgets `opened`).

How: every handheld's `_finish_round` is wrapped: before the count, each seat still in the round
with a cached `opened[s]` is compared with `verified(s, dice_left[s])` from the state as it is
then (what the code before 4fb0a91 computed). Differences are stale dice. At the end every live
handheld's record and `cheats` are compared. (Read from the code: `opened` is reset at a round's
start and on every restore, refused or not - `_restore_body` runs on the kept state too - and a
round's inputs to `verified`, `_hs`, `_s`, the seed, the round and dice_left, change only with a
REVEAL of the same seat (which re-opens it), a new round or a restore. A follower checks every
entry, so no second REVEAL of a seat is applied.)

Verdict: 0 no stale die, records and cheats agree, the false secret named (everywhere) and
nobody else; 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from dicecup.table import wire  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

CREATOR, BO, CY, DI = 0, 1, 2, 3


def play(seed, attack):
    t = tablebus.Table(seats=4, seed=seed, loss=0.25, dup=0.05, reorder=0.1,
                       rules=snyd.Rules(dice=3))
    assert t.start_game() == 0
    out = dict(stale=[], checked=0, rounds=0, events=[], cheat_round=None)

    def wrap(h, k):
        app = h.app
        if getattr(app, "_w27", False):
            return
        app._w27 = True
        fin = app._finish_round

        def finish():
            g = app.game
            lost = app.forfeited
            for s in range(app.n):
                n = g.dice_left[s]
                if not n or lost & (1 << s) or app.opened[s] is None:
                    continue
                out["checked"] += 1
                v = app.verified(s, n)
                if v is None or list(v) != list(app.opened[s]):
                    out["stale"].append((t.now, k, app.round, s, list(app.opened[s]), v))
            out["rounds"] += 1
            return fin()
        app._finish_round = finish

    di = t.hands[DI]
    rr = di.app._reveal_request

    def false_reveal(f, s, rand):
        r = rr(f, s, rand)
        if r and attack and di.app.round >= 3 and out["cheat_round"] in (None, di.app.round):
            out["cheat_round"] = di.app.round
            f.h1[0] ^= 0xFF  # a secret that opens nothing
        return r
    di.app._reveal_request = false_reveal

    state = dict(rebooted=False, killed=False, given=False)

    def step():
        for k, h in enumerate(t.hands):
            wrap(h, k)
        cy = t.hands[CY].app
        if attack and not state["rebooted"] and cy.round >= 2 and \
                cy.phase == snydtable.P_REVEAL and cy.revealed:
            state["rebooted"] = True
            out["events"].append((t.now, "Cy reboots, revealed here %#x" % cy.revealed))
            t.reboot(CY)
        d = t.hands[CREATOR].app  # (Di's own reveal applied there, the round not finished)
        if attack and state["rebooted"] and not state["killed"] and \
                out["cheat_round"] is not None and d.round > out["cheat_round"] and \
                d.phase == snydtable.P_REVEAL and d.revealed & (1 << DI) and \
                d.revealed & d.part != d.part:
            state["killed"] = True
            state["killed_at"] = t.now
            out["events"].append((t.now, "Di goes, revealed at the creator %#x" % d.revealed))
            t.kill(DI)
        if state["killed"] and not state["given"] and t.now - state["killed_at"] > 4000:
            lead = [h for h in t.live() if h.node.is_leader()]
            if lead and lead[0].app.phase in (snydtable.P_REVEAL, snydtable.P_BID,
                                              snydtable.P_COMMIT, snydtable.P_CONTRIB):
                state["given"] = True
                r = t.give_to_bot(DI, lead[0].node.seat)
                out["events"].append((t.now, "Di's seat to a bot on %d (%s), phase %s" % (
                    lead[0].node.seat, r, lead[0].app.phase)))
        return t.done()

    t.run(step, 1_800_000)
    live = t.live()
    recs = [h.app.rec.record() for h in live]
    out["same"] = all(r == recs[0] for r in recs)
    out["cheats"] = [h.app.cheats for h in live]
    out["done"] = t.done()
    out["dice"] = [list(h.app.game.dice_left) for h in live]
    return out


def main():
    seeds = [int(x) for x in sys.argv[1:] if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(seed, False)
        print("seed %d control: rounds %d, opened checked %d, stale %s, same %s, done %s, cheats %s"
              % (seed, c["rounds"], c["checked"], c["stale"], c["same"], c["done"], c["cheats"]))
        if not c["done"] or not c["same"] or c["stale"]:
            print("control failed")
            sys.exit(2)
        r = play(seed, True)
        print("seed %d attack: events %s; false secret in round %s; finishes %d, opened dice "
              "checked %d, stale %s; records agree %s, game over %s, cheats %s, dice %s" % (
                  seed, r["events"], r["cheat_round"], r["rounds"], r["checked"], r["stale"][:4],
                  r["same"], r["done"], r["cheats"], r["dice"]))
        if len(r["events"]) < 3 or not r["done"]:
            print("seed %d: could not set up (events %d, done %s)" % (seed, len(r["events"]),
                                                                      r["done"]))
            sys.exit(2)
        if r["stale"] or not r["same"] or any(x != (1 << DI) for x in r["cheats"]):
            broke.append((seed, r["stale"][:4], r["same"], r["cheats"]))
    if broke:
        print("BROKEN: (seed, stale dice, records agree, cheats): %s" % broke)
        sys.exit(1)
    print("HELD: no stale opened die on any handheld; records and cheats agree")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
