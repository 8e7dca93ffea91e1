"""The lobby's cost (issue 23): a join's frames, bytes and key agreements, and what a stranger's
frames can make a handheld compute.

In-process (CPython, the tables' own code on tests/table_pair.py's air: no loss, 20 ms steps):
a table grows to 2, 4 and 8 handhelds, and for its last joiner this counts every frame on the air
from its choice of the table until it sits and every screen shows one table code: the join code's
JOIN/JHOST exchange, the WELCOME, the roster, the key round's TCODEs, and the heartbeats between
them. The creator's person says yes as soon as the row shows. X25519 calls are counted over all
handhelds (the joiner chooses at once, so nothing was agreed ahead); on the board each is about
0.4 s (bench/py_x25519.py). Then a radio floods a browsing handheld with ANNOUNCEs of new tables,
each with four public keys never seen, 500 a second for 10 s: the key agreements that makes.
"""
import os
import sys
import tempfile

import benchlib
from host_tools.paths import ROOT

sys.path.insert(0, os.path.join(ROOT, "tests"))
from table_pair import Air, FakeRadio  # noqa: E402

from dicecup.rules import snyd  # noqa: E402
from dicecup.table import table as tbl  # noqa: E402
from dicecup.table import wire  # noqa: E402
from dicecup.table import x25519  # noqa: E402

STEP = 20
ESP32_X25519_S = 0.4  # bench/py_x25519.py's ESP32 estimate of one scalar multiplication


class CountingAir(Air):
    def __init__(self):
        Air.__init__(self)
        self.on = False
        self.frames = {}
        self.bytes = 0

    def deliver(self):
        if self.on:
            for src, dst, data in self.log:
                t = data[2]
                self.frames[t] = self.frames.get(t, 0) + 1
                self.bytes += len(data)
        Air.deliver(self)


def run(air, tables, ms, now, until=None):
    end = now + ms
    while now < end:
        now += STEP
        for tb in tables:
            tb.tick(now)
        air.deliver()
        if until and until():
            break
    return now


def codes_shown(tables):
    c = tables[0].table_code()
    return c != getattr(tbl, "NO_CODE", None) and all(tb.table_code() == c for tb in tables)


def names():
    return {getattr(wire, n): n[2:] for n in dir(wire) if n.startswith("T_") and n != "T_LAST"}


def join_cost(n):
    """The n-th handheld's join at a table of n-1: frames by type, bytes, ms, X25519 calls."""
    air = CountingAir()
    host = tbl.Table(FakeRadio(air, 0), "Anna")
    host.create("Stue", snyd.Rules(), False)
    hands = [host]
    now = run(air, hands, 1100, 0)
    for i in range(1, n):
        tb = tbl.Table(FakeRadio(air, i), "P%d" % i)
        last = i == n - 1
        if last:
            air.on = True
            calls = []
            real = x25519.x25519

            def counted(k, u):
                calls.append(1)
                return real(k, u)
            x25519.x25519 = counted
        t0 = now
        tb.join([host.tid, "Stue", tbl.G_SNYD, 1, 1, None, -40, 0, bytes(6), host.pubs[0]])
        hands.append(tb)
        yes = []

        def seated():
            for a in host.pending():
                yes.append(now)
                host.admit(a[0])
            return tb.mode == tbl.SEATED and codes_shown(hands)
        now = run(air, hands, 20000, now, seated)
        if last:
            x25519.x25519 = real
            assert tb.mode == tbl.SEATED and codes_shown(hands), "the join did not end"
            return air.frames, air.bytes, now - t0, len(calls)
        now = run(air, hands, 1000, now)


def flood():
    """A browsing handheld under a flood of ANNOUNCEs with fresh keys: its key agreements."""
    air = Air()
    bo = tbl.Table(FakeRadio(air, 1), "Bo")
    bo.browsing = True
    x = FakeRadio(air, 9)
    calls = []
    real = x25519.x25519

    def counted(k, u):
        calls.append(1)
        return real(k, u)
    x25519.x25519 = counted
    k = 0
    try:
        for now in range(STEP, 10000 + STEP, STEP):
            for _ in range(10):
                k += 1
                f = wire.Frame()
                f.type, f.table, f.seat = wire.T_ANNOUNCE, k | 1, 0
                f.game, f.size = 1, 2
                f.pub[:] = os.urandom(32)
                f.pubs[:] = b"".join(bytes([w]) + os.urandom(32) for w in (1, 2, 3))
                x.send(None, bytes(wire.Codec().encode(f)))
            air.deliver()
            bo.tick(now)
    finally:
        x25519.x25519 = real
    return len(calls)


def main():
    os.chdir(tempfile.mkdtemp(prefix="py_lobby-"))  # the tables' flash (table.json) goes here
    kinds = names()
    for n in (2, 4, 8):
        frames, nbytes, ms, calls = join_cost(n)
        area = "lobby join, %d handhelds" % n
        lobby = sum(frames.get(t, 0) for t in (wire.T_JOIN, getattr(wire, "T_JHOST", -1),
                                                        wire.T_WELCOME))
        benchlib.row(area, "frames (JOIN/JHOST/WELCOME)", lobby)
        benchlib.row(area, "frames ROSTER", frames.get(wire.T_ROSTER, 0))
        benchlib.row(area, "frames TCODE (key round)", frames.get(getattr(wire, "T_TCODE", -1), 0))
        benchlib.row(area, "frames in all", sum(frames.values()),
                     "", " ".join("%s:%d" % (kinds.get(t, t), c) for t, c in sorted(frames.items())))
        benchlib.row(area, "bytes in all", nbytes, "B")
        benchlib.row(area, "choice to every code shown (yes at once)", ms, "ms")
        benchlib.row(area, "X25519, all handhelds", calls, "",
                     "%.1f s on ESP32s" % (calls * ESP32_X25519_S))
    n = flood()
    benchlib.row("lobby flood", "X25519 from 5,000 ANNOUNCEs in 10 s", n, "",
                 "%.1f s of an ESP32's 10 s" % (n * ESP32_X25519_S))


if __name__ == "__main__":
    main()
