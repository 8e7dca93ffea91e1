"""Attack: an ordinary seat makes the honest sequencer look like a censor, is handed the sequencer's
role, and (chained with roster_rekey.py) then speaks for the other seats.

Promise: "The sequencer orders, nothing more ... nor take or keep the role out of turn" and
"Alive"/"An ignored seat": followers stop following a sequencer only when it ignores a request.
Role: an ordinary seat (Bo, handheld 1, next clockwise after the creator Anna).

Steps (Bo's firmware):
 1. On its turn Bo tags its bid for Cy only (the frame's `to` leaves the sequencer out - what a
    lost frame looks like; its requester tags are all correct).
 2. Cy keeps it and hands it on to the sequencer at 1, 3 and 5 s (log._judge). Just before
    each hand-on, Bo asks the sequencer to start again (NACK lo=0): the sequencer streams it a
    snapshot and logs nothing for hold_ms (400 ms) - and silently drops the handed-on request
    (_on_request: `if now < self._hold: return`).
 3. At 7 s Cy judges that the sequencer ignores a seat, stops following it for good (_bad), and
    follows the next seat clockwise: Bo.
Control: the same table, Bo bidding normally: Anna stays the sequencer and nobody distrusts her.
Verdict: 0 if Cy still follows Anna (or never distrusts her); 1 if the honest Anna is deposed and
Bo leads.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(attack, tmp=None, seed=1, after=None, mode="cy-only"):
    """Returns (Cy's node, Bo's node, Anna's node, trio). `after(trio)`: more hostile steps once Bo
    leads (a chained attack). mode "cy-only": the bid is tagged for Cy alone; "timed": it is an
    ordinary broadcast, sent only while the sequencer holds (just after Bo's own NACK 0)."""
    t = Trio(3, rules=snyd.Rules(dice=2), tmp=tmp, seed=seed)
    t.seat_all()
    t.start()
    bo, cy, anna = t.tables[BO], t.tables[CY], t.tables[ANNA]
    st = {"t0": None, "nacks": 0, "took": False, "later": None}
    # timed: a NACK 0 at once, the bid 300 ms later (inside that hold), then a NACK 0 250 ms
    # before each hand-on is due (the sequencer streams at most one snapshot a second to a seat)
    sched = (700, 2700, 4700) if mode == "cy-only" else (0, 1050, 3050, 5050)
    if attack:
        node = bo.node
        real_submit = node.submit

        def submit(f, now):
            if f.etype == wire.T_ACTION and st["t0"] is None and node.leader == ANNA:
                node.codec.sign_request(f, node.seat, node.applied, node._everyone())
                f.type = f.etype
                f.seq = 1
                f.ack = f.rack
                if mode == "cy-only":
                    node._emit(CY, f)      # tagged for Cy only: the sequencer never hears it
                else:                      # to everyone, but only once the sequencer holds
                    f.table, f.seat, f.term = node.codec.table, node.seat, node.term
                    st["later"] = bytes(node.codec.encode(f, -1))
                st["t0"] = now
                return True
            if f.etype == wire.T_ACTION and not st["took"] and st["t0"] is not None:
                return True                    # its person presses again: the same, unsent
            return real_submit(f, now)
        node.submit = submit

        def hostile(tb):
            t0 = st["t0"]
            if t0 is None or st["took"]:
                return
            dt = t.now - t0
            if st["nacks"] < len(sched) and dt >= sched[st["nacks"]]:
                st["nacks"] += 1
                node._nack_at = -10 ** 9
                node._nack(ANNA, 0, 0, t.now)   # "start me again": the sequencer holds 400 ms
            elif st["later"] is not None and st["nacks"] >= 1 and dt >= 300:
                node.send(0xFF, st["later"])    # the bid, heard by all while the sequencer holds
                st["later"] = None
            if cy.node._bad & (1 << ANNA):
                node._distrust(ANNA)            # Bo "agrees": it takes the term it is next for
                st["took"] = True
                if after:
                    after(t)
        t.movers[BO] = lambda tb, m=t.movers[BO]: (hostile(tb), m(tb))
    t.until(lambda: cy.saved_games and anna.saved_games or t.now > 200000, 200000)
    return cy.node, bo.node, anna.node, t


def main():
    cy, bo, anna, _ = play(False)
    cy2, bo2, _, _ = play(True, mode="timed")
    print("timed variant (an ordinary broadcast bid, sent while the sequencer holds): Cy distrusts "
          "Anna: %s, Bo leads: %s" % (bool(cy2._bad & (1 << ANNA)), bo2.is_leader()))
    if cy._bad or cy.leader != ANNA and not cy.is_leader() and cy.leader != -1:
        print("control: Cy distrusts", bin(cy._bad), "follows", cy.leader)
        sys.exit(2)
    cy, bo, anna, t = play(True)
    deposed = bool(cy._bad & (1 << ANNA))
    verdict(deposed, "Cy distrusts the honest sequencer Anna: %s; Cy follows handheld %d (term %d); "
            "Bo leads: %s; Anna's drops: %s" % (deposed, cy.leader, cy.term, bo.is_leader(),
                                                {n: c for n, c in zip(
                                                    __import__("dicecup.table.log", fromlist=["x"]).DROP_NAMES,
                                                    anna.dropped) if c}))


if __name__ == "__main__":
    run(main)
