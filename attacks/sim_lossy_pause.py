"""Measure, in the simulator (real firmware): does a table of honest handhelds at 30 % loss raise
the "held" flag (0x20), spare a FORFEIT, pause, or depose anybody spuriously?

Promise: Alive (no honest table stops or pauses for nothing); the flag is for a fork or a held
gate, which honest handhelds on a lossy radio should not show for long. No attacker: every
handheld honest, autoplay through the buttons, `--loss 0.3`. Each handheld's firmware is wrapped
(a watcher only: it prints when its heartbeat's held flag, its pause mask, its spared mask or the
flags it heard change, and every distrust) and the console is read at the end.

Verdict: 0 if every game ends on every handheld, nobody distrusts anybody and no heartbeat says
"held"; 1 with the counts otherwise (a spurious hold or pause is a finding, not necessarily a
stop); 2 if it could not run. Usage: sim_lossy_pause.py [SEED] [HANDHELDS]
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from roster_crash import RUN_MAIN, errors  # noqa: E402

WATCH = """
from dicecup.table import log
_hb = log.Node._heartbeat
_ST = [None]
def _hb2(self, now):
    fk = 1 if self._gate_held(now) else 0
    key = (fk, self.missing, self._spared, self._fflag, self._fleft)
    if key != _ST[0]:
        _ST[0] = key
        print("WATCH", now, "held", fk, "missing", self.missing, "spared", self._spared,
              "fflag", self._fflag, "fleft", 1 if self._fleft else 0, "leader", self.leader,
              "term", self.term, "applied", self.applied)
    return _hb(self, now)
log.Node._heartbeat = _hb2
_d = log.Node._distrust
def _d2(self, x):
    if x >= 0 and not self._bad & (1 << x):
        print("WATCH distrust", x, "leader", self.leader, "term", self.term, "at", self._clock)
    return _d(self, x)
log.Node._distrust = _d2
"""


def play(tmp, seed, n, limit_ms=1500000):
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    from host_tools.sim.__main__ import write_rules
    from dicecup.rules import snyd
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write(WATCH + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=seed, loss=0.3)
    write_rules(sim, snyd.Rules(dice=3))
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        while not all(p.finished for p in players) and sim.now() < limit_ms:
            for p in players:
                p.act()
            sim.step()
            if any(errors(sim, i) for i in range(n)):
                break
        logs = []
        for i in range(n):
            con = os.path.join(sim.handhelds[i].flash, "console.log")
            with open(con) if os.path.exists(con) else open(os.devnull) as cf:
                logs.append([x for x in cf.read().splitlines() if x.startswith("WATCH")])
        return sim.now(), [p.finished for p in players], [p.failed for p in players], logs, \
            [errors(sim, i) for i in range(n)]
    finally:
        sim.close()


def main():
    nums = [int(a) for a in sys.argv[1:] if a.isdigit()]
    seed = nums[0] if nums else 1
    n = nums[1] if len(nums) > 1 else 3
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-lossy-")
    now, finished, failed, logs, errs = play(tmp, seed, n)
    held = distrust = pauses = 0
    for i, lines in enumerate(logs):
        h = sum(1 for x in lines if " held 1 " in x)
        d = sum(1 for x in lines if "distrust" in x)
        p = sum(1 for x in lines if " missing " in x and " missing 0 " not in x)
        held, distrust, pauses = held + h, distrust + d, pauses + p
        print("handheld %d: %d held-flag changes to on, %d distrusts, %d pause masks set" % (
            i, h, d, p))
        for x in [x for x in lines if " held 1 " in x or "distrust" in x or
                  (" missing " in x and " missing 0 " not in x)][:8]:
            print("   ", x)
    print("seed %d, %d handhelds, 30 %% loss: %d virtual s, finished %s, autoplay %s, errors %s" % (
        seed, n, now // 1000, finished, failed, [bool(e) for e in errs]))
    if any(errs) or any(failed):
        print("could not run cleanly:", errs, failed)
        sys.exit(2)
    verdict(not all(finished) or held or distrust,
            "seed %d: %d held flags, %d distrusts, %d pauses on honest handhelds; all finished %s" % (
                seed, held, distrust, pauses, all(finished)))


if __name__ == "__main__":
    run(main)
