"""Attack: the sequencer re-keys Bo at Cy (roster_rekey.py) and then logs a REVEAL in Bo's name
with a secret that opens nothing: Cy names the honest Bo the cheat ("false secret").

Promise: Authentic, and an honest seat is never named the cheat. Role: the creator (sequencer).
Steps: one ROSTER line to Cy with a public key of the sequencer's own for Bo; from then on Bo's real
frames fail Cy's tag check, so Cy never hears Bo's reveal (nor can it hold the sequencer to it).
When a round is called, the sequencer logs its forged REVEAL for Bo first; Bo's real one is then
refused as a repeat of a phase done.
Control: the same table played honestly: Cy names nobody the cheat.
Verdict: 0 if Cy never marks Bo as a cheat; 1 if it does.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402
import roster_rekey as R  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(attack, tmp=None):
    t = Trio(3, rules=snyd.Rules(dice=2), tmp=tmp)
    t.seat_all()
    t.start()
    a, cy = t.tables[ANNA], t.tables[CY]
    forged = []
    seen = {"cheat": False}
    if attack:
        st = {}
        on_request = a.node._on_request

        def censor(f, now):
            if st and f.rby == BO and f.type == wire.T_REVEAL:
                return                      # Bo's real reveal is not logged (Cy cannot tell)
            return on_request(f, now)
        a.node._on_request = censor

        def forge():
            g = a.game
            if g is None or g.phase != 4 or g.revealed & (1 << BO) or forged:
                return
            if not st:                      # the round is called: re-key Bo at Cy now
                st["forger"], st["key"] = R.rekey(t, ANNA, BO, CY, wait=False)
                return
            if cy.keys[BO] != st["key"]:
                return
            forger = st["forger"]
            f = wire.Frame()
            f.type = f.etype = wire.T_REVEAL
            f.who = BO
            f.round = g.round
            f.h1[:] = os.urandom(16)       # a "secret" that opens nothing
            f.h2[:] = os.urandom(16)
            f.h3[:] = os.urandom(16)
            forger.sign_request(f, BO, a.node.applied, (1 << ANNA) | (1 << CY))
            f.ack = f.rack
            f.seq = 1
            t.cd(ANNA)
            before = a.node.applied
            on_request(f, t.now)            # (past its own censor)
            if a.node.applied > before:
                forged.append(g.round)
        t.movers[ANNA] = lambda tb, m=t.movers[ANNA]: (forge(), m(tb))

    def watch_cy(tb, m=t.movers[CY]):
        if tb.game is not None and tb.game.cheats & (1 << BO):
            seen["cheat"] = True
        m(tb)
    t.movers[CY] = watch_cy
    t.until(lambda: cy.saved_games or seen["cheat"], 300000)
    return seen["cheat"], forged, t


def main():
    cheat, _, _ = play(False)
    if cheat:
        print("control: an honest table named Bo the cheat")
        sys.exit(2)
    cheat, forged, t = play(True)
    verdict(cheat, "Cy marked the honest Bo as a cheat (false secret): %s; forged reveals in "
            "rounds %s" % (cheat, forged))


if __name__ == "__main__":
    run(main)
