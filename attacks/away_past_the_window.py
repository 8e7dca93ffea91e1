"""Attack (round 17): withhold_the_snapshot.py and lying_witness.py with the real firmware
(table.Table in process, tlog.bin, Table.resume). A Yatzy table of three; Cy's battery is out for
about two minutes while the table plays on (its turns forfeit), so on its return its own kept state
(tlog.bin) is more than the sequencer's window (32 entries) behind and it needs a snapshot.

  snap (default): the sequencer (creator) drops every T_SNAP frame it would send.
  lie:            Bo, the only witness, answers every VOUCH request with a digest that is not its
                  state (silence and _NO_WORD count as refusals since silent_witness; a wrong
                  digest does not: Node._on_vouch only marks it "said").
  lie nosnap:     ... and Bo sends no snapshot of its own either (the stated limit, below).

Fixed (docs/protocol.md, Snapshots): Cy, with no snapshot taken for 3 s, asks a peer that claims
more (Bo) for its state, and takes it when the sequencer vouches for it (`snap`: Bo's, vouched by
Anna; `lie`: Bo's own, honest state, vouched by Anna). A witness whose digest differs holds Cy:
at a table of three it cannot tell which of the two lies, so it takes nothing and its heartbeat
says so, naming both: with `lie nosnap` the table stops, and every screen's pause ("Logs differ")
names Anna and Bo; the way on is one of them leaving the table.

(Checked by hand after the stop, `lie`: the honest creator's Table.reseat_to_bot(Cy) returns 2, refused:
Cy is heard. The way on is Cy's person leaving the table.)

Promise: Alive ("no frame stops a game for good"), the sequencer orders, nothing more, a stop names
whom it can. Control: the same absence with everyone honest: Cy catches up and the game ends.
Usage: .venv/bin/python attacks/away_past_the_window.py [snap|lie]
Exit 0 held (`lie nosnap`: the stated limit, every screen naming both), 1 broke, 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, FakeRadio, table, wire, mac, run, verdict  # noqa: E402

BO, CY = 1, 2
AWAY = 34        # entries the table logs while Cy is off (past the 32-entry window)
WAIT_MS = 600000


def bot_mover(tb):
    """Every person plays as the table's own bot would (a Yatzy mover for the harness)."""
    g = tb.game
    if g is None or tb.move is not None or g.phase in (0, 5):
        return
    s = tb.my_seat()
    if s >= 0 and g.to_move(s):
        mv = g.bot_move(tb._bot(s), s, tb.now)
        if mv is not None:
            tb.submit_move(mv)


def play(mode, nosnap=False):
    t = Trio(3, rules=("standard", None, 0), game=table.G_YATZY, mover=bot_mover)
    t.seat_all()
    t.cd(0)
    assert t.tables[0].start(t.now) == 0
    t.until(lambda: t.tables[0].node.applied > 5, 60000)
    off = [True]
    t.filters.append(lambda s, d, data: not off[0] or (s != mac(CY) and d != mac(CY)))
    cy = t.tables[CY]
    cy.tick = lambda now: None
    cy.idle = lambda: None
    start = t.tables[0].node.applied
    t.until(lambda: t.tables[0].node.applied > start + AWAY or t.tables[0].game.phase == 5,
            1800000)
    away = (start, t.tables[0].node.applied, t.now // 1000)
    count = [0]
    if mode == "snap":
        def drop(s, d, data):
            if s == mac(0) and data[2] == wire.T_SNAP and d in (None, mac(CY)):
                count[0] += 1
                return False
            return True
        t.filters.append(drop)
    elif mode == "lie":
        node = t.tables[BO].node
        answer = node._on_vouch

        def on_vouch(f, now):
            if bytes(f.chain) != bytes(8):
                return answer(f, now)
            count[0] += 1
            node._vouch(f.seat, f.lo, bytes((0x5A ^ count[0] & 0xFF,)) + bytes(7))
        node._on_vouch = on_vouch
        if nosnap:
            t.filters.append(lambda s, d, data: not (s == mac(BO) and data[2] == wire.T_SNAP))
    off[0] = False
    t.air.radios[:] = [r for r in t.air.radios if r.mac != mac(CY)]
    t.cd(CY)
    tb = table.Table(FakeRadio(t.air, CY), t.NAMES[CY], t.now)
    assert tb.resume(), "Cy did not resume"
    t.tables[CY] = tb
    back = t.now
    t.until(lambda: all(x.saved_games for x in t.tables), WAIT_MS)
    views = [dict(k=k, applied=x.node.applied, phase=x.game.phase, round=x.game.round,
                  records=x.saved_games, missing=x.missing_names(), held=x.held_names(),
                  distrusts=[h for h in range(3) if x.node._bad & (1 << h)])
             for k, x in enumerate(t.tables)]
    return away, count[0], (t.now - back) // 1000, views


def main():
    mode = "lie" if "lie" in sys.argv[1:] else "snap"
    nosnap = mode == "lie" and "nosnap" in sys.argv[1:]
    away, _, secs, views = play(None)
    print("control: entries %d -> %d while Cy was off (%d s); %d s after its return: %s"
          % (away + (secs, views)))
    if not all(v["records"] for v in views):
        print("COULD NOT RUN: the control did not end")
        sys.exit(2)
    away, count, secs, views = play(mode, nosnap)
    for v in views:
        print("  ", v)
    stuck = not all(v["records"] for v in views) and views[CY]["applied"] < views[0]["applied"]
    what = ("the sequencer dropped %d snapshot frames" % count if mode == "snap" else
            "Bo answered %d VOUCH requests with a digest that is not its state%s" % (
                count, " and sent no snapshot" if nosnap else ""))
    if not stuck:
        verdict(False, "Cy away while entries %d -> %d (%d s); %s; Cy got back in (a peer's "
                "snapshot the sequencer vouched for) and every handheld saved the game's record "
                "%d s after Cy's return" % (away[0], away[1], away[2], what, secs))
    unnamed = [v["k"] for v in views if not {"Anna", "Bo"} <= set(v["held"])]
    verdict(unnamed or not nosnap, "%sCy away while entries %d -> %d (%d s); %s; %d s after Cy's "
            "return no handheld has a record, Cy applied %d of %d; the screens' Logs-differ "
            "names %s (missing %s); screens that do not name both Anna and Bo: %s" % (
                "the stated limit: " if nosnap and not unnamed else "", away[0], away[1], away[2],
                what, secs, views[CY]["applied"], views[0]["applied"],
                [v["held"] for v in views], [v["missing"] for v in views], unnamed))


if __name__ == "__main__":
    run(main)
