"""Three (or more) handhelds' real table.Table in one CPython process on a lossless in-process radio
(the same Air/FakeRadio as tests/table_pair.py), each on a flash folder of its own. Handheld 0
creates the table, the others join; a test can reach into any handheld (the attacker's firmware is
whatever the script makes it do). Not firmware: an attack harness.
"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (ROOT, os.path.join(ROOT, "tests")):
    if p not in sys.path:
        sys.path.insert(0, p)

import host_tools.paths  # noqa: F401,E402  (firmware on sys.path)
from table_pair import Air, FakeRadio, admit_all, snyd_mover  # noqa: E402
from dicecup.table import table, wire, keys, log  # noqa: E402,F401
from dicecup.rules import snyd  # noqa: E402



def seat_of(tb, k):
    """The seat handheld k plays at table tb's game."""
    g = tb.game
    return [s for s in range(g.n) if g.hosts[s] == k][0]

class Trio:
    NAMES = ("Anna", "Bo", "Cy", "Di", "Eva")

    def __init__(self, n=3, rules=None, game=None, mover=snyd_mover, tmp=None, seed=1):
        seeded(seed)
        self.tmp = tmp or tempfile.mkdtemp(prefix="dicecup-attack-")
        self.air = Air()
        self.dirs = []
        self.tables = []
        self.mover = mover
        self.now = 0
        self.filters = []   # fn(src_mac, dst_mac, data) -> False to drop a frame on the air
        for k in range(n):
            d = os.path.join(self.tmp, "h%d" % k)
            os.makedirs(d, exist_ok=True)
            self.dirs.append(d)
            os.chdir(d)
            tb = table.Table(FakeRadio(self.air, k), self.NAMES[k])
            if k == 0:
                if game is None:
                    tb.create("Stue", rules or snyd.Rules(dice=2), False)
                else:
                    tb.create("Stue", rules, False, game)
            else:
                tb.browsing = True
            self.tables.append(tb)
        self.movers = [mover] * n

    def cd(self, k):
        os.chdir(self.dirs[k])

    def deliver(self):
        air = self.air
        while air.log:
            src, dst, data = air.log.pop(0)
            for r in air.radios:
                if r.mac != src and (dst is None or dst == r.mac):
                    if all(fl(src, r.mac, data) is not False for fl in self.filters):
                        r.inbox.append((src, data))

    def tick(self, n=1):
        for _ in range(n):
            self.now += 20
            for k, tb in enumerate(self.tables):
                self.cd(k)
                tb.tick(self.now)
                tb.idle()  # as the App calls it after a loop (the kept state waits for one)
                admit_all(tb)
                if self.movers[k]:
                    self.movers[k](tb)
            self.deliver()

    def seat_all(self):
        self.tick(100)
        for k in range(1, len(self.tables)):
            self.cd(k)
            tb = self.tables[k]
            tb.join([e for e in tb.tables() if e[0] == self.tables[0].tid][0])
            self.tick(100)
            assert tb.mode == table.SEATED, (k, tb.mode)
        self.tick(50)

    def start(self):
        self.cd(0)
        r = self.tables[0].start(self.now)
        assert r == 0, r
        self.tick(10)

    def until(self, cond, limit_ms):
        end = self.now + limit_ms
        while self.now < end:
            if cond():
                return True
            self.tick()
        return cond()

    def done(self):
        return all(tb.saved_games for tb in self.tables)

    def records(self):
        import json
        out = []
        for d in self.dirs:
            rd = os.path.join(d, "records")
            recs = []
            if os.path.isdir(rd):
                for name in sorted(os.listdir(rd)):
                    with open(os.path.join(rd, name)) as f:
                        recs.append(json.load(f))
            out.append(recs)
        return out


def seeded(seed):
    """os.urandom made repeatable (the firmware draws its secrets, keys and first seat from it):
    a run with the same seed plays the same game."""
    import random
    rng = random.Random(seed)
    os.urandom = lambda n: bytes(rng.getrandbits(8) for _ in range(n))


def mac(k):
    return bytes((2, 0, 0, 0, 0, k))


def inject(trio, src_k, dst_k, data):
    """Put raw bytes on the air from radio src_k (any address) to dst_k (None: everyone)."""
    trio.air.log.append((mac(src_k), None if dst_k is None else mac(dst_k), bytes(data)))


def verdict(broke, evidence):
    if broke:
        print("BROKEN:", evidence)
        sys.exit(1)
    print("HELD:", evidence)
    sys.exit(0)


def run(main):
    """Exit 2 (could not run) on any error before a verdict."""
    try:
        main()
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001
        import traceback
        traceback.print_exc()
        print("COULD NOT RUN:", repr(e))
        sys.exit(2)


def watch_seat(t, ks, seat, forfeits, distrust):
    """On the handhelds ks of Trio t: every FORFEIT naming seat that one applies goes in forfeits
    (time, handheld, entry, mask), and every handheld it stops trusting in distrust (time,
    handheld, whom, "its sequencer" or "a seat")."""
    for k in ks:
        tb = t.tables[k]
        ap = tb.game.apply

        def apply_(f, seq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT and f.who & (1 << seat):
                forfeits.append((t.now, k, seq, f.who))
            return ap(f, seq)
        tb.game.apply = apply_
        dn = tb.node._distrust

        def distrust_(x, k=k, dn=dn, nd=tb.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x, "its sequencer" if x == nd.leader else "a seat"))
            return dn(x)
        tb.node._distrust = distrust_


def screens(t):
    """What each handheld of Trio t shows and holds at the end: its log's place, its game, whether
    its screen pauses (ui/table_watch's rule), with what heading and whose names, the seats it
    finds late, whom it distrusts."""
    out = []
    for k in range(len(t.tables)):
        tb = t.tables[k]
        nd = tb.node
        hm = tb.held_mask()
        out.append(dict(
            k=k, term=nd.term, leader=nd.leader, applied=nd.applied, round=tb.game.round,
            phase=tb.game.phase, dice=list(tb.game.game.dice_left), records=tb.saved_games,
            paused=bool(tb.waiting_mask() & ~(1 << k)) or nd.held(tb.now) != 0,
            names=tb.held_names() if hm else tb.missing_names(),
            heading="Logs differ" if hm else ("Paused" if tb.waiting_mask() & ~(1 << k) else "-"),
            late=tb.game.late() if tb.game.phase != 0 else 0,
            bad=[h for h in range(len(t.tables)) if nd._bad & (1 << h)]))
    return out
