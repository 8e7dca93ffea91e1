"""lobby: the creator's side of the lobby - creating a table, announcing it, the joins that ask
(their join codes), the creator's yes (admit) and the WELCOME - and what every lobby frame goes
through first (_lobby); the vocabulary the table's other concerns share (the modes, BOT, the game
numbers, names in frames).

State (Lobby._init_lobby): `asks` (the joins the creator runs), `nonces` (each seated handheld's
JOIN nonce), `_joined` (each seated joiner's join, for a JHOST again), `_ann` (whose keys the next
ANNOUNCE carries). The joiner's side (the join list, JOIN, JHOST and WELCOME heard) is joiner's.

Lobby frames (keyless, wire.LOBBY_KEY checksum only; keys explains the keys):
    ANNOUNCE  the creator, every second: table id, game, handhelds seated (bitmask), seats, rules,
              name, and its public key
    JOIN      a joiner, broadcast, repeated until welcomed: a random nonce (the join's number), its
              name and public key; once the host committed (JHOST), also that commitment and the
              joiner's own join-code nonce.
    JHOST     the host's side of one join: its commitment to its join-code nonce, and once the
              joiner's nonce came, the nonce itself. The creator lists the join among `asks` (a
              few at a time) and shows its code once both nonces are in; the joiner sits only when
              the creator's person says yes (admit), having compared the code both screens show.
    WELCOME   the creator, broadcast: the nonce, the joiner's handheld number and a proof under
              the key the two now share, covering the host's number too (a radio that answers
              first cannot seat anybody, nor point the joiner at another host).
A game still handles what it needs of the lobby: the roster's names, a welcome repeated to a seated
joiner that asks again; a new joiner's JOIN waits for the game's end.
"""
import os

from dicecup.table import keys
from dicecup.table import wire
from dicecup.core.compat import const

IDLE = const(0)
HOSTING = const(1)      # the host: the creator (handheld 0), or the sequencer that took over
JOINING = const(2)
SEATED = const(3)

BOT = const(0x80)       # in the creator's seat order: a bot (low bits: its number)

HEARD_MS = const(4000)  # a table not announced for this long leaves the join list (a join: asks)
G_SNYD = const(1)       # ANNOUNCE game numbers (snyd_seats.GAME, yatzy_seats.GAME)
G_YATZY = const(2)
ASKS_MAX = 4  # joins whose code the creator shows at once, and as many still without a code
ASK_MIN_MS = const(600)  # a join without a code yet keeps its place this long (then a new one may take it)
ANNOUNCE_MS = const(1000)
NO_CODE = "----"  # a code not (yet) made: a nonce or a commitment still missing


def game_module(gid):
    """The game's seats module (its rules bytes and seat kinds: snyd_seats' docstring) for an
    ANNOUNCE game number (None: a game this firmware lacks)."""
    if gid == G_SNYD:
        from dicecup.table import snyd_seats
        return snyd_seats
    if gid == G_YATZY:
        from dicecup.table import yatzy_seats
        return yatzy_seats
    return None


def game_class(gid):
    """The table game class for a game number game_module knows: the one the table makes."""
    if gid == G_SNYD:
        from dicecup.table.snyd import SnydTable
        return SnydTable
    from dicecup.table.yatzy import YatzyTable
    return YatzyTable


def pack_name(s, buf):
    """A name into the NAME_LEN bytes of a frame (utf-8, cut at a character, zero padded)."""
    b = s.encode()
    n = 0
    for i in range(1, len(s) + 1):
        k = len(s[:i].encode())
        if k > len(buf):
            break
        n = k
    for i in range(len(buf)):
        buf[i] = b[i] if i < n else 0


def unpack_name(buf):
    n = 0
    while n < len(buf) and buf[n]:
        n += 1
    try:
        return bytes(buf[:n]).decode()
    except UnicodeError:
        return "?"


class Lobby:
    """The creator's lobby (a concern of table.Table: see the module's docstring)."""
    announce_ms = ANNOUNCE_MS

    def _init_lobby(self):
        self.asks = []            # the creator: joins it runs: [nonce, name, pub, t heard, its join-
        #                           code nonce, its commitment, the code (None until the joiner's
        #                           nonce), t begun]
        self.nonces = [0] * 8     # the creator: each handheld's JOIN nonce
        self._joined = [None] * 8  # the creator: each seated joiner's join (admit), for a JHOST again
        self._ann = 0             # which seated handhelds' keys the next ANNOUNCE carries


    def leave(self):
        """Stand up (between games) or give up a join: tell the creator, forget the table."""
        if self.mode == SEATED and self.node is not None:
            f = self.f
            f.type = wire.T_LEAVE
            f.table, f.seat, f.term, f.seq, f.ack = self.tid, self.who, 0, 0, 0
            f.nonce = self.nonce
            try:
                self.radio.send(None, self.codec.encode(f, 1))
            except ValueError:
                pass
        self._forget()

    def join_code(self, pub=None):
        """The code the creator's question (for the joiner with public key pub) and the joiner's
        screen show for one join: NO_CODE until both nonces are in."""
        if pub is None:
            if self._hn is None:
                return NO_CODE
            return keys.join_code(self.host_pub, self.mypub, self._hn, self._jn)
        for a in self.asks:
            if a[2] == pub and a[6] is not None:
                return a[6]
        return NO_CODE

    def create(self, tname, rules, kids, game=G_SNYD):
        """Become handheld 0 of a new table (not announced to anyone before this); rules are the
        game module's (snyd.Rules; Yatzy: (variant, options, teams))."""
        self.gid = game
        self.mod = game_module(game)
        r = os.urandom(4)
        self.tid = int.from_bytes(r, "little") | 1
        self._keypair()
        self.pubs[0] = self.mypub
        self.tname = tname
        self.rules = rules
        self.kids = kids
        self.who = 0
        self.names[0] = self.name
        self.macs[0] = self.radio.mac
        self.order = [0]
        self.mode = HOSTING
        self._key(0, keys.self_key(self.secret, self.tid))
        self._seat(leader=0, members=1)
        self._persist()

    def _frame(self, t):
        f = self.f
        f.type = t
        f.table = self.tid
        f.seat = self.who if self.who >= 0 else wire.NO_SEAT
        f.term = f.seq = f.ack = 0
        return f

    def announce(self):
        f = self._frame(wire.T_ANNOUNCE)
        f.game = self.gid
        taken = 0
        for w in self.order:
            if not w & BOT:
                taken |= 1 << w
        f.taken = taken
        f.size = len(self.order)
        f.rules[:] = self.mod.pack_rules(self.rules)
        pack_name(self.tname, f.name)
        f.pub[:] = self.pubs[self.who]
        # the other seated handhelds' public keys, ANN_PUBS an announcement, in turn: a handheld that
        # browses agrees its keys with them before it joins (precompute)
        seated = [w for w in self.order if not w & BOT and w != self.who and self.pubs[w] is not None]
        d = f.pubs
        for i in range(wire.ANN_PUBS):
            o = i * (1 + wire.PUB_LEN)
            if i < len(seated):
                w = seated[(self._ann + i) % len(seated)]
                d[o] = w
                d[o + 1:o + 1 + wire.PUB_LEN] = self.pubs[w]
            else:
                d[o] = wire.NO_SEAT
        self._ann += wire.ANN_PUBS
        self.radio.send(None, self.codec.encode(f))
        self.roster()

    def _lobby(self, mac, msg):
        """A lobby frame: decoded here, handed to _lobby_frame() only when the lobby needs it - never in
        a game, but for a joiner asking again for its welcome (it may have been lost, and the
        joiner holds a seat in the game)."""
        f = self.rx
        if self.codec.decode(msg, f):
            self.dropped += 1
            return
        t = f.type
        if t == wire.T_ANNOUNCE:
            if not self.browsing:
                return
        elif t == wire.T_JOIN:
            if f.table != self.tid:
                return
            if self.mode != HOSTING or self.playing() and (f.nonce == 0 or
                                                            f.nonce not in self.nonces):
                return  # in a game: a new joiner keeps asking until the game is over
        elif self.mode != JOINING or f.nonce != self.nonce:
            return  # a WELCOME or JHOST counts only for the JOIN this handheld sent
        self._lobby_frame(mac, f)

    def _lobby_frame(self, mac, f):
        """A decoded lobby frame that table.Table._lobby found for the lobby: an ANNOUNCE while
        browsing, a JOIN to the host, the WELCOME this joiner waits for."""
        t = f.type
        if t == wire.T_ANNOUNCE:
            if f.game in (G_SNYD, G_YATZY):  # a game this firmware plays
                self._listed(mac, f)
        elif t == wire.T_JOIN:
            self._on_join(f)
        elif t == wire.T_JHOST:
            self._on_jhost(f)
        else:
            self._welcomed(f)

    def _on_join(self, f):
        """A JOIN: one of ours asking again (its WELCOME was lost) is answered; a new one waits in
        `asks` for the creator's person to say yes (admit) - a radio cannot seat anybody, nor fill
        the table with JOINs."""
        for w in range(1, 8):
            if self.nonces[w] == f.nonce and self.pubs[w] == bytes(f.pub):
                a = self._joined[w]
                if a is not None and a[0] == f.nonce:
                    self._send_jhost(a)  # its nonce may have been lost: the joiner needs it
                self._welcome(w)
                return
        if self.playing() or len(self.order) >= 8:
            return  # between games only, at most 8 seats: the joiner keeps asking
        pub = bytes(f.pub)
        for a in self.asks:
            if a[0] == f.nonce:
                if a[2] != pub:
                    return  # another key under a join's number: not the joiner's
                a[3] = self.now
                if a[6] is None and bytes(f.h1) == a[5] and any(f.h2) and \
                        len(self.pending()) < ASKS_MAX:
                    # the code: a try the screen shows until it ends (never pushed out unseen)
                    a[6] = keys.join_code(self.mypub, pub, a[4], f.h2)
                self._send_jhost(a)
                return
        self._expire()
        new = [a for a in self.asks if a[6] is None]
        if len(new) >= ASKS_MAX:  # the oldest join without a code goes, if it had its time
            if self.now - new[0][7] < ASK_MIN_MS:
                return  # the joiner keeps asking
            self.asks.remove(new[0])
        n = os.urandom(keys.NONCE_LEN)
        a = [f.nonce, unpack_name(f.name), pub, self.now, n,
             keys.join_commit(self.tid, self.mypub, pub, n), None, self.now]
        self.asks.append(a)
        self._send_jhost(a)

    def _send_jhost(self, a):
        """The host's JHOST for join a: the commitment, and the nonce once the joiner's came."""
        f = self._frame(wire.T_JHOST)
        f.nonce = a[0]
        f.h1[:] = a[5]
        f.h2[:] = a[4] if a[6] is not None else bytes(wire.HASH_LEN)
        self.radio.send(None, self.codec.encode(f))

    def _expire(self):
        now = self.now
        for a in self.asks:
            if now - a[3] >= HEARD_MS:
                break
        else:
            return  # none expired: no new list (the creator's screen asks every redraw)
        live = [a for a in self.asks if self.now - a[3] < HEARD_MS]
        pre = self.pre
        if pre and len(live) != len(self.asks):
            # a secret agreed ahead goes with its join (a radio's joins, one a second with fresh
            # keys, grew it without end: attacks/lobby_pre_leak.py)
            for a in self.asks:
                if a not in live and a[2] in pre:
                    del pre[a[2]]
        self.asks = live

    def pending(self):
        """The joins waiting for a yes whose code both sides can show, heard lately (newest
        last)."""
        self._expire()
        return [a for a in self.asks if a[6] is not None]

    def admit(self, nonce, wait=False):
        """The creator's person said yes to the JOIN with this nonce: it gets the next free handheld
        number, the key shared with it, a WELCOME; everyone the new roster. False if it is gone.
        wait (the lobby's screen): if that key is still being agreed, the join is seated once it
        is (tick), not with the rest of the agreement in this loop."""
        a = None
        for x in self.asks:
            if x[0] == nonce and x[6] is not None:
                a = x
        if a is None or self.playing() or len(self.order) >= 8:
            return False
        if wait and (self.pre is None or a[2] not in self.pre):
            if nonce not in self._yes:
                self._yes.append(nonce)
            return True
        who = -1
        for w in range(1, 8):
            if self.nonces[w] == 0 and w not in self.order:
                who = w
                break
        if who < 0:
            return False
        try:
            if self.pre is not None and a[2] in self.pre:  # agreed ahead (_agree_asks)
                if self.pre[a[2]] is None:
                    raise ValueError("x25519")
                k = keys.pair_from(self.pre[a[2]], self.tid)
            else:
                k = keys.pair_key(self.secret, a[2], self.tid)
        except ValueError:
            self.asks.remove(a)
            return False
        self.asks.remove(a)
        self._joined[who] = a
        self.macs[who] = None  # learned from its own frames (see table.Table._heard_frame)
        self.nonces[who] = nonce
        self.pubs[who] = a[2]
        self.names[who] = a[1]
        self._key(who, k)
        self._new_round()
        self.order.append(who)
        self.node.members |= 1 << who
        self._persist()
        self._welcome(who)
        self.roster()
        return True

    def seating(self):
        """The nonces of the joins said yes to whose key is still being agreed (admit's wait)."""
        return self._yes

    def refuse(self, nonce):
        """The creator's person said no: that JOIN is forgotten (it may ask again)."""
        self.asks = [a for a in self.asks if a[0] != nonce]

    def _welcome(self, who):
        w = self._frame(wire.T_WELCOME)
        w.nonce = self.nonces[who]
        w.who = who
        w.proof[:] = keys.welcome_proof(self.keys[who], self.tid, w.nonce, who, w.seat,
                                             self.gid)
        self.radio.send(None, self.codec.encode(w))

    # ---- the joins asking, as the creator's screen names them: by row, nothing made -------------
    def asking(self):
        """How many joins wait for a yes whose code both sides can show (pending's rows)."""
        self._expire()
        n = 0
        for a in self.asks:
            if a[6] is not None:
                n += 1
        return n

    def _ask(self, i):
        """Row i of pending() (as the last asking() left them)."""
        for a in self.asks:
            if a[6] is not None:
                if not i:
                    return a
                i -= 1
        return None

    def ask_nonce(self, i):
        """Row i's join (its nonce: what admit and seating() take)."""
        return self._ask(i)[0]

    def ask_name(self, i):
        """Row i's joiner's name."""
        return self._ask(i)[1]

    def ask_code(self, i):
        """Row i's join code (the joiner's screen shows the same)."""
        return self.join_code(self._ask(i)[2])
