"""Attack (a chain): the sequencer keeps an honest seat from moving by claiming one entry more than
it has (ack_lie_wedge.py), waits out the 2-minute stall, then reseats that seat to a bot on its own
handheld - every follower agrees, since by its own clock the seat stalled.

Promise: "The sequencer orders, nothing more: it cannot ... reseat ... anything a follower could not
check for itself" ("a reseat moves only seats whose handheld every follower itself sees gone or
stalled"); an honest seat is never made to look gone or stalled.
Role: the sequencer (the creator, Anna). Victim: Bo, whose turn it is to bid.
Steps: on Bo's turn Anna's heartbeats start to say ack = applied + 1 (and she serves nothing for
it). No follower is caught up any more, so Bo's handheld never sends its bid (TableGame.poll waits
for caught_up) and nobody judges Anna (_judge, _police need caught_up). 2 minutes on, Bo's seat is
"stalled" on every clock; Anna logs a reseat giving Bo's seat to herself (Bo's seat forfeits the
round: a die), then tells the truth again.
Control: the same moment with honest heartbeats (Anna still drops Bo's bid): the followers
judge her a censor within 7 s and the reseat she logs 2 minutes on is not followed.
Verdict: 0 if Bo's seat stays Bo's; 1 if it ends up on Anna's handheld.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(attack, seed=7):
    t = Table(seats=3, seed=seed)
    anna = t.hands[ANNA].node
    st = {"lie": False}
    enc = anna.codec.encode

    def encode(f, to=-1):
        if st["lie"] and f.type not in wire.LOGGABLE and f.type != wire.T_ENTRY:
            f.ack = anna.applied + 1
        return enc(f, to)
    anna.codec.encode = encode
    on_request = anna._on_request
    anna._on_request = lambda f, now: None if st["lie"] else on_request(f, now)  # logs nothing
    assert t.start_game() == 0
    app = t.hands[ANNA].app
    t.run(lambda: anna.applied > 30 and app.phase == 3 and not app.showing and
          app.game.on_turn == BO, 600000)
    st["lie"] = attack
    t.run(lambda: False, 125000)          # the 2-minute stall (MOVE_MS) and a little
    st["lie"] = False
    before = [h.node.hosts[BO] for h in t.hands]
    why = t.give_to_bot(BO, ANNA)        # the pause's "give the seat to a bot", on Anna's handheld
    t.run(lambda: False, 3000)
    after = [h.node.hosts[BO] for h in t.hands]
    return why, before, after, [h.app.forfeited for h in t.hands]


def main():
    why, before, after, _ = play(False)
    if any(x != BO for x in after):
        print("control: Bo's seat moved without the lie", why, after)
        sys.exit(2)
    why, before, after, forfeited = play(True)
    verdict(all(x == ANNA for x in after), "the reseat was logged (reason %d); Bo's seat is now "
            "played by handheld %s on (Anna, Bo, Cy), Bo's own handheld included" % (why, after))


if __name__ == "__main__":
    run(main)
