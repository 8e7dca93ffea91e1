"""Attack (round 26): after every handheld restarts at once, an ordinary seat's kept log holds one
entry more than anyone's - a reseat of the honest Bo's seat to itself, in a term it names - and the
table resumes from it.

Promise: "Comes back ... *It keeps a forged tlog.bin* (another state, further along, or altered).
The state it restores is its own word: it counts for nothing with the others"; entries a handheld
kept are served "as entries, checked like any entry"; the sequencer orders, nothing more ("a reseat
moves only seats whose handheld every follower itself sees gone or stalled"); a handheld back from
a boot takes a reseat it replays without its own checks "only if another handheld than the
sequencer said since the boot that it holds that entry (it was logged before the boot, and checked
live by somebody)". docs/protocol.md, Every handheld restarts at once.
Role: Cy, an ordinary seat (neither the last sequencer nor the heir: the creator Anna is both). No
radio. (`_table3`, Snyd, 3 dice, 3 handhelds; `_restart.restart_all`.)

How: in round 2's (3's, 4's) bidding the whole table restarts (a power strip). Back from its flash,
before its first heartbeat, Cy's firmware adds one entry to its kept log (as a tlog.bin written so
would): a SEATS reseat (SEATS_RESEAT) giving Bo's seat to Cy's handheld, requested by Cy itself
(its own tags for everyone, so `request_ok` passes), with eterm = the kept term's takeovers and
Cy's low bits (`_valid` wants rby == eterm & TERM_SEAT; the eterm is the sender's word, no lower
than the last entry's term and no higher than the new term). Its heartbeats claim that entry: the
furthest log. The heir Anna takes the new term and catches up from Cy (`_catch_up`: `_from` = Cy);
Anna is back from the boot (`Node._back`, which never clears for a sequencer: `_note_back` waits
for a heartbeat of its own), `_reseat_why` / `_reseat_ok` take a reseat without any check when
`_back and _replayed(seq)`, and `_replayed` asks only that a handheld other than the sequencer said
since the boot that it holds the entry: Cy's own heartbeat says so. Bo, caught up and no longer
back, refuses it; but it comes from its new sequencer in a term above Bo's last entry's, so
`_from_newer` -> `_resync_from_leader`, and Bo takes Anna's state (Cy vouches), its seat moved.
Variant `silent`: Cy also never answers a VOUCH request (Bo's resync then never settles: Bo takes
no snapshot without a witness, and the resync hold names only its sequencer). Control: the same
restart, Cy honest.

Verdict: 0 if no honest handheld moves Bo's seat (nor forfeits it); 1 with the evidence; 2 could
not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, screens  # noqa: E402
from _restart import restart_all, hosts  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.table.codes import TERM_SEAT  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def forge(t, atk, victim):
    """At handheld atk, back from the boot: one more kept entry, a reseat of victim's seats to atk,
    requested by atk in a term naming it. Returns (entry, eterm, seats moved)."""
    tb = t.tables[atk]
    node, g = tb.node, tb.game
    f = wire.Frame()
    f.etype = f.type = wire.T_SEATS
    f.flags = wire.SEATS_RESEAT
    f.n = g.n
    f.kinds[:] = g.kinds
    moved = []
    for s in range(g.n):
        f.hosts[s] = g.hosts[s]
        if g.hosts[s] == victim:
            f.hosts[s] = atk
            moved.append(s)
    lt = node._last_term
    eterm = (lt & ~TERM_SEAT) | atk
    if eterm < lt:
        eterm += TERM_SEAT + 1
    node.game.now = t.now
    ok = node.game.check(f)
    assert ok == 0, ("the game refuses the reseat", ok)
    node.codec.sign_request(f, atk, node.applied, node._everyone())
    f.eterm = eterm
    seq = node.applied + 1
    node._store(seq, eterm, f, t.now, 1)
    node._apply_ready(t.now)
    assert node.applied == seq, "not applied at the attacker"
    return seq, eterm, moved


def play(attack, seed, rnd=2, silent=False):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    t.until(lambda: t.tables[0].game.round >= rnd and t.tables[0].game.phase == snydtable.P_BID,
            120000)
    before = [hosts(t, k) for k in range(3)]
    dice_before = [list(t.tables[k].game.game.dice_left) for k in range(3)]
    kept = [t.tables[k].node.applied for k in range(3)]
    terms = [t.tables[k].node.term for k in range(3)]
    restart_all(t)
    st = dict(seq=None, eterm=None, moved=None)
    if attack:
        st["seq"], st["eterm"], st["moved"] = forge(t, CY, BO)
        if silent:
            t.tables[CY].node._vouch = lambda dest, lo, chain: None  # never vouches
    seen = []   # (time, handheld, entry) when an honest handheld moved Bo's seat
    bo_seat = [s for s in range(t.tables[0].game.n) if before[0][s] == BO]

    def watch():
        for k in (ANNA, BO):
            if not any(x[1] == k for x in seen) and \
                    any(t.tables[k].game.hosts[s] != BO for s in bo_seat):
                seen.append((t.now, k, t.tables[k].node.applied))
        return False
    t.until(watch, 8000)
    after = [hosts(t, k) for k in range(3)]
    dice_after = [list(t.tables[k].game.game.dice_left) for k in range(3)]
    leaders = [(t.tables[k].node.leader, t.tables[k].node.term) for k in range(3)]
    t.until(watch, 52000)
    bo = t.tables[BO].node
    at60 = dict(bo_resync=bo._resync, bo_held=bo.held(t.now), bo_held_on=bo.held_on(),
                bo_applied=bo.applied, screens=screens(t))
    t.until(lambda: watch() or all(tb.game.phase == snydtable.P_OVER for tb in t.tables), 240000)
    return dict(before=before, after=after, st=st, seen=seen, kept=kept, terms=terms,
                dice_before=dice_before, dice_after=dice_after, leaders=leaders,
                forfeits=[t.tables[k].game.forfeits for k in range(3)],
                over=[t.tables[k].game.phase == snydtable.P_OVER for k in range(3)],
                final=[hosts(t, k) for k in range(3)], screens=screens(t),
                bad=[t.tables[k].node._bad for k in range(3)], at60=at60)


def show(tag, r):
    print("%s: kept entries %s, kept terms %s; Cy's extra entry %s (eterm %s, seats %s)" % (
        tag, r["kept"], r["terms"], r["st"]["seq"], r["st"]["eterm"], r["st"]["moved"]))
    print("   seats' hosts at Anna/Bo/Cy before %s, 8 s after the restart %s (leader, term) %s" % (
        r["before"], r["after"], r["leaders"]))
    print("   dice before %s, 8 s after %s; forfeits %s" % (r["dice_before"], r["dice_after"],
                                                          r["forfeits"]))
    print("   honest handhelds that moved Bo's seat (time, handheld, applied): %s" % r["seen"])
    a = r["at60"]
    print("   60 s after the restart: Bo in a resync %s, applied %d, held mask %s, held on %s" % (
        a["bo_resync"], a["bo_applied"], a["bo_held"], a["bo_held_on"]))
    for x in a["screens"]:
        print("    60 s:", {k: x[k] for k in ("k", "applied", "paused", "heading", "names", "bad")})
    print("   end: hosts %s, game over %s, distrust masks %s" % (r["final"], r["over"], r["bad"]))
    for s in r["screens"]:
        print("   ", s)


def main():
    # (_table3's seed does not change this game: its movers bid the same way whatever the dice;
    # the round of the restart does: r2, r3, r4)
    args = sys.argv[1:]
    seeds = [int(x) for x in args if x.isdigit()] or [1]
    rounds = [int(x[1:]) for x in args if x[:1] == "r"] or [2, 3, 4]
    silent = "silent" in args
    broke = []
    for seed in seeds:
        for rnd in rounds:
            c = play(False, seed, rnd)
            show("seed %d round %d control" % (seed, rnd), c)
            if c["seen"] or any(c["forfeits"]):
                print("control failed")
                sys.exit(2)
            r = play(True, seed, rnd, silent)
            show("seed %d round %d attack%s" % (seed, rnd, " (silent)" if silent else ""), r)
            if r["seen"]:
                broke.append((seed, rnd, r["seen"], r["dice_before"][ANNA],
                              r["dice_after"][ANNA]))
    verdict(broke, "(seed, round of the restart, honest handhelds that gave Bo's seat to Cy after "
            "the restart (time, "
            "handheld, applied), dice at Anna before, after): %s" % broke)


if __name__ == "__main__":
    run(main)
