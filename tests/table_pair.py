"""Two handhelds' table.Table in one CPython process on a tiny in-process radio, each on a flash
folder of its own: Anna's creates a table with a bot seat, Bo's joins. The set-up, the tick loop
and the record check that the lobby, lobby-split and Yatzy-table tests share."""
import json
import os

from dicecup.table import snyd
from dicecup.table import table


def admit_all(tb):
    """The creator's person says yes to every joiner waiting (its code matched)."""
    if tb.mode == table.HOSTING and not tb.playing() and tb.asks:
        for a in list(tb.pending()):
            tb.admit(a[0])


class Air:
    """Every radio hears every frame at once (no loss: the simulator tests cover that)."""

    def __init__(self):
        self.radios = []
        self.log = []

    def deliver(self):
        while self.log:
            src, dst, data = self.log.pop(0)
            for r in self.radios:
                if r.mac != src and (dst is None or dst == r.mac):
                    r.inbox.append((src, data))


class FakeRadio:
    def __init__(self, air, k):
        self.air = air
        self.mac = bytes((2, 0, 0, 0, 0, k))
        self.inbox = []
        air.radios.append(self)

    def send(self, mac, data):
        self.air.log.append((self.mac, None if mac is None else bytes(mac), bytes(data)))
        return True

    def poll(self, handler, limit=32):
        while self.inbox and limit:
            src, data = self.inbox.pop(0)
            handler(src, bytearray(data))
            limit -= 1

    def rssi(self, mac):
        return -50


def snyd_mover(tb):
    """The person's Snyd move as the screens would hand it over: raise by one step, or snyd."""
    g = tb.game
    if g is not None and g.phase == snyd.P_BID and tb.move is None:
        s = tb.my_seat()
        game = g.game
        if s >= 0 and game.on_turn == s:
            nxt = game.first_bid() if not game.bid_face else \
                game.step_bid(game.bid_count, game.bid_face, 1)
            tb.submit_move(["snyd"] if game.bid_face and (nxt is None or game.bid_count > 2)
                           else ["bid", nxt[0], nxt[1]])


class Pair:
    """Anna (host, with a bot seat) and Bo (browsing); mover(tb) plays a person's turn, watch(k, tb)
    looks at handheld k after each of its ticks."""

    def __init__(self, tmp_path, monkeypatch, rules, mover, game=None, watch=None):
        self.air = Air()
        self.dirs = [tmp_path / "h0", tmp_path / "h1"]
        for d in self.dirs:
            d.mkdir()
        monkeypatch.chdir(self.dirs[0])
        self.host = table.Table(FakeRadio(self.air, 0), "Anna")
        if game is None:
            self.host.create("Stue", rules, False)
        else:
            self.host.create("Stue", rules, False, game)
        self.host.add_bot()
        self.j = table.Table(FakeRadio(self.air, 1), "Bo")
        self.j.browsing = True
        self.tables = [self.host, self.j]
        self.mover = mover
        self.watch = watch
        self.now = 0

    def tick(self, n=1):
        for _ in range(n):
            self.now += 20
            for k, tb in enumerate(self.tables):
                os.chdir(self.dirs[k])
                tb.tick(self.now)
                admit_all(tb)
                if self.watch:
                    self.watch(k, tb)
                self.mover(tb)
            self.air.deliver()

    def join(self):
        """Bo joins the table it lists; both ticked a while before and after."""
        self.tick(100)
        os.chdir(self.dirs[1])
        self.j.join(self.j.tables()[0])
        self.tick(100)
        assert self.j.mode == table.SEATED and self.host.order == [0, table.BOT, 1]

    def start(self):
        os.chdir(self.dirs[0])
        return self.host.start(self.now)

    def play_out(self, limit_ms):
        while self.now < limit_ms and not (self.host.saved_games and self.j.saved_games):
            self.tick()

    def records(self, prefix):
        """Each handheld's one saved record (named prefix-NNNN.json); both copies the same and
        clean by the referee."""
        recs = []
        for d in self.dirs:
            (name,) = os.listdir(d / "records")
            assert name.startswith(prefix)
            with open(d / "records" / name) as f:
                recs.append(json.load(f))
        assert recs[0] == recs[1] and recs[0]["meta"]["table"]
        from host_tools.replay import referee
        assert referee(recs[0])[1] == 0
        return recs[0]
