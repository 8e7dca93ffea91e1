"""Attack (round 31, focus 2): the sequencer keeps one follower from acting (a claim ahead of
what it serves) while that follower's "lagged" clock never runs (a state that never completes
is always "being taken"), then forfeits the seat it kept from acting.

adde249: a follower not caught up with its sequencer's claim for a gate's time says it is held,
on its sequencer (gate `_lagged`), *unless* it is back from a boot, taking a state or checking
its log after a fork: police `_starved` sets `_caught_at` (and `_behind_at`) every loop while
`self._snap is not None`. A snapshot's first chunk is taken from the sequencer unasked (`_rx_snap`:
any chunk of the sequencer's with an entry past ours), and one that never completes is dropped
only after 4 x VOUCH_WAIT_MS (`_snap_tick`); a chunk with another entry number starts a new one.
Meanwhile `caught_up()` is False (the claim), so the seat cannot act (`TableGame.poll`) and the
follower neither judges nor polices (`_judge_due`, `_police`); `_ask_snap` asks for nothing (the
claim is within the log's window) and `_ask_peer` asks nobody (a snapshot is in).

Role: the sequencer (the creator, Anna, seat 0). Bo (seat 1) and Cy (seat 2) honest. No radio,
no loss. (host_tools/tablebus, Snyd, 3 dice, three handhelds.)

How: as Anna logs the call of round >= ROUND that Cy must reveal at, she first sends Cy alone a
heartbeat claiming CLAIM entries past her log (a made-up chain: never checked, her next heartbeat
moves it on), then the call as usual. From then every heartbeat of hers to Cy claims the same
(Bo's are honest), and every SNAP ms she sends Cy one chunk (of 2) of a state at an entry past her
log, each at another entry than the last. Everything else is honest: Bo's and her own reveals are
logged, and 30 s after the call her unchanged `overdue` logs the FORFEIT of Cy's reveal; then her
claims to Cy are honest again.
Variants: `nosnap` (the claim alone, no chunks, until the FORFEIT: adde249's `_lagged` should
hold Cy, named on Anna, and no FORFEIT of Cy be applied), `starve` (the claim alone for `until`
ms, default 7600, then everything honest, the game played to its end), `honest` (nothing: Cy
reveals).

Usage: .venv/bin/python attacks/dangling_state.py [nosnap|starve|honest] [claim=N] [snap=ms]
       [until=ms] [seeds...]
Verdict: 0 if no honest handheld applies a FORFEIT of Cy's seat that the trick kept from acting
(or Cy was held/lagged meanwhile); 1 with the evidence; 2 could not run.
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
from _resync import emitter  # noqa: E402

AN, BO, CY = 0, 1, 2
ROUND = 2
AFTER_MS = 60000


def play(mode, seed, claim=20, snap_ms=2000, until=None):
    t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=3))
    assert t.start_game() == 0
    A, B, C = t.hands[AN], t.hands[BO], t.hands[CY]
    node, app = A.node, A.app
    cy = C.node
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN
    st = dict(phase=0, trick=None, snaps=0, forfeit_logged=None, cy_req=[])
    orig_emit = node._emit

    def claim_to_cy():
        f2 = wire.Frame()
        f2.type = wire.T_ACK
        f2.flags = node.leader & log.F_LEADER_MASK
        f2.missing = node.missing
        emit_to(CY, f2, ack=node.applied + claim, chain=fake)

    def snap_to_cy():
        f2 = wire.Frame()
        f2.type = wire.T_SNAP
        f2.seq = node.applied + 1 + (st["snaps"] & 1)   # another entry each time: a new state
        f2.k = 0
        f2.total = 2
        f2.dlen = wire.SNAP_DATA_MAX
        for i in range(f2.dlen):
            f2.data[i] = 0x33
        emit_to(CY, f2)
        st["snaps"] += 1

    def emit(dest, f):
        if st["phase"] == 1 and f.type == wire.T_ACK and dest in (log.BROADCAST, CY):
            if dest == log.BROADCAST:
                orig_emit(BO, f)
            keep = bytes(f.chain)
            emit_to(CY, f, ack=node.applied + claim, chain=fake)
            f.chain[:] = keep
            return
        return orig_emit(dest, f)
    node._emit = emit

    ap = app.apply
    prev = dict(ph=-1)

    def apply_(f, seq):
        r = ap(f, seq)
        if mode != "honest" and st["phase"] == 0 and app.round >= ROUND and \
                app.phase == snydtable.P_REVEAL and prev["ph"] != snydtable.P_REVEAL and \
                app.part & (1 << CY) and app.game.dice_left[CY]:
            # the call: logged by us now, broadcast after this returns. Cy hears our claim first
            st["trick"] = (app.round, seq, t.now)
            st["phase"] = 1
            claim_to_cy()
            if mode != "nosnap":
                snap_to_cy()
                st["next"] = t.now + snap_ms
            else:
                st["next"] = 1 << 60
        if st["phase"] == 1 and f.etype == wire.T_FORFEIT:
            st["forfeit_logged"] = (t.now - st["trick"][2], f.who, seq)
            st["phase"] = 2   # honest again
        prev["ph"] = app.phase
        return r
    app.apply = apply_

    csub = cy.submit

    def cy_submit(f, now):
        ok = csub(f, now)
        if ok and st["trick"] and f.etype == wire.T_REVEAL:
            st["cy_req"].append(now - st["trick"][2])
        return ok
    cy.submit = cy_submit

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << CY) and st["trick"]:
                forfeits.append((t.now - st["trick"][2], k, seq, f.who))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now - (st["trick"][2] if st["trick"] else 0), k, x))
            return dn(x)
        h.node._distrust = distrust_

    seen = dict(samples=0, caught=0, lagged=0, held=0, snap_in=0, flagged_on_bo=0, anna_pause=0)

    def watch():
        now = t.now
        if st["trick"] is None:
            return False
        c0 = st["trick"][2]
        if st["phase"] == 1 and until is not None and now - c0 >= until:
            st["phase"] = 2   # honest again (variant starve: the claim for `until` ms only)
            st["until"] = now - c0
        if st["phase"] == 1:
            if now >= st["next"]:
                snap_to_cy()
                st["next"] = now + snap_ms
            seen["samples"] += 1
            seen["caught"] += cy.caught_up()
            lagged = getattr(cy, "_lagged", lambda n: 0)  # (none before adde249)
            seen["lagged"] += bool(lagged(now))
            seen["held"] += bool(cy._gate_held(now))
            seen["snap_in"] += cy._snap is not None
            seen["flagged_on_bo"] += bool(B.node.held(now) & (1 << CY))
            seen["anna_pause"] += bool(node.held(now) & (1 << CY))
        return now - c0 > AFTER_MS

    t.run(lambda: watch() or t.done(), 3_600_000)
    recs = t.records()
    st["end"] = dict(ms=t.now - (st["trick"][2] if st["trick"] else 0), cy_deposed=cy.deposed(),
                     cy_held=bin(cy.held(t.now)), anna_held=bin(node.held(t.now)),
                     bo_held=bin(B.node.held(t.now)), cy_gate=cy.agreed(cy.applied, t.now))
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, done=t.done(),
                same=all(r == recs[0] for r in recs),
                dice=[list(h.app.game.dice_left) for h in t.live()])


def show(tag, r):
    st = r["st"]
    print("%s: trick (round, call entry, ms) %s; chunks to Cy %d; Anna's FORFEIT (ms, mask, "
          "entry) %s; Cy's reveal requests (ms) %s" % (
              tag, st["trick"], st["snaps"], st["forfeit_logged"], st["cy_req"][:3]))
    print("   while tricked (%d samples of 5 ms): Cy caught up %d, Cy _lagged %d, Cy held %d, Cy "
          "taking a state %d, Bo sees Cy held %d, Anna sees Cy held %d" % (
              r["seen"]["samples"], r["seen"]["caught"], r["seen"]["lagged"], r["seen"]["held"],
              r["seen"]["snap_in"], r["seen"]["flagged_on_bo"], r["seen"]["anna_pause"]))
    print("   FORFEITs of Cy applied (ms, handheld, entry, mask) %s; distrust (ms, handheld, "
          "whom) %s; records agree %s; game over %s; dice %s" % (
              r["forfeits"][:6], r["distrust"][:4], r["same"], r["done"], r["dice"][0]))
    print("   at the end (ms after the call) %s" % st["end"])


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("honest", "nosnap", "starve")] or ["snap"])[0]
    until = ([int(a.split("=")[1]) for a in args if a.startswith("until=")] or
             [7600 if mode == "starve" else None])[0]
    global AFTER_MS
    if mode == "starve":
        AFTER_MS = 900000   # to the game's end
    claim = int(([a.split("=")[1] for a in args if a.startswith("claim=")] or [20])[0])
    snap_ms = int(([a.split("=")[1] for a in args if a.startswith("snap=")] or [2000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play("honest", seed)
        if c["forfeits"] or not c["done"]:
            show("seed %d control" % seed, c)
            print("control failed")
            sys.exit(2)
        if mode == "honest":
            show("seed %d honest" % seed, c)
            continue
        r = play("nosnap" if mode == "starve" else mode, seed, claim, snap_ms, until)
        if not r["st"]["trick"]:
            print("seed %d: no call Cy reveals at" % seed)
            sys.exit(2)
        show("seed %d %s" % (seed, mode), r)
        honest_blamed = [d for d in r["distrust"] if d[2] != AN]
        if r["forfeits"] or honest_blamed:
            broke.append((seed, mode, r["st"]["trick"], r["forfeits"][:2], r["st"]["cy_req"][:1],
                          r["seen"]["caught"], r["seen"]["lagged"], r["seen"]["held"],
                          honest_blamed[:2]))
    if broke:
        print("BROKEN: (seed, mode, trick (round, call entry, ms), FORFEITs of Cy applied (ms, "
              "handheld, entry, mask), Cy's first reveal request ms, samples Cy caught up / lagged "
              "/ held while tricked, honest blamed): %s" % broke)
        sys.exit(1)
    print("HELD: no FORFEIT of Cy's seat applied by an honest handheld")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
