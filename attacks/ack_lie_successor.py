"""Attack: an ordinary seat's heartbeats claim a log far ahead of everyone's; every new sequencer
then waits to catch up from it for ever, is deposed as a censor, and the role walks round the table
to the liar - which wedges the game.

Promise: "The sequencer orders, nothing more ... nor take or keep the role out of turn", Alive.
Role: an ordinary seat (Di, handheld 3 of 4), not next in line.
Steps: Di's heartbeats say ack = 10**9 and Di answers no NACK and sends no snapshot. The creator
Anna (the sequencer) goes silent for 6 s (battery), then comes back. Bo takes over and, as a new
sequencer must, fetches "the furthest log any live seat reports" (log._catch_up): Di's. It
NACKs Di for ever and never logs anything; the followers judge it a censor and leave it; Cy takes
over and does the same; then Di leads. (Once it leads, its own claim keeps every follower from being
caught up: see ack_lie_wedge.py.)
Variant "mute": Di sends no heartbeat at all, only a NACK to everyone each second: every new
sequencer waits for a heartbeat from each live seat before it catches up, and waits for ever.
Control: the same with an honest Di: Bo takes over and the game ends on all four handhelds.
Verdict: 0 if the game ends; 1 if it is wedged 10 minutes on (with who leads).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

DI = 3


def play(attack, seed=7, minutes=10, mode="ack"):
    """mode "ack": Di's heartbeats claim entry 10**9; "mute": Di sends no heartbeat at all, only
    a NACK to everyone each second (it stays audible, so every new sequencer waits for its
    heartbeat: log._catch_up)."""
    t = Table(seats=4, seed=seed)
    if attack and mode == "mute":
        di = t.hands[DI].node

        def heartbeat(now):
            f = di.tx
            f.type = wire.T_NACK
            f.seq = 0
            f.lo = f.hi = di.applied + 1
            di._emit(0xFF, f)
            di._hb_at = now
        di._heartbeat = heartbeat
    elif attack:
        di = t.hands[DI].node
        enc = di.codec.encode

        def encode(f, to=-1):
            if f.type == wire.T_ACK:
                f.ack = 10 ** 9
            return enc(f, to)
        di.codec.encode = encode
        di._serve = lambda *a: None
        di._send_snapshot = lambda *a: None
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 30, 600000)
    t.kill(0)
    t.run(lambda: False, 6000)
    bo = t.hands[1].node
    first = (bo.leader, bo.ready, bo._from)
    t.hands[0].dead = False
    t.reboot(0)
    ok = t.run(t.done, minutes * 60000)
    play.bad = [h.node._bad for h in t.hands]   # whom each handheld stopped following
    return ok, first, [h.node.leader for h in t.hands], [h.node.applied for h in t.hands]


def main():
    ok, _, leaders, applied = play(False)
    if not ok:
        print("control: the game did not end", leaders, applied)
        sys.exit(2)
    ok, first, leaders, applied = play(True)
    ok2, first2, leaders2, applied2 = play(True, mode="mute")
    bad2 = play.bad
    verdict(not ok or not ok2 or any(x & 0b110 for x in bad2[:3]), "a claim of entry 10**9: 6 s after Anna went silent Bo led=%s "
            "ready=%s catching up from %d; 10 minutes on the handhelds follow %s with applied %s, "
            "the game ended: %s. No heartbeat at all (a NACK a second instead): Bo ready=%s; 10 "
            "minutes on they follow %s, applied %s, the game ended: %s; the honest handhelds stopped "
            "following (masks) %s" % (
                first[0] == 1, first[1], first[2], leaders, applied, ok, first2[1], leaders2,
                applied2, ok2, [bin(x) for x in bad2[:3]]))


if __name__ == "__main__":
    run(main)
