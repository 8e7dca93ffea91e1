"""Cost: what a seat's lying heartbeats cost an honest handheld in the agreement (agree.py, and
Node._on_forks, _relayed, _ask_peer): CPU per frame and frames sent in answer, against an honest
heartbeat. In-process (`_table3`, CPython: relative numbers).

Promise: bounded cost (a seat's frames cost each handheld a fixed amount; the agreement allocates
nothing after the constructor). Role: an ordinary seat (Cy). No radio.
Kinds, 300 frames each at Bo (a follower) and at the sequencer, each with a fresh frame counter:
honest heartbeats (the yardstick); heartbeats whose chain differs at Bo's last entry (a fork each);
claims 1..32 ahead with random chains (kept, checked later); claims 10**6 ahead; the next entry
claimed with a chain that fits no entry plus an entry sent (`_relayed` hashes it).
Control: the honest heartbeats. Verdict: 0 if no kind costs more than 5 honest heartbeats a frame
nor draws more than one frame in answer per frame; 1 otherwise.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, log  # noqa: E402
from equivocate import request  # noqa: E402

SEQ, BO, CY = 0, 1, 2
N = 300


def frames(node, kind, rng):
    out = []
    send = node.send
    node.send = lambda dest, mv: out.append(bytes(mv))
    applied, chain = node.applied, bytes(node.chain)
    try:
        for _ in range(N):
            f = node.tx
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = node.leader
            f.missing = 0
            if kind == "honest":
                f.chain[:] = chain
            elif kind == "fork":
                f.chain[:] = bytes(rng.getrandbits(8) for _ in range(wire.CHAIN_LEN))
            elif kind == "ahead":
                node.applied = applied + rng.randint(1, 32)
                f.chain[:] = bytes(rng.getrandbits(8) for _ in range(wire.CHAIN_LEN))
            elif kind == "far":
                node.applied = applied + 10 ** 6
                f.chain[:] = bytes(rng.getrandbits(8) for _ in range(wire.CHAIN_LEN))
            node._emit(log.BROADCAST, f)
            node.applied = applied
    finally:
        node.send = send
        node.applied = applied
    return out


def measure(t, k, data):
    tb = t.tables[k]
    t.cd(k)
    out0 = tb.node.frames_out
    now = t.now
    t0 = time.perf_counter()
    for d in data:
        tb.node.receive(d, now)
        tb.node.tick(now)
        now += 1
    dt = (time.perf_counter() - t0) / len(data) * 1e6
    return dt, tb.node.frames_out - out0


def fresh():
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    t.until(lambda: t.tables[0].node.applied > 20, 60000)
    return t


def main():
    rng = random.Random(7)
    res = {}
    for kind in ("honest", "fork", "ahead", "far"):
        for k in (BO, SEQ):
            t = fresh()
            t.cd(CY)
            data = frames(t.tables[CY].node, kind, rng)
            res[kind, k] = measure(t, k, data)
    base = {k: res["honest", k][0] for k in (BO, SEQ)}
    rows = []
    bad = []
    for (kind, k), (us, out) in sorted(res.items()):
        x = us / base[k]
        rows.append("%-6s at %-9s %6.1f us/frame (%.1fx an honest heartbeat), %d frames sent" % (
            kind, "Bo" if k == BO else "sequencer", us, x, out))
        if x > 5 or out > N:
            bad.append(rows[-1])
    print("\n".join(rows))
    verdict(bad, "; ".join(bad) if bad else "every lying heartbeat costs at most 5 honest ones "
            "and draws at most one frame")


if __name__ == "__main__":
    run(main)
