"""Check (round 34, focus 1): 17a9184's one-second lag hold (`police._lagger`, `gate._lagged`)
on an honest table under ordinary loss. Since 17a9184 a follower whose sequencer once lagged it a
gate's time, or that it forgave (`police._forgive`), says F_HELD after 1 s not caught up instead
of 7 s; `_lagger` is never cleared. Does that pause an honest table often under loss, and does
any distrust, FORFEIT or split follow?

No attacker: host_tools/tablebus, Snyd, 3 dice, three handhelds (Anna 0 the sequencer, Bo 1 the
heir, Cy 2), uniform loss `loss=` (default 0.3) on every frame all game. Variants:
`burst` (default): how a follower honestly gets a `_lagger`: round 32's burst at Cy (from round
2's first entry, 9 s in which Cy receives only heartbeats): Cy leaves Anna (`_starved`), forgives
her (`_forgive`: `_lagger` = Anna), and plays on at the same loss.
`preset`: no burst; every follower's `_lagger` is Anna from the start (what-if: the state any
follower is in for the rest of the game once Anna lagged it 7 s, or it forgave her; on 17a9184^
the attribute does nothing, so that run is the control).
`none`: no burst (control: no `_lagger` unless a 7 s lag comes by itself).
Sampled every 5 ms: Cy's `_lagged`, its F_HELD spans, the sequencer's `held()` (the table paused),
every distrust and FORFEIT, the game's length and one record. Run the same script in a copy of
17a9184^ (git archive 17a9184^ firmware host_tools attacks) to compare: there forgiving resets
`_caught_at` and every lag waits 7 s.

Usage: .venv/bin/python attacks/lagger_under_loss.py [burst|preset|none] [loss=0.3] [think=3000] [seeds...]
(think: each person takes this long over a bid, a game of minutes; 0: at once)
Verdict (a run where Bo, the heir, leaves Anna for loss is the stated open limit *a heir that
leaves for loss alone*, printed, not counted): 0 when no run after Cy's forgiveness has a FORFEIT, a distrust other than the burst's,
or a game that does not end with one record, and the table is paused after the forgiveness
under a fifth of the time (the numbers are printed either way: pauses are the fix's stated
cost); 1 with the evidence; 2 could not run.
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
from dicecup.rules import snyd  # noqa: E402
from _watch import forfeits_and_distrust  # noqa: E402
from _resync import slow_bids  # noqa: E402  (a person takes think_ms over a bid)

T_ACK = 11
ROUND = 2
BURST_MS = 9000
LIMIT_MS = 1_800_000


def play(mode, seed, loss, think):
    t = tablebus.Table(seats=3, seed=seed, loss=loss, rules=snyd.Rules(dice=3))
    if think:
        for h in t.hands:
            slow_bids(t, h, think)
    st = dict(burst=None, forgiven=None, distrust=[], forfeits=[], spans=[], lagged=0, maxlag=0, anylag=0,
              paused=0, paused_after=0, samples_after=0, cyheld=0, lagger_at=None)
    V = t.hands[2]
    A = t.hands[0]
    if mode == "preset":
        for h in t.hands[1:]:
            h.node._lagger = 0
    if mode == "burst":
        rcv = V.receive

        def receive(data, now):
            b = st["burst"]
            if b is not None and b <= now < b + BURST_MS and data[2] != T_ACK:
                return
            return rcv(data, now)
        V.receive = receive
    ap = A.app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        if st["burst"] is None and A.app.round >= ROUND:
            st["burst"] = t.now
        return r
    A.app.apply = apply_
    forfeits_and_distrust(t, st)
    since = [None]

    def h_lag(now):  # any follower's _lagged (preset: Bo's too)
        return any(h.node._lagged(now) for h in t.hands[1:])

    def watch():
        now = t.now
        n = V.node
        if st["lagger_at"] is None and getattr(n, "_lagger", -1) >= 0:
            st["lagger_at"] = (now, n._lagger)
        if st["forgiven"] is None and any(d[1] == 2 and d[2] == 0 for d in st["distrust"]) \
                and not n._bad and n.leader == 0:
            st["forgiven"] = now  # (Cy left Anna for the burst and follows her again)
        if st["forgiven"] is not None and not n.is_leader() and n.leader >= 0:
            st["maxlag"] = max(st["maxlag"], getattr(n, "_lag_ms", 0))  # (lag ms less caught-up ms)
        lg = n._lagged(now)
        if lg:
            st["lagged"] += 1
        hc = n._gate_held(now)
        if hc:
            st["cyheld"] += 1
            if since[0] is None:
                since[0] = now
        elif since[0] is not None:
            st["spans"].append((since[0], now))
            since[0] = None
        p = any(h.node.is_leader() and h.node.held(now) for h in t.hands)
        st["paused"] += p
        if mode == "preset" and h_lag(now):
            st["anylag"] += 1
        if st["forgiven"] is not None or mode != "burst" and st["burst"] is not None:
            if mode != "burst" and not n.is_leader() and n.leader >= 0:
                st["maxlag"] = max(st["maxlag"], getattr(n, "_lag_ms", 0))  # (lag ms less caught-up ms)
            st["samples_after"] += 1
            st["paused_after"] += p
        return t.done()
    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = t.records()
    st["done"] = t.done()
    st["ms"] = t.now
    st["same"] = all(r == recs[0] for r in recs)
    return st


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("burst", "none", "preset")] or ["burst"])[0]
    loss = float(([a.split("=")[1] for a in args if a.startswith("loss=")] or [0.3])[0])
    think = int(([a.split("=")[1] for a in args if a.startswith("think=")] or [3000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    bad = []
    for seed in seeds:
        e = play(mode, seed, loss, think)
        after = [s for s in e["spans"] if e["forgiven"] is None or s[0] >= e["forgiven"]]
        frac = e["paused_after"] / max(1, e["samples_after"])
        print("%s seed %d loss %.2f: over %s at %.1f s, one record %s; burst at %s, Cy follows "
              "Anna again at %s; _lagger first %s; longest not caught up after %d ms; Cy lagged %d samples (any follower %d), held %d; Cy's held spans "
              "after: %d, %d ms in all (first %s); table paused %d samples in all, after the "
              "forgiveness %d of %d (%.1f %%); distrust %s; FORFEITs %s" % (
                  mode, seed, loss, e["done"], e["ms"] / 1000.0, e["same"], e["burst"],
                  e["forgiven"], e["lagger_at"], e["maxlag"], e["lagged"], e["anylag"], e["cyheld"], len(after),
                  sum(b - a for a, b in after), after[:3], e["paused"], e["paused_after"],
                  e["samples_after"], 100.0 * frac, e["distrust"][:4], e["forfeits"][:4]))
        late = [d for d in e["distrust"] if e["forgiven"] is not None and d[0] > e["forgiven"]]
        heir = [d for d in e["distrust"] if d[1] == 1 and d[2] == 0]
        if heir:
            print("   (Bo, the heir, left Anna for loss at %d ms: the stated open limit *a heir that "
                  "leaves for loss alone*, round 32; not counted)" % heir[0][0])
        elif late or e["forfeits"] or not e["done"] or not e["same"] or frac >= 0.2:
            bad.append((seed, late[:2], e["forfeits"][:2], e["done"], e["same"], round(frac, 3)))
    if bad:
        print("BROKEN: (seed, distrust after, FORFEITs, over, one record, paused fraction) %s" %
              bad)
        sys.exit(1)
    print("HELD: no distrust after, no FORFEIT, every game over with one record, pauses < 20 %")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
