"""Attack (round 17): silent_witness with a lie instead of silence. A seat that answers every VOUCH
request with a made-up digest keeps a rebooted honest handheld out of the game; the rebooted
handheld forfeits every round until it has no dice.

Promise: Alive ("no frame stops a game for good"), withholding never pays, a checked snapshot (the
witness rule). Role: an ordinary seat (Bo), the snapshot's only possible witness.

Why: silent_witness's fix counts a witness that says nothing to a whole vouch wait as a refusal
(log._silent -> mute), and one that answers _NO_WORD is mute too. But an answer whose digest
is neither _NO_WORD nor the snapshot's (Node._on_vouch: `s.said |= bit`, nothing else) leaves the
witness "said" and not mute: _witness still finds it alive and able to vouch, so _accept_snap
never takes the honest sequencer's snapshot on its word; after VOUCH_WAIT_MS it is dropped and
asked again, for ever. The liar's answer is only what a handheld at another state would say.

Steps: tablebus, three handhelds; Cy reboots past the sequencer's 32-entry window (a snapshot is
needed); Bo's firmware answers every VOUCH request with 8 random bytes.
Control: the same with Bo honest (Cy catches up). Also "silent" (silent_witness, held) to compare.

Fixed: a witness whose digest differs from the snapshot's holds the handheld, named. At a table of
three it cannot tell which of the two lies (the sender or the witness), so it takes nothing (a
lying sequencer's forgery would pass otherwise), and its heartbeat says it is held, naming both
(_F_SNAP): every screen's pause names the sender and the witness. Meanwhile, with no snapshot
taken for 3 s, it asks a peer for one (Node._ask_snap): the liar's own state, vouched by the
honest sequencer, lets it in (default). Variant "nosnap": Bo also sends no snapshot of its own;
then the stated limit (docs/protocol.md, "A witness that differs from the snapshot"): the table
stops, every pause naming Anna and Bo, and the way on is one of them leaving the table.
Exit 0 held (or the stated limit, honestly named), 1 broke, 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import wire  # noqa: E402

CY = 2


def shown(n, k, now):
    """Whom handheld k's pause names as holding the table (table.Table.held_mask, a mask)."""
    m = n.held(now)
    if m & (1 << k):
        m |= n.held_on()
    return m & ~(1 << k) | getattr(n, "snap_named", lambda now: 0)(now)  # (none before the fix)


def play(mode, seed=3, leave=False):
    t = Table(seats=3, seed=seed)
    lies = [0]
    if mode:
        bo = t.hands[1].node
        answer = bo._on_vouch

        def on_vouch(f, now):
            if bytes(f.chain) != bytes(8):
                return answer(f, now)
            if mode == "silent":
                return None
            lies[0] += 1
            bo._vouch(f.seat, f.lo, bytes((0x5A ^ lies[0] & 0xFF,)) + bytes(7))  # not its state
        bo._on_vouch = on_vouch
    if mode == "nosnap":  # nor does Bo send a snapshot of its own when Cy asks it
        h = t.hands[1]
        orig = h._send

        def send(dest, data):
            if data[2] == wire.T_SNAP:
                return None
            return orig(dest, data)
        h._send = send
        h.node.send = send
    assert t.start_game() == 0
    t.run(lambda: t.hands[0].node.applied > 60, 600000)
    t.reboot(CY)
    t.run(lambda: t.hands[0].app.phase == 5, 1200000)
    t.run(t.done, 30000)
    rec = t.hands[0].app.rec.record()
    forfeits = sum(1 for rd in rec["rounds"] for a in rd["actions"] if a == [CY, "forfeit"])
    views = [dict(k=k, applied=h.node.applied, phase=h.app.phase, round=h.app.round,
                  leader=h.node.leader, missing=h.node.missing, held=h.node.held(t.now),
                  named=shown(h.node, k, t.now))
             for k, h in enumerate(t.hands)]
    if mode in ("lie", "nosnap"):
        print("after %d s: %s" % (t.now // 1000, views))
    play.views = views
    play.after = None
    if leave:  # the way on: Bo's person leaves the table (the handheld goes); the no-witness
        t.kill(1)  # rule decides: Cy takes the sequencer's snapshot, which it asked for
        t.run(lambda: t.hands[CY].node.applied >= t.hands[0].node.applied, 60000)
        play.after = (t.hands[CY].node.applied, t.hands[0].node.applied)
    return t.hands[CY].node.applied, t.hands[0].node.applied, forfeits, lies[0]


def main():
    got, want, forfeits, _ = play(None)
    if got != want:
        print("control: the rebooted handheld did not catch up with an honest witness", got, want)
        sys.exit(2)
    print("control: Cy applied %d of %d, forfeits %d" % (got, want, forfeits))
    got, want, forfeits, _ = play("silent")
    print("silent witness (round 5's, fixed): Cy applied %d of %d, forfeits %d" % (got, want, forfeits))
    mode = "nosnap" if "nosnap" in sys.argv[1:] else "lie"
    got, want, forfeits, lies = play(mode)
    if got == want:
        verdict(False, "with Bo answering %d VOUCH requests with a digest that is not its state, "
                "the rebooted Cy applied %d of the sequencer's %d entries (Bo's own snapshot, "
                "vouched by the sequencer); the record names Cy forfeit in %d rounds" % (
                    lies, got, want, forfeits))
    views = play.views
    both = 1 | 1 << 1
    unnamed = [v["k"] for v in views if v["named"] & both & ~(1 << v["k"]) !=
               both & ~(1 << v["k"]) or not v["held"] & (1 << CY)]
    verdict(mode != "nosnap" or unnamed or got != 0,
            "%s: with Bo answering %d VOUCH requests with a digest that is not its state%s, the "
            "rebooted Cy applied %d of the sequencer's %d entries (none it could not check); "
            "the record names Cy forfeit in %d rounds; every handheld's held mask names Cy (%s), "
            "and the Logs-differ screens name %s (masks: Anna 1, Bo 2, Cy 4); screens that do "
            "not name both Anna and Bo: %s" % (
                "the stated limit" if mode == "nosnap" and not unnamed else "stopped", lies,
                " and sending no snapshot" if mode == "nosnap" else "", got, want, forfeits,
                [v["held"] for v in views], [v["named"] for v in views], unnamed))


if __name__ == "__main__":
    run(main)
