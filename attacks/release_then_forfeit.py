"""Attack (round 30, focus 2): the sequencer holds a follower past its deadline, lets it go, and
logs the FORFEIT before the follower's request is out.

4edd3b7: a follower that holds a FORFEIT as disputed keeps it held for good (`_fdisp`: the table
stops naming the sequencer and the seat) once it hears the seat ask for what it owes
(`police._dispute_asked` for a request kept or pending, `_watch` for one heard later). The
sequencer is named only through `_fdisp` (`held_on`: `_fdisp` adds the leader; `_stopped` holds
only the disputed seat's handheld). So the liar wants the FORFEIT held with no request of the
seat ever heard: the hold is then on the victim's name alone.

Role: the sequencer (the creator, Anna, its own firmware). No radio, no loss, no bots.
(host_tools/tablebus, Snyd, 3 dice, three handhelds: Anna the sequencer, Bo the victim, Cy.)

How: at a call from round 2 that Bo reveals at (entry c), Anna forks Bo at once (a heartbeat to Bo
alone claiming its head with a chain not its own) and drops her snapshot frames to Bo (round 28's
resync_release_late): Bo is held 7 s on, its heartbeats say F_HELD, F_SNAP naming Anna. LATE ms
after c she streams Bo her true state (Cy vouches) and then logs the FORFEIT of Bo's reveal
(her `_disputed`, which would spare Bo 30 s after its last flag, lies: 0):
  `now`    the FORFEIT the same step as the state (Bo gets it right behind the snapshot),
  `taken`  the FORFEIT the step after Bo took the state (its gate still waits on Cy's heartbeat),
  `held`   the FORFEIT at once at the deadline while Bo is still held, the state never given.
Anna logs none of Bo's reveal requests (late by every clock anyway).
What to look at: does an honest handheld apply the FORFEIT (a die lost); and if the table stops,
do Bo's and Cy's screens name Anna (`held_mask` as table.Table computes it) or only the honest?
Control: the same table, no trick.

Usage: .venv/bin/python attacks/release_then_forfeit.py [now|taken|held] [late=ms] [seeds...]
Verdict: 0 if no honest handheld applies a FORFEIT of Bo's reveal and, where the table stops, an
honest screen names Anna; 1 with the evidence; 2 could not run.
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
NAMES = ("Anna", "Bo", "Cy")
AFTER_MS = 90000


def held_mask(node, k, now):
    """What table.Table.held_mask shows on handheld k's screen (a mask)."""
    m = node.held(now)
    if m & (1 << k):
        m |= node.held_on()
    return m & ~(1 << k) | node.snap_named(now)


def names(m):
    return [NAMES[h] for h in range(3) if m & (1 << h)]


def play(mode, seed, late=31000):
    t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=3))
    assert t.start_game() == 0
    A, B, C = t.hands[AN], t.hands[BO], t.hands[CY]
    node, app = A.node, A.app
    bo, cy = B.node, C.node
    st = dict(phase=0, trick=None, given=None, taken=None, forfeit_logged=None, dropped=0,
              bo_req=[], snaps_dropped=0)
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
        if f.type == wire.T_SNAP and dest == BO:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    onreq = node._on_request

    def on_request(f, now):
        if st["trick"] and f.type == wire.T_REVEAL and f.who == BO and f.round == st["trick"][0]:
            st["dropped"] += 1
            return
        return onreq(f, now)
    node._on_request = on_request

    disp = node._disputed
    node._disputed = lambda m, now: 0 if st["phase"] == 3 else disp(m, now)

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
                app.part & (1 << BO) and app.game.dice_left[BO] and not app.revealed:
            st["trick"] = (app.round, seq, t.now)
            st["phase"] = 1
            fork_bo()
        if f.etype == wire.T_FORFEIT and st["trick"] and st["forfeit_logged"] is None:
            st["forfeit_logged"] = (seq, t.now - st["trick"][2], f.who)
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

    def force_forfeit(now):
        # the liar logs it at once (its own snapshot's hold, which would put it off 400 ms, set
        # aside: nothing in a follower sees that hold)
        app.now = now
        f = app.overdue(node.tmp)
        if f is not None:
            node.log_local(f, now)

    samples = []   # (ms after the call, Bo's screen mask, Cy's screen mask)

    def watch():
        now = t.now
        if st["trick"] is None:
            return False
        c0 = st["trick"][2]
        if st["phase"] == 1:
            if mode == "held" and now - c0 >= 30000:
                st["phase"] = 3          # the FORFEIT now; Bo stays kept in the check
            elif mode != "held" and now - c0 >= late:
                st["phase"] = 2          # the state to Bo, heartbeats honest again
                st["given"] = now - c0
                node._snap_at[BO] = now - 10 ** 6
                node._send_snapshot(BO, now)
                if mode == "now":
                    st["phase"] = 3
                    force_forfeit(now)
        elif st["phase"] == 2 and mode == "taken" and not bo._resync and \
                bo.applied >= st["trick"][1]:
            st["taken"] = now - c0
            st["phase"] = 3
            force_forfeit(now)
        if st["phase"] == 3 and mode == "held":
            # (still kept: heartbeats forked to Bo, no snapshot)
            pass
        if now - c0 >= 1000 and (now // 100) % 10 == 0:
            samples.append((now - c0, held_mask(bo, BO, now), held_mask(cy, CY, now)))
        return now - c0 > AFTER_MS

    # (`held`: keep forking Bo and dropping its snapshots after the FORFEIT too)
    def emit3(dest, f):
        if mode == "held" and st["phase"] == 3:
            st["phase"] = 1
            try:
                return emit(dest, f)
            finally:
                st["phase"] = 3
        return emit(dest, f)
    node._emit = emit3

    t.run(lambda: watch() or t.done(), 3_600_000)
    recs = t.records()
    end = t.now
    return dict(st=st, forfeits=forfeits, distrust=distrust, samples=samples, done=t.done(),
                same=all(r == recs[0] for r in recs),
                dice=[list(h.app.game.dice_left) for h in t.live()],
                fdisp=(bo._fdisp, cy._fdisp), stopped=(bo._stopped, cy._stopped),
                applied=(node.applied, bo.applied, cy.applied),
                end=(held_mask(bo, BO, end), held_mask(cy, CY, end)),
                bad=(bo._bad, cy._bad))


def show(tag, r):
    st = r["st"]
    print("%s: trick (round, call entry, ms) %s; state to Bo at +%s ms, Bo took it at +%s; "
          "Anna logged FORFEIT (entry, ms after the call, mask) %s; Bo's reveal requests (ms) %s,"
          " dropped %d" % (tag, st["trick"], st["given"], st["taken"], st["forfeit_logged"],
                           st["bo_req"][:4], st["dropped"]))
    print("   FORFEITs of Bo applied (ms after the call, handheld, entry, mask): %s" %
          r["forfeits"][:4])
    print("   distrust (ms, handheld, whom) %s; applied (Anna, Bo, Cy) %s; _fdisp (Bo, Cy) %s; "
          "_stopped %s; game over %s; dice %s" % (r["distrust"][:4], r["applied"], r["fdisp"],
                                                  r["stopped"], r["done"], r["dice"]))
    s = r["samples"]
    if s:
        bo_an = sum(1 for x in s if x[1] & 1)
        cy_an = sum(1 for x in s if x[2] & 1)
        last = [x for x in s if x[0] >= s[-1][0] - 30000]
        print("   screens: %d samples; Bo's names Anna in %d, Cy's in %d; in the last 30 s Bo's "
              "%s, Cy's %s; at the end Bo's %s, Cy's %s" % (
                  len(s), bo_an, cy_an,
                  sorted(set(tuple(names(x[1])) for x in last)),
                  sorted(set(tuple(names(x[2])) for x in last)),
                  names(r["end"][0]), names(r["end"][1])))


def main():
    args = sys.argv[1:]
    modes = [a for a in args if a in ("now", "taken", "held")] or ["now", "taken", "held"]
    late = int(([a.split("=")[1] for a in args if a.startswith("late=")] or [31000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(None, seed)
        if c["forfeits"] or not c["done"]:
            show("seed %d control" % seed, c)
            print("control failed")
            sys.exit(2)
        for mode in modes:
            r = play(mode, seed, late)
            if not r["st"]["trick"]:
                print("seed %d: no call Bo reveals at" % seed)
                sys.exit(2)
            show("seed %d %s" % (seed, mode), r)
            s = r["samples"]
            last = [x for x in s if x[0] >= s[-1][0] - 30000]
            stopped = not r["done"]
            unnamed = stopped and last and all(not (x[1] | x[2]) & 1 for x in last)
            honest_blamed = [d for d in r["distrust"] if d[2] != AN]
            if r["forfeits"] or unnamed or honest_blamed:
                broke.append((seed, mode, r["st"]["trick"], r["st"]["forfeit_logged"],
                              r["forfeits"][:2], "Anna unnamed 30 s" if unnamed else "",
                              names(r["end"][0]), names(r["end"][1]), honest_blamed[:2]))
    if broke:
        print("BROKEN: (seed, mode, trick, Anna's FORFEIT (entry, ms, mask), FORFEITs of Bo "
              "applied, Anna unnamed on Bo's and Cy's screens, Bo's screen, Cy's screen, honest "
              "blamed): %s" % broke)
        sys.exit(1)
    print("HELD: no FORFEIT of Bo applied; where the table stopped, an honest screen named Anna")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
