"""log (and snydtable over it) under both interpreters: a tiny lossy radio, whole logs and a
whole Snyd game, a laggard caught up from a chunked snapshot, refusals with a reason."""
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from mpcheck import Rng, eq
from dicecup.records.snyd import replay

TABLE = 0x0BADCAFE
KEY = b"table-key-16byte"


class Radio:
    """Frames arrive after 1 + up to `jitter` ms, or never (loss), or twice (dup)."""

    def __init__(self, rng, loss=0, dup=0, jitter=20):
        self.rng, self.loss, self.dup, self.jitter = rng, loss, dup, jitter
        self.q = []
        self.rx = {}
        self.off = set()
        self.frames = 0
        self.types = {}

    def sender(self, src):
        def send(dest, data):
            self.frames += 1
            data = bytes(data)
            self.types[data[2]] = self.types.get(data[2], 0) + 1
            for d in (list(self.rx) if dest == log.BROADCAST else [dest]):
                if d == src:
                    continue
                for _ in range(2 if self.rng.below(100) < self.dup else 1):
                    if self.rng.below(100) >= self.loss:
                        self.q.append((self.now + 1 + self.rng.below(self.jitter), d, data))
        return send

    def run(self, steps, tick, until=None, step=5):
        for _ in range(steps):
            if until and until():
                return True
            self.now += step
            due = [x for x in self.q if x[0] <= self.now]
            self.q = [x for x in self.q if x[0] > self.now]
            for _, d, data in due:
                if d not in self.off:
                    self.rx[d](data, self.now)
            tick(self.now)
        return until() if until else True

    now = 0


class Counter:
    """An abstract app: accepts only increasing numbers (ACTION.count + 256 * face)."""

    def __init__(self):
        self.vals = []
        self.refused = []

    def check(self, f):
        v = f.count + 256 * f.face
        return log.RJ_APP if self.vals and v <= self.vals[-1] else 0

    def apply(self, f, seq):
        self.vals.append(f.count + 256 * f.face)

    def snapshot(self, buf, off):
        for v in self.vals:
            buf[off] = v & 0xFF
            buf[off + 1] = v >> 8
            off += 2
        return off

    def restore(self, mv, seq):
        self.vals = [mv[i] | mv[i + 1] << 8 for i in range(0, len(mv), 2)]
        return True

    def rejected(self, who, reason, lo):
        self.refused.append((who, reason))


def _nodes(radio, apps):
    nodes = []
    members = (1 << len(apps)) - 1
    for s, app in enumerate(apps):
        c = wire.Codec()
        c.seat_at(TABLE, s)
        keys.dealt(c, s, members, KEY)
        n = log.Node(s, c, app, radio.sender(s), members, 0)
        radio.rx[s] = n.receive
        nodes.append(n)
    return nodes


def _ask(node, who, v, now):
    f = wire.Frame()
    f.etype, f.who, f.kind, f.count, f.face = wire.T_ACTION, who, 1, v & 0xFF, v >> 8
    return node.submit(f, now)


def test_requests_from_every_seat_end_in_one_order():
    radio = Radio(Rng(1), loss=25, dup=10)
    apps = [Counter() for _ in range(3)]
    nodes = _nodes(radio, apps)
    state = {"v": 0}

    def tick(now):
        for n in nodes:
            n.tick(now)
            if not n.pending(n.seat) and state["v"] < 120:
                state["v"] += 1 + radio.rng.below(3)
                _ask(n, n.seat, state["v"], now)

    assert radio.run(40000, tick, lambda: state["v"] >= 120 and len(
        set(len(a.vals) for a in apps)) == 1 and not any(n.pending(n.seat) for n in nodes))
    eq(apps[1].vals, apps[0].vals)
    eq(apps[2].vals, apps[0].vals)
    assert len(apps[0].vals) > 30
    for i in range(1, len(apps[0].vals)):
        assert apps[0].vals[i] > apps[0].vals[i - 1]
    # racing requests lost: each was told so, and a reason came with it
    assert sum(len(a.refused) for a in apps) > 0


def test_laggard_catches_up_from_a_chunked_snapshot():
    radio = Radio(Rng(2))
    apps = [Counter() for _ in range(3)]
    nodes = _nodes(radio, apps)
    radio.off.add(2)
    nodes[2].missing_ms = 10 ** 9  # it must not take over while it hears nobody
    v = 0
    for i in range(log.LOG_CAP + 150):
        v += 1
        _ask(nodes[0], 0, v, radio.now)
    radio.run(10, lambda now: None)
    assert nodes[0].applied > log.LOG_CAP + 100
    radio.off.discard(2)

    def tick(now):
        for n in nodes:
            n.tick(now)

    assert radio.run(2000, tick, lambda: nodes[2].applied == nodes[0].applied)
    eq(apps[2].vals, apps[0].vals)
    assert len(apps[0].vals) * 2 > wire.SNAP_DATA_MAX  # really more than one chunk
    assert radio.types.get(wire.T_SNAP, 0) >= 2


def test_a_silent_seat_pauses_the_table_by_name():
    radio = Radio(Rng(3))
    nodes = _nodes(radio, [Counter() for _ in range(3)])

    def tick(now):
        for n in nodes:
            n.tick(now)

    radio.run(400, tick)
    eq(nodes[1].missing, 0)
    radio.off.add(2)
    nodes[2].missing_ms = 10 ** 9
    radio.run(1000, lambda now: [n.tick(now) for n in nodes[:2]])
    eq(nodes[0].missing, 1 << 2)
    eq(nodes[1].missing, 1 << 2)  # the sequencer's heartbeat names it on every screen


def snyd_player(rng):
    """A seat's decider for a Snyd table game (a bid one up, a call a third of the time)."""
    def decide(game, seat):
        if game.on_turn != seat:
            return None
        if game.bid_face and rng.below(3) == 0:
            return (wire.A_SNYD,)
        nxt = game.first_bid() if not game.bid_face else game.step_bid(game.bid_count,
                                                                        game.bid_face, 1)
        return (wire.A_SNYD,) if nxt is None else (wire.A_BID, nxt[0], nxt[1])
    return decide


def play_snyd(radio, rng, nodes, apps, rules):
    """Seat every handheld (the creator logs SEATS) and play the game to its end on the radio."""
    n = len(nodes)
    rand = lambda k: bytes(rng.below(256) for _ in range(k))
    decide = snyd_player(rng)
    f = wire.Frame()
    f.etype, f.n, f.first = wire.T_SEATS, n, 0
    f.rules[:] = snydtable.pack_rules(rules)
    for s in range(n):
        f.kinds[s], f.hosts[s] = 1, s
    eq(nodes[0].log_local(f, 0), 0)

    def tick(now):
        for nd, a in zip(nodes, apps):
            nd.tick(now)
            a.poll(nd, now, decide, rand)

    return radio.run(200000, tick, lambda: all(a.phase == snydtable.P_OVER for a in apps) and
                     len(set(nd.applied for nd in nodes)) == 1)


def test_whole_snyd_game_over_a_lossy_radio():
    rng = Rng(4)
    radio = Radio(rng, loss=15, dup=5)
    apps = [snydtable.SnydTable(TABLE, 1 << s) for s in range(3)]
    nodes = _nodes(radio, apps)
    assert play_snyd(radio, rng, nodes, apps, snyd.Rules(dice=3))
    rec = apps[0].rec.record()
    eq(apps[1].rec.record(), rec)
    eq(apps[2].rec.record(), rec)
    out = replay(rec)
    assert out["error"] is None and out["winner"] is not None, out


def test_the_rules_cross_the_radio_and_bad_rules_are_refused():
    app = snydtable.SnydTable(TABLE)
    f = wire.Frame()
    f.etype, f.n, f.first = wire.T_SEATS, 3, 0
    f.rules[:] = snydtable.pack_rules(snyd.Rules(open_die=True))
    eq(app.check(f), 0)
    eq(snydtable.unpack_rules(f.rules).open_die, True)
    f.rules[:] = bytes((0, 0, 0, 0, 0, 0))          # no dice: no rules
    eq(app.check(f), snydtable.RJ_RULES)
    f.rules[:] = snydtable.pack_rules(snyd.Rules())
    f.n = 9                                         # more seats than a table has
    eq(app.check(f), snydtable.RJ_RULES)
    f.n = 3
    eq(app.check(f), 0)
    r = snydtable.unpack_rules(snydtable.pack_rules(snyd.Rules(dice=3, jokers=False, calza_by=2)))
    eq((r.dice, r.jokers, r.calza_by), (3, False, 2))


def test_whole_yatzy_game_over_a_lossy_radio():
    from dicecup.rules import yatzy
    from dicecup.table import yatzy as yatzytable
    rng = Rng(6)
    radio = Radio(rng, loss=15, dup=5)
    apps = [yatzytable.YatzyTable(TABLE, 1 << s) for s in range(3)]
    for a in apps:
        a.roll_waits = False  # rolls at once, without a press
    nodes = _nodes(radio, apps)
    rand = lambda n: bytes(rng.below(256) for _ in range(n))

    def decide(game, seat):
        if game.rolls_left and rng.below(2):
            return (wire.Y_HOLD, rng.below(1 << game.ndice))
        scores = game.scores_for()
        free = [b for b in range(game.nbox) if scores[b] != yatzy.NOT_FREE]
        return (wire.Y_BOX, free[rng.below(len(free))], 0)

    f = wire.Frame()
    f.etype, f.n = wire.T_SEATS, 3
    f.rules[:] = yatzytable.pack_rules(("standard", None, 0))
    for s in range(3):
        f.kinds[s], f.hosts[s] = 1 + s % 2, s  # seats 0 and 2 share scorecard 0
    eq(nodes[0].log_local(f, 0), 0)

    def tick(now):
        for n, a in zip(nodes, apps):
            n.tick(now)
            a.poll(n, now, decide, rand)

    done = lambda: all(a.phase == yatzytable.P_OVER for a in apps) and len(
        set(n.applied for n in nodes)) == 1
    assert radio.run(200000, tick, done)
    rec = apps[0].rec.record()
    eq(apps[1].rec.record(), rec)
    eq(apps[2].rec.record(), rec)
    eq(rec["players"], 2)
    from dicecup.records.yatzy import replay as yreplay
    out = yreplay(rec)
    assert out["error"] is None and out["finished"], out


def test_a_fast_game_sends_no_snapshot_to_followers_that_keep_up():
    """Entries faster than heartbeats: the window rolls past a follower's last heartbeat, which is
    no reason to think it is behind (regression: it used to get a snapshot)."""
    radio = Radio(Rng(7), jitter=1)
    apps = [Counter() for _ in range(3)]
    nodes = _nodes(radio, apps)
    state = {"v": 0}

    def tick(now):
        for n in nodes:
            n.tick(now)
        for _ in range(2):
            state["v"] += 1
            _ask(nodes[0], 0, state["v"], now)

    radio.run(150, tick, step=2)
    radio.run(50, lambda now: [n.tick(now) for n in nodes], step=2)
    assert nodes[0].applied > 2 * log.LOG_CAP
    eq(nodes[1].applied, nodes[0].applied)
    eq(radio.types.get(wire.T_SNAP, 0), 0)


def _sends(radio, src, ftype):
    """Wrap the radio's sender for seat src: the times it sends a frame of ftype."""
    times = []
    send = radio.sender(src)

    def logged(dest, data):
        if data[2] == ftype:
            times.append(radio.now)
        send(dest, data)
    return logged, times


def _watched(seed, n, seat, ftype):
    """n Counter nodes on a clean radio; the times seat sends frames of ftype; a tick for all."""
    radio = Radio(Rng(seed), jitter=1)
    apps = [Counter() for _ in range(n)]
    nodes = _nodes(radio, apps)
    nodes[seat].send, times = _sends(radio, seat, ftype)

    def tick(now):
        for x in nodes:
            x.tick(now)
    return radio, apps, nodes, times, tick


def test_the_newest_entry_is_repeated_only_while_frames_are_lost():
    radio, apps, nodes, entries, tick = _watched(3, 3, 0, wire.T_ENTRY)
    radio.run(400, tick)                      # 2 s of heartbeats, nothing lost
    _ask(nodes[0], 0, 1, radio.now)
    radio.run(200, tick)
    eq(len(entries), 1)                       # no loss seen: sent once, no repeats
    eq([a.vals for a in apps], [[1]] * 3)
    radio.loss = 60                           # heartbeats lost: gaps in their frame counters
    radio.run(600, tick)
    radio.loss = 0
    radio.run(20, tick)
    del entries[:]
    _ask(nodes[0], 0, 2, radio.now)
    radio.run(200, tick)
    assert len(entries) >= 2, entries         # loss was seen lately: the newest is repeated
    assert len(entries) <= 1 + log.Node.tail_repeats, entries
    eq([a.vals for a in apps], [[1, 2]] * 3)
    radio.run(log.Node.lossy_ms // 5, tick)
    del entries[:]
    _ask(nodes[0], 0, 3, radio.now)
    radio.run(200, tick)
    eq(len(entries), 1)                       # long enough without loss: once again


def test_a_request_is_repeated_quickly_a_few_times_then_less_often():
    radio, apps, nodes, reqs, tick = _watched(4, 2, 1, wire.T_ACTION)
    radio.run(100, tick)
    radio.off.add(0)                          # the sequencer hears nothing
    t0 = radio.now
    _ask(nodes[1], 1, 5, t0)
    radio.run(300, tick)                      # 1.5 s
    gaps = [b - a for a, b in zip(reqs, reqs[1:])]
    fast = log.Node.resend_fast
    eq(gaps[:fast], [log.Node.resend_ms] * fast)
    assert gaps[fast] == 2 * log.Node.resend_ms, gaps
    assert max(gaps) <= log.Node.resend_max_ms, gaps
    radio.off.discard(0)
    radio.run(200, tick)
    eq(apps[0].vals, [5])
    eq(apps[1].vals, [5])
