"""Attack in the simulator (the real firmware under MicroPython): forfeit_the_unasked.py's sequencer.

Promise: a FORFEIT only after the follower's own deadline; the sequencer orders, nothing more; no
honest seat named. Role: the creator, the sequencer (handheld 0), its firmware patched by a
wrapper script: when it logs its own call (the person pressed it), that entry and every later one
go to handheld 1 (Bo) alone, and its heartbeats claim the entry before the call with the chain
there. Handheld 2 (Cy) never sees the reveal phase. Everyone plays through the buttons (autoplay).
Verdict: 0 if no screen shows a forfeit of Cy's seat while Cy's own screen is still in the round's
bidding; 1 with the screens' text. No control here (a full honest game in the simulator is long);
the in-process control in forfeit_the_unasked.py plays the same table honestly.
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
from dicecup.table import log, wire
_F = []
_seq = log.Node._sequence
def _seq2(self, f, now):
    if not _F and f.etype == wire.T_ACTION and f.rby == self.seat and f.kind == wire.A_SNYD:
        _F.append(self.applied + 1)
        _F.append(bytes(self.chain))
        print("ATTACK: own call at entry", _F[0], "at", now)
    return _seq(self, f, now)
log.Node._sequence = _seq2
_em = log.Node._emit
def _em2(self, dest, f):
    if _F and f.type == wire.T_ENTRY and f.seq >= _F[0]:
        if dest == 0xFF:
            dest = 1
        elif dest != 1:
            return
    return _em(self, dest, f)
log.Node._emit = _em2
_enc = wire.Codec.encode
def _enc2(self, f, to=-1):
    if _F and f.type == wire.T_ACK:
        f.ack = _F[0] - 1
        f.chain[:] = _F[1]
    return _enc(self, f, to)
wire.Codec.encode = _enc2
_onr = log.Node._on_request
def _onr2(self, f, now):
    if _F and f.type == wire.T_REVEAL and f.rby == 1:
        try:
            from dicecup.rules import fairdice
            g = self.game
            d = fairdice.roll_dice(bytes(f.h1), g.seed, g.tid, f.round, f.who,
                                   g.game.dice_left[f.who])
            print("ATTACK: REVEAL of seat", f.who, "round", f.round, "at", now, "dice",
                  sorted(d))
        except Exception as e:
            print("ATTACK: REVEAL heard, dice not computed:", e)
    return _onr(self, f, now)
log.Node._on_request = _onr2
"""


def flat(s):
    return " / ".join(x.strip() for x in s.splitlines() if x.strip())


def play(tmp, n=3, after_ms=150000):
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
        seen = []    # (virtual ms, Bo's screen, Cy's screen) when Bo's says "Forfeit"
        peeks = []   # (virtual ms, the creator's console line, Bo's screen, Cy's screen)
        con = os.path.join(sim.handhelds[0].flash, "console.log")
        last = {}
        end = None
        while end is None or sim.now() < end:
            for p in players:
                p.act()
            sim.step()
            for i in range(n):
                fr = sim.handhelds[i].frame
                if fr is not None:
                    last[i] = readback.text(fr)
            if not peeks and os.path.exists(con):
                with open(con) as cf:
                    text = cf.read().splitlines()
                lines = [x for x in text if x.startswith("ATTACK: REVEAL")]
                if lines:
                    call = [x for x in text if x.startswith("ATTACK: own call")]
                    peeks.append((sim.now(), " / ".join(call[:1] + lines[:1]), flat(last.get(1, "")),
                                  flat(last.get(2, ""))))
            if 1 in last and "orfeit" in last[1] and (not seen or seen[-1][1] != flat(last[1])):
                seen.append((sim.now(), flat(last[1]), flat(last.get(2, ""))))
                if end is None:
                    end = sim.now() + after_ms
            if sim.now() > 900000 or any(errors(sim, i) for i in range(n)):
                break
        return seen, {i: flat(s) for i, s in last.items()}, [p.failed for p in players], \
            [p.finished for p in players], peeks
    finally:
        sim.close()


def main():
    tmp = tempfile.mkdtemp(prefix="dicecup-sim-forfeit-")
    seen, last, failed, finished, peeks = play(tmp)
    for x in seen:
        print("at %d ms: Bo's screen: %s | Cy's screen: %s" % x)
    print("at the end: %s; finished %s; autoplay %s" % (last, finished, failed))
    verdict(seen, "Bo's screen named a forfeit (%d screens) while Cy's was in the round: first at "
            "%s ms: Bo: %s | Cy: %s" % (len(seen), seen[0][0] if seen else "-",
                                        seen[0][1] if seen else "-", seen[0][2] if seen else "-"))


if __name__ == "__main__":
    run(main)
