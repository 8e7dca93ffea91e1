"""Attack: an ordinary seat serves the new sequencer a genuine but misplaced entry labelled with an
honest seat's term; the new sequencer refuses it and stops following the seat the label names.

Promise: "a sequencer that logged what the rules refuse is never followed again" - and only then;
an honest seat is never made to look guilty. Role: an ordinary seat (Di, 4 handhelds).
Steps: the creator Anna goes silent. Di's heartbeats claim one entry more than it has, so the new
sequencer Bo catches up from Di (log._catch_up: the furthest log). Di answers Bo's NACK with
an ENTRY whose body is a genuine earlier bid (its requester's tags verify) and whose `eterm` -
the term the entry was logged in, a field only the ENTRY frame's sender vouches for - names Cy
(term 2). The bid is late in that place, so Bo's rules refuse it, and log._apply_ready
distrusts `f.eterm & 7`: the honest Cy, for good (Bo skips only Di's log, as a source).
The sequencer's own version (play_sequencer): right after it takes a new term of its own (as a
rebooted sequencer may, once per 3.5 s), followers still hold the old term as the last applied, so
an entry labelled with any seat's old term passes; the sequencer blames whom it likes, at no cost.
Control: the same with an honest Di (an honest sequencer): nobody distrusts Cy.
Verdict: 0 if Bo does not distrust Cy; 1 if it does.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

ANNA, BO, CY, DI = 0, 1, 2, 3


def play(attack, seed=7):
    t = Table(seats=4, seed=seed)
    di = t.hands[DI].node
    st = {"on": False, "sent": 0}
    if attack:
        enc = di.codec.encode

        def encode(f, to=-1):
            if st["on"] and f.type == wire.T_ACK:
                f.ack = di.applied + 1
            return enc(f, to)
        di.codec.encode = encode
        serve = di._serve

        def hostile_serve(dest, lo, hi, now):
            if not st["on"] or dest != BO:
                return serve(dest, lo, hi, now)
            f = di.tx
            for seq in range(di.applied, 0, -1):    # its latest logged bid
                if di.entry(seq, f) and f.etype == wire.T_ACTION:
                    break
            else:
                return
            f.seq = lo
            f.eterm = CY                              # "logged in term 2" (Cy's, 0 takeovers)
            di._emit(dest, f)
            st["sent"] += 1
        di._serve = hostile_serve
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 30 and t.hands[0].app.acts, 600000)
    st["on"] = True
    t.kill(ANNA)
    bo = t.hands[BO].node
    t.run(lambda: bo.is_leader() and bo._bad & (1 << CY), 8000)
    return bo._bad, st["sent"], bo.is_leader()


def play_sequencer(attack, seed=7):
    """The sequencer's version: Anna takes a term of her own one step up (as after a reboot, which
    followers allow once per 3.5 s), then broadcasts a genuine earlier bid as the next entry,
    labelled eterm = 2 (Cy's). Every follower but Cy stops following Cy; Anna, who sent it, is
    blamed by nobody, and logs the real next entry in its place."""
    t = Table(seats=4, seed=seed)
    anna = t.hands[ANNA].node
    assert t.start_game() == 0
    t.run(lambda: anna.applied > 30 and t.hands[0].app.acts and t.now > 5000, 600000)
    sent = 0
    if attack:
        anna.term = (((anna.term >> 3) + 1) << 3) | ANNA   # "back from a reboot": a new term
        anna._heartbeat(t.now)
        t.run(lambda: False, 300)
        f = anna.tx
        for seq in range(anna.applied, 0, -1):
            if anna.entry(seq, f) and f.etype == wire.T_ACTION:
                break
        f.seq = anna.applied + 1
        f.eterm = CY
        anna._emit(0xFF, f)
        sent = 1
    t.run(lambda: False, 2000)
    ok = t.run(t.done, 600000)
    return [h.node._bad for h in t.hands], sent, ok, [h.node.leader for h in t.hands]


def main():
    bad, sent, ok, leaders = play_sequencer(False)
    if any(b & (1 << CY) for b in bad):
        print("control: somebody distrusts Cy with an honest sequencer", bad)
        sys.exit(2)
    bad2, sent2, ok2, leaders2 = play_sequencer(True)
    seq_broke = any(b & (1 << CY) for b in bad2)
    print("the sequencer's version: distrust masks %s (Cy = 0b100); the game ended: %s; "
          "they follow %s" % ([bin(b) for b in bad2], ok2, leaders2))
    bad, _, _ = play(False)
    if bad & (1 << CY):
        print("control: Bo distrusts Cy with an honest Di")
        sys.exit(2)
    bad, sent, leads = play(True)
    verdict(bool(bad & (1 << CY)) or seq_broke, "the sequencer blames Cy: %s; the new sequencer Bo (leads: %s) stops following the honest "
            "Cy: %s (its distrust mask %s) after %d crafted entries from Di" % (
                seq_broke, leads, bool(bad & (1 << CY)), bin(bad), sent))


if __name__ == "__main__":
    run(main)
