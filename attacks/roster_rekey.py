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
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, keys, snyd  # noqa: E402

BO, CY = 1, 2


def watch(t, victim, target):
    """Record what victim's node asks for, and every entry target applies in victim's name."""
    asked, applied = [], []
    bo, cy = t.tables[victim], t.tables[target]
    sub = bo.node.submit

    def submit(f, now):
        asked.append((f.etype, f.round, f.kind, f.count, f.face))
        return sub(f, now)
    bo.node.submit = submit
    app = cy.node.game
    ap = app.apply
    # entries the victim's log held before the watch began were asked for before it could see
    # them (before any attack): a game that starts sooner logs its first move by then
    before = bo.node.applied

    def apply(f, seq):
        if f.etype not in (wire.T_SEATS, wire.T_FORFEIT) and f.rby == victim and seq > before:
            applied.append((f.etype, f.round, f.kind, f.count, f.face))
        return ap(f, seq)
    app.apply = apply
    return asked, applied


def rekey(t, atk, victim, target, wait=True):
    """Handheld atk (the sequencer) sends target one ROSTER line naming a public key of its own
    for handheld victim; returns a Codec that speaks as victim to atk and target, and whether the
    target took the key (with wait=False: the key it will take; nothing ticks)."""
    a = t.tables[atk]
    t.cd(atk)
    evil = keys.new_secret(os.urandom)
    evil_key = keys.pair_key(evil, a.pubs[target], a.tid)
    f = wire.Frame()
    f.type = wire.T_ROSTER
    f.n = len(a.order) if a.order else wire.bits(a.node.members)
    f.k = a.order.index(victim) if victim in a.order else victim
    f.value = victim
    f.name[:] = a.names[victim].encode()[:wire.NAME_LEN].ljust(wire.NAME_LEN, b"\0")
    f.pub[:] = keys.public(evil)
    a.node._emit(target, f)           # one keyed frame, for the target only
    if wait:
        t.tick(2)
    forger = wire.Codec()
    forger.seat_at(a.tid, victim)
    forger.set_key(atk, a.keys[victim])   # the pair key the sequencer really shares with victim
    forger.set_key(target, evil_key)      # the one it made the target use for victim
    return forger, (t.tables[target].keys[victim] == evil_key) if wait else evil_key


def forge_move(t, atk, victim, target, forger):
    """On victim's turn, the sequencer logs a Snyd move in victim's name (a call if there is a
    bid, else every die a six). Returns the move, or None if it is not victim's turn."""
    a = t.tables[atk]
    g = a.game
    if g is None or g.phase != 3 or g.game.on_turn != victim:
        return None
    f = wire.Frame()
    f.type = f.etype = wire.T_ACTION
    f.who = victim
    f.round = g.round
    if g.game.bid_face:
        f.kind = wire.A_SNYD
    else:
        f.kind, f.count, f.face = wire.A_BID, 6, 6
    forger.sign_request(f, victim, a.node.applied, (1 << atk) | (1 << target))
    f.ack = f.rack
    f.seq = 1
    t.cd(atk)
    before = a.node.applied
    a.node._on_request(f, t.now)
    if a.node.applied == before:
        return None
    return (f.etype, f.round, f.kind, f.count, f.face)


def play(attack, tmp=None):
    t = Trio(3, rules=snyd.Rules(dice=2), tmp=tmp)
    t.seat_all()
    t.start()
    asked, applied = watch(t, BO, CY)
    cy = t.tables[CY]
    forged = []
    if attack:
        forger, ok = rekey(t, 0, BO, CY)
        print("Cy's key for Bo is now the sequencer's:", ok)

        def forge():
            if not forged:
                m = forge_move(t, 0, BO, CY, forger)
                if m:
                    forged.append(m)
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
