"""_resync: what the round-24/25 resync attacks share (resync_forfeit.py, resync_below.py,
resync_wedge.py): the three handhelds' parts, a handheld's chain at an entry, people who take
their time over a bid (so the sequencer has time for its term raises), and a frame sent to one
handheld alone, tagged for it, with the claim and chain the sequencer chooses."""
from _table3 import Trio, wire, snyd
from dicecup.table import snyd as snydtable

ATK, BO, CY = 0, 1, 2   # the sequencer (the creator, the attacker), its victim, the third handheld


def chain_at(node, seq):
    """node's chain at entry seq (the 8 bytes a heartbeat shows), or None once out of its window."""
    i = seq % 32
    if seq < 1 or node.agree._s[i] != seq:
        return None
    return bytes(node.agree._h[i * 8:(i + 1) * 8])


def slow_movers(t, think_ms):
    """Every person at Trio t takes think_ms over a bid."""
    think = {}

    def slow(tb, m):
        k = tb.who
        if tb.game.phase == snydtable.P_BID and tb.game.game.on_turn == tb.my_seat():
            think.setdefault((k, tb.node.applied), t.now)
            if t.now - think[(k, tb.node.applied)] < think_ms:
                return
        m(tb)
    t.movers = [lambda tb, m=m: slow(tb, m) for m in t.movers]


def emitter(node):
    """emit_to(dest, f, ack=None, chain=None): f from node to dest alone (a heartbeat's claim and
    chain as given)."""
    def emit_to(dest, f, ack=None, chain=None):
        f.table = node.codec.table
        f.seat = node.seat
        f.term = node.term
        if f.type not in wire.LOGGABLE:
            f.ack = node.applied if ack is None else ack
        if chain is not None:
            f.chain[:] = chain
        try:
            mv = node.codec.encode(f, 1 << dest)
        except ValueError:
            return
        node.send(dest, mv)
    return emit_to


def trio(seed, think_ms):
    """A 3-handheld Snyd table with 3 dice started (its people taking think_ms over a bid), and
    the attacker's Node."""
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    slow_movers(t, think_ms)
    return t, t.tables[ATK].node
