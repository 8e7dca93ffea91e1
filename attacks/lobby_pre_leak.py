"""Round 16, a radio that never joins. Promise: "Lobby frames cost little: no frame from an unknown
sender makes a handheld hold more than a fixed amount or compute more than a fixed share"
(docs/protocol.md; the caps: join list 8, joins 4 + 4, agreed secrets 16).

The creator agrees the key with every joiner whose join code shows, before its person's yes
(`Table._agree_asks`), and keeps the result in `Table.pre` (public key -> shared secret). The
16-secret cap (`PRE_MAX`) is checked only by the browsing side (`precompute`); `_agree_asks` and
`_agree_step` add an entry per joiner key for as long as the lobby lasts (`pre` is dropped only
when a game starts). A radio runs joins with a fresh public key each: JOIN, the creator's JHOST
commitment, JOIN with a nonce (the code row shows), then silence (the row expires after 4 s) and
the next. Each costs the creator one X25519 (0.4 s of an ESP32, docs/memory.md) and leaves
64 bytes of keys plus a dict slot for good. Every row is a "Yes? Xn 1234" on the creator's screen
for 4 s (visible, as the stated join-slot limit says), but nobody has to answer it.

Measured: entries in the creator's `pre` and multiplications over simulated minutes, with the
radio running; the control: the same lobby with no radio (one honest joiner). Exit 1 when `pre`
holds more than 16 (the stated cap for agreed secrets) and keeps growing.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _table3  # noqa: E402
from _table3 import Trio, run, verdict, wire, mac, table  # noqa: E402


def lobby(minutes, radio_on):
    t = Trio(2, seed=7)
    _table3.admit_all = lambda tb: None  # nobody says yes to the radio's rows
    anna = t.tables[0]
    t.tables[1].browsing = False
    codec = wire.Codec()
    fr = wire.Frame()
    rx = wire.Codec()
    rf = wire.Frame()
    state = {}   # nonce -> (pub, h2 sent?)
    mults = [0]
    orig = anna._agree

    def agree(secret, pub, w=-1):
        mults[0] += 1
        return orig(secret, pub, w)
    anna._agree = agree
    t.tick(50)
    mults[0] = 0
    nonce = [1000]

    def join(n, pub, h1=None, h2=None):
        fr.type, fr.table, fr.seat = wire.T_JOIN, anna.tid, wire.NO_SEAT
        fr.term = fr.seq = fr.ack = 0
        fr.nonce = n
        fr.name[:] = b"X%d" % (n % 1000) + bytes(8 - len(b"X%d" % (n % 1000)))
        fr.pub[:] = pub
        fr.h1[:] = h1 if h1 is not None else bytes(16)
        fr.h2[:] = h2 if h2 is not None else bytes(16)
        t.air.log.append((mac(9), None, bytes(codec.encode(fr))))

    def hear(src, dst, data):
        if radio_on and src == mac(0) and len(data) > 2 and data[2] == wire.T_JHOST:
            if rx.decode(bytes(data), rf) == 0 and rf.nonce in state and not state[rf.nonce][1]:
                pub = state[rf.nonce][0]
                state[rf.nonce] = (pub, True)
                join(rf.nonce, pub, bytes(rf.h1), os.urandom(16))
        return None
    t.filters.append(hear)
    samples = []
    for sec in range(minutes * 60):
        if radio_on:
            nonce[0] += 1
            pub = os.urandom(32)
            state[nonce[0]] = (pub, False)
            join(nonce[0], pub)
        t.tick(50)  # one second
        if sec % 60 == 59:
            pre = anna.pre or {}
            samples.append((sec + 1, len(pre), mults[0], len(anna.pending())))
    pre = anna.pre or {}
    size = sum(sys.getsizeof(k) + (sys.getsizeof(v) if v is not None else 0) for k, v in pre.items())
    return dict(samples=samples, pre=len(pre), bytes_cpython=size, mults=mults[0],
                pending=len(anna.pending()), mode=anna.mode)


def main():
    minutes = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    c = lobby(1, False)
    print("control (no radio, 1 min):", c)
    a = lobby(minutes, True)
    print("radio (%d min): (s, entries in pre, multiplications, code rows):" % minutes)
    for s in a["samples"]:
        print("  ", s)
    print("  pre holds %d secrets (%d bytes of CPython objects), %d multiplications "
          "(%.1f s of an ESP32 at 0.4 s each)" % (a["pre"], a["bytes_cpython"], a["mults"],
                                                  0.4 * a["mults"]))
    grows = len(a["samples"]) >= 2 and a["samples"][-1][1] > a["samples"][-2][1]
    verdict(a["pre"] > 16 and grows,
            "the creator's Table.pre: %d entries after %d min of a radio's joins, still growing "
            "(%s); %d X25519 multiplications (%.0f s of an ESP32 over %d s, %.0f %% of its CPU)" %
            (a["pre"], minutes, [s[1] for s in a["samples"]], a["mults"], 0.4 * a["mults"],
             minutes * 60, 100 * 0.4 * a["mults"] / (minutes * 60)))


if __name__ == "__main__":
    run(main)
