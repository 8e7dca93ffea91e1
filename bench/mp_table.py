# bench-heap: 512K
"""The table protocol on the .mpy build (unix port): resident heap of the modules and of one
handheld's table state, frame encode/decode time and allocation, dice verification time, and a
whole 8-handheld Snyd game run in one interpreter over a lossless in-memory radio (heap per handheld
and time per log entry). The heap is large only because eight handhelds share it here."""
import gc

import benchlib

gc.collect()
m0 = benchlib.mem_alloc()
from dicecup.table import wire  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

m1 = benchlib.mem_alloc()
benchlib.row("table", "heap: import wire, fairdice, log, snyd, snydtable (.mpy)", m1 - m0, "B")

TABLE = 0x5EED
KEY = b"0123456789abcdef"
N = 8


class Radio:
    def __init__(self):
        self.q = []
        self.rx = []
        self.frames = 0
        self.nbytes = 0

    def sender(self, src):
        def send(dest, data):
            self.frames += 1
            self.nbytes += len(data)
            b = bytes(data)
            for d in range(len(self.rx)):
                if d != src and (dest == log.BROADCAST or dest == d):
                    self.q.append((d, b))
        return send


radio = Radio()
seed = [12345]


def rand(n):
    out = bytearray(n)
    for i in range(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        out[i] = seed[0] >> 16 & 0xFF
    return bytes(out)


def decide(game, seat):
    if game.on_turn != seat:
        return None
    if game.bid_face and rand(1)[0] < 80:
        return (wire.A_SNYD,)
    nxt = game.first_bid() if not game.bid_face else game.step_bid(game.bid_count, game.bid_face, 1)
    return (wire.A_SNYD,) if nxt is None else (wire.A_BID, nxt[0], nxt[1])


gc.collect()
a0 = benchlib.mem_alloc()
nodes, apps = [], []
for s in range(N):
    c = wire.Codec()
    c.seat_at(TABLE, KEY)
    app = snydtable.SnydTable(TABLE, 1 << s)
    nodes.append(log.Node(s, c, app, radio.sender(s), (1 << N) - 1, 0))
    apps.append(app)
    radio.rx.append(nodes[-1].receive)
a1 = benchlib.mem_alloc()
benchlib.row("table", "heap: one handheld's Codec + Node + SnydTable (8 seats)", (a1 - a0) // N,
             "B")

# frame encode / decode
f = wire.Frame()
f.type, f.etype, f.table, f.seat = wire.T_ENTRY, wire.T_REVEAL, TABLE, 1
f.seq, f.round, f.who = 77, 3, 1
codec = nodes[0].codec
data = bytes(codec.encode(f))
g = wire.Frame()
R = 300
gc.collect()
al = gc.mem_alloc()
t0 = benchlib.ticks_us()
for _ in range(R):
    codec.encode(f)
enc = benchlib.elapsed_us(t0) / R
enc_alloc = (gc.mem_alloc() - al) // R
gc.collect()
al = gc.mem_alloc()
t0 = benchlib.ticks_us()
for _ in range(R):
    codec.decode(data, g)
dec = benchlib.elapsed_us(t0) / R
dec_alloc = (gc.mem_alloc() - al) // R
benchlib.row("table", "encode a %d-byte REVEAL entry (unix port)" % len(data), enc, "us")
benchlib.row("table", "decode + verify tag, same frame (unix port)", dec, "us")
benchlib.row("table", "bytes allocated per encode (hashlib HMAC)", enc_alloc, "B")
benchlib.row("table", "bytes allocated per decode (hashlib HMAC)", dec_alloc, "B")
junk = bytes(range(60))
gc.collect()
al = gc.mem_alloc()
t0 = benchlib.ticks_us()
for _ in range(R):
    codec.decode(junk, g)
benchlib.row("table", "reject a garbage frame (unix port)", benchlib.elapsed_us(t0) / R, "us")
benchlib.row("table", "bytes allocated per garbage frame", (gc.mem_alloc() - al) // R, "B", "0")

d = fairdice.Draw(TABLE, 1, 2, rand)
hs, hr = d.commitments()
sd = fairdice.round_seed([d.r] * 8, TABLE, 1)
t0 = benchlib.ticks_us()
for _ in range(100):
    fairdice.verify_dice(hs, d.s, sd, TABLE, 1, 2, 5)
benchlib.row("table", "verify one seat's 5 dice at the reveal (unix port)",
             benchlib.elapsed_us(t0) / 100, "us")

# a whole 8-handheld game
s0 = wire.Frame()
s0.etype, s0.n, s0.first = wire.T_SEATS, N, 0
s0.rules[:] = snydtable.pack_rules(snyd.Rules())
for s in range(N):
    s0.kinds[s], s0.hosts[s] = 1, s
nodes[0].log_local(s0, 0)
now = 0
peak = 0
t0 = benchlib.ticks_us()
while now < 3_000_000 and not all(a.phase == snydtable.P_OVER for a in apps):
    now += 2
    q, radio.q = radio.q, []
    for dst, b in q:
        nodes[dst].receive(b, now)
    for n, a in zip(nodes, apps):
        n.tick(now)
        a.poll(n, now, decide, rand)
    if now % 100 == 0:
        gc.collect()
        peak = max(peak, gc.mem_alloc())
took = benchlib.elapsed_us(t0)
ref = apps[0].rec.record()
rounds = len(ref["rounds"])
same = True
for a in apps[1:]:
    same = same and a.rec.record() == ref
    gc.collect()
benchlib.row("table", "8-handheld game: finished with identical records", same and apps[0].phase ==
             snydtable.P_OVER, "", "True")
benchlib.row("table", "8-handheld game: rounds, log entries", "%d, %d" % (rounds, nodes[0].applied))
benchlib.row("table", "8-handheld game: frames, bytes on the air", "%d, %d" % (radio.frames,
                                                                              radio.nbytes))
benchlib.row("table", "8-handheld game: CPU per log entry, all 8 handhelds (unix port)",
             took // max(1, nodes[0].applied), "us")
benchlib.row("table", "8-handheld game: peak heap per handheld, with its record (sampled)",
             (peak - a0) // N, "B")
ref = None
radio.q = []
gc.collect()
r0 = gc.mem_alloc()
for a in apps:
    a.rec = None
gc.collect()
benchlib.row("table", "8-handheld game: its game record (snyd_writer.Recorder) at the end",
             (r0 - gc.mem_alloc()) // N, "B")
