"""Attack (round 33, focus 1): the sequencer cycles one follower through 23d0b64's forgiveness:
starve it (heartbeats to it alone claim CLAIM entries past the log, nothing more served), and as
soon as that follower's heartbeat says it is held (F_HELD: lagged, then deposed), one honest
heartbeat to it alone (so it holds all that is claimed: `police._forgive`), then the false claim
again. Whole game long, from the first entry of round ROUND.

Role: the sequencer (the creator, Anna, seat 0). Bo (seat 1) and Cy (seat 2) honest. No radio,
no loss. (host_tools/tablebus, Snyd, 3 dice; each person takes THINK_MS = 3 s over a bid.) Anna reads Cy's held flag from Cy's heartbeats as
any handheld does (`node._fflag`).

Questions: is Cy's seat ever forfeited (a FORFEIT of it applied by an honest handheld), is an
honest handheld named alone or distrusted, does the game end with the same record everywhere,
and how long does the table wait on Cy kept from acting without any screen pausing on it (Bo's
`held()` naming Cy, the pause's `snap_named` naming Anna)?
Variant `noforgive`: police._forgive a no-op (the table as at 23d0b64^) for comparison.

Usage: .venv/bin/python attacks/starve_forgive_cycle.py [noforgive] [claim=N] [seeds...]
Verdict: 0 held; 1 broke (a FORFEIT of Cy applied, an honest handheld distrusted or named alone,
records differ, or the game stops for good with Bo's screen not naming Anna); 2 could not run.
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
from dicecup.rules import snyd  # noqa: E402
from _resync import emitter, slow_bids  # noqa: E402

AN, BO, CY = 0, 1, 2
ROUND = 2
LIMIT_MS = 1_800_000
THINK_MS = 3000   # each person takes this long over a bid (a game of minutes, as at a table)



def play(seed, claim=20, forgive=True, attack=True):
    t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=3))
    assert t.start_game() == 0
    A, B, C = t.hands[AN], t.hands[BO], t.hands[CY]
    for h in t.hands:
        slow_bids(t, h, THINK_MS)
    node, app, cy, bo = A.node, A.app, C.node, B.node
    if not forgive:
        for h in t.hands:
            h.node._forgive = lambda now: None
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN
    st = dict(on=False, start=None, honest=0, last_flag=False, cycles=0)
    orig_emit = node._emit

    def emit(dest, f):
        if st["on"] and f.type == wire.T_ACK and dest in (log.BROADCAST, CY):
            if dest == log.BROADCAST:
                orig_emit(BO, f)
            if st["honest"]:
                st["honest"] -= 1
                return orig_emit(CY, f)
            keep = bytes(f.chain)
            emit_to(CY, f, ack=node.applied + claim, chain=fake)
            f.chain[:] = keep
            return
        return orig_emit(dest, f)
    node._emit = emit

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and st["start"] is not None:
                forfeits.append((t.now - st["start"], k, seq, f.who))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x) and st["start"] is not None:
                distrust.append((t.now - st["start"], k, x))
            return dn(x)
        h.node._distrust = distrust_

    seen = dict(samples=0, cy_behind=0, cy_behind_unpaused=0, bo_names_cy=0, bo_names_an=0,
                longest_unpaused=0, run=0, cy_deposed=0, alone=[], forgiven=0)

    def watch():
        now = t.now
        if not st["on"] and attack and app.round >= ROUND:
            st["on"], st["start"] = True, now
        if not st["on"]:
            return t.done()
        flag = bool(node._fflag & (1 << CY))
        if flag and not st["last_flag"]:
            st["honest"] = 1      # Cy says it is held: let it be forgiven, once
            st["cycles"] += 1
        st["last_flag"] = flag
        seen["samples"] += 1
        behind = not cy.caught_up() or cy._bad & (1 << AN)
        bh = bo.held(now)
        named = bo.snap_named(now)
        seen["cy_behind"] += behind
        seen["cy_deposed"] += bool(cy.deposed())
        seen["bo_names_cy"] += bool(bh & (1 << CY))
        seen["bo_names_an"] += bool(named & (1 << AN))
        if behind and not bh & (1 << CY):
            seen["cy_behind_unpaused"] += 1
            seen["run"] += t.step_ms
            seen["longest_unpaused"] = max(seen["longest_unpaused"], seen["run"])
        else:
            seen["run"] = 0
        if bh and named and not named & (1 << AN) and len(seen["alone"]) < 3:
            seen["alone"].append((now - st["start"], bin(bh), bin(named)))
        return t.done()

    t.run(watch, LIMIT_MS)
    recs = t.records()
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, done=t.done(),
                same=all(r == recs[0] for r in recs), ms=t.now - (st["start"] or 0),
                dice=[list(h.app.game.dice_left) for h in t.live()],
                end=dict(cy_deposed=cy.deposed(), cy_held=bin(cy.held(t.now)),
                         bo_held=bin(bo.held(t.now)), an_bad=bin(node._bad),
                         bo_bad=bin(bo._bad), cy_bad=bin(cy._bad), cy_applied=cy.applied,
                         an_applied=node.applied, round=app.round,
                         named=bin(bo.snap_named(t.now) | bo.held_on())))


def show(tag, r):
    s = r["seen"]
    print("%s: start %s ms, cycles (Cy held, then forgiven) %d, %d ms to end; FORFEITs applied "
          "(ms, handheld, entry, mask) %s; distrust (ms, handheld, whom) %s" % (
              tag, r["st"]["start"], r["st"]["cycles"], r["ms"], r["forfeits"][:6],
              r["distrust"][:6]))
    print("   samples %d (5 ms): Cy kept from acting %d, Cy deposed %d, Bo pauses on Cy %d, Bo's "
          "pause names Anna %d, Cy kept and no pause %d (longest %d ms); named without Anna %s" % (
              s["samples"], s["cy_behind"], s["cy_deposed"], s["bo_names_cy"], s["bo_names_an"],
              s["cy_behind_unpaused"], s["longest_unpaused"], s["alone"]))
    print("   game over %s, records agree %s, dice %s, at the end %s" % (
        r["done"], r["same"], r["dice"][0], r["end"]))


def t_end(c):
    return c["ms"]


def main():
    args = sys.argv[1:]
    forgive = "noforgive" not in args
    claim = int(([a.split("=")[1] for a in args if a.startswith("claim=")] or [20])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        c = play(seed, attack=False)
        if not c["done"] or c["forfeits"]:
            show("seed %d control" % seed, c)
            print("control failed")
            sys.exit(2)
        r = play(seed, claim, forgive)
        show("seed %d %s" % (seed, "cycle" if forgive else "cycle, noforgive (23d0b64^)"), r)
        cy_forf = [x for x in r["forfeits"] if x[3] & (1 << CY)]
        honest_blamed = [d for d in r["distrust"] if d[2] != AN]
        print("   control: game over %s at %d ms (round 2 from %s ms)" % (
            c["done"], t_end(c), r["st"]["start"]))
        # a stop counts as broken only if Bo's screen does not name Anna at the end (a stop named
        # on the liar is the stated outcome, as on 23d0b64^)
        stop = not r["done"] and not int(r["end"]["named"], 2) & (1 << AN)
        if cy_forf or honest_blamed or r["seen"]["alone"] or not r["same"] or stop:
            broke.append((seed, cy_forf[:2], honest_blamed[:2], r["seen"]["alone"][:1],
                          r["same"], r["done"]))
    if broke:
        print("BROKEN (seed, FORFEITs of Cy, honest distrusted, named without Anna, records "
              "agree, game over): %s" % broke)
        sys.exit(1)
    print("HELD: Cy never forfeited, nobody honest blamed or named alone, records agree, the game ends or its stop names Anna")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
