"""Cost: what frames from unknown senders (and a few from a seated one) cost a handheld - the state
they leave and the CPU they take - measured on the in-process harness (CPython, relative numbers).

Promise: bounded cost ("every frame from an unknown sender costs a fixed, small amount and leaves no
state"). Roles: radios with no key (random bytes, frames under every seated handheld's number with a
wrong tag, replays of real frames) and one seated handheld (VOUCH requests, NACK 0).
For each kind: microseconds per frame at an honest follower (and at the sequencer for NACK 0), the
frames it sends in answer, and whether any of its state changed (codec windows, drop counters
aside). An ordinary heartbeat is the yardstick.
Verdict: 0 if no stranger's frame leaves state or costs more than 3 heartbeats, 1 otherwise. The
seated handheld's amplifiers are reported (with the factor), not judged: a seat may send anything its
key signs, and the protocol sets no rate for it.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

N = 300


def setup():
    t = Table(seats=4, seed=5)
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 40, 600000)
    return t


def state(h):
    n = h.node
    return (n.applied, bytes(n.chain), n.leader, n.term, n._bad, bytes(h.len for h in n._watched), n._snap is None,
            n.missing, h.app.phase)


def per_frame(t, dest, frames, sent_by=None):
    h = t.hands[dest]
    out0 = h.node.frames_out
    before = state(h)
    t0 = time.perf_counter()
    for i, data in enumerate(frames):
        h.node.receive(data, t.now + i // 50)
    dt = (time.perf_counter() - t0) / len(frames) * 1e6
    return dt, h.node.frames_out - out0, state(h) != before


def main():
    t = setup()
    rng = random.Random(1)
    dest = 2
    # the air: every frame sent so far (heartbeats from seat 1 to replay, a yardstick)
    hb = [d for (_, s, _, d) in t.bus.log if s == 1]
    # yardstick: fresh heartbeats from seat 1 (encode new ones)
    src = t.hands[1].node
    fresh = []
    for _ in range(N):
        f = src.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = 0
        f.missing = 0
        f.chain[:] = src.chain
        f.table, f.seat, f.term, f.ack = src.codec.table, 1, src.term, src.applied
        fresh.append(bytes(src.codec.encode(f, 1 << dest)))
    base, _, _ = per_frame(t, dest, fresh)
    rows = [("an honest heartbeat (yardstick)", base, 0, False)]
    garbage = [bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 251))) for _ in range(N)]
    rows.append(("random bytes",) + per_frame(t, dest, garbage))
    forged = []
    for i in range(N):
        b = bytearray(fresh[i % len(fresh)])
        b[-1] ^= 0x5A  # wrong tag under every seated number
        b[7] = i % 4
        forged.append(bytes(b))
    rows.append(("a seated number, wrong tag",) + per_frame(t, dest, forged))
    long = []
    for i in range(N):  # the longest frame a stranger can make that still parses (a SNAP)
        f = wire.Frame()
        b = bytearray(250)
        b[0], b[1], b[2] = wire.MAGIC, wire.VERSION, wire.T_SNAP
        tid = t.table_id
        b[3:7] = bytes((tid & 255, tid >> 8 & 255, tid >> 16 & 255, tid >> 24 & 255))
        b[7] = 0
        b[22] = 0x7F
        long.append(bytes(b))
    rows.append(("250-byte SNAP, seven tags, none valid",) + per_frame(t, dest, long))
    rows.append(("replays of seat 1's real frames",) + per_frame(t, dest, hb[:N] * (N // max(1, len(hb[:N])) + 1)))
    stranger_bad = [r for r in rows[1:] if r[3] or r[1] > 3 * base or r[2]]
    # a seated handheld's frames with an answer: VOUCH requests (every handheld hashes its state)
    vouch = []
    for _ in range(100):
        f = src.tx
        f.type = wire.T_VOUCH
        f.seq = 0
        f.lo = t.hands[dest].node.applied
        f.chain[:] = bytes(8)
        f.table, f.seat, f.term, f.ack = src.codec.table, 1, src.term, src.applied
        vouch.append(bytes(src.codec.encode(f, -1)))
    v = per_frame(t, dest, vouch)
    print("%-42s %9s %8s %s" % ("frame", "us/frame", "answers", "state changed"))
    for r in rows + [("seated: VOUCH request (an answer each)",) + v]:
        print("%-42s %9.1f %8d %s" % r)
    print("a VOUCH request costs %.0fx a heartbeat and draws one unicast answer from every "
          "handheld, with no rate limit" % (v[0] / base))
    for game, variant in (("snyd", "standard"), ("yatzy", "maxi")):
        g = Table(seats=4, seed=5, game=game, variant=variant)
        assert g.start_game() == 0
        g.run(lambda: g.hands[0].app.phase == 5, 3_600_000)   # the end: the largest state
        n, s1 = g.hands[2].node, g.hands[1].node
        size = [0]

        class Count:
            def __setitem__(self, i, x):
                size[0] = max(size[0], i + 1)
        n._snapshot_into(Count())
        reqs = []
        for _ in range(50):
            f = s1.tx
            f.type = wire.T_VOUCH
            f.seq = 0
            f.lo = n.applied
            f.chain[:] = bytes(8)
            f.table, f.seat, f.term, f.ack = s1.codec.table, 1, s1.term, s1.applied
            reqs.append(bytes(s1.codec.encode(f, -1)))
        v2 = per_frame(g, 2, reqs)
        print("at the end of a %s %s game (state %d bytes): a VOUCH request costs %.0f us, %.0fx a "
              "heartbeat" % (variant, game, size[0], v2[0], v2[0] / base))
    verdict(bool(stranger_bad), "stranger frames costing more than 3 heartbeats or leaving "
            "state: %s" % [r[0] for r in stranger_bad])


if __name__ == "__main__":
    run(main)
