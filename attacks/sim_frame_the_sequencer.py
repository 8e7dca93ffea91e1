"""Attack in the simulator (the real firmware under MicroPython): frame_the_sequencer.py's timed
variant, by handheld 1 (Bo, next after the creator), its firmware patched by a wrapper script.

Promise: the sequencer orders, nothing more; nobody takes the role out of turn. Role: an ordinary
seat. Bo's first bid is not submitted: Bo sends the sequencer a NACK 0 (it streams a snapshot and
holds 400 ms), broadcasts the bid 300 ms later (the sequencer drops it, Cy keeps it), and sends a
NACK 0 again at 1.05, 3.05 and 5.05 s (just before each of Cy's hand-ons; the sequencer streams
a seat at most one snapshot a second); at 7.5 s Bo stops following the sequencer itself and takes
the term it is next for. Everything else is the real firmware,
played through the buttons (autoplay); the verdict reads the air (heartbeats name the term a
handheld is in and the seat it follows, in clear).
Control: the same seed without the patch: Cy keeps following the creator.
Verdict: 0 if Cy's heartbeats never follow Bo; 1 if they do (the honest creator deposed).
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
from dicecup.table import log, wire
_st = {"t0": None, "n": 0, "later": None, "done": False, "at": 0}
_sub = log.Node.submit
def _submit(self, f, now):
    if f.etype == wire.T_ACTION and f.kind != wire.A_CALZA and not _st["done"] and \
            self.leader == 0 and not self.is_leader():
        if _st["t0"] is None:
            self.codec.sign_request(f, self.seat, self.applied, self._everyone())
            f.type = f.etype
            f.seq = 1
            f.ack = f.rack
            f.table = self.codec.table
            f.seat = self.seat
            f.term = self.term
            _st["later"] = bytes(self.codec.encode(f, -1))
            _st["t0"] = now
            _st["at"] = self.applied
            print("ATTACK: bid held at", now)
        return True
    return _sub(self, f, now)
log.Node.submit = _submit
_tick = log.Node.tick
def _tick2(self, now):
    _tick(self, now)
    t0 = _st["t0"]
    if t0 is None or _st["done"]:
        return
    dt = now - t0
    if self.applied != _st["at"]:  # the table moved on (another seat's calza ended the round):
        _st["t0"] = None           # try again with the next bid
        _st["n"] = 0
        _st["later"] = None
        print("ATTACK: the round moved on at", now, "- again at the next bid")
        return
    sched = (0, 1050, 3050, 5050)
    if _st["n"] < 4 and dt >= sched[_st["n"]]:
        _st["n"] += 1
        self._nack_at = -1000000000
        self._nack(0, 0, 0, now)
    elif _st["later"] is not None and _st["n"] >= 1 and dt >= 300:
        self.send(0xFF, _st["later"])
        _st["later"] = None
    if dt >= 7500:
        self._distrust(0)
        _st["done"] = True
        print("ATTACK: Bo takes the term at", now)
log.Node.tick = _tick2
"""


def play(attack, tmp, n=3, limit_ms=240000):
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write((PATCH if attack and i == 1 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=4)
    heard = {}   # handheld -> (term, followed, time) of its latest heartbeat
    history = []  # every change of Cy's (term, followed)
    send = sim.bus.send

    def tap(now, src, dst, data, sync):
        d = bytes(data)
        if len(d) > 24 and d[0] == 0xDC and d[2] == 11:     # a heartbeat (ACK), read in clear
            heard[d[7]] = (d[8] | d[9] << 8, d[23] & 0x0F, now)
            if d[7] == 2 and (not history or history[-1][1:] != heard[2][:2]):
                history.append((now,) + heard[2][:2])
        return send(now, src, dst, data, sync)
    sim.bus.send = tap
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        began = None
        while sim.now() < limit_ms:
            for p in players:
                p.act()
            sim.step()
            if began is None and 2 in heard and heard[2][1] == 0 and heard.get(1, (0, 0, 0))[1] == 0 \
                    and all(p.presses > 3 for p in players):
                began = sim.now()
            if began is not None and sim.now() - began > 60000 and not attack:
                break
            if attack and 2 in heard and heard[2][1] == 1 and heard[2][0] & 7 == 1:
                sim.run_for(3000) if hasattr(sim, "run_for") else None
                break
        play.history = history
        return heard, sim.consoles(400)
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-frame-")
    os.makedirs(os.path.join(tmp, "c"))
    os.makedirs(os.path.join(tmp, "a"))
    heard, _ = play(False, os.path.join(tmp, "c"))
    if heard.get(2, (0, 0, 0))[1] != 0:
        print("control: Cy left the creator without an attack", heard)
        sys.exit(2)
    heard, consoles = play(True, os.path.join(tmp, "a"))
    cy = heard.get(2)
    print("\n".join(ln for ln in consoles.splitlines() if "ATTACK" in ln))
    print("Cy's heartbeats, (time ms, term, seat followed) at each change:", play.history)
    verdict(cy is not None and cy[1] == 1 or any(h[2] == 1 for h in play.history), "Cy's latest heartbeat: term %s (its sequencer: seat %s), "
            "follows seat %s; Anna's: %s" % (cy and cy[0], cy and cy[0] & 7, cy and cy[1],
                                             heard.get(0)))


if __name__ == "__main__":
    run(main)
