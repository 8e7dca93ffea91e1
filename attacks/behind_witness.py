"""Attack (round 19): a witness that says it is behind. A seat whose heartbeats claim one entry less
than it holds, and that says nothing to VOUCH requests (as an honest handheld that is only behind
does) and sends no snapshot when asked, keeps a rebooted honest handheld out; after 7 s the
laggard's heartbeat names its honest sequencer (`_F_SNAP`), and every pause names the two honest
handhelds, never the liar.

Promise: a stop names whom it can (A checked snapshot: "none can be ... named the cheat by one";
the brief: can a seat "stop the table naming only honest handhelds?"). Role: an ordinary seat (Bo),
the laggard's only possible witness, at a table of three.

Why: `_witness` counts a live handheld that has not said _NO_WORD as able to vouch "however far
behind", and `_silent` makes a silent witness mute only if its heartbeats claim the snapshot's
entry; a liar that claims one less is neither. The laggard Cy asks its peer after 3 s
(`_ask_snap`), the peer sends nothing, and after censor_ms `_ask_snap` sets `_sheld |= 1 << lead`
although the sequencer did send its snapshot (every NACK): the wait it blames is the witness's.
Bo's own heartbeats carry no flag: `Table.held_mask` names Cy (held) and Anna (snap_named).

Steps: tablebus, three handhelds (Snyd); Cy reboots past the 32-entry window; Bo's heartbeats claim
applied-1 with that entry's chain (its real log otherwise), it drops VOUCH requests and T_SNAP
frames of its own. Control: Bo honest (Cy catches up).
Variant "past": Bo's heartbeats are true (it claims the snapshot's entry) and it answers every VOUCH
request "I am past it" (_PAST): `_on_vouch` only sets `said` for _PAST, so `_silent` spares it and
`_witness` still counts it; the same stop, the same names. Seed 2 (both modes): Bo's own gate was
held too, so its heartbeats named it; seeds 1 and 3 name only Anna and Cy.
Exit 0 held, 1 broke, 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import wire, agree  # noqa: E402

CY = 2
MODE = "past" if "past" in sys.argv[1:] else "behind"
SEATS = 4 if "four" in sys.argv[1:] else 3
LONG_MS = 180000  # how long the attack runs after the reboot


def shown(n, k, now):
    """Whom handheld k's pause names as holding the table (table.Table.held_mask, a mask)."""
    m = n.held(now)
    if m & (1 << k):
        m |= n.held_on()
    return m & ~(1 << k) | n.snap_named(now)


def play(attack, seed=3):
    t = Table(seats=SEATS, seed=seed)
    stats = dict(vouch=0, snap=0)
    if attack:
        h = t.hands[1]
        bo = h.node
        beat = bo._heartbeat

        def heartbeat(now):
            if MODE == "past":
                return beat(now)  # (its true claim)
            real = bo.applied
            keep = bytes(bo.chain)
            c = real - 1
            i = c % agree.CAP
            if c > 0 and bo.agree._s[i] == c:
                bo.applied = c
                bo.chain[:] = bo.agree._h[i * agree._C:(i + 1) * agree._C]
            try:
                beat(now)
            finally:
                bo.applied = real
                bo.chain[:] = keep
        bo._heartbeat = heartbeat
        answer = bo._on_vouch

        def on_vouch(f, now):
            if bytes(f.chain) == bytes(8):
                stats["vouch"] += 1
                if MODE == "past":  # "I am past it", while its heartbeats show it at the entry
                    bo._vouch(f.seat, f.lo, b"\xfe" * 8)
                return None  # "only behind": says nothing yet
            return answer(f, now)
        bo._on_vouch = on_vouch
        orig = h._send

        def send(dest, data):
            if data[2] == wire.T_SNAP:
                stats["snap"] += 1
                return None
            return orig(dest, data)
        h._send = send
        bo.send = send
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 60, 600000)
    t.reboot(CY)
    t.run(lambda: t.hands[CY].node.applied >= t.hands[0].node.applied > 0, LONG_MS)
    views = [dict(k=k, applied=hh.node.applied, missing=hh.node.missing,
                  held=hh.node.held(t.now), named=shown(hh.node, k, t.now))
             for k, hh in enumerate(t.hands)]
    return t.hands[CY].node.applied, t.hands[0].node.applied, views, stats, t.now


def main():
    seeds = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1, 2, 3]
    broke = []
    stopped = []  # the stated limit: out, but every pause names Bo with the sequencer
    for seed in seeds:
        got, want, _, _, _ = play(False, seed)
        if got != want:
            print("control: the rebooted handheld did not catch up with an honest witness", got, want)
            sys.exit(2)
        print("seed %d control: Cy applied %d of %d" % (seed, got, want))
        got, want, views, stats, now = play(True, seed)
        print("seed %d attack after %d s: %s; Bo dropped %d VOUCH requests, %d snapshot frames" % (
            seed, now // 1000, views, stats["vouch"], stats["snap"]))
        honest_only = [v["k"] for v in views if v["k"] != 1 and v["named"] and not v["named"] & 2]
        if got != want and honest_only:
            broke.append((seed, got, want, [v["held"] for v in views],
                          [views[k]["named"] for k in honest_only]))
        elif got != want:
            stopped.append((seed, [v["named"] for v in views]))
    verdict(bool(broke),
            ("Bo claiming one entry less and silent to VOUCH" if MODE == "behind" else
             "Bo at the snapshot's entry answering every VOUCH request 'I am past it'") +
            " and sending no snapshot, %d handhelds: (seed, Cy "
            "applied, of, held masks, what Anna's and Cy's pauses name [Anna 1, Bo 2, Cy 4]) %s: "
            "%s" % (SEATS, broke, "the table stopped on the rebooted Cy for the whole %d s, every "
                   "pause naming Anna and Cy, never Bo" % (LONG_MS // 1000) if broke else
                   "the table stopped with every pause naming Bo beside Anna (the stated limit: "
                   "one liar among three stops the game, named; (seed, names) %s)" % stopped
                   if stopped else "the rebooted Cy got in every time (another witness vouched)"))


if __name__ == "__main__":
    run(main)
