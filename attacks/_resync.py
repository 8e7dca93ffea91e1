"""_resync: what the round-24/25 resync attacks share (resync_forfeit.py, resync_below.py,
resync_wedge.py): the three handhelds' parts, a handheld's chain at an entry, people who take
their time over a bid (so the sequencer has time for its term raises; slow_bids: the same at a
host_tools.tablebus table, for the lag attacks of rounds 33-35), and a frame sent to one handheld
alone, tagged for it, with the claim and chain the sequencer chooses."""
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


def slow_bids(t, h, think_ms):
    """The person at tablebus handheld h (of Table t) takes think_ms over each bid or call: the
    move is decided at once and handed over think_ms later (a game of minutes, as at a table)."""
    d, memo, wait = h.decide, {}, {}

    def decide(game, seat):
        k = (seat, h.node.applied)
        if k in memo:
            wait.pop(seat, None)
            return memo.pop(k)
        m = d(game, seat)
        if m is not None and m[0] in (wire.A_BID, wire.A_SNYD):
            memo[k] = m      # the move, made think_ms on (asked again each step meanwhile)
            memo[k + (0,)] = t.now
            wait[seat] = h.node.applied
            return None
        return m

    def decide2(game, seat):
        k = (seat, h.node.applied)
        if k in memo and t.now - memo[k + (0,)] < think_ms:
            return None
        return decide(game, seat)
    h.decide = decide2
    st = h.step

    def step(now):
        for s, n in list(wait.items()):
            if n == h.node.applied:
                h.app.want(s)
            else:
                del wait[s]
        return st(now)
    h.step = step


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
