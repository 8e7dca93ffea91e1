"""Attack (round 24): the round-24 resync path used to hold Bo's reveal, then forfeit Bo.

Promise: Withholding never pays; a FORFEIT only of a seat that could act (a seat kept from its
turn by the sequencer's lie costs it nothing: *One liar*, "a fork that holds a gate stops the
table, and costs the held seat nothing"); the sequencer orders, nothing more (docs/protocol.md).
The round-24 argument ("a lying sequencer gains nothing by it: it only makes a follower stop
applying and ask for the sequencer's state").
Role: the creator, the sequencer (its own firmware). No radio.

How: the sequencer raises its own term a step (allowed 3.5 s after the last, as after a reboot)
and logs on in it (Bo's last entry's term is then T1); its heartbeats to Bo alone claim one entry
less than it holds. 4 s on, in the tick it logs a call (entry c, of term T1), it raises its term
again (T2) and sends Bo alone a made-up entry c+1 of eterm 0: a genuine request of its own seat
(tagged for everyone), logged nowhere. At Bo, eterm 0 < T1, term T2 > T1, from the sequencer,
which never showed Bo's log: `_apply_ready` -> `_from_newer` -> `_resync_from_leader` (D_CONFLICT,
NACK 0, `_resync`), before `_valid` ever looks at it. While `_resync` holds, Bo applies nothing
(the real c+1 either), `agreed()` is False (no reveal) without raising the held flag (`_fheld`
is set only past the resync's early return), `_ask_snap` asks no peer; the sequencer answers each
NACK 0 with the first chunk of a two-chunk snapshot (so `_snap` is never None and `_starved`
never counts), and its heartbeats to Bo claim entries past c (Bo is never caught up: neither
`_judge` nor `_police` runs). Bo's heartbeat still claims c, the call: the phase's first entry,
so nobody disputes a FORFEIT of Bo's seat (`_disputed`), and the sequencer logs it at the deadline.
Variants (argv[1]): partial (default, as above); none (no snapshot chunk: `_starved` may free Bo);
chain (no made-up entry: the older way into the same state, a heartbeat to Bo claiming c+1 with a
chain not the sequencer's, so Bo's `_on_forks` starts the resync once it applies the real c+1).
low-none, low-partial, fork-none, fork-partial, -nojudge: round 25's (attacks/resync_below.py).
Control: the same term raises and heartbeats, no made-up entry.

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in the round of the trick (and
nobody honest is blamed); 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire, seat_of, watch_seat, screens  # noqa: E402
from equivocate import request  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

from _resync import ATK, BO, CY, chain_at, emitter, trio  # noqa: E402

THINK_MS = 1500
RUN_MS = 120000


def play(attack, variant, seed):
    t, node = trio(seed, THINK_MS)
    a = t.tables[ATK]
    st = dict(phase=0, t1=None, t2=None, call=None, bump1=None, chunks=0, snaps_dropped=0,
              round=None, at=None)
    orig_emit = node._emit

    emit_to = emitter(node)

    def emit(dest, f):
        p = st["phase"]
        if p == 0:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            keep = bytes(f.chain)
            if st["call"] is None:  # one entry short: never Bo's head
                k = node.applied - 1
                if chain_at(node, k) is not None:
                    emit_to(BO, f, ack=k, chain=chain_at(node, k))
            elif attack and "low" in variant:
                # past the call: never a claim past Bo's log (so the round-25 hold, which asks
                # for a claim past the log, never comes); one entry short, the real chain there
                c = st["call"]
                emit_to(BO, f, ack=c - 1, chain=chain_at(node, c - 1))
            elif attack and "fork" in variant:
                # past the call: a claim of exactly Bo's head with a chain not the sequencer's
                c = st["call"]
                emit_to(BO, f, ack=c, chain=b"\x5a" * wire.CHAIN_LEN)
            elif attack:  # past the call: Bo is never caught up, never shown its head
                c = st["call"]
                if node.applied > c:
                    emit_to(BO, f)
                elif "chain" in variant:
                    # the older way in: a claim of c+1 with a chain that is not ours (a fork
                    # once Bo applies c+1: _on_forks, the sequencer's own chain)
                    emit_to(BO, f, ack=c + 1, chain=b"\x5a" * wire.CHAIN_LEN)
                # (else none to Bo until our head passes the call: nothing shows Bo's head)
            else:
                emit_to(BO, f)
            f.chain[:] = keep
            return
        if f.type == wire.T_SNAP and dest == BO and attack and st["call"] is not None:
            st["snaps_dropped"] += 1
            if "none" not in variant and f.k == 0:
                f.total = 2  # its first chunk, of two: a snapshot in transit that never ends
                f.dlen = min(f.dlen, wire.SNAP_DATA_MAX)
                st["chunks"] += 1
                return orig_emit(dest, f)
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
        g = tb.game
        if st["phase"] == 0 and g.round >= 2 and g.phase == snydtable.P_BID:
            st["t1"] = bump()
            st["bump1"] = t.now
            st["phase"] = 1
        elif st["phase"] == 1 and t.now - st["bump1"] >= 4000 and b._last_term == st["t1"] and \
                g.phase == snydtable.P_REVEAL and node.applied == node._phase_seq and \
                node._terms[node.applied % log.LOG_CAP] == st["t1"]:
            # this tick logged the call (entry c, term T1): term T2, then a made-up c+1 to Bo
            c = node.applied
            st["call"] = c
            st["round"] = g.round
            st["at"] = t.now
            st["t2"] = bump()
            st["phase"] = 2
            if attack and "chain" not in variant:
                s = seat_of(tb, ATK)
                fake = request(node, s, g.round, wire.A_BID, 9, 6)
                i = (c + 1) % log.LOG_CAP
                node._store(c + 1, 0, fake, t.now, 1)
                node._send_entry(BO, c + 1)
                node._seqs[i] = 0  # logged nowhere: our own log goes on honestly
        m(tb)
    t.movers[ATK] = atk_mover
    if not t.until(lambda: st["call"] is not None, 200000):
        return None
    bo = t.tables[BO].node
    if "nojudge" in variant:
        # a what-if, not an attack: Bo's `_judge` skipped while `_resync` holds (the obvious fix
        # of the way out above); shows whether e4cf852's hold alone still spares Bo
        judge = bo._judge
        bo._judge = lambda now, j=judge, b=bo: None if b._resync else j(now)
    c0 = bo.dropped[log.D_CONFLICT]
    seen = dict(resync_max=0, resync_from=None)

    def watch():
        if bo._resync:
            if seen["resync_from"] is None:
                seen["resync_from"] = t.now
            seen["resync_max"] = max(seen["resync_max"], t.now - seen["resync_from"])
        else:
            seen["resync_from"] = None
        return False
    t.until(watch, RUN_MS)
    in_round = [f for f in forfeits if f[2] > st["call"] and
                t.tables[f[1]].game.round >= st["round"]]
    return dict(st=st, forfeits=forfeits, in_round=in_round, distrust=distrust,
                screens=screens(t), bo_conflict=bo.dropped[log.D_CONFLICT] - c0,
                bo_applied=bo.applied, resync_max=seen["resync_max"], bo_held=bo.held(t.now),
                dice=[list(t.tables[k].game.game.dice_left) for k in range(3)], bo_seat=bo_seat,
                over=all(t.tables[k].saved_games for k in (BO, CY)))


def show(tag, r):
    st = r["st"]
    print("%s: the call is entry %s (round %s) at %s ms, terms %s -> %s" % (
        tag, st["call"], st["round"], st["at"], st["t1"], st["t2"]))
    print("   Bo: D_CONFLICT %d since, applied %d at the end, longest resync %d ms, its own held "
          "mask at the end %s; snapshot frames to Bo dropped %d, first chunks sent %d" % (
              r["bo_conflict"], r["bo_applied"], r["resync_max"], r["bo_held"],
              st["snaps_dropped"], st["chunks"]))
    print("   FORFEITs naming Bo's seat %d (time, handheld, entry, mask): %s" % (
        r["bo_seat"], r["forfeits"]))
    print("   distrust (time, handheld, whom, as): %s" % r["distrust"])
    print("   dice left at Anna/Bo/Cy: %s; game over at Bo and Cy: %s" % (r["dice"], r["over"]))
    for s in r["screens"]:
        print("   ", s)


def main(default="partial"):
    variant = sys.argv[1] if len(sys.argv) > 1 else default
    seeds = [int(x) for x in sys.argv[2:]] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(False, variant, seed)
        if c is None:
            print("control (seed %d): the call never came in the sequencer's term" % seed)
            sys.exit(2)
        show("seed %d control" % seed, c)
        if c["forfeits"] or c["distrust"]:
            print("control failed")
            sys.exit(2)
        r = play(True, variant, seed)
        show("seed %d attack (%s)" % (seed, variant), r)
        honest_blamed = [d for d in r["distrust"] if d[2] != ATK]
        if r["in_round"] or honest_blamed:
            broke.append((seed, r["in_round"], honest_blamed))
    verdict(broke, "variant %s, (seed, FORFEITs of Bo's seat applied by honest handhelds after "
            "the call, honest handhelds blamed): %s" % (variant, broke))


if __name__ == "__main__":
    run(main)
