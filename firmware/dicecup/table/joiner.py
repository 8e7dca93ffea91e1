"""joiner: the joiner's side of the lobby - the join list (the tables whose ANNOUNCE was heard
lately), a join (JOIN repeated until welcomed), the host's JHOST and the WELCOME that seats this
handheld (lobby's docstring describes the frames).

State (Joiner._init_joiner): `browsing` (the join list shows), `heard` (the join list's rows),
`nonce` (our JOIN's number), `host_pub` (the public key of the table asked to join), and the join
code's parts: `_jc` (the host's commitment), `_jn` (our nonce), `_hn` (the host's nonce), `_hk`
(the key shared with the host).
"""
import os

from dicecup.table import keys
from dicecup.table import wire
from dicecup.table.lobby import G_SNYD, HEARD_MS, JOINING, SEATED, game_module, pack_name, unpack_name
from dicecup.core.compat import const

HEARD_MAX = const(8)  # tables in the join list (a new one replaces the one heard longest ago)
# a join list row's places (`heard`), for the screens' names of them (listed_*)
_ID = const(0)
_NAME = const(1)
_GAME = const(2)
_SEATED = const(3)
_RSSI = const(6)
_RULES = const(8)


class Joiner:
    """The joiner's side of the lobby (a concern of table.Table: see the module's docstring)."""

    def _init_joiner(self):
        self.browsing = False
        self.heard = []           # join list: [table id, name, game, handhelds, seats, mac, rssi, t,
        #                           rules, creator's key, [seated handhelds' keys]]
        self.listed = []          # ... as the screens show it (browse), by row
        self.nonce = 0
        self.host_pub = None      # a joiner: the public key of the table it asked to join
        self._jc = None           # ... the host's commitment (JHOST), our nonce, the host's nonce
        self._jn = None
        self._hn = None
        self._hk = None           # ... and the key shared with the host, agreed once per join

    def tables(self):
        """The join list: tables announced lately, in the order of their ids (a list whose rows
        jumped about with the signal would be hard to pick from)."""
        now = self.now
        self.heard = [e for e in self.heard if now - e[7] < HEARD_MS]
        return sorted(self.heard, key=lambda e: e[0])

    def join(self, entry):
        """Ask to sit at a table from the join list."""
        self.tid = entry[0]
        self.tname = entry[1]
        self.gid = entry[2]
        self.mod = game_module(entry[2])
        # the rules as announced (checked when listed): what the screens show until a game is
        # played; the table plays its SEATS entry's, and hosts with them (_host)
        self.rules = self.mod.unpack_rules(entry[8])
        self.kids = self.gid == G_SNYD and self.rules.dice == 3
        # JOIN goes out as a broadcast: the announcer's address may be a stranger's replay
        self.macs[0] = None
        self.codec.seat_at(self.tid)
        self._keypair(True)
        self.host_pub = entry[9]
        self.nonce = int.from_bytes(os.urandom(4), "little") | 1
        self._jc = self._hn = self._hk = None
        self._jn = os.urandom(16)  # sent only once the host has committed to its own (JHOST)
        self.mode = JOINING
        self._at = -100000

    def send_join(self, nonce):
        f = self._frame(wire.T_JOIN)
        f.nonce = nonce
        pack_name(self.name, f.name)
        f.pub[:] = self.mypub
        z = bytes(wire.HASH_LEN)
        f.h1[:] = self._jc if self._jc is not None else z
        f.h2[:] = self._jn if self._jc is not None else z
        self.radio.send(None, self.codec.encode(f))

    def _on_jhost(self, f):
        """The host's side of our join: its commitment (the first one heard counts: a radio that
        answers first only delays the join, the person retries), then its nonce, taken only if
        it opens that commitment under the key we chose and our own (keys.join_code)."""
        if self._jc is None:
            self._jc = bytes(f.h1)
            self._at = -100000  # our nonce goes at once
        elif self._hn is None and bytes(f.h1) == self._jc and any(f.h2):
            if keys.join_commit(self.tid, self.host_pub, self.mypub, f.h2) == self._jc:
                self._hn = bytes(f.h2)

    def _welcomed(self, f):
        """The WELCOME to our JOIN: it counts only with the proof made under the key we share with
        the table we chose (its ANNOUNCE's public key), so nobody else can seat us anywhere."""
        h = f.seat  # the host: the creator, or the handheld that took the table over from it
        if f.who < 1 or f.who >= 8 or h >= 8 or h == f.who or self.host_pub is None or \
                self._hn is None:
            return  # and only once this screen showed the join code
        k = self._hk
        if k is None:  # one key agreement a join, however many WELCOMEs come (a radio's too)
            try:
                k = self._hk = self.pair_key(self.host_pub)
            except ValueError:
                self._hk = b""
                return
        if not k or bytes(f.proof) != keys.welcome_proof(k, self.tid, f.nonce, f.who, h, self.gid):
            return
        self.who = f.who
        self.mode = SEATED
        self.names[self.who] = self.name
        self.pubs[h] = self.host_pub
        self.pubs[self.who] = self.mypub
        self._key(h, k)
        self._key(self.who, keys.self_key(self.secret, self.tid))
        self._seat(leader=h, members=1 << h | 1 << self.who)
        self._persist()

    def _listed(self, mac, f):
        mod = game_module(f.game)
        try:
            mod.unpack_rules(f.rules)
        except (ValueError, IndexError, AttributeError):
            return  # a game or rules this firmware cannot play: a radio's copy, or a newer one
        pub = bytes(f.pub)
        for e in self.heard:
            if e[0] == f.table and e[9] == pub and e[2] == f.game:
                break  # a table is its id, its creator's key and its game: a copycat is listed
                # apart (a radio's copy with another game would otherwise replace the row; its
                # WELCOME would never come: the proof covers the game)
        else:
            e = [f.table, "", 0, 0, 0, None, None, 0, None, pub, [None] * 8]
            if len(self.heard) >= HEARD_MAX:  # a full list: the table heard longest ago goes
                old = self.heard[0]
                for x in self.heard:
                    if x[7] < old[7]:
                        old = x
                self.heard.remove(old)
            self.heard.append(e)
        d = f.pubs
        for i in range(wire.ANN_PUBS):  # the seated handhelds' keys it announces (precompute)
            o = i * (1 + wire.PUB_LEN)
            w = d[o]
            if w < 8:
                e[10][w] = bytes(d[o + 1:o + 1 + wire.PUB_LEN])
        n = 0
        for i in range(8):
            if f.taken & (1 << i):
                n += 1
        e[1] = unpack_name(f.name)
        e[2] = f.game
        e[3] = n
        e[4] = f.size
        e[5] = bytes(mac)
        e[6] = self.radio.rssi(mac)
        e[7] = self.now
        e[8] = bytes(f.rules)

    # ---- the join list as the screens name it: by row, nothing made in a redraw -------------------
    def list_tables(self, on):
        """The join list's screen opens (on: its list starts empty, and while it shows, keys are
        agreed ahead with the tables heard, a slice a loop: pump) or closes."""
        self.browsing = on
        if on:
            self.listed = []

    def browse(self):
        """The join list again (tables()), kept as the rows the screens show; True when which
        tables it lists changed (a row's signal alone redraws nothing)."""
        rows = self.tables()
        old = self.listed
        self.listed = rows
        if len(rows) != len(old):
            return True
        for i in range(len(rows)):
            if rows[i][_ID] != old[i][_ID]:
                return True
        return False

    def listed_count(self):
        return len(self.listed)

    def listed_name(self, i):
        """Row i's table name (as announced)."""
        return self.listed[i][_NAME]

    def listed_game(self, i):
        """Row i's game number (G_SNYD, G_YATZY)."""
        return self.listed[i][_GAME]

    def listed_rules(self, i):
        """Row i's rules as announced (the game module's packed bytes)."""
        return self.listed[i][_RULES]

    def listed_seated(self, i):
        """How many handhelds sit at row i's table."""
        return self.listed[i][_SEATED]

    def listed_rssi(self, i):
        """Row i's signal (dBm; None where the radio says none)."""
        return self.listed[i][_RSSI]

    def join_listed(self, i):
        """Ask to sit at row i's table (join)."""
        self.join(self.listed[i])
