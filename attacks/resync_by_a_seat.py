"""Attack (round 26, focus 1): an ordinary seat (not the sequencer) claims past an honest
follower's log to get it held by 521a9a5's resync hold, so as to stop the table on the honest
sequencer's name, or to have its seat forfeited.

Promise: a stop names whom it can (a seat may stop the table, named; never name only the honest);
no honest seat pays (a FORFEIT only of a seat that could act); the round-25 fix ("a follower in a
resync is held once any member's heartbeat claims past its log").
Role: an ordinary seat (its own firmware), the sequencer honest. No radio. (`_table3`, Snyd, 3
dice.)

How: 521a9a5's hold (`Snapshots._passed`) acts only on a follower in `_resync`, and an ordinary seat
has no way to put an honest follower there while it follows an honest sequencer: `_on_forks` with
x == leader needs the sequencer's own (tagged) heartbeat to show another chain, `_from_newer`
needs the sequencer's entry. Its one way in is the stated *One liar* fork: a heartbeat with a
false chain at an entry of the term at which the victim matched it. So:
  bo  - Cy (after Bo in the seat order) sends Bo alone a heartbeat with a false chain at Bo's head
        in round 2's bidding, then heartbeats to Bo claiming far past Bo's log (with a made-up
        chain), and never answers a VOUCH request.
  cy  - Bo (next after the sequencer) does the same to Cy: the victim then waits for the next
        seat's term, which is the liar's own, and the liar never claims it.
Then 120 s. Control: no false chain.

Verdict: 0 if no honest handheld applies a FORFEIT of the victim's seat, nobody honest loses a die
for it, and wherever an honest screen pauses on "Logs differ" the liar is among the names on some
honest screen (the stated *One liar* stop); 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire, seat_of, watch_seat, screens  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from _resync import emitter, trio  # noqa: E402

ANNA, BO, CY = 0, 1, 2
RUN_MS = 120000


def play(attack, liar, victim, seed):
    t, _ = trio(seed, 1500)
    node = t.tables[liar].node
    st = dict(phase=0, at=None, head=None)
    emit_to = emitter(node)
    orig = node._emit
    fake = b"\x5a" * wire.CHAIN_LEN

    def emit(dest, f):
        if st["phase"] and f.type == wire.T_ACK and dest in (log.BROADCAST, victim):
            keep = bytes(f.chain)
            for k in (ANNA, BO, CY):
                if k not in (liar, victim) and dest == log.BROADCAST:
                    emit_to(k, f)
            v = t.tables[victim].node
            emit_to(victim, f, ack=v.applied + 5, chain=fake)  # past its log, checkable (<32)
            f.chain[:] = keep
            return
        if st["phase"] and f.type == wire.T_VOUCH and f.lo and bytes(f.chain) != bytes(8):
            return  # never vouches
        return orig(dest, f)
    node._emit = emit

    def liar_mover(tb, m=t.movers[liar]):
        g = tb.game
        v = t.tables[victim].node
        if attack and st["phase"] == 0 and g.round >= 2 and g.phase == snydtable.P_BID and \
                v.applied == node.applied and v.agree.term_of(liar) == v.term:
            # the fork: our chain at the victim's head, made up (the victim matched us in this term)
            f = wire.Frame()
            f.type = wire.T_ACK
            f.flags = node.leader & log.F_LEADER_MASK
            emit_to(victim, f, ack=node.applied, chain=fake)
            st["phase"] = 1
            st["at"] = t.now
            st["head"] = node.applied
        m(tb)
    t.movers[liar] = liar_mover
    vseat = seat_of(t.tables[0], victim)
    forfeits, distrust = [], []
    honest = [k for k in (ANNA, BO, CY) if k != liar]
    watch_seat(t, honest, vseat, forfeits, distrust)
    dice0 = None
    if attack:
        t.until(lambda: st["phase"] == 1, 200000)
        if st["phase"] != 1:
            return None
        dice0 = list(t.tables[victim].game.game.dice_left)
    vn = t.tables[victim].node
    seen = dict(resync=0, held_snap=None)

    def watch():
        if vn._resync:
            seen["resync"] += 20
        if seen["held_snap"] is None and vn._sheld and vn._snap_held(t.now):
            seen["held_snap"] = (t.now, vn._sheld)
        return False
    t.until(watch, RUN_MS)
    sc = screens(t)
    return dict(st=st, forfeits=forfeits, distrust=distrust, screens=sc, seen=seen, dice0=dice0,
                dice=[list(t.tables[k].game.game.dice_left) for k in range(3)], vseat=vseat,
                over=[bool(t.tables[k].saved_games) for k in range(3)])


def main():
    variants = [a for a in sys.argv[1:] if not a.isdigit()] or ["bo", "cy"]
    seeds = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1]
    broke = []
    names = ("Anna", "Bo", "Cy")
    for v in variants:
        liar, victim = (CY, BO) if v == "bo" else (BO, CY)
        for seed in seeds:
            c = play(False, liar, victim, seed)
            if c["forfeits"] or c["distrust"]:
                print("control failed", c)
                sys.exit(2)
            r = play(True, liar, victim, seed)
            if r is None:
                print("%s seed %d: no moment for the fork" % (v, seed))
                sys.exit(2)
            print("%s seed %d: fork at %s ms (entry %s); victim in a resync %d ms in all; its "
                  "resync/snapshot hold first %s; FORFEITs of the victim's seat %s; distrust %s;"
                  " dice at the fork %s, at the end %s; game over %s" % (
                      v, seed, r["st"]["at"], r["st"]["head"], r["seen"]["resync"],
                      r["seen"]["held_snap"], r["forfeits"], r["distrust"], r["dice0"],
                      r["dice"], r["over"]))
            for s in r["screens"]:
                print("   ", s)
            stopped = [s for s in r["screens"] if s["k"] != liar and s["heading"] == "Logs differ"]
            named = any(names[liar] in s["names"] for s in r["screens"] if s["k"] != liar)
            if r["forfeits"] or (stopped and not named):
                broke.append((v, seed, r["forfeits"], [(s["k"], s["names"]) for s in stopped]))
    verdict(broke, "(variant, seed, FORFEITs of the victim's seat, honest stops without the liar's"
            " name): %s" % broke)


if __name__ == "__main__":
    run(main)
