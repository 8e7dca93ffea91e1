"""Attack: the sequencer re-keys an honest handheld behind its back with a ROSTER frame, then
speaks for it.

Promise: Authentic ("a frame counts as a seat's only if that seat's handheld sent it").
Role: the creator, which is the sequencer (the same holds for any seat once it is the sequencer:
a joiner's table.Table takes ROSTER from whoever its node follows).

table.Table._rostered() takes a ROSTER line from the host seat (the sequencer once known) and, when
the public key it names for another handheld is new, derives a new pair key for that handheld and
installs it in the codec - also in a game. The hostile sequencer sends Cy one ROSTER line naming a
public key of its own for Bo. From then on Cy checks "Bo's" frames under a key the sequencer knows:
the sequencer forges Bo's requests (its requester tags for Cy too), logs them, and Cy applies moves
Bo never made; Bo's real frames fail Cy's tag check (R_TAG), so to Cy Bo is silent.

Control: the same table played honestly: every applied entry in Bo's name at Cy is one Bo asked for.
Verdict: exit 0 if Cy applies no move in Bo's name that Bo did not send; 1 with evidence if it does.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _table3 import Trio, run, verdict, wire, tablekeys, snyd  # noqa: E402

BO, CY = 1, 2


def watch(t):
    """Record what Bo's node asks for, and every entry Cy applies in Bo's name."""
    asked, applied = [], []
    bo, cy = t.tables[BO], t.tables[CY]
    sub = bo.node.submit

    def submit(f, now):
        asked.append((f.etype, f.round, f.kind, f.count, f.face))
        return sub(f, now)
    bo.node.submit = submit
    app = cy.node.app
    ap = app.apply

    def apply(f, seq):
        if f.etype not in (wire.T_SEATS, wire.T_FORFEIT) and f.rby == BO:
            applied.append((f.etype, f.round, f.kind, f.count, f.face))
        return ap(f, seq)
    app.apply = apply
    return asked, applied


def play(attack, tmp=None):
    t = Trio(3, rules=snyd.Rules(dice=2), tmp=tmp)
    t.seat_all()
    t.start()
    asked, applied = watch(t)
    a, cy = t.tables[0], t.tables[CY]
    forged = []
    if attack:
        t.cd(0)
        evil = tablekeys.new_secret(os.urandom)
        evil_pub = tablekeys.public(evil)
        evil_key = tablekeys.pair_key(evil, a.pubs[CY], a.tid)
        f = a.f
        f.type = wire.T_ROSTER
        f.n = len(a.order)
        f.k = a.order.index(BO)
        f.value = BO
        f.name[:] = b"Bo".ljust(wire.NAME_LEN, b"\0")
        f.pub[:] = evil_pub
        a.node._emit(CY, f)           # one keyed frame, for Cy only: Bo never hears it
        t.tick(2)
        print("Cy's key for Bo is now the sequencer's:", cy.keys[BO] == evil_key)
        forger = wire.Codec()
        forger.seat_at(a.tid, BO)
        forger.set_key(0, a.keys[BO])   # the pair key the sequencer really shares with Bo
        forger.set_key(CY, evil_key)    # the one it made Cy use for Bo

        def forge():
            g = a.game
            if g is None or g.phase != 3 or g.game.on_turn != BO or forged:
                return
            f = wire.Frame()
            f.type = f.etype = wire.T_ACTION
            f.who = BO
            f.round = g.round
            if g.game.bid_face:
                f.kind = wire.A_SNYD
            else:
                f.kind, f.count, f.face = wire.A_BID, 6, 6   # every die a six
            forger.sign_request(f, BO, a.node.applied, (1 << 0) | (1 << CY))
            f.ack = f.rack
            f.seq = 1
            t.cd(0)
            a.node._on_request(f, t.now)
            if a.node.applied and a.node.entry(a.node.applied, wire.Frame()):
                forged.append((f.etype, f.round, f.kind, f.count, f.face))
        t.movers[0] = lambda tb, m=t.movers[0]: (forge(), m(tb))
    t.until(lambda: cy.saved_games, 300000)
    not_asked = [e for e in applied if e not in asked]
    return not_asked, forged, cy.codec, t


def main():
    ctl, _, _, _ = play(False)
    if ctl:
        print("control failed: Cy applied moves in Bo's name Bo never asked for:", ctl)
        sys.exit(2)
    bad, forged, codec, t = play(True)
    drops = t.tables[CY].node.dropped
    verdict(bad, "Cy applied in Bo's name, never asked by Bo: %s (forged by the sequencer: %s); "
            "Cy's tag failures on frames: %d" % (bad, forged, drops[wire.R_TAG]))


if __name__ == "__main__":
    run(main)
