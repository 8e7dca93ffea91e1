"""Attack: crafted log entries of every loggable type that the rules accept but that break the game
when applied (a sequencer could log one: every follower would fail at once).

Promise: Alive ("Node.receive never raises"; a checked entry applies cleanly). Role: the sequencer
(what it logs is checked by every follower with app.check, then applied). For Snyd and Yatzy
states taken every 7 entries through a game (in-process harness), 1500 random entries each (every
loggable type; round, seat and fields biased towards the plausible): whatever check() accepts is
applied to a copy of the state. Control: the honest games themselves reach the states.
Verdict: 0 if no accepted entry raises in apply() (nor check raises); 1 with the cases.
"""
import copy
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402


def fuzz(seed=5, per_state=1500):
    rng = random.Random(seed)
    found, accepted = {}, 0
    for game in ("snyd", "yatzy"):
        t = Table(seats=3, seed=3, game=game)
        assert t.start_game() == 0
        states = []
        for stop in range(5, 200, 7):
            t.run(lambda: t.hands[1].node.applied >= stop or t.hands[1].app.phase == 5, 600000)
            states.append(copy.deepcopy(t.hands[1].app))
            if t.hands[1].app.phase == 5:
                break
        if not t.run(t.done, 600000):
            raise RuntimeError("control: the honest %s game did not end" % game)
        for app in states:
            for _ in range(per_state):
                a = copy.deepcopy(app)
                f = wire.Frame()
                f.type = wire.T_ENTRY
                et = f.etype = rng.choice(wire.LOGGABLE)
                for name, size in wire.LAYOUTS[et]:
                    if size <= 4:
                        v = rng.choice([0, 1, 2, 3, 5, 6, 7, 8, 255, rng.getrandbits(8 * size)])
                        v &= (1 << (8 * size)) - 1
                        if name == "round" and rng.random() < 0.8:
                            v = a.round
                        if name == "who" and rng.random() < 0.7:
                            v = rng.randrange(3) if et != wire.T_FORFEIT else rng.randrange(1, 8)
                        setattr(f, name, v)
                    else:
                        getattr(f, name)[:] = bytes(rng.getrandbits(8) for _ in range(size))
                f.rby = rng.randrange(3)
                f.ack = f.rack = 10 ** 6
                a.now = 10 ** 7
                try:
                    r = a.check(f)
                except Exception as e:  # noqa: BLE001
                    k = ("check raises", game, et, repr(e)[:80])
                    found[k] = found.get(k, 0) + 1
                    continue
                if r == 0:
                    accepted += 1
                    try:
                        a.apply(f, 10 ** 5)
                    except Exception as e:  # noqa: BLE001
                        k = ("apply raises", game, et, repr(e)[:80])
                        found[k] = found.get(k, 0) + 1
    return accepted, found


def main():
    accepted, found = fuzz()
    verdict(bool(found), "%d crafted entries accepted by check(); raising: %s" % (accepted, found))


if __name__ == "__main__":
    run(main)
