"""Attack in the simulator (the real firmware under MicroPython): flag_split.py's `once`.

Promise: the sequencer orders, nothing more (an honest sequencer deposed on a seat's word); no
honest seat forfeited; Alive (a stop every screen shows). Role: an ordinary seat, handheld 2
(Carl), its firmware patched by a wrapper script: it never makes its first reveal, and until the
next round its heartbeats go unicast, plain to the sequencer and with the "held" flag (0x20) to
the other handheld; then it plays honestly. Everyone plays through the buttons (autoplay).
Verdict: 0 if Bo's (handheld 1) screen ends the game or says paused whenever the creator's screen
ended it, and Bo is never forfeited; 1 with the screens' text. No control here; flag_split.py's in-process control plays the
same table honestly.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from roster_crash import RUN_MAIN, errors  # noqa: E402

PATCH = """
from dicecup.table import log, wire, snyd as snydtable
_S = [0, 0]
_pr = snydtable.SnydTable._play_request
def _pr2(self, f, s, ph, node, decide, rand):
    if _S[0] and self.round != _S[0] and not _S[1]:
        _S[1] = 1
        print("ATTACK: honest again at round", self.round)
    if ph == snydtable.P_REVEAL and not _S[1]:
        if not _S[0]:
            _S[0] = self.round
            print("ATTACK: withholding the reveal of round", self.round)
        return False
    return _pr(self, f, s, ph, node, decide, rand)
snydtable.SnydTable._play_request = _pr2
_hb = log.Node._heartbeat
def _hb2(self, now):
    if not _S[0] or _S[1]:
        return _hb(self, now)
    f = self.tx
    lead = self.leader if self.leader >= 0 else 0x0F  # (_NO_LEADER: a const, no attribute)
    for k in (0, 1):
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = lead | (0 if k == self.leader else 0x20)  # _F_HELD
        f.missing = self.missing
        f.chain[:] = self.chain
        self._emit(k, f)
    self._hb_at = now
log.Node._heartbeat = _hb2
"""


def flat(s):
    return " / ".join(x.strip() for x in s.splitlines() if x.strip())


def play(tmp, n=3, after_ms=300000):
    from host_tools import readback
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    from host_tools.sim.__main__ import write_rules
    from dicecup.rules import snyd
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write((PATCH if i == 2 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=4)
    write_rules(sim, snyd.Rules(dice=3))
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        last = {}
        bo_seen = []
        end = None
        while end is None or sim.now() < end:
            for p in players:
                p.act()
            sim.step()
            for i in range(n):
                fr = sim.handhelds[i].frame
                if fr is not None:
                    last[i] = readback.text(fr)
            if 1 in last and (not bo_seen or bo_seen[-1][1] != flat(last[1])):
                bo_seen.append((sim.now(), flat(last[1])))
            if end is None and players[0].finished:
                end = sim.now() + after_ms
            if sim.now() > 1200000 or any(errors(sim, i) for i in range(n)):
                break
        con = os.path.join(sim.handhelds[2].flash, "console.log")
        att = []
        if os.path.exists(con):
            with open(con) as cf:
                att = [x for x in cf.read().splitlines() if x.startswith("ATTACK")]
        return {i: flat(s) for i, s in last.items()}, [p.finished for p in players], \
            [p.failed for p in players], bo_seen, att, sim.now()
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-flag-")
    last, finished, failed, bo_seen, att, now = play(tmp)
    print("Carl's firmware:", att)
    print("Bo's screens (virtual ms, text), the last 8:")
    for x in bo_seen[-8:]:
        print("   ", x)
    print("at %d ms: screens %s; finished %s; autoplay %s" % (now, last, finished, failed))
    errs = [x for x in last.values() if "failed" in x.lower()]
    if not att or errs:
        print("the attack never ran (no reveal owed), or a handheld failed:", errs)
        sys.exit(2)
    bo = last.get(1, "")
    stopped = finished[0] and not finished[1] and "aus" not in bo.lower() and \
        "differ" not in bo.lower()
    # and the honest Bo is never forfeited: Carl, the cheat, played honestly after round 1
    forfeited = [x for x in bo_seen if x[1].startswith("Forfeit: BO")]
    verdict(stopped or forfeited, "the creator's game ended (%s); Bo's screen, %d s later, reads: "
            "%s; Bo forfeited at %s" % (last.get(0, ""), 300, bo, [x[0] for x in forfeited]))


if __name__ == "__main__":
    run(main)
