"""Attack (a chain): an ordinary seat becomes the sequencer (frame_the_sequencer.py), then re-keys
the honest creator at the third handheld (roster_rekey.py) and logs moves in the creator's name.

Promise: Authentic, and "The sequencer orders, nothing more ... nor take the role out of turn".
Role: an ordinary seat (Bo, handheld 1); victims: the creator Anna (framed as a censor, then spoken
for) and Cy (fooled).
Small powers chained: one frame tagged for one receiver + three NACKs -> the sequencer's role ->
one ROSTER line -> every move of another seat, as Cy sees it.
Control: the same table played honestly: every move Cy applies in Anna's name Anna asked for.
Verdict: 0 if Cy applies no move in Anna's name that Anna never made; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
import frame_the_sequencer as F  # noqa: E402
import roster_rekey as R  # noqa: E402


def play(attack, tmp=None):
    box = {"forged": [], "watch": None, "forger": None}

    def after(t):
        # Bo now leads: it waits until Cy follows it, then re-keys Anna at Cy
        box["t"] = t

    def chain(t):
        bo, cy = t.tables[F.BO], t.tables[F.CY]
        if box["forger"] is None:
            if bo.node.is_leader() and bo.node.ready and cy.node.leader == F.BO:
                box["forger"], _ = R.rekey(t, F.BO, F.ANNA, F.CY)
        elif not box["forged"]:
            m = R.forge_move(t, F.BO, F.ANNA, F.CY, box["forger"])
            if m:
                box["forged"].append(m)

    import _table3
    orig_tick = _table3.Trio.tick

    def tick(self, n=1):
        for _ in range(n):
            orig_tick(self, 1)
            if attack and "t" in box and not getattr(self, "_in_chain", False):
                self._in_chain = True
                try:
                    chain(self)
                finally:
                    self._in_chain = False
    _table3.Trio.tick = tick
    try:
        trio_box = {}
        orig_start = _table3.Trio.start

        def start(self):
            orig_start(self)
            trio_box["w"] = R.watch(self, F.ANNA, F.CY)
        _table3.Trio.start = start
        try:
            cy, bo, anna, t = F.play(attack, tmp=tmp, after=after)
        finally:
            _table3.Trio.start = orig_start
    finally:
        _table3.Trio.tick = orig_tick
    asked, applied = trio_box["w"]
    return [e for e in applied if e not in asked], box["forged"], cy, t


def main():
    bad, _, _, _ = play(False)
    if bad:
        print("control failed:", bad)
        sys.exit(2)
    bad, forged, cy, t = play(True)
    verdict(bad, "Bo (an ordinary seat) now leads (Cy follows %d); Cy applied in the creator "
            "Anna's name moves Anna never asked for: %s (forged: %s)" % (cy.leader, bad, forged))


if __name__ == "__main__":
    run(main)
