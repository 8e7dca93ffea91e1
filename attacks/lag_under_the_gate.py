"""Attack (round 34, focus 1/2): round 33's starve-forgive cycle with the hold never reached.
17a9184 holds a follower's lag after 1 s, not 7, only once its sequencer lagged it a gate's time
(`police._lagger`, set by `_starved` at a 7 s lag) or was forgiven (`_forgive`). A sequencer
that never lets the lag reach 7 s is neither: every heartbeat of Anna's to Cy claims CLAIM
entries past her log (her entries are all served, so Cy applies entries and is never starved),
and every PERIOD ms (default 6500, under the 7 s gate) one honest heartbeat to Cy alone, so that
Cy is caught up for an instant (`_caught_at` = now). From round ROUND's first entry to the end.

Role: the sequencer (the creator, Anna, seat 0). Bo (seat 1) and Cy (seat 2) honest. No radio,
no loss. (host_tools/tablebus, Snyd, 3 dice; each person takes THINK_MS = 3 s over a bid.)
Variant `flag` is round 33's trigger (one honest heartbeat when Cy's heartbeat says F_HELD:
attacks/starve_forgive_cycle.py), for comparison on the same code.

Questions: is Cy's seat ever forfeited, is an honest handheld named alone or distrusted, does
the game end with one record; and how much of the time is Cy kept from acting (not caught up: a
seat acts only caught up) with no pause naming it (Bo's `held()`), how long at most, does Cy
ever flag, and does Cy's `_lagger` ever name Anna (so that 17a9184's 1 s hold applies)?

Variant `gap` (= `gap=2500,5000`): no honest claim ever; Anna lies to Cy 2500 ms, then sends Cy
nothing for 5000 ms (her frames tagged for Bo only: Cy counts her missing after missing_ms 3.5 s,
so `_starved` does not run, and when she is heard again it sees a gap and counts afresh:
`_caught_at` = now), and again, whole game.

`call` (with any of them): the attack starts as Anna logs round 2's (or a later round's) call,
the call's entry reaching Cy 20 ms after her first false claim is on the air (so Cy, owing its reveal, holds
the phase's first entry yet is never caught up).

Usage: .venv/bin/python attacks/lag_under_the_gate.py [call] [flag|gap|gap=LIE,SILENT] [period=6500]
       [claim=N] [seeds...]
Verdict: 0 held; 1 broke (a FORFEIT of Cy applied, an honest handheld distrusted or named alone,
records differ, the game stops with Bo's screen not naming Anna, or Cy is kept from acting with
no pause on it for more than half of the samples: the unnamed cost 17a9184 says it closed,
"a lag after one held before is held after a second"); 2 could not run.
"""
import heapq
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
T_ACK = 11  # (a heartbeat frame's type byte)
ROUND = 2
LIMIT_MS = 1_800_000
THINK_MS = 3000   # each person takes this long over a bid (a game of minutes, as at a table)



def play(seed, claim=20, forgive=True, attack=True, period=6500, flagmode=False, gap=None,
         at_call=False):
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
            if st.get("stash"):
                t.bus.inject(CY, st.pop("stash"), max(t.now, t.bus.busy_until) + 20)
            return
        return orig_emit(dest, f)
    node._emit = emit
    bsend = t.bus.send

    def send(src, dest, data, now):  # `gap`: Anna's frames tagged for Bo only (Cy's tag fails)
        if src == AN and st.get("delay") and data[2] != T_ACK and dest in (None, CY):
            # (`call`: the call's entry reaches Cy just after the first false claim)
            st["delay"] = False
            st["stash"] = data  # (sent to Cy right after the next false claim)
            return bsend(src, BO, data, now) if dest is None else None
        if src == AN and st.get("silent"):
            if dest is None:
                return bsend(src, BO, data, now)
            if dest == CY:
                return None
        return bsend(src, dest, data, now)
    t.bus.send = send

    apa = app.apply

    def apply_call(f, seq):  # `call`: the attack starts as Anna logs a round's call
        r = apa(f, seq)
        if at_call and attack and not st["on"] and app.round >= ROUND and app.phase == 4:
            st["on"], st["start"], st["at"], st["delay"] = True, t.now, t.now, True
            for i, (tq, n, d, data) in enumerate(t.bus.q):  # the entry already on the air
                if d == CY and data[2] != T_ACK and any(
                        x[0] == t.now and x[1] == AN and x[3] == data for x in t.bus.log[-8:]):
                    st["stash"] = data
                    t.bus.q.pop(i)
                    heapq.heapify(t.bus.q)
                    st["delay"] = False
                    break
        return r
    app.apply = apply_call

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
                longest_unpaused=0, run=0, cy_deposed=0, alone=[], forgiven=0,
                cy_flag=0, lagger=None)

    def watch():
        now = t.now
        if not st["on"] and attack and not at_call and app.round >= ROUND:
            st["on"], st["start"], st["at"] = True, now, now
        if not st["on"]:
            return t.done()
        flag = bool(node._fflag & (1 << CY))
        if gap:
            k = (now - st["start"]) % (gap[0] + gap[1])
            sil = k >= gap[0]
            if sil and not st.get("silent"):
                st["cycles"] += 1
            st["silent"] = sil   # lie gap[0] ms, then gap[1] ms of silence to Cy (past missing_ms)
        elif flagmode:
            if flag and not st["last_flag"]:
                st["honest"] = 1      # Cy says it is held: let it be forgiven, once
                st["cycles"] += 1
        elif now - st["at"] >= period:
            st["honest"], st["at"] = 1, now  # under the gate: one honest claim, Cy caught up
            st["cycles"] += 1
        st["last_flag"] = flag
        seen["cy_flag"] += bool(cy._gate_held(now))
        if getattr(cy, "_lagger", -1) == AN and seen["lagger"] is None:
            seen["lagger"] = now - st["start"]
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
          "pause names Anna %d, Cy kept and no pause %d (longest %d ms); named without Anna %s; Cy's gate held %d; Cy's _lagger Anna from %s ms" % (
              s["samples"], s["cy_behind"], s["cy_deposed"], s["bo_names_cy"], s["bo_names_an"],
              s["cy_behind_unpaused"], s["longest_unpaused"], s["alone"], s["cy_flag"], s["lagger"]))
    print("   game over %s, records agree %s, dice %s, at the end %s" % (
        r["done"], r["same"], r["dice"][0], r["end"]))


def t_end(c):
    return c["ms"]


def main():
    args = sys.argv[1:]
    forgive = True
    flagmode = "flag" in args
    gap = ([tuple(int(v) for v in a.split("=")[1].split(",")) for a in args
            if a.startswith("gap=")] or [None])[0]
    if "gap" in args:
        gap = (2500, 5000)
    period = int(([a.split("=")[1] for a in args if a.startswith("period=")] or [6500])[0])
    claim = int(([a.split("=")[1] for a in args if a.startswith("claim=")] or [20])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        c = play(seed, attack=False)
        if not c["done"] or c["forfeits"]:
            show("seed %d control" % seed, c)
            print("control failed")
            sys.exit(2)
        r = play(seed, claim, forgive, period=period, flagmode=flagmode, gap=gap,
                 at_call="call" in args)
        show("seed %d %s" % (seed, "flag (round 33's cycle)" if flagmode else
                                "gap: lie %d ms, silent to Cy %d ms" % gap if gap else
                                "under the gate, period %d ms" % period), r)
        cy_forf = [x for x in r["forfeits"] if x[3] & (1 << CY)]
        honest_blamed = [d for d in r["distrust"] if d[2] != AN]
        print("   control: game over %s at %d ms (round 2 from %s ms)" % (
            c["done"], t_end(c), r["st"]["start"]))
        # a stop counts as broken only if Bo's screen does not name Anna at the end (a stop named
        # on the liar is the stated outcome, as on 23d0b64^)
        stop = not r["done"] and not int(r["end"]["named"], 2) & (1 << AN)
        un = r["seen"]["cy_behind_unpaused"] / max(1, r["seen"]["samples"])
        print("   Cy kept from acting, no pause: %.1f %% of samples; game %d ms from round 2 vs "
              "control %d ms" % (100.0 * un, r["ms"], t_end(c) - r["st"]["start"]))
        if cy_forf or honest_blamed or r["seen"]["alone"] or not r["same"] or stop or un > 0.5:
            broke.append((seed, cy_forf[:2], honest_blamed[:2], r["seen"]["alone"][:1],
                          r["same"], r["done"], round(un, 3)))
    if broke:
        print("BROKEN (seed, FORFEITs of Cy, honest distrusted, named without Anna, records "
              "agree, game over, unpaused kept fraction): %s" % broke)
        sys.exit(1)
    print("HELD: Cy never forfeited, nobody honest blamed or named alone, records agree, the game ends or its stop names Anna, Cy kept unpaused at most half the time")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
