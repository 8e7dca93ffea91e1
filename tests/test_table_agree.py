"""The same log everywhere (issue 23): a hostile sequencer (the creator, Anna, whose firmware the test
changes: it holds its own keys and may send anything they sign) tells the handhelds different logs.
The honest handhelds must notice before any of them reveals a secret on a log the others do not
hold, and end the game with one record (tablelog.Node.agreed, agree.py; docs/protocol.md, The log).
"""
import pytest

from dicecup.table import game
from dicecup.table import wire
from host_tools.tablebus import Eavesdropper, Table

ANNA, BO, CY, DI = 0, 1, 2, 3


class Air:
    """Reads every frame handheld `src` puts on the radio (unchecked: the test's own eyes)."""

    def __init__(self, t):
        self.codec = Eavesdropper(t.table_id)
        self.f = wire.Frame()
        self.seen = 0
        self.t = t

    def new(self):
        """(sender, frame type, frame) of each frame sent since the last call."""
        log = self.t.bus.log
        while self.seen < len(log):
            _, src, _, data = log[self.seen]
            self.seen += 1
            if self.codec.decode(data, self.f) == wire.OK:
                yield src, self.f.type, self.f


def hostile_send(t, rule):
    """Anna's radio: rule(dest, frame) -> the handhelds (a list) that get this frame of hers."""
    anna = t.hands[ANNA]
    eav = Eavesdropper(t.table_id)
    g = wire.Frame()

    def send(dest, data):
        if eav.decode(data, g) != wire.OK:
            return anna.__class__._send(anna, dest, data)
        for d in rule(None if dest == 0xFF else dest, g):
            anna.bus.send(anna.addr, d, data, anna.now)
    anna.node.send = send


def play_withheld_call(attack, seed=3):
    """Anna sends the round's call to Bo and Cy only (and never to Di, nor serves it on a NACK):
    Bo and Cy must not reveal while Di still bids. Returns (reveals sent while Di lacked the call,
    the call's entry, the game ended for the honest, the honest records agree)."""
    t = Table(seats=4, seed=seed)
    air = Air(t)
    call = [0]

    def rule(dest, f):
        everyone = [x for x in range(4) if x != ANNA]
        to = everyone if dest is None else [dest]
        if f.type == wire.T_ENTRY and f.etype == wire.T_ACTION and f.kind == wire.A_SNYD and \
                not call[0] and t.hands[0].app.round >= 2:
            call[0] = f.seq
        if f.type == wire.T_ENTRY and f.seq == call[0]:
            return [x for x in to if x != DI]
        return to

    if attack:
        hostile_send(t, rule)
    assert t.start_game() == 0
    early = []
    honest = (BO, CY, DI)

    def watch():
        for src, typ, f in air.new():
            if src in (BO, CY) and typ == wire.T_REVEAL and call[0] and \
                    t.hands[DI].node.applied < call[0]:
                early.append((src, f.round))
        return all(t.hands[i].app.phase >= game.P_OVER for i in honest) and \
            len({t.hands[i].node.applied for i in honest}) == 1

    ok = t.run(watch, 900000)
    recs = [t.hands[i].app.rec.record() for i in honest]
    return early, call[0], ok, all(r == recs[0] for r in recs)


def test_a_call_sent_to_some_handhelds_only_reveals_nothing():
    early, call, ok, same = play_withheld_call(True)
    assert call, "the attack never ran (no call logged)"
    assert not early, "revealed while Di did not hold the call (entry %d): %s" % (call, early)
    assert ok and same, "the honest handhelds did not end the game with one record"


def play_equivocation(attack, seed=3, cover=False):
    """At one of its own bids, Anna logs the bid for Bo and Di and, at the same place, a higher
    bid for Cy (both signed by her own seat: a request of hers, as she may). `cover`: her
    heartbeats to Cy from then on show Cy's own log (so only the followers' heartbeats can tell
    Cy's log from the others'). Returns (the honest
    handhelds that revealed a secret while their logs differed, the entry, the game ended for
    the honest, the honest records agree, forks seen)."""
    t = Table(seats=4, seed=seed)
    anna = t.hands[ANNA]
    air = Air(t)
    at = [0]
    g = wire.Frame()

    def rule(dest, f):
        everyone = [x for x in range(4) if x != ANNA]
        to = everyone if dest is None else [dest]
        if cover and at[0] and f.type == wire.T_ACK and CY in to:
            cy = t.hands[CY].node
            g.type, g.flags, g.missing = wire.T_ACK, f.flags, f.missing
            g.chain[:] = cy.chain
            g.table, g.seat, g.term, g.seq, g.ack = t.table_id, ANNA, f.term, 0, cy.applied
            anna.bus.send(anna.addr, CY, anna.codec.encode(g, 1 << CY), anna.now)
            return [x for x in to if x != CY]
        if f.type == wire.T_ENTRY and f.etype == wire.T_ACTION and f.kind == wire.A_BID and \
                f.rby == ANNA and f.seq and not at[0] and anna.app.round >= 2:
            if f.count < sum(anna.app.game.dice_left):  # one higher is a legal bid too
                at[0] = f.seq
        if f.type == wire.T_ENTRY and f.seq == at[0] and CY in to:
            # Cy's version: the same bid one higher, signed as Anna's own request
            g.type = wire.T_ENTRY
            g.etype, g.who, g.round = wire.T_ACTION, ANNA, f.round
            g.kind, g.count, g.face = wire.A_BID, f.count + 1, f.face
            g.seq, g.eterm = f.seq, f.eterm
            anna.codec.sign_request(g, ANNA, f.rack, anna.node._everyone())
            g.table, g.seat, g.term, g.ack = t.table_id, ANNA, anna.node.term, anna.node.applied
            anna.bus.send(anna.addr, CY, anna.codec.encode(g, 1 << CY), anna.now)
            return [x for x in to if x != CY]
        return to

    if attack:
        hostile_send(t, rule)
    assert t.start_game() == 0
    leaks = []
    honest = (BO, CY, DI)

    def watch():
        for src, typ, f in air.new():
            if src in honest and typ == wire.T_REVEAL and at[0] and diverged(t, honest, at[0]):
                leaks.append((src, f.round))
        return all(t.hands[i].app.phase >= game.P_OVER for i in honest) and \
            len({t.hands[i].node.applied for i in honest}) == 1

    ok = t.run(watch, 900000)
    recs = [t.hands[i].app.rec.record() for i in honest]
    return leaks, at[0], ok, all(r == recs[0] for r in recs), \
        [t.hands[i].node.__dict__.get("forks", 0) for i in honest]


def diverged(t, honest, seq):
    """True while two honest handhelds hold different entries at seq (both still in the window)."""
    f = wire.Frame()
    seen = set()
    for i in honest:
        n = t.hands[i].node
        if n.entry(seq, f):
            seen.add((f.kind, f.count, f.face, f.who))
    return len(seen) > 1


@pytest.mark.parametrize("cover", [False, True])
def test_an_equivocating_sequencer_is_caught_before_any_reveal(cover):
    leaks, at, ok, same, forks = play_equivocation(True, cover=cover)
    assert at, "the attack never ran (no bid of Anna's that Cy could take one higher)"
    assert not leaks, "a secret was revealed while the honest logs differed at %d: %s" % (at, leaks)
    assert any(forks), "no honest handheld saw the fork"
    assert ok and same, "the honest handhelds did not end the game with one record"


def test_the_attacks_controls_end_well():
    """Without the attacks the same games end with one record (the tests above test the attack)."""
    early, call, ok, same = play_withheld_call(False)
    assert not early and ok and same
    leaks, at, ok, same, forks = play_equivocation(False)
    assert not leaks and ok and same and not any(forks)
