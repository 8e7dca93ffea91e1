"""Attack: the sequencer equivocates - entry N is its own bid at Bo and its own call at Cy - then
goes silent. The honest Bo takes over, and the honest Cy refuses Bo's first entry and stops
following the honest Bo; neither follows the other again and the game never ends.

Promise: Alive (no frame stops a game for good; a seat can slow the table, not stop it); the
sequencer orders, nothing more; an entry blames the handheld that sent it (only a rule-breaker is
left: docs/protocol.md, The log, "Followers re-check every entry" and eterm_blame's fix).
Role: the creator, the sequencer; no radio needed.

How: both entries are genuine requests of the sequencer's own seat (its tags for everyone, its
turn, each valid alone), sent to one follower each at the same sequence number. A follower checks
an entry against its own log only; heartbeats carry each handheld's chain, but nobody compares
them, and an entry at a place already applied under the same term counts as a duplicate
(D_DUP), never a conflict. So Bo and Cy play on from different states. When the sequencer goes
silent, Bo (next clockwise) takes over, catches up (both report the same count) and logs its own
bid; at Cy, in the reveal phase, that bid breaks the rules, and Cy distrusts Bo - the honest
handheld whose frame brought it. Cy takes over; Bo, sequencer itself, refuses Cy's term.

Control: the sequencer goes silent at the same turn without a move: Bo takes over, gives its seat
to a bot (the pause screen's answer) and the game ends, nobody distrusted but the silent one.
Verdict: exit 0 if no honest handheld distrusts another and the game ends; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, mac  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402

ATK, BO, CY = 0, 1, 2


def my_turn(tb):
    g = tb.game
    if g is None or g.phase != snydtable.P_BID or g.showing:
        return -1
    s = [x for x in range(g.n) if g.hosts[x] == tb.who][0]
    if g.game.on_turn != s or not g.game.bid_face or tb.node.pending(s):
        return -1
    nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
    return s if nxt is not None else -1


def request(node, s, rnd, kind, count=0, face=0):
    f = wire.Frame()
    f.type = f.etype = wire.T_ACTION
    f.who = s
    f.round = rnd
    f.kind, f.count, f.face = kind, count, face
    node.codec.sign_request(f, node.seat, node.applied, node._everyone())
    f.ack = f.rack
    return f


def equivocate(t, s):
    """Entry applied+1: a bid at Bo (and the sequencer itself), a call at Cy."""
    tb = t.tables[ATK]
    node, g = tb.node, tb.game
    seq = node.applied + 1
    nxt = g.game.step_bid(g.game.bid_count, g.game.bid_face, 1)
    bid = request(node, s, g.round, wire.A_BID, nxt[0], nxt[1])
    call = request(node, s, g.round, wire.A_SNYD)
    node.game.now = t.now
    assert node.game.check(bid) == 0 and node.game.check(call) == 0
    node._store(seq, node.term, call, t.now, 1)
    node._send_entry(CY, seq)
    node._store(seq, node.term, bid, t.now, 1)
    node._apply_ready(t.now)
    node._send_entry(BO, seq)
    return seq


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    silent = []
    # (the frames it sent in the tick it goes silent still go out)
    t.filters.append(lambda src, dst, data: not silent or t.now <= silent[0] or
                     (src != mac(ATK) and dst != mac(ATK)))
    forked = []

    def atk_mover(tb, m=t.movers[ATK]):
        if silent:
            return
        s = my_turn(tb)
        if s >= 0 and tb.game.round >= 2:
            if attack:
                forked.append(equivocate(t, s))
            silent.append(t.now)  # (the control: it goes without its move)
            return
        m(tb)
    t.movers[ATK] = atk_mover
    if not t.until(lambda: silent, 120000):
        print("the sequencer never had a turn")
        sys.exit(2)
    t.tick(5)
    # from now on the sequencer's handheld is off: not ticked, nothing to or from it
    t.tables[ATK].tick = lambda now: None
    t.movers[ATK] = None

    def pause_screen(tb, m):
        """The person at the new sequencer answers the pause: the gone handheld's seat to a bot."""
        n = tb.node
        if n.is_leader() and n.ready and n.missing & (1 << ATK) and ATK in tb.game.hosts[:tb.game.n]:
            tb.reseat_to_bot(ATK, t.now)
        m(tb)
    for k in (BO, CY):
        t.movers[k] = lambda tb, m=t.movers[k]: pause_screen(tb, m)
    honest = (BO, CY)
    over = t.until(lambda: all(t.tables[k].game.phase == snydtable.P_OVER for k in honest),
                   600000)
    bad = {k: [h for h in range(3) if t.tables[k].node._bad & (1 << h)] for k in honest}
    state = {k: (t.tables[k].node.leader, t.tables[k].node.applied, t.tables[k].game.round,
                 t.tables[k].game.phase, bytes(t.tables[k].node.chain).hex()) for k in honest}
    drops = {k: [(n, v) for n, v in zip(log.DROP_NAMES, t.tables[k].node.dropped)
                 if v and n in ("invalid", "dup", "conflict", "seize")] for k in honest}
    return over, bad, state, drops, forked


def main():
    over, bad, state, drops, _ = play(False)
    if not over or any(h != ATK for k in bad for h in bad[k]):
        print("control failed:", over, bad, state, drops)
        sys.exit(2)
    print("control: game over at Bo and Cy, distrusted:", bad, "state:", state)
    over, bad, state, drops, forked = play(True)
    print("attack: entry", forked, "over:", over, "distrusted:", bad, "state:", state,
          "drops:", drops)
    honest_blamed = {k: [h for h in bad[k] if h != ATK] for k in bad}
    broke = not over or any(honest_blamed.values())
    verdict(broke, "after the sequencer gave entry %s as a bid to Bo and as a call to Cy and went "
            "silent: honest handhelds distrusted by honest ones %s (all distrusted, by handheld: %s); "
            "game over at both after 10 min: %s; (leader, applied, round, phase, chain) %s; "
            "drops %s" % (forked, honest_blamed, bad, over, state, drops))


if __name__ == "__main__":
    run(main)
