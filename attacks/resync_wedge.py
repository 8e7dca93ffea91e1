"""Attack (round 24): the sequencer's newer term, an entry of an older term below Bo's last entry's:
Bo starts a resync (log.py `_apply_ready` -> `_from_newer` -> `_resync_from_leader`, the round-24
path) and the sequencer never settles it: no snapshot, and its heartbeats never show Bo's log.

Promise: Alive / a seat can slow the table, not stop or steer it; withholding never pays; a
FORFEIT only of a seat that was asked; a stop names whom it can (docs/protocol.md, The promises,
*What a fork does*, Limits "One liar"). The new path's argument: "a lying sequencer gains nothing
by it: a heartbeat showing another chain at the follower's head already did the same".
Role: the creator, the sequencer (its own firmware). No radio.

How: the sequencer raises its own term a step (allowed 3.5 s after the last, as after a reboot)
and logs on; Bo applies entries of that term (Bo's last term = T1). From then on the sequencer's
heartbeats to Bo alone claim one entry less than it holds (with its true chain there), so they
never show Bo's head. 4 s later it raises its term again (T2) and sends Bo the next entry it logs
with eterm 0 (to Cy: the real one). At Bo: eterm 0 < T1, term T2 > T1, from the sequencer, never
confirmed: D_CONFLICT, NACK 0, `_resync`. While `_resync` holds, `_apply_ready` applies nothing -
not the copy a peer hands on (`_ask_peer`, `_relayed`) - and `_ask_snap` asks no peer. The
sequencer drops its snapshots to Bo. Variants (argv[1]):
  ahead (default) - after the trigger its heartbeats to Bo are honest (claim its head, ahead of Bo)
  low             - they keep claiming one entry less than Bo's head (Bo stays "caught up")
  snap            - the sequencer answers Bo's NACK 0 with its snapshot (the resync's own way out)
Control: the same two term raises and the lowered claims, the entry honest.

Verdict: 0 if no FORFEIT of Bo's seat is applied by an honest handheld, no honest handheld
distrusts another honest one, and either the game ends at the honest handhelds or the table
stops with the sequencer named on an honest screen or deposed by one; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire, seat_of, watch_seat, screens  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

from _resync import ATK, BO, CY, chain_at, emitter, trio  # noqa: E402

RUN_MS = 300000
THINK_MS = 1500


def play(attack, variant, seed):
    t, node = trio(seed, THINK_MS)
    a = t.tables[ATK]
    st = dict(phase=0, t1=None, t2=None, trig=None, bump1=None, snaps_dropped=0, hb_low=0)
    orig_emit = node._emit

    emit_to = emitter(node)

    def emit(dest, f):
        p = st["phase"]
        if p == 0:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            before = p == 1 or st["trig"] is None or st["trig"] < 0
            low = before or variant == "low"
            k = node.applied - 1 if before else min(node.applied, st["trig"] - 2)
            if low and chain_at(node, k) is not None:
                keep = bytes(f.chain)
                st["hb_low"] += 1
                emit_to(BO, f, ack=k, chain=chain_at(node, k))
                f.chain[:] = keep
                return
            return orig_emit(BO, f)
        if f.type == wire.T_ENTRY and f.seq and (dest == log.BROADCAST or dest == BO):
            if p == 2 and st["trig"] is None and attack:
                st["trig"] = f.seq
            if st["trig"] is not None and f.seq == st["trig"]:
                if dest == log.BROADCAST:
                    orig_emit(CY, f)
                e = f.eterm
                f.eterm = 0
                emit_to(BO, f)
                f.eterm = e
                return
            return orig_emit(dest, f)
        if f.type == wire.T_SNAP and dest == BO and p == 2 and variant != "snap" and attack:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    def bump():
        node.term = (((node.term >> 3) + 1) << 3) | node.seat
        node._lead_at = t.now
        node._heartbeat(t.now)
        return node.term

    bo_seat = seat_of(a, BO)
    forfeits, distrust = [], []
    watch_seat(t, (BO, CY), bo_seat, forfeits, distrust)

    def atk_mover(tb, m=t.movers[ATK]):
        b = t.tables[BO].node
        if st["phase"] == 0 and tb.game.round >= 2 and tb.game.phase == snydtable.P_BID:
            st["t1"] = bump()
            st["bump1"] = t.now
            st["phase"] = 1
        elif st["phase"] == 1 and t.now - st["bump1"] >= 4000 and b._last_term == st["t1"] and \
                tb.game.phase == snydtable.P_BID and \
                tb.game.game.on_turn != bo_seat:
            st["t2"] = bump()
            st["phase"] = 2
            st["at"] = t.now
            if not attack:
                st["trig"] = -1
        m(tb)
    t.movers[ATK] = atk_mover
    if not t.until(lambda: st["trig"] is not None, 200000):
        return None
    trig_at = t.now
    bo = t.tables[BO].node
    conflict0 = bo.dropped[log.D_CONFLICT]
    honest = (BO, CY)
    over = t.until(lambda: all(t.tables[k].game.phase == snydtable.P_OVER and
                               t.tables[k].saved_games for k in honest), RUN_MS)
    return dict(st=st, trig_at=trig_at, over=over, forfeits=forfeits, distrust=distrust,
                screens=screens(t), bo_conflict=bo.dropped[log.D_CONFLICT] - conflict0,
                bo_resync=bo._resync, bo_stale=bo.dropped[log.D_STALE],
                dice=[list(t.tables[k].game.game.dice_left) for k in range(3)],
                bo_seat=bo_seat, now=t.now)


def judge(r):
    honest_blamed = [d for d in r["distrust"] if d[2] != ATK]
    bo_forfeit_cy = [f for f in r["forfeits"] if f[1] == CY]
    named = any(s["k"] in (BO, CY) and ("Anna" in (s["names"] or "") or ATK in s["bad"])
                for s in r["screens"])
    stopped_unnamed = not r["over"] and not named
    return honest_blamed, bo_forfeit_cy, named, stopped_unnamed


def show(tag, r):
    print("%s: trigger entry %s at %s ms (terms %s -> %s); over at Bo and Cy: %s" % (
        tag, r["st"]["trig"], r["trig_at"], r["st"]["t1"], r["st"]["t2"], r["over"]))
    print("   Bo: D_CONFLICT since %d, D_STALE %d, resync at the end %s; snapshots to Bo dropped %d; "
          "lowered heartbeats to Bo %d" % (r["bo_conflict"], r["bo_stale"], r["bo_resync"],
                                           r["st"]["snaps_dropped"], r["st"]["hb_low"]))
    print("   FORFEITs naming Bo's seat %d (time, handheld, entry, mask): %s" % (
        r["bo_seat"], r["forfeits"]))
    print("   distrust (time, handheld, whom, as): %s" % r["distrust"])
    print("   dice left at Anna/Bo/Cy: %s" % r["dice"])
    for s in r["screens"]:
        print("   ", s)


def main():
    variant = sys.argv[1] if len(sys.argv) > 1 else "ahead"
    seeds = [int(x) for x in sys.argv[2:]] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(False, variant, seed)
        if c is None or not c["over"] or c["forfeits"] or c["distrust"]:
            print("control failed (seed %d):" % seed, c and (c["over"], c["forfeits"], c["distrust"]))
            sys.exit(2)
        print("seed %d control: game over at Bo and Cy, no forfeit of Bo, nobody distrusted" % seed)
        r = play(True, variant, seed)
        if r is None:
            print("seed %d: the attack never found its moment" % seed)
            sys.exit(2)
        show("seed %d attack (%s)" % (seed, variant), r)
        hb, bf, named, su = judge(r)
        if hb or bf or su:
            broke.append((seed, dict(honest_blamed=hb, bo_forfeited_at_cy=bf,
                                     stopped_without_naming_the_sequencer=su)))
    verdict(broke, "variant %s: %s" % (variant, broke or "Bo left the sequencer or took its state;"
                                       " no forfeit of Bo's seat, no honest handheld blamed"))


if __name__ == "__main__":
    run(main)
