"""Cost: one seat asks the sequencer to start it again (NACK lo=0) every second, all game long.

Promise: bounded cost / Alive. Role: an ordinary seat (handheld 3 of 4). Each NACK 0 makes the
sequencer write out its state twice, stream it to the seat in chunks, and log nothing for 400 ms
(hold_ms: the witnesses must stand still); the rate is one per second per handheld (snap_ms).
Measured in the in-process harness with bots that answer at once, so the protocol's own time is all
there is: the game's length, the frames and bytes on the air, for Snyd and Yatzy.
Verdict: 0 (held) if the games still end and take at most 3x as long; 1 if not. The numbers are the
point: a real table's time is people's, and the hold adds up to 0.4 s to a press.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402


def play(attack, game="snyd", seed=11):
    t = Table(seats=4, seed=seed, game=game)
    di = t.hands[3]
    st = {"at": -10 ** 9}
    if attack:
        step = di.step

        def hostile_step(now):
            step(now)
            if now - st["at"] >= 1000 and di.node.leader >= 0:
                st["at"] = now
                di.node._nack_at = -10 ** 9
                di.node._nack(di.node.leader, 0, 0, now)
        di.step = hostile_step
    assert t.start_game() == 0
    ok = t.run(t.done, 3_600_000)
    return ok, t.now, len(t.bus.log), sum(len(d) for (_, _, _, d) in t.bus.log)


def main():
    worst = 0
    lines = []
    for g in ("snyd", "yatzy"):
        c = play(False, g)
        a = play(True, g)
        if not c[0]:
            print("control did not end", g)
            sys.exit(2)
        ratio = a[1] / c[1] if a[0] else float("inf")
        worst = max(worst, ratio)
        lines.append("%s: %d -> %d ms of protocol time (x%.1f), %d -> %d frames, %d -> %d bytes" % (
            g, c[1], a[1], ratio, c[2], a[2], c[3], a[3]))
    verdict(worst > 3, "; ".join(lines))


if __name__ == "__main__":
    run(main)
