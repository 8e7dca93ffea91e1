"""Attack (round 28, focus 1): round 27's resync_cycle, with a new entry in each state given: the
sequencer spaces its own seats' reveals (its person's and the bots' it hosts) ~6 s apart, gives
the kept follower its state just after each (so at a later entry than where the check began),
and the follower's resync clock starts again each time; the follower's reveal is forfeited.

Promise: Withholding never pays; a FORFEIT only of a seat that could act (docs/protocol.md: the
kept follower "is held on the sequencer after a gate's time ... and judges nobody meanwhile: the
table stops, named on the sequencer"; round 27's fix: "the check's clock runs on across a state
taken at the entry it began at").
Role: the sequencer (the creator, its own firmware), which hosts bots (the creator's handheld
does for a bot it adds). No radio. (host_tools/tablebus, Snyd, 3 dice, three handhelds: Anna the
sequencer with seats 0, 3, 4, 5 (her person and three bots), Bo seat 1, Cy seat 2; lossless,
seeded.)

How: snapshot.py `_ask_snap` starts `_resync_from` again whenever, out of the check, our log is
at another entry than `_resync_n` (where the last check began). At a call from round 2 (entry c)
the sequencer forks Bo at once (a heartbeat to Bo alone claiming its head with a chain not its own,
as resync_cycle does) and submits its own four seats' reveals one at a time, each just before
REL[k] ms after c (its own seats: no censor watch, each well inside the 30 s deadline); Cy's
reveal is logged as it comes. At REL[k] it streams Bo its true state (head c+1+k, Cy vouches),
and the step after Bo took it, forks Bo again at that head. Each state is at a new entry, so Bo's
clock starts again; no spell reaches 7 s; the last state at 24.5 s, so neither `_sheld` (31.5 s)
nor the gate's `_fheld` is up at the deadline. At 30 s the sequencer's unchanged code logs the
FORFEIT of Bo's reveal; Cy applies it.
Variant `entries` (a comma list, e.g. `own`): only the sequencer's person's reveal spaced (one new
entry: expected held, Bo held ~7 s after it); `two` (the person's and two bots' reveals: the
state at 24.5 s is at the same entry as at 18 s, so round 27's rule holds Bo at 25.4 s: held);
`lag` (all four, the last logged just after the state at 24.5 s: Bo held at 25.4 s; the sequencer
turns honest at 45 s, and resync_release_late.py `fix` shows the FORFEIT that follows).
Variant `every`: again at each later call Bo reveals at.
Variant `blind`: the sequencer never looks at Bo: it forks Bo a step (5 ms) after it hears Cy's
VOUCH answer to Bo on the air (as resync_cycle's blind). Variant `loss`: 10 % of frames lost per
receiver (the control too).
Control: the same table, no trick (no FORFEIT of Bo).

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in a trick round (and no honest
handheld is blamed); 1 with the evidence; 2 could not run.
Usage: .venv/bin/python attacks/resync_new_entry.py [own|two|lag] [every] [blind] [loss] [seeds...]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire, log  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from resync_cycle import emitter  # noqa: E402

ATK, BO, CY = 0, 1, 2
BOTS = (3, 4, 5)                     # seats Anna's handheld hosts beside her own
REL = (6000, 12000, 18000, 24500)    # ms after c: Bo is given the state
LEAD_MS = 1000                       # ... once the next own reveal, submitted this long before,
#                                      is logged
AFTER_MS = 60000


def play(attack, variant, seed, rel=REL, late=None, drop=False):
    """`late`: no state given (rel empty) until `late` ms after the call; then the sequencer turns
    honest (its state streamed to Bo at once); with `drop` it logs none of Bo's reveal requests
    of that round (its own FORFEIT goes first). Returns what was seen."""
    own = "own" in variant
    if late is None:
        t = tablebus.Table(seats=6, seed=seed, rules=snyd.Rules(dice=3),
                           loss=0.1 if "loss" in variant else 0.0)
        for k in BOTS:
            t.kill(k)   # (no handheld of their own: their seats are Anna's)
        assert t.start_game(hosts=[0, 1, 2, 0, 0, 0]) == 0
    else:
        t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=3))  # (no bots)
        assert t.start_game() == 0
    A, B, C = t.hands[ATK], t.hands[BO], t.hands[CY]
    node, app = A.node, A.app
    bo, cy = B.node, C.node
    mine = (ATK,) if own else (ATK,) + BOTS[:2] if "two" in variant else (ATK,) + BOTS
    if late is not None:
        mine = ()
    st = dict(phase=0, last=1, tricks=[], rel=0, release=False, given=[], logged=[],
              snaps_dropped=0, allowed=0, heads=[], bo_req=[], honest_at=None)
    orig_emit = node._emit
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN

    def to_bo(f):
        keep = bytes(f.chain)
        emit_to(BO, f, ack=node.applied, chain=fake)
        f.chain[:] = keep

    def fork_bo():
        f2 = wire.Frame()
        f2.type = wire.T_ACK
        f2.flags = node.leader & log.F_LEADER_MASK
        to_bo(f2)

    def emit(dest, f):
        if st["phase"] != 1:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            return to_bo(f)
        if f.type == wire.T_ACK and dest == BO:
            return to_bo(f)
        if f.type == wire.T_SNAP and dest == BO and not st["release"]:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    sub = node.submit

    def submit(f, now):
        # our own seats' reveals: one each time the schedule allows (st["allowed"] of them)
        if st["phase"] == 1 and f.etype == wire.T_REVEAL and f.who in mine:
            done = sum(1 for s in mine if app.revealed & (1 << s))
            if done >= st["allowed"]:
                return False
        return sub(f, now)
    node.submit = submit

    onreq = node._on_request

    def on_request(f, now):
        if drop and st["honest_at"] is not None and f.type == wire.T_REVEAL and \
                f.who == BO and f.round == st["tricks"][-1][0]:
            st["dropped_req"] = st.get("dropped_req", 0) + 1
            return
        return onreq(f, now)
    node._on_request = on_request

    bsub = bo.submit

    def bo_submit(f, now):
        ok = bsub(f, now)
        if ok and f.etype == wire.T_REVEAL and st["tricks"]:
            st["bo_req"].append(now - st["tricks"][-1][2])
        return ok
    bo.submit = bo_submit

    ap = app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        trick = app.phase == snydtable.P_REVEAL and app.part & (1 << BO) and \
            app.game.dice_left[BO] and not app.revealed
        if attack and st["phase"] == 0 and app.round > st["last"] and trick and \
                all(app.part & (1 << s) for s in mine):
            st["last"] = app.round
            st["rel"] = 0
            st["allowed"] = 0
            st["tricks"].append((app.round, seq, t.now))
            st["phase"] = 1
            fork_bo()
        if st["phase"] == 1 and f.etype == wire.T_REVEAL and f.who in mine:
            st["logged"].append((f.who, seq, t.now - st["tricks"][-1][2]))
        return r
    app.apply = apply_

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << BO):
                forfeits.append((t.now, k, seq, f.who, bool(cy.held(t.now) & (1 << BO))))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        h.node._distrust = distrust_

    seen = dict(rf=None, spell_max=0, held=[], held_on=None)

    def watch():
        now = t.now
        if bo._resync and st["phase"] == 1:
            if seen["rf"] is None:
                seen["rf"] = now
            seen["spell_max"] = max(seen["spell_max"], now - seen["rf"])
        else:
            seen["rf"] = None
        hb = bool(bo.held(now) & (1 << BO))
        if hb and seen["held_on"] is None:
            seen["held_on"] = now
        elif not hb and seen["held_on"] is not None:
            seen["held"].append((seen["held_on"], now))
            seen["held_on"] = None
        if st["phase"] == 1:
            c0 = st["tricks"][-1][2]
            if "blind" in variant:
                # no look at Bo: the air. Cy's VOUCH answer to Bo is heard; Bo takes our state in
                # the tick after it arrives, so our fork heartbeat goes a step later
                if st["release"] and st.get("fork_at") is not None and now >= st["fork_at"]:
                    st["release"] = False
                    st["fork_at"] = None
                    st["given"].append((now - c0, bo.applied))
                    fork_bo()
                elif st["release"] and st.get("fork_at") is None:
                    for (_, src, dst, d) in t.bus.log[st["air"]:]:
                        if src == CY and dst in (BO, None) and d[2] == wire.T_VOUCH:
                            st["fork_at"] = now + t.step_ms
                            break
                    st["air"] = len(t.bus.log)
            elif st["release"] and not bo._resync:
                st["release"] = False  # Bo took our state: fork it again at once, at our head
                st["given"].append((now - c0, bo.applied))
                fork_bo()
            k = st["rel"]
            if late is not None and now - c0 >= late:
                st["phase"] = 2   # honest from here: Bo gets our state at once
                st["honest_at"] = now - c0
                node._snap_at[BO] = now - 10 ** 6
                node._send_snapshot(BO, now)
                return False
            lag = "lag" in variant and k == len(rel) - 1  # (the last own reveal after it)
            if k < len(rel) and now - c0 >= rel[k] - LEAD_MS and st["allowed"] <= k and \
                    not lag or k >= len(rel) and st["allowed"] < len(mine) and \
                    now - c0 >= rel[-1] + 400:
                st["allowed"] = min(k + 1, len(mine))   # the next own reveal goes in now
            if k < len(rel) and now - c0 >= rel[k] and (bo._resync or "blind" in variant) and \
                    not st["release"] and \
                    (node.applied > (st["heads"][-1] if st["heads"] and k else 0) or
                     k >= len(mine) or lag):
                st["rel"] += 1
                st["release"] = True
                st["heads"].append(node.applied)
                st["air"] = len(t.bus.log)
                node._snap_at[BO] = now - 10 ** 6
                node._send_snapshot(BO, now)
            if k >= len(rel):
                st["allowed"] = len(mine)
            if any(f[1] == CY and f[2] > st["tricks"][-1][1] for f in forfeits) or \
                    now - c0 > 45000 and late is None:
                st["phase"] = 2
                st["release"] = False
                st["allowed"] = len(mine)
        elif st["phase"] == 2 and "every" in variant and not bo._resync:
            st["phase"] = 0
        if st["tricks"] and now - st["tricks"][-1][2] > AFTER_MS and "every" not in variant:
            return True
        return False

    t.run(lambda: watch() or t.done(), 3_600_000)
    if seen["held_on"] is not None:
        seen["held"].append((seen["held_on"], None))
    recs = t.records()
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, done=t.done(),
                same=all(r == recs[0] for r in recs),
                dice=[list(h.app.game.dice_left) for h in t.live()])


def show(tag, r):
    st, s = r["st"], r["seen"]
    print("%s: tricks (round, call entry, ms) %s" % (tag, st["tricks"]))
    print("   own reveals logged (seat, entry, ms after the call) %s" % st["logged"][:12])
    print("   Bo took our state at (ms after the call, Bo's entry) %s; longest resync spell %d ms;"
          " Bo held (its own view, ms) %s; snapshot frames to Bo dropped %d" % (
              st["given"][:8], s["spell_max"], s["held"][:8], st["snaps_dropped"]))
    print("   FORFEITs naming Bo's seat (ms, handheld, entry, mask, Cy saw Bo held): %s" %
          r["forfeits"][:6])
    print("   distrust (ms, handheld, whom): %s; records agree %s; game over %s; dice %s" % (
        r["distrust"][:6], r["same"], r["done"], r["dice"][0]))


def main():
    args = sys.argv[1:]
    variant = ",".join(a for a in args if not a.isdigit())
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(False, variant, seed)
        show("seed %d control" % seed, c)
        if c["forfeits"] or not c["done"]:
            print("control failed")
            sys.exit(2)
        r = play(True, variant, seed)
        if not r["st"]["tricks"]:
            print("seed %d: no call Bo reveals at" % seed)
            sys.exit(2)
        show("seed %d attack (%s)" % (seed, variant or "all"), r)
        first = r["st"]["tricks"][0][1]
        cy_f = [f for f in r["forfeits"] if f[1] == CY and f[2] > first]
        honest = [d for d in r["distrust"] if d[2] != ATK]
        if cy_f or honest:
            broke.append((seed, cy_f[:3], honest[:3]))
    if broke:
        print("BROKEN: (seed, FORFEITs of Bo's reveal Cy applied (ms, handheld, entry, mask, Cy "
              "saw Bo held), honest handhelds blamed): %s" % broke)
        sys.exit(1)
    print("HELD: no FORFEIT of Bo's reveal applied by an honest handheld")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
