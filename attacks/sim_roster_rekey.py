"""Attack in the simulator (the real firmware under MicroPython): roster_rekey.py by the creator.

Promise: Authentic. Role: the creator (the sequencer, handheld 0), its firmware patched by a
wrapper script: it sends Cy (handheld 2) one ROSTER line giving Bo
(handheld 1) a public key of its own when it is Bo's turn, drops Bo's own bid (Cy, re-keyed,
cannot hear it any more), and logs a call ("snyd") in Bo's name, signed
for itself and for Cy under the keys it knows. Bo and Cy run the real firmware, played through
their buttons. The verdict reads the air, in clear: the forged ENTRY's sequence number, and the
heartbeats' `ack` (the entry each handheld has applied).
Verdict: 0 if Cy never applies the forged entry; 1 if Cy's heartbeats pass it while Bo's never do
(Bo's own tag check refuses what Cy took as Bo's).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from roster_crash import RUN_MAIN  # noqa: E402

PATCH = """
import os
from dicecup.table import table, wire, keys
_st = {"key": None, "at": 0, "done": False}
_tick = table.Table.tick
def _tick2(self, now):
    _tick(self, now)
    g = self.game
    if self.node is None or g is None or not self.playing() or _st["done"] or self.who != 0:
        return
    if 1 not in self.order or 2 not in self.order:
        return
    bo = -1
    for s in range(g.n):
        if g.hosts[s] == 1:
            bo = s
    if _st["key"] is None:
        if g.phase != 3 or bo < 0 or g.game.on_turn != bo or g.showing:
            return                    # wait for Bo's turn to bid: then re-key, and forge
        evil = keys.new_secret(os.urandom)
        key = keys.pair_key(evil, self.pubs[2], self.tid)
        f = wire.Frame()
        f.type = wire.T_ROSTER
        f.n = len(self.order)
        f.k = self.order.index(1)
        f.value = 1
        table.pack_name(self.names[1], f.name)
        f.pub[:] = keys.public(evil)
        self.node._emit(2, f)
        c = wire.Codec()
        c.seat_at(self.tid, 1)
        c.set_key(0, self.keys[1])
        c.set_key(2, key)
        _st["key"] = key
        _st["forger"] = c
        _st["at"] = now
        print("ATTACK: Bo re-keyed at Cy at", now)
        return
    if now - _st["at"] < 500 or g.phase != 3:
        return
    if bo < 0 or g.game.on_turn != bo or g.showing:
        return
    f = wire.Frame()
    f.type = f.etype = wire.T_ACTION
    f.who = bo
    f.round = g.round
    if g.game.bid_face:
        f.kind = wire.A_SNYD
    else:
        f.kind = wire.A_BID
        f.count = 6
        f.face = 6
    _st["forger"].sign_request(f, 1, self.node.applied, 5)
    f.ack = f.rack
    f.seq = 1
    before = self.node.applied
    _onr(self.node, f, now)
    if self.node.applied > before:
        _st["done"] = True
        print("ATTACK: forged entry", self.node.applied, "kind", f.kind, "at", now)
table.Table.tick = _tick2
from dicecup.table import log
_onr = log.Node._on_request
def _onr2(self, f, now):
    if _st["key"] is not None and not _st["done"] and f.rby == 1:
        return                        # Bo's own bid is not logged (Cy cannot hear it now)
    return _onr(self, f, now)
log.Node._on_request = _onr2
"""


def play(attack, tmp, n=3, limit_ms=120000):
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write((PATCH if attack and i == 0 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=4)
    acks = {1: 0, 2: 0}
    forged = []
    send = sim.bus.send

    def tap(now, src, dst, data, sync):
        d = bytes(data)
        if len(d) > 24 and d[0] == 0xDC and d[7] in acks and d[2] == 11:
            acks[d[7]] = max(acks[d[7]], d[14] | d[15] << 8 | d[16] << 16 | d[17] << 24)
        if len(d) > 30 and d[0] == 0xDC and d[2] == 10 and d[7] == 0 and d[23] == 7:
            seq = d[10] | d[11] << 8 | d[12] << 16 | d[13] << 24
            body = 23 + 3                     # etype, eterm; then the ACTION body
            rby = d[body + 6]                 # round(2) who(1) kind count face, then rby
            if rby == 1 and seq and seq not in forged and d[body + 3] == 2 and attack:
                forged.append(seq)            # an entry in Bo's name: a call ("snyd")
        return send(now, src, dst, data, sync)
    sim.bus.send = tap
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        while sim.now() < limit_ms:
            for p in players:
                p.act()
            sim.step()
        return forged, acks, sim.consoles(3000)
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-rekey-")
    os.makedirs(os.path.join(tmp, "a"))
    forged, acks, consoles = play(True, os.path.join(tmp, "a"))
    print("\n".join(ln for ln in consoles.splitlines() if "ATTACK" in ln))
    lines = [ln for ln in consoles.splitlines() if "ATTACK: forged entry" in ln]
    if not lines:
        print("could not run: no forged entry was logged", acks)
        sys.exit(2)
    seq = int(lines[0].split()[3])
    verdict(acks[2] >= seq > acks[1], "the forged call in Bo's name is entry %d; Cy's heartbeats "
            "reached entry %d, Bo's stopped at %d" % (seq, acks[2], acks[1]))


if __name__ == "__main__":
    run(main)
