"""Attack in the simulator (the real firmware under MicroPython): flag_freezes_a_turn.py's `seq`.

The creator's firmware (handheld 0, the sequencer) is patched by a wrapper script: whenever the
seat on turn in the bidding is Bo's (handheld 1), its heartbeats say "held" (0x20), the first one
at once; once its own game calls Bo's seat stalled (2 minutes without a move) it gives that seat
to a bot it runs (`Table.reseat_to_bot`, what the pause's "give to a bot" does), and from then on
it plays honestly. Everyone plays through the buttons (autoplay): Bo's autoplay faces the Paused
screen ("Logs differ") that the flag puts up, which takes no move.

Promise: the sequencer orders, nothing more ("a reseat moves only seats whose handheld every
follower itself sees gone or stalled"); no honest seat forfeited. Role: the creator.
Verdict: 0 if the reseat is refused or no follower applies it; 1 with the screens' text (Bo's
screen while the flag is up, and after the reseat). About a minute of real time.
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
from dicecup.table import table as _tbl
_S = [0, 0]
def _bo_turn(node):
    a = node.game
    try:
        return not _S[1] and a.phase == snydtable.P_BID and not a.showing and \\
            a.hosts[a.game.on_turn] == 1
    except Exception:
        return False
_hb = log.Node._heartbeat
def _hb2(self, now):
    if self.seat != 0 or not _bo_turn(self):
        return _hb(self, now)
    if not _S[0]:
        _S[0] = now
        print("ATTACK: flag up on Bo's turn at", now, "round", self.game.round)
    f = self.tx
    f.type = wire.T_ACK
    f.seq = 0
    f.flags = (self.leader if self.leader >= 0 else 0x0F) | 0x20
    f.missing = self.missing
    f.chain[:] = self.chain
    self._emit(0xFF, f)
    self._hb_at = now
log.Node._heartbeat = _hb2
_tk = log.Node.tick
def _tk2(self, now):
    r = _tk(self, now)
    if self.seat == 0 and _bo_turn(self) and now - self._hb_at >= 300:
        _hb2(self, now)
    return r
log.Node.tick = _tk2
_tt = _tbl.Table.tick
def _tt2(self, now):
    r = _tt(self, now)
    n = self.node
    g = self.game
    if n is not None and g is not None and _S[0] and not _S[1] and n.is_leader() and \\
            g.stalled(now) & 2:
        res = self.reseat_to_bot(1, now)
        print("ATTACK: Bo's seat to a bot at", now, "->", res)
        if res == 0:
            _S[1] = now
    return r
_tbl.Table.tick = _tt2
"""


def flat(s):
    return " / ".join(x.strip() for x in s.splitlines() if x.strip())


def play(tmp, n=3, limit_ms=900000):
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
    write_rules(sim, snyd.Rules(dice=3))
    sim.start()
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(n)]
        last = {}
        seen = {i: [] for i in range(n)}
        while not all(p.finished or p.failed for p in players) and sim.now() < limit_ms:
            for p in players:
                p.act()
            sim.step()
            for i in range(n):
                fr = sim.handhelds[i].frame
                if fr is not None:
                    last[i] = flat(readback.text(fr))
                    if not seen[i] or seen[i][-1][1] != last[i]:
                        seen[i].append((sim.now(), last[i]))
            if any(errors(sim, i) for i in range(n)):
                break
        con = os.path.join(sim.handhelds[0].flash, "console.log")
        att = []
        if os.path.exists(con):
            with open(con) as cf:
                att = [x for x in cf.read().splitlines() if x.startswith("ATTACK")]
        return last, seen, [p.finished for p in players], [p.failed for p in players], att, \
            sim.now(), [errors(sim, i) for i in range(n)]
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-freeze-")
    last, seen, finished, failed, att, now, errs = play(tmp)
    print("the creator's firmware:", att)
    for i in (1, 2):
        print("handheld %d's screens (virtual ms, text), around the attack:" % i)
        t0 = int(att[0].split()[7]) if att else 0
        for x in [x for x in seen[i] if x[0] >= t0 - 2000][:14]:
            print("   ", x)
    print("at %d ms: screens %s; finished %s; autoplay %s; errors %s" % (
        now, last, finished, [bool(f) for f in failed], [bool(e) for e in errs]))
    if not att or any(errs):
        print("the attack never ran, or a handheld failed")
        sys.exit(2)
    done = [x for x in att if "to a bot" in x and x.endswith("-> 0")]
    paused = [x for x in seen[1] if "differ" in x[1].lower() and "ANNA" in x[1]]
    bot = [x for x in seen[1] if "BOT" in x[1].upper()]
    verdict(done, "the creator flagged on Bo's turn (%s); Bo's screen: %s; the reseat: %s; Bo's "
            "screen after: %s" % (att[0], paused[:1], done, bot[:2]))


if __name__ == "__main__":
    run(main)
