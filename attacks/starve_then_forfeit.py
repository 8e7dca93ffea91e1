"""Attack (round 30, focus 2): the sequencer holds a follower past its deadline, lets it go, and
then keeps everyone "not caught up" (a claim too far ahead to check, one real entry of its own
every 6 s so nobody is starved) until the held seat's fresh deadline is over; then it logs the
FORFEIT of the seat that never could send its reveal.

015128e/4edd3b7: a held seat's deadline counts again from its hold's end (`_disputed`:
`fresh_from_hold`, 27 s at a follower), and a request heard meanwhile keeps a FORFEIT held for
good. But a seat acts only while its handheld is caught up (`TableGame.poll`), and the followers'
watch and police run only then (`_judge_due`, `_police`); `_starved` deposes a sequencer that
claims more than it serves only after censor_ms with *not one* entry applied. The sequencer's own
seats' reveals (its person's and the bots' it hosts) are entries it may log when it likes.

Role: the sequencer (the creator, Anna, hosting bots: its handheld plays seats 0, 3, 4, 5, 6).
No radio, no loss. (host_tools/tablebus, Snyd, 3 dice, three handhelds: Anna, Bo seat 1, Cy seat 2.)

How: at a call from round 2 that Bo reveals at, Anna forks Bo (a heartbeat to Bo alone with a
chain not its own) and drops her snapshot frames to Bo: Bo is held 7 s on (F_HELD, F_SNAP naming
Anna); Anna withholds her own seats' reveals. REL ms after the call (default 31 s, past the 30 s
deadline) she streams Bo her state (Cy vouches), and from then every heartbeat of hers claims
FAR entries past her log (`agree.heard`: too far to check, no chain compared; `caught_up()` is
False at Bo and Cy): Bo's seat cannot act, Cy judges nothing. Each STEP ms one reveal of her own
seats is logged (`_starved` sees progress). Once her own clock says Bo's last held heartbeat is
HOLD ms old (27.5 s: past a follower's 27 s), she logs the FORFEIT of Bo's reveal (her own
`_disputed` would wait 30 s) and claims her log again.
Variant `nohold`: no hold at all: the far claims reach Bo and Cy just before the call entry itself
(they apply the call, never caught up), Anna's own five reveals are logged 6 s apart, and at
30 s her unchanged `overdue` FORFEIT names Bo and Cy, who never could reveal.
`own=N` (Anna's handheld plays N seats, default 5: her person and N-1 bots), `until=ms` (the far
claims end then: Bo and Cy are caught up and reveal, late by a follower's 27 s; with `nohold`
`own=4 step=6900 until=27050` four seats are enough).
Control: the same table, no trick. `honest`: the release, no far claims (Bo's reveal is logged).

Usage: .venv/bin/python attacks/starve_then_forfeit.py [honest|nohold] [rel=ms] [step=ms] [own=N] [until=ms] [seeds...]
Verdict: 0 if no honest handheld applies a FORFEIT of Bo's reveal in the trick round; 1 with the
evidence; 2 could not run.
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

AN, BO, CY = 0, 1, 2
MINE = (0, 3, 4, 5, 6)   # Anna's handheld's seats
FAR = 40                 # entries claimed past the log: more than agree's window (unchecked)
HOLD = 27500             # ms after Bo's last held heartbeat (Anna's clock) to log the FORFEIT
AFTER_MS = 90000


def play(mode, seed, rel=31000, step=6000, own=5, until=None):
    global MINE
    MINE = (0,) + tuple(range(3, 2 + own))
    t = tablebus.Table(seats=2 + own, seed=seed, rules=snyd.Rules(dice=3))
    for k in MINE[1:]:
        t.kill(k)   # (no handheld of their own: their seats are Anna's)
    assert t.start_game(hosts=[0, 1, 2] + [0] * (own - 1)) == 0
    A, B, C = t.hands[AN], t.hands[BO], t.hands[CY]
    node, app = A.node, A.app
    bo, cy = B.node, C.node
    st = dict(subm=0, phase=0, trick=None, given=None, taken=None, forfeit=None, allowed=0, own=[],
              far_from=None, far_to=None, bo_req=[], dropped=0, bo_held_last=None)
    orig_emit = node._emit
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN

    def fork_bo():
        f2 = wire.Frame()
        f2.type = wire.T_ACK
        f2.flags = node.leader & log.F_LEADER_MASK
        emit_to(BO, f2, ack=node.applied, chain=fake)

    def emit(dest, f):
        ph = st["phase"]
        if ph == 1:
            if f.type == wire.T_ACK and dest in (log.BROADCAST, BO):
                if dest == log.BROADCAST:
                    orig_emit(CY, f)
                keep = bytes(f.chain)
                emit_to(BO, f, ack=node.applied, chain=fake)
                f.chain[:] = keep
                return
            if f.type == wire.T_SNAP and dest == BO:
                return
        if ph == 2 and mode != "honest" and f.type == wire.T_ACK:
            # a claim FAR past our log, to each: nobody is caught up, nobody acts or judges
            for k in ((BO, CY) if dest == log.BROADCAST else (dest,)):
                emit_to(k, f, ack=node.applied + FAR)
            return
        return orig_emit(dest, f)
    node._emit = emit

    sub = node.submit

    def submit(f, now):
        if st["phase"] in (1, 2) and f.etype == wire.T_REVEAL and f.who in MINE:
            if st["subm"] >= st["allowed"]:
                return False
            ok = sub(f, now)
            if ok:
                st["subm"] += 1
            return ok
        return sub(f, now)
    node.submit = submit

    onreq = node._on_request

    def on_request(f, now):
        if st["trick"] and f.type == wire.T_REVEAL and f.who == BO and \
                f.round == st["trick"][0] and mode != "honest":
            st["dropped"] += 1
            return
        return onreq(f, now)
    node._on_request = on_request

    bsub = bo.submit

    def bo_submit(f, now):
        ok = bsub(f, now)
        if ok and f.etype == wire.T_REVEAL and st["trick"]:
            st["bo_req"].append(now - st["trick"][2])
        return ok
    bo.submit = bo_submit

    ap = app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        if mode and st["phase"] == 0 and app.round >= 2 and app.phase == snydtable.P_REVEAL and \
                app.part & (1 << BO) and app.game.dice_left[BO] and \
                all(app.part & (1 << s) for s in MINE) and not app.revealed & (1 << AN):
            st["trick"] = (app.round, seq, t.now)
            st["phase"] = 1
            st["subm"] = 0
            if mode == "nohold":
                # no hold at all: the far claim reaches Bo and Cy before the call itself (we are
                # applying the call as we log it; its broadcast follows), so neither is ever
                # caught up in this phase
                st["phase"] = 2
                st["given"] = 0
                st["far_from"] = 0
                st["allowed"] = 1
                st["next"] = t.now + step
                f2 = wire.Frame()
                f2.type = wire.T_ACK
                f2.flags = node.leader & log.F_LEADER_MASK
                f2.chain[:] = node.chain
                f2.missing = node.missing
                for k in (BO, CY):
                    emit_to(k, f2, ack=node.applied + FAR)
            else:
                fork_bo()
        if st["trick"] and st["phase"] in (1, 2) and f.etype == wire.T_REVEAL and f.who in MINE:
            st["own"].append((f.who, seq, t.now - st["trick"][2]))
        return r
    app.apply = apply_

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << BO):
                forfeits.append((t.now - (st["trick"][2] if st["trick"] else 0), k, seq, f.who))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now - (st["trick"][2] if st["trick"] else 0), k, x))
            return dn(x)
        h.node._distrust = distrust_

    seen = dict(bo_caught=0, cy_caught=0, samples=0)

    def watch():
        now = t.now
        if st["trick"] is None:
            return False
        c0 = st["trick"][2]
        if st["phase"] == 1 and now - c0 >= rel:
            st["phase"] = 2
            st["given"] = now - c0
            st["far_from"] = now - c0
            st["allowed"] = 1
            st["next"] = now + step
            node._snap_at[BO] = now - 10 ** 6
            node._send_snapshot(BO, now)
        elif st["phase"] == 2 and until is not None and now - c0 >= until:
            st["phase"] = 4   # our log claimed again: they act, late by every follower's clock
            st["far_to"] = now - c0
        elif st["phase"] == 2:
            if st["taken"] is None and not bo._resync and bo.applied >= st["trick"][1]:
                st["taken"] = now - c0
            if now >= st["next"] and st["allowed"] < len(MINE):
                st["allowed"] += 1
                st["next"] = now + step
            last = node._fheld_at[BO]
            st["bo_held_last"] = last - c0
            if mode != "honest" and node.ready and (
                    now - last >= HOLD if mode != "nohold" else now - c0 >= 30000):
                st["phase"] = 3
                st["far_to"] = now - c0
                app.now = now
                f = app.overdue(node.tmp)
                if f is not None:
                    st["forfeit"] = (now - c0, f.who, node.log_local(f, now))
                st["allowed"] = len(MINE)
            seen["samples"] += 1
            seen["bo_caught"] += bo.caught_up()
            seen["cy_caught"] += cy.caught_up()
        return now - c0 > AFTER_MS

    t.run(lambda: watch() or t.done(), 3_600_000)
    recs = t.records()
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, done=t.done(),
                same=all(r == recs[0] for r in recs),
                dice=[list(h.app.game.dice_left) for h in t.live()],
                held=(bin(bo.held(t.now)), bin(cy.held(t.now))),
                fdisp=(bo._fdisp, cy._fdisp))


def show(tag, r):
    st = r["st"]
    print("%s: trick (round, call entry, ms) %s; state to Bo +%s ms, taken +%s; far claims +%s..+%s;"
          " Bo's last held heartbeat (Anna's clock) +%s" % (
              tag, st["trick"], st["given"], st["taken"], st["far_from"], st["far_to"],
              st["bo_held_last"]))
    print("   own reveals logged (seat, entry, ms) %s; Anna's FORFEIT (ms, mask, rc) %s; Bo's reveal"
          " requests (ms) %s, dropped %d; caught up while far (Bo, Cy of %d samples) %d, %d" % (
              st["own"], st["forfeit"], st["bo_req"][:4], st["dropped"], r["seen"]["samples"],
              r["seen"]["bo_caught"], r["seen"]["cy_caught"]))
    print("   FORFEITs of Bo applied (ms, handheld, entry, mask) %s; distrust (ms, handheld, whom) "
          "%s; held (Bo, Cy) %s; _fdisp %s; records agree %s; game over %s; dice %s" % (
              r["forfeits"][:4], r["distrust"][:4], r["held"], r["fdisp"], r["same"], r["done"],
              r["dice"][0]))


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("honest", "nohold")] or ["far"])[0]
    rel = int(([a.split("=")[1] for a in args if a.startswith("rel=")] or [31000])[0])
    step = int(([a.split("=")[1] for a in args if a.startswith("step=")] or [6000])[0])
    own = int(([a.split("=")[1] for a in args if a.startswith("own=")] or [5])[0])
    until = ([int(a.split("=")[1]) for a in args if a.startswith("until=")] or [None])[0]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(None, seed)
        if c["forfeits"] or not c["done"]:
            show("seed %d control" % seed, c)
            print("control failed")
            sys.exit(2)
        r = play(mode, seed, rel, step, own, until)
        if not r["st"]["trick"]:
            print("seed %d: no call Bo reveals at" % seed)
            sys.exit(2)
        show("seed %d %s" % (seed, mode), r)
        first = r["st"]["trick"][1]
        hit = [f for f in r["forfeits"] if f[2] > first]
        honest_blamed = [d for d in r["distrust"] if d[2] != AN]
        if hit or honest_blamed:
            broke.append((seed, mode, r["st"]["trick"], r["st"]["bo_held_last"], r["st"]["far_from"],
                          r["st"]["far_to"], hit[:2], r["st"]["bo_req"][:1], honest_blamed[:2]))
    if broke:
        print("BROKEN: (seed, mode, trick (round, call entry, ms), Bo's last held heartbeat ms, far "
              "claims from/to ms, FORFEITs of Bo applied (ms, handheld, entry, mask), Bo's first "
              "reveal request ms, honest blamed): %s" % broke)
        sys.exit(1)
    print("HELD: no FORFEIT of Bo's reveal applied by an honest handheld")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
