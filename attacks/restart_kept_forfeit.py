"""Attack (round 27, focus 2): after every handheld restarts at once at a call, an ordinary seat's
kept log holds one entry more than anyone's - a FORFEIT of the honest Bo's seat, in a term naming
itself - and the heir catches up from it.

Promise: "Comes back ... *It keeps a forged tlog.bin* ... it counts for nothing with the others";
kept entries are served "as entries, checked like any entry"; a FORFEIT only after the follower's
own deadline, never of a seat that could act; withholding never pays; round 26's `_replayed(f)`
(a replayed entry counts as checked live only on the word of a handheld other than our sequencer
and the entry's own). docs/protocol.md, Every handheld restarts at once.
Role: Cy, an ordinary seat (neither the last sequencer nor the heir: the creator Anna is both). No
radio. (`_table3` + `_restart`, Snyd, 3 dice, 3 handhelds.)

How: once all three applied round 2's (3's) call, every frame is lost for 400 ms (interference:
no heartbeat shows the call, so no gate opens and nobody reveals) while each handheld keeps the
call in its tlog.bin; then the whole table restarts (all three kept the call, nobody revealed). Back from its flash, before its first heartbeat, Cy's firmware adds one
entry to its kept log, as restart_kept_reseat.py's forge does: a FORFEIT (F_LATE) naming Bo's
seat, Cy's own (its tags for everyone), eterm = the kept term's takeovers with Cy's low bits
(`_valid` wants rby == eterm & TERM_SEAT). Its heartbeats claim it: the furthest log, so the heir
Anna catches up from Cy. Anna checks it (`_valid`: `_heard_from`, `_disputed`, then
`_check_forfeit`, whose clock restarted at the boot, `TableGame.resumed`), and Bo, whose gate sees
Cy claim past the log, does not reveal meanwhile. Control: the same restart, Cy honest.

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in that round (and Bo's dice are
those of the control); 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, screens, watch_seat  # noqa: E402
from _restart import restart_all  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.table.codes import TERM_SEAT  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def forge(t, atk, victim):
    tb = t.tables[atk]
    node, g = tb.node, tb.game
    f = wire.Frame()
    f.etype = f.type = wire.T_FORFEIT
    f.round = g.round
    f.kind = wire.F_LATE
    f.who = 0
    for s in range(g.n):
        if g.hosts[s] == victim:
            f.who |= 1 << s
    lt = node._last_term
    eterm = (lt & ~TERM_SEAT) | atk
    if eterm < lt:
        eterm += TERM_SEAT + 1
    node.codec.sign_request(f, atk, node.applied, node._everyone())
    f.eterm = eterm
    seq = node.applied + 1
    node._store(seq, eterm, f, t.now, 1)
    node._apply_ready(t.now)
    assert node.applied == seq, "not applied at the attacker"
    return seq, eterm, f.who


def play(attack, seed, rnd):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()

    def at_call():
        gs = [tb.game for tb in t.tables]
        return all(g.round == rnd and g.phase == snydtable.P_REVEAL and not g.revealed
                   for g in gs) and len({tb.node.applied for tb in t.tables}) == 1
    if not t.until(at_call, 300000):
        return None
    call = t.tables[ANNA].node.applied
    dice_before = list(t.tables[ANNA].game.game.dice_left)
    # a burst of interference (every frame lost for 400 ms: no heartbeat at the call, so no gate
    # opens and nobody reveals) while each handheld keeps the call in its tlog.bin; then the strip
    jam = {"on": True}
    t.filters.append(lambda s, d, data: not jam["on"])
    for r in t.air.radios:
        r.inbox[:] = []  # (the frames delivered but not yet read are lost too)
    t.until(lambda: False, 400)
    jam["on"] = False
    if any(tb.game.revealed for tb in t.tables):
        return None
    restart_all(t)
    if len({tb.node.applied for tb in t.tables}) != 1:
        return dict(setup="kept %s" % [tb.node.applied for tb in t.tables])
    st = dict(seq=None, eterm=None, who=None)
    if attack:
        st["seq"], st["eterm"], st["who"] = forge(t, CY, BO)
    forfeits, distrust = [], []
    watch_seat(t, (ANNA, BO), [s for s in range(t.tables[ANNA].game.n)
                               if t.tables[ANNA].game.hosts[s] == BO][0], forfeits, distrust)
    t.until(lambda: all(tb.game.round > rnd for tb in t.tables[:2]), 120000)
    dice_after = [list(tb.game.game.dice_left) for tb in t.tables]
    rnd_forfeits = [x for x in forfeits if x[2] > call and x[1] in (ANNA, BO)]
    t.until(lambda: all(tb.game.phase == snydtable.P_OVER for tb in t.tables), 400000)
    return dict(setup=None, call=call, st=st, forfeits=forfeits, rnd_forfeits=rnd_forfeits, distrust=distrust,
                dice_before=dice_before, dice_after=dice_after, screens=screens(t),
                over=[tb.game.phase == snydtable.P_OVER for tb in t.tables],
                rounds=[tb.game.round for tb in t.tables])


def main():
    args = sys.argv[1:]
    seeds = [int(x) for x in args if x.isdigit()] or [1]
    rounds = [int(x[1:]) for x in args if x[:1] == "r"] or [2, 3]
    broke = []
    for seed in seeds:
        for rnd in rounds:
            c = play(False, seed, rnd)
            if c is None or c.get("setup"):
                print("seed %d round %d: could not set up: %s" % (seed, rnd, c and c["setup"]))
                sys.exit(2)
            r = play(True, seed, rnd)
            if r is None or r.get("setup"):
                print("seed %d round %d: could not set up: %s" % (seed, rnd, r and r["setup"]))
                sys.exit(2)
            for tag, x in (("control", c), ("attack", r)):
                print("seed %d round %d %s: call entry %d; Cy's extra entry %s; dice at the call %s,"
                      " after the round %s; FORFEITs of Bo's seat (ms, handheld, entry, mask) %s; "
                      "distrust %s; over %s rounds %s" % (
                          seed, rnd, tag, x["call"], x["st"], x["dice_before"], x["dice_after"],
                          x["forfeits"][:4], x["distrust"][:4], x["over"], x["rounds"]))
            if r["rnd_forfeits"] and not c["rnd_forfeits"] or \
                    r["dice_after"][ANNA][BO] < c["dice_after"][ANNA][BO]:
                broke.append((seed, rnd, r["rnd_forfeits"][:2], c["dice_after"][ANNA],
                              r["dice_after"][ANNA]))
    verdict(broke, "(seed, round, FORFEITs of Bo's seat honest handhelds applied, dice after the "
            "round at Anna: control, attack): %s" % broke)


if __name__ == "__main__":
    run(main)
