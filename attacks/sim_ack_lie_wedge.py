"""Attack in the simulator (the real firmware under MicroPython): ack_lie_wedge.py's sequencer.

Promise: Alive / an ignored seat. Role: the creator, the sequencer (handheld 0), its firmware
patched by a wrapper script: once it has applied 12 entries it logs nothing more (requests and its
own forfeits dropped) and its heartbeats say ack = applied + 1. The two honest handhelds play on
through their buttons (autoplay).
Verdict: 0 if the honest handhelds leave that sequencer (or the game ends) within 4 virtual minutes
of the stop; 1 if their screens are still stuck on the same game, no record saved (evidence: the
screens' text). No control here (a full honest game in the simulator is long); the in-process
control in ack_lie_wedge.py plays the same table with honest heartbeats.
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
_STOP = 12
_enc = wire.Codec.encode
def _enc2(self, f, to=-1):
    if f.type == wire.T_ACK and f.ack >= _STOP:
        f.ack += 1
    return _enc(self, f, to)
wire.Codec.encode = _enc2
_onr = log.Node._on_request
def _onr2(self, f, now):
    if self.applied >= _STOP:
        return
    return _onr(self, f, now)
log.Node._on_request = _onr2
_ll = log.Node.log_local
def _ll2(self, f, now):
    if self.applied >= _STOP:
        return log.RJ_NOT_YOURS
    return _ll(self, f, now)
log.Node.log_local = _ll2
"""


def play(tmp, n=3, after_ms=240000):
    from host_tools import readback
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    from host_tools.sim.__main__ import write_rules
    from dicecup.rules import snyd
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write((PATCH if i == 0 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=4)
    write_rules(sim, snyd.Rules(dice=2))
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        seen = {}
        stuck_at = None
        end = None
        while end is None or sim.now() < end:
            for p in players:
                p.act()
            sim.step()
            if any(p.finished for p in players[1:]):
                break
            # the stop: the honest screens show a game, then stay on it
            for i in range(1, n):
                fr = sim.handhelds[i].frame
                if fr is not None:
                    seen[i] = readback.text(fr)
            if end is None and sim.now() > 20000 and all(p.presses for p in players):
                stuck_at = sim.now()
                end = sim.now() + after_ms
            if sim.now() > 900000:
                break
        finished = [p.finished for p in players[1:]]
        return finished, seen, [p.failed for p in players[1:]]
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-wedge-")
    finished, seen, failed = play(tmp)
    ev = " | ".join("handheld %d: %s" % (i, " / ".join(x.strip() for x in s.splitlines() if x.strip()))
                    for i, s in seen.items())
    verdict(not any(finished), "4 virtual minutes on, the honest handhelds finished: %s; their "
            "autoplay: %s; their screens: %s" % (finished, failed, ev))


if __name__ == "__main__":
    run(main)
