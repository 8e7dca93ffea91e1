"""tablebus: an in-process radio and a table of handhelds running the firmware's pure table modules.

For tests and benchmarks of the table protocol without the handheld app: every handheld is a
log.Node with a snydtable.SnydTable, the radio is a seeded Bus that loses, duplicates and
reorders frames and records every one of them (time, sender, bytes), time is simulated integer ms.

    t = Table(seats=4, loss=0.1, seed=3); t.run_game(); t.records() -> one record per handheld

The real simulator (host_tools.sim, the handheld app over fake espnow) will use the same firmware
modules; this harness stays as the fast, exact check of the protocol itself.
"""
import heapq
import random

import host_tools.paths  # noqa: F401  (puts firmware/ on sys.path)
from dicecup.rules import snyd
from dicecup.table import snyd as snydtable
from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from dicecup.rules import yatzy
from dicecup.table import yatzy as yatzytable

AIRTIME_US_PER_BYTE = 8  # 1 Mbit/s ESP-NOW PHY rate
AIRTIME_US_FIXED = 200   # preamble, MAC header, inter-frame space


class Bus:
    """A broadcast radio: per receiver, each frame is lost with probability `loss`, duplicated with
    `dup`, and delayed by airtime plus a random extra (reordering) with probability `reorder`."""

    def __init__(self, rng, loss=0.0, dup=0.0, reorder=0.0):
        self.rng = rng
        self.loss, self.dup, self.reorder = loss, dup, reorder
        self.q = []
        self.n = 0
        self.log = []            # (time ms, sender, dest, bytes) of every frame put on the air
        self.nodes = {}          # radio address -> Handheld
        self.busy_until = 0.0    # the channel is shared: frames queue behind each other

    def send(self, src, dest, data, now):
        data = bytes(data)
        self.log.append((now, src, dest, data))
        start = max(float(now), self.busy_until)
        self.busy_until = start + (AIRTIME_US_FIXED + AIRTIME_US_PER_BYTE * len(data)) / 1000.0
        targets = [d for d in self.nodes if d != src] if dest is None else [dest]
        for d in targets:
            copies = 2 if self.rng.random() < self.dup else 1
            for _ in range(copies):
                if self.rng.random() < self.loss:
                    continue
                t = self.busy_until
                if self.rng.random() < self.reorder:
                    t += self.rng.uniform(1, 40)
                self.n += 1
                heapq.heappush(self.q, (t, self.n, d, data))

    def inject(self, dest, data, t):
        self.n += 1
        heapq.heappush(self.q, (t, self.n, dest, bytes(data)))

    def deliver(self, now):
        """Hand every frame due by `now` to its receiver (unless that handheld is off)."""
        while self.q and self.q[0][0] <= now:
            t, _, d, data = heapq.heappop(self.q)
            h = self.nodes.get(d)
            if h is not None and not h.dead:
                h.receive(data, now)


class Eavesdropper(wire.Codec):
    """What a radio that hears every frame learns: each frame's fields, tags and counters
    unchecked (it has no key). Tests read the air with it; it can check nothing."""

    def __init__(self, table_id):
        wire.Codec.__init__(self)
        self.table = table_id

    def _check(self, data, t, table, seat, to, end):
        return wire.OK


def random_decide(rng, calza_rate=0.08, snyd_rate=0.3, app=None):
    """A player who makes random legal moves (sometimes a calza out of turn, to make races); with
    `app` (its SnydTable) it also lays a random die open under the open_die rule."""

    def decide(game, seat):
        if app is not None and app.showing & (1 << seat):
            d = app.mine[seat]
            i = rng.randrange(len(d))
            return (wire.A_SHOW, i, d[i])
        if game.may_calza(seat) and rng.random() < calza_rate:
            return (wire.A_CALZA,)
        if game.on_turn != seat:
            return None
        if game.bid_face and (rng.random() < snyd_rate or game.first_bid() is None):
            return (wire.A_SNYD,)
        q, f = game.bid_count, game.bid_face
        nxt = game.first_bid() if not f else game.step_bid(q, f, 1)
        if nxt is None:
            return (wire.A_SNYD,)
        for _ in range(rng.randrange(4)):
            more = game.step_bid(nxt[0], nxt[1], 1)
            if more is None:
                break
            nxt = more
        return (wire.A_BID, nxt[0], nxt[1])

    return decide


def random_yatzy(rng, hold_rate=0.6):
    """A Yatzy player: re-rolls at random, then takes the best-scoring free box."""

    def decide(game, seat):
        if game.rolls_left > 0 and rng.random() < hold_rate:
            return (wire.Y_HOLD, rng.randrange(1 << game.ndice))
        best = None
        for c in range(game.columns):
            scores = game.scores_for(None, c)
            for b in range(game.nbox):
                if scores[b] != yatzy.NOT_FREE and (best is None or scores[b] > best[0]):
                    best = (scores[b], b, c)
        return (wire.Y_BOX, best[1], best[2])

    return decide


class Handheld:
    """One handheld: a codec, a Node, a SnydTable, its flash (a dict) and its player."""

    def __init__(self, table, seat, bus, key, members, rng, flash, leader=0, now=0):
        self.seat = seat
        self.addr = table.offset + seat
        self.offset = table.offset
        self.dead = False
        self.bus = bus
        self.flash = flash
        self.codec = wire.Codec()
        self.codec.seat_at(table.table_id, seat)
        keys.dealt(self.codec, seat, members, key)
        table.epochs[seat] += 1  # a reboot starts a new epoch: its frames are never replays
        self.codec.ctr = table.epochs[seat] << wire.EPOCH_SHIFT
        cls = yatzytable.YatzyTable if table.game == "yatzy" else snydtable.SnydTable
        self.app = cls(table.table_id, 1 << seat, save=flash.__setitem__, load=flash.get, me=seat)
        self.app.roll_waits = False  # (Yatzy) the bus's players roll at once, without a press
        # the handheld's own secret for its shake chains (table.py derives it from its key pair)
        self.app.shake_key = flash.setdefault("shake", bytes(rng.getrandbits(8) for _ in range(16)))
        self.node = log.Node(seat, self.codec, self.app, self._send, members, leader, now)
        self.rng = rng
        self.decide = random_yatzy(rng) if table.game == "yatzy" else random_decide(rng, app=self.app)
        self.rand = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
        self.now = now
        bus.nodes[self.addr] = self

    def _send(self, dest, data):
        to = None if dest == log.BROADCAST else self.offset + dest
        self.bus.send(self.addr, to, data, self.now)

    def suggest(self, kind, value, seat=None):
        """This handheld's seat (or `seat`, as a hostile firmware would) suggests to its team's
        roller, as table.Table.suggest does; False if the game says it may not."""
        s = self.seat if seat is None else seat
        if not self.app.may_hint(s):
            return False
        f = wire.Frame()
        self.app.hint_frame(f, s, kind, value)
        self.node.tell(f)
        self.app.hint(f)   # its own copy (a seat it does not host: dropped, as everywhere)
        return True

    def receive(self, data, now):
        self.now = now
        self.node.receive(data, now)

    def step(self, now):
        self.now = now
        self.node.tick(now)
        self.app.poll(self.node, now, self.decide, self.rand)


class Table:
    """N handhelds at one table; the creator (seat 0) is the first sequencer."""

    def __init__(self, seats=4, loss=0.0, dup=0.0, reorder=0.0, seed=1, rules=None, step_ms=5,
                 bus=None, offset=0, game="snyd", variant="standard", options=None, teams=None):
        """`bus`/`offset`: share another table's radio (two tables in one room), with radio
        addresses offset+seat. Yatzy: `variant`, maxi `options`, `teams` (the scorecard of each
        seat; default one each)."""
        self.rng = random.Random(seed)
        self.game = game
        self.variant, self.options = variant, options
        self.teams = teams or list(range(seats))
        self.offset = offset
        self.table_id = self.rng.getrandbits(32) | 1
        self.key = bytes(self.rng.getrandbits(8) for _ in range(16))
        self.seats = seats
        self.members = (1 << seats) - 1
        self.epochs = [0] * 8
        self.bus = bus or Bus(self.rng, loss, dup, reorder)
        self.flash = [dict() for _ in range(seats)]
        self.now = 0
        self.step_ms = step_ms
        self.hands = [Handheld(self, s, self.bus, self.key, self.members,
                               random.Random(seed * 100 + s), self.flash[s]) for s in range(seats)]
        self.rules = rules or snyd.Rules()
        self.reveal_times = {}   # (round, seat) -> time its reveal was first logged anywhere

    def start_game(self, first=0, hosts=None, flags=0):
        """The sequencer logs the SEATS entry: a new game (or with wire.SEATS_RESEAT, the same
        game with seats moved: `hosts` says which handheld plays each seat)."""
        f = wire.Frame()
        f.etype = wire.T_SEATS
        f.flags = flags
        f.n = self.seats
        f.first = first
        if self.game == "yatzy":
            f.rules[:] = yatzytable.pack_rules((self.variant, self.options, 0))
        else:
            f.rules[:] = snydtable.pack_rules(self.rules)
        for s in range(self.seats):
            f.kinds[s] = 1 + self.teams[s] if self.game == "yatzy" else 1
            f.hosts[s] = s if hosts is None else hosts[s]
        leader = [h for h in self.live() if h.node.is_leader()][0]
        leader.now = self.now
        return leader.node.log_local(f, self.now)

    def step(self):
        self.now += self.step_ms
        self.bus.deliver(self.now)
        for h in self.live():
            h.step(self.now)

    def give_to_bot(self, seat, host):
        """The creator's choice for a handheld that is gone: handheld `host` plays its seat."""
        hosts = [h for h in range(self.seats)]
        for h in self.hands:
            if h.node.is_leader() and not h.dead:
                hosts = list(h.app.hosts[:self.seats])
        hosts[seat] = host
        return self.start_game(hosts=hosts, flags=wire.SEATS_RESEAT)

    def kill(self, seat):
        """The handheld goes silent (battery out)."""
        self.hands[seat].dead = True

    def reboot(self, seat):
        """The handheld comes back with only its flash: a fresh Node that does not know the
        sequencer yet, a fresh game copy that must catch up from a snapshot."""
        h = Handheld(self, seat, self.bus, self.key, self.members,
                     random.Random(self.rng.getrandbits(32)), self.flash[seat], -1, self.now)
        self.hands[seat] = h

    def live(self):
        return [h for h in self.hands if not h.dead]

    def done(self):
        hs = self.live()
        return all(h.app.phase == snydtable.P_OVER for h in hs) and \
            len({h.node.applied for h in hs}) == 1

    def run(self, until, limit_ms):
        end = self.now + limit_ms
        while self.now < end:
            if until():
                return True
            self.step()
        return until()

    def run_game(self, limit_ms=3_600_000):
        assert self.start_game() == 0
        return self.run(self.done, limit_ms)

    def records(self):
        return [h.app.rec.record() for h in self.live()]
