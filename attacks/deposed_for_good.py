"""Check (round 32, focus 3 and 1): an honest table, loss only. Since e604126 a follower that
distrusts its sequencer while nobody took over says F_HELD, on that sequencer, "until another
takes over" (gate `deposed()` in `_gate_held` and `held_on`). Nothing but a takeover ends it:
`_bad` is never cleared, and the heir takes over only if the sequencer is gone to *it*
(failover `_maybe_take_over`). A follower that is not the heir and deposed alone holds the table
for good, then. One way there is a stated limit (protocol.md, *The bounds that keep liars from
stalling cost a rare honest case*): "a follower that hears its sequencer but receives none of its
entries for 7 s leaves it, as it would a liar" (police `_starved`).

No attacker: every handheld honest (host_tools/tablebus, Snyd, 3 dice). One burst of loss at one
follower that is not the heir: for `until` ms from the first entry of round ROUND that handheld
receives only heartbeats (T_ACK; the sizes of what it lost and what passed are printed). Default
9000: the claim of the lost entry reaches it in a heartbeat about 0.75 s later, and `_starved`
counts 7 s from then. Nothing else is lost, before or after. The game is then played to its end
(or AFTER_MS).

Variants: `three` (default; Anna 0 the sequencer, Bo 1 the heir, Cy 2 the one with the burst),
`four` (four handhelds, the burst at Di 3), `reboot` (`three`, then 60 s after the burst Cy's
person restarts it: tablebus `reboot`, a fresh Node on its flash), `bot` (`three`, then 60 s
after the burst Anna's person takes the pause's "give to a bot" for Cy, the one held), `heir`
(three; the burst at Bo, the heir), `none` (no burst: control).

Usage: .venv/bin/python attacks/deposed_for_good.py [three|four|reboot|bot|heir|none] [until=ms]
       [seeds...]
Verdict: 0 if every game ends with one record (a deposition may cost what the stated limit says,
never the game); 1 if the table stops for good after the burst (the evidence: who deposed whom
and when, who is held and named on each screen at the end); 2 could not run.
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

T_ACK = 11
ROUND = 2
AFTER_MS = 600_000


def names(m):
    return ",".join("ABCDEFGH"[x] for x in range(8) if m & (1 << x)) or "-"


def play(mode, seed, until):
    n = 4 if mode == "four" else 3
    t = tablebus.Table(seats=n, seed=seed, rules=snyd.Rules(dice=3))
    victim = {"three": 2, "four": 3, "reboot": 2, "bot": 2, "heir": 1, "none": -1}[mode]
    st = dict(burst=None, dropped=0, passed=0, sizes=set(), psizes=set(), forfeits=[],
              distrust=[])
    V = t.hands[victim] if victim >= 0 else None
    A = t.hands[0]

    if V is not None:
        rcv = V.receive

        def receive(data, now):
            b = st["burst"]
            if b is not None and b <= now < b + until:
                if data[2] != T_ACK:
                    st["dropped"] += 1
                    st["sizes"].add(len(data))
                    return
                st["passed"] += 1
                st["psizes"].add(len(data))
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

    def until_():
        b = st["burst"]
        if mode == "reboot" and b is not None and st.get("rebooted") is None and \
                t.now - b >= until + 60000:
            st["rebooted"] = t.now
            t.reboot(victim)
        if mode == "bot" and b is not None and st.get("bot") is None and \
                t.now - b >= until + 60000:
            st["bot"] = (t.now, t.give_to_bot(victim, 0))
        return t.done() or b is not None and t.now - b > AFTER_MS
    assert t.start_game() == 0
    t.run(until_, 3_600_000)
    now = t.now
    recs = t.records()
    end = []
    for h in t.hands:
        nd = h.node
        m = nd.held(now)  # the screen's "Logs differ" (table.Table.held_mask), and its
        if m & (1 << h.seat):  # waiting line (waiting_mask)
            m |= nd.held_on()
        m = m & ~(1 << h.seat) | nd.snap_named(now)
        end.append("%s: leader %d term %d applied %d deposed %s held %s; screen: logs differ %s, "
                   "waits for %s" % ("ABCD"[h.seat], nd.leader, nd.term >> 3, nd.applied,
                                     names(nd.deposed()), names(nd.held(now)), names(m),
                                     names(nd.missing | nd.deposed())))
    return dict(st=st, done=t.done(), same=all(r == recs[0] for r in recs), ms=now, end=end,
                dice=list(A.app.game.dice_left))


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("three", "four", "reboot", "bot", "heir", "none")] or
            ["three"])[0]
    until = int(([a.split("=")[1] for a in args if a.startswith("until=")] or [9000])[0])
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    bad = []
    for seed in seeds:
        r = play(mode, seed, until)
        st = r["st"]
        print("seed %d %s until=%d: burst from %s ms (frames dropped %d, sizes %s; heartbeats "
              "passed %d, sizes %s)" % (seed, mode, until, st["burst"], st["dropped"],
                                        sorted(st["sizes"])[:6], st["passed"],
                                        sorted(st["psizes"])))
        print("   distrust (ms, handheld, whom) %s; FORFEITs (ms, handheld, entry, mask) %s" % (
            st["distrust"][:6], st["forfeits"][:6]))
        if st.get("rebooted"):
            print("   %s rebooted at %d ms" % ("ABCD"[2], st["rebooted"]))
        if st.get("bot"):
            print("   Anna's give-to-a-bot of Cy's seat at %d ms: %d (0: logged)" % st["bot"])
        print("   game over %s at %.1f s, records agree %s, dice %s" % (
            r["done"], r["ms"] / 1000.0, r["same"], r["dice"]))
        for line in r["end"]:
            print("   " + line)
        if not r["done"]:
            bad.append((seed, st["distrust"][:2], r["ms"]))
    if bad:
        print("BROKEN: an honest table stopped for good after one burst of loss at one follower "
              "(seed, distrust, ms): %s" % bad)
        sys.exit(1)
    print("HELD: every game ended")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
