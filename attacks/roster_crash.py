"""Attack: the creator's ROSTER names a handheld number past the eight there are; every joiner's
lobby screen then raises, the real firmware shows "crashed", and after its reset it crashes again.

Promise: Alive ("no frame crashes a handheld") and the lobby. Role: the creator (or any sequencer:
a joiner takes ROSTER lines from whoever its node follows). Runs the real firmware in the
simulator (host_tools/sim), the creator's patched by a wrapper script as in
tests/test_table_sim_attacks.py.
Steps: table.Table._rostered() keeps names and keys only for handheld numbers below 8, but puts any
number in the seat order (`o[f.k] = w`). The hostile creator's roster has one more line, handheld
0x7F. The joiner's waiting screen calls order_name() on each row: names[0x7F] -> IndexError, out of
Node.receive's shield (the screen draws it), so the handheld crashes; the order went to table.json
with the next save, so a reset resumes the seat and draws the same row again.
Control: the same table with an honest creator: nobody crashes.
Verdict: 0 if no honest handheld writes error.log; 1 if one does (and says whether it crashed
again after its reset); 2 if the simulator could not run.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import ROOT, run, verdict  # noqa: E402,F401

PATCH = """
from dicecup.table import table, wire
def _evil(self):
    o = self.order
    f = self.f
    n = len(o) + 1
    for i in range(n):
        w = o[i] if i < len(o) else 0x7F
        f.type = wire.T_ROSTER
        f.n = n
        f.k = i
        f.value = w
        ok = not w & table.BOT and w < 8
        table.pack_name(self.names[w] if ok else "", f.name)
        p = self.pubs[w] if ok else None
        f.pub[:] = p if p else bytes(wire.PUB_LEN)
        self.node.tell(f)
table.Table.roster = _evil
"""

RUN_MAIN = """
import sys
_main = sys.argv[1]
sys.argv.pop(0)
with open(_main) as f:
    _code = f.read()
exec(_code, {"__name__": "__main__", "__file__": _main})
"""


def errors(sim, i):
    p = os.path.join(sim.handhelds[i].flash, "error.log")
    if os.path.exists(p):
        with open(p) as f:
            return f.read()
    return None


def play(attack, tmp, ms=40000, n=3):
    from host_tools.sim import autoplay
    from host_tools.sim.hub import MAIN, Sim
    scripts = []
    for i in range(n):
        path = os.path.join(tmp, "run%d.py" % i)
        with open(path, "w") as f:
            f.write((PATCH if attack and i == 0 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=4)
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        while sim.now() < ms and not any(errors(sim, i) for i in range(1, n)):
            for p in players:
                p.act()
            sim.step()
        crashed = {i: errors(sim, i) for i in range(1, n) if errors(sim, i)}
        again = None
        if crashed:
            i = min(crashed)
            os.remove(os.path.join(sim.handhelds[i].flash, "error.log"))
            sim.reboot(i)
            players[i] = autoplay.Player(sim, i, "snyd", 1, seed=90 + i)
            end = sim.now() + 30000
            while sim.now() < end and not errors(sim, i):
                for p in players:
                    p.act()
                sim.step()
            again = errors(sim, i)
        return crashed, again
    finally:
        sim.close()


def after_reset(tmp):
    """In process: once a game starts the joiner saves its seat order (table.json) with 0x7F in it;
    a handheld that resumes its seat from that file raises on the same row again."""
    from _table3 import Trio, table, wire
    from table_pair import FakeRadio
    t = Trio(3, tmp=tmp)
    a = t.tables[0]
    ns = {}
    exec(PATCH.replace("table.Table.roster = _evil", "ns['evil'] = _evil"), {"ns": ns})
    a.roster = ns["evil"].__get__(a)
    t.seat_all()
    t.start()
    t.cd(2)
    fresh = table.Table(FakeRadio(t.air, 9), "Cy")
    if not fresh.resume():
        return None
    try:
        for i in range(len(fresh.order)):
            fresh.order_name(i)
    except IndexError:
        return fresh.order
    return None


def main():
    again = after_reset(tempfile.mkdtemp(prefix="dicecup-roster-resume-"))
    print("a joiner resumed from its flash after the game started: its order %s raises again: %s"
          % (again, again is not None))
    tmp = tempfile.mkdtemp(prefix="dicecup-roster-crash-")
    os.makedirs(os.path.join(tmp, "c"))
    os.makedirs(os.path.join(tmp, "a"))
    crashed, _ = play(False, os.path.join(tmp, "c"))
    if crashed:
        print("control: an honest table crashed", crashed)
        sys.exit(2)
    crashed, again = play(True, os.path.join(tmp, "a"))
    ev = "; ".join("handheld %d: %s" % (i, e.strip().splitlines()[-1]) for i, e in crashed.items())
    for i, e in crashed.items():
        print("handheld %d error.log:\n%s" % (i, e))
    verdict(bool(crashed), "honest joiners crashed: %s; after a reset it crashed again: %s" % (
        ev or "none", bool(again)))


if __name__ == "__main__":
    run(main)
