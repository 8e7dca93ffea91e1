"""Attack in the simulator (the real firmware under MicroPython): flag_to_the_sequencer.py.

Promise: the sequencer orders, nothing more (an honest sequencer deposed on a seat's word); Alive
(a stop every honest screen shows). Role: an ordinary seat, handheld 2 (Carl), its firmware
patched by a wrapper script: it never makes a reveal, its heartbeats go unicast, with the "held"
flag (0x20) to the handheld it follows and plain to the other, and it polices nobody. Bo's
firmware (handheld 1) is honest, wrapped by a watcher that prints each distrust. Everyone plays
through the buttons (autoplay), except that the creator's person answers the Paused screen with
Wait (its firmware's `Paused.choose` is wrapped: any choice waits). Variant `remove`: the
creator's autoplay chooses as it likes; it takes "remove", which drops Carl from the sequencer's
own members (`Table.remove_seat`), its flag then counts for nothing there and Carl is forfeited:
the promise holds (the people's remedy works).
Verdict: 0 if Bo never stops following an honest sequencer; 1 with Bo's console and screens.
No control here; flag_to_the_sequencer.py's in-process control plays the same table honestly.
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
_d = log.Node._distrust
def _d2(self, x):
    if x >= 0 and not self._bad & (1 << x):
        print("WATCH distrust", x, "leader", self.leader, "term", self.term, "at", self._clock)
    return _d(self, x)
log.Node._distrust = _d2
"""

WAIT = """
from dicecup.ui import table_watch
def _choose(self, i):
    print("WAIT: the person chose", i, "-> wait")
table_watch.Paused.choose = _choose
"""

PATCH = """
from dicecup.table import log, wire, snyd as snydtable
_S = [0, 0]
log.Node._police = lambda self, now: None
_pr = snydtable.SnydTable._play_request
def _pr2(self, f, s, ph, node, decide, rand):
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
        f.flags = lead | (0x20 if k == self.leader else 0)  # _F_HELD to the sequencer only
        f.missing = self.missing
        f.chain[:] = self.chain
        self._emit(k, f)
    self._hb_at = now
log.Node._heartbeat = _hb2
"""


WAITS = "remove" not in sys.argv  # the creator's person chooses Wait on the Paused screen


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
            f.write((PATCH if i == 2 else WATCH if i == 1 else WAIT if i == 0 and WAITS else "") +
                    RUN_MAIN)
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
            if end is None and (players[0].finished or sim.now() > 100000):
                end = sim.now() + after_ms
            if sim.now() > 600000 or any(errors(sim, i) for i in range(n)):
                break
        att = []
        for i, tag in ((2, "ATTACK"), (1, "WATCH"), (0, "WAIT")):
            con = os.path.join(sim.handhelds[i].flash, "console.log")
            if os.path.exists(con):
                with open(con) as cf:
                    att += [x for x in cf.read().splitlines() if x.startswith(tag)]
        return {i: flat(s) for i, s in last.items()}, [p.finished for p in players], \
            [p.failed for p in players], bo_seen, att, sim.now()
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-flagseq-")
    last, finished, failed, bo_seen, att, now = play(tmp, after_ms=200000)
    print("Carl's firmware and Bo's watcher:", att)
    print("Bo's screens (virtual ms, text) with a pause or a forfeit, the first 10:")
    for x in [x for x in bo_seen if "aus" in x[1] or "orfeit" in x[1] or "differ" in x[1]][:10]:
        print("   ", x)
    print("at %d ms: screens %s; finished %s; autoplay %s" % (now, last, finished, failed))
    errs = [x for x in last.values() if "failed" in x.lower()]
    if not [x for x in att if x.startswith("ATTACK")] or errs:
        print("the attack never ran (no reveal owed), or a handheld failed:", errs)
        sys.exit(2)
    deposed = [x for x in att if x.startswith("WATCH distrust 0 leader 0")]
    verdict(deposed, "Bo distrusted its honest sequencer Anna: %s; Bo's screen at the end: %s; "
            "the creator's: %s" % (deposed, last.get(1, ""), last.get(0, "")))


if __name__ == "__main__":
    run(main)
