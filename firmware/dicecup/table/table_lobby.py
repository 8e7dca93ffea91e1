"""table_lobby: the lobby's half of table.Table - create, join, the join list, the creator's seat
order and its yes to a joiner (admit), ANNOUNCE, JOIN, WELCOME and the ROSTER - loaded between
games only.

A game runs without it (table_ui.start forgets it before a game's screen opens): table.Table keeps
the frames a game still needs (a roster, a welcomed joiner's repeated JOIN) and reaches these
functions, each taking the Table first, through its __getattr__ (the tests' tb.create(...)) or by
importing this module where it needs one (see table.py for the lobby's frames). It never imports
table: what the two share is tablebase's.
"""
import os

from dicecup.table import tablekeys
from dicecup.table import wire
from dicecup.table.tablebase import BOT, G_SNYD, G_YATZY, HEARD_MS, HOSTING, JOINING, SEATED, game_module
from dicecup.table.tablebase import pack_name, unpack_name

ASKS_MAX = 4  # JOINs waiting for the creator's yes (the newest kept: a real joiner keeps asking)


def create(tb, tname, rules, kids, game=G_SNYD):
    """Become handheld 0 of a new table (not announced to anyone before this); rules are the
    game module's (snyd.Rules; Yatzy: (variant, options, teams))."""
    tb.gid = game
    tb.mod = game_module(game)
    r = os.urandom(4)
    tb.tid = int.from_bytes(r, "little") | 1
    _keypair(tb)
    tb.pubs[0] = tb.mypub
    tb.tname = tname
    tb.rules = rules
    tb.kids = kids
    tb.who = 0
    tb.names[0] = tb.name
    tb.macs[0] = tb.radio.mac
    tb.order = [0]
    tb.mode = HOSTING
    tb._key(0, tablekeys.self_key(tb.secret, tb.tid))
    tb._seat(leader=0, members=1)
    tb._persist()


def spare_keypair(tb):
    """Make the key pair the next table will use, while the join list is on screen: a scalar
    multiplication takes about 0.4 s on a handheld, and this one is then not part of a join."""
    if tb.spare is None:
        secret = tablekeys.new_secret(os.urandom)
        tb.spare = (secret, tablekeys.public(secret))
        tb.pre = {}


PRE_MAX = 16  # shared secrets agreed ahead, at most (32 bytes each, and their keys' 32)


def precompute(tb):
    """One shared secret a join will need, agreed ahead while the join list shows: with the
    creator or a seated handheld of a listed table whose public key its ANNOUNCE carried. So
    choosing a table costs no scalar multiplication once the list has shown for a few seconds.
    The announced keys are not checked (lobby frames have no key): a false one only wastes a
    multiplication, since the roster's keyed key is what a secret is looked up by. True if one was
    made."""
    pre = tb.pre
    if len(pre) >= PRE_MAX:
        return False
    for e in tb.heard:
        for pub in [e[9]] + e[10]:
            if pub is not None and pub not in pre:
                try:
                    pre[pub] = tablekeys.shared(tb.spare[0], pub)
                except ValueError:
                    pre[pub] = None  # no secret with this key (RFC 7748 6.1): never ours
                return True
    return False


def pair_key(tb, pub):
    """The key shared with the holder of pub at tb's table: agreed ahead if it was (precompute)."""
    s = tb.pre.get(bytes(pub)) if tb.pre else None
    if s is not None:
        return tablekeys.pair_from(s, tb.tid)
    return tablekeys.pair_key(tb.secret, pub, tb.tid)


def _keypair(tb, keep=False):
    """The table's key pair: the spare one. A joiner keeps the secrets agreed with it (`keep`)."""
    spare_keypair(tb)
    tb.secret, tb.mypub = tb.spare  # a new one for every table: nothing links two tables' seats
    tb.spare = None
    if not keep:
        tb.pre = None
    tb.shake = os.urandom(16)
    tb.pubs = [None] * 8
    tb.keys = [None] * 8
    tb._code = None
    tb.asks = []
    tb.epoch = 0


def join(tb, entry):
    """Ask to sit at a table from the join list."""
    tb.tid = entry[0]
    tb.tname = entry[1]
    tb.gid = entry[2]
    tb.mod = game_module(entry[2])
    tb.rules = None
    try:
        tb.rules = tb.mod.unpack_rules(entry[8])
    except (ValueError, IndexError, TypeError, AttributeError):
        pass
    tb.kids = tb.gid == G_SNYD and tb.rules is not None and tb.rules.dice == 3
    # JOIN goes out as a broadcast: the announcer's address may be a stranger's replay
    tb.macs[0] = None
    tb.codec.seat_at(tb.tid)
    _keypair(tb, True)
    tb.host_pub = entry[9]
    tb.nonce = int.from_bytes(os.urandom(4), "little") | 1
    tb.mode = JOINING
    tb._at = -100000


def add_bot(tb):
    if len(tb.order) < 8:
        k = 0
        while BOT | k in tb.order:
            k += 1
        tb.order.append(BOT | k)
        tb._persist()


def move_seat(tb, i, d):
    j = i + d
    if 0 <= j < len(tb.order):
        o = tb.order
        o[i], o[j] = o[j], o[i]
        tb._persist()


def start(tb, now):
    """The creator logs a new game; returns 0 or tablelog/tablegame's reason."""
    roster(tb)
    o = tb.order
    f = tb.f
    f.etype = wire.T_SEATS
    f.flags = 0
    f.n = len(o)
    f.first = os.urandom(1)[0] % max(1, len(o))
    f.rules[:] = tb.mod.pack_rules(tb.rules)
    for s in range(8):
        f.kinds[s] = 0
        f.hosts[s] = 0
    for s in range(len(o)):
        w = o[s]
        f.kinds[s] = tb.mod.kind(s, w & BOT, tb.rules)
        f.hosts[s] = tb.node.seat if w & BOT else w
    return tb.node.log_local(f, now)


def handhelds(tb):
    """How many handhelds sit at the table (the creator's count, or the last announce)."""
    n = 0
    for w in tb.order:
        if not w & BOT:
            n += 1
    return n


def order_name(tb, i):
    """Seat i of the order for the next game as the lobby screens show it (-1: not heard)."""
    w = tb.order[i]
    if w < 0:
        return "?"
    return "Bot%d" % (i + 1) if w & BOT else tb.names[w] or "P%d" % (w + 1)


def tables(tb):
    """The join list: tables announced lately, in the order of their ids (a list whose rows
    jumped about with the signal would be hard to pick from)."""
    now = tb.now
    tb.heard = [e for e in tb.heard if now - e[7] < HEARD_MS]
    return sorted(tb.heard, key=lambda e: e[0])


# ---- frames -----------------------------------------------------------------------------------
def _frame(tb, t):
    f = tb.f
    f.type = t
    f.table = tb.tid
    f.seat = tb.who if tb.who >= 0 else wire.NO_SEAT
    f.term = f.seq = f.ack = 0
    return f


def announce(tb):
    f = _frame(tb, wire.T_ANNOUNCE)
    f.game = tb.gid
    taken = 0
    for w in tb.order:
        if not w & BOT:
            taken |= 1 << w
    f.taken = taken
    f.size = len(tb.order)
    f.rules[:] = tb.mod.pack_rules(tb.rules)
    pack_name(tb.tname, f.name)
    f.pub[:] = tb.pubs[tb.who]
    # the other seated handhelds' public keys, ANN_PUBS an announcement, in turn: a handheld that
    # browses agrees its keys with them before it joins (precompute)
    seated = [w for w in tb.order if not w & BOT and w != tb.who and tb.pubs[w] is not None]
    d = f.pubs
    for i in range(wire.ANN_PUBS):
        o = i * (1 + wire.PUB_LEN)
        if i < len(seated):
            w = seated[(tb._ann + i) % len(seated)]
            d[o] = w
            d[o + 1:o + 1 + wire.PUB_LEN] = tb.pubs[w]
        else:
            d[o] = wire.NO_SEAT
    tb._ann += wire.ANN_PUBS
    tb.radio.send(None, tb.codec.encode(f))
    roster(tb)


def roster(tb):
    tb.roster()


def send_join(tb, nonce):
    f = _frame(tb, wire.T_JOIN)
    f.nonce = nonce
    pack_name(tb.name, f.name)
    f.pub[:] = tb.mypub
    tb.radio.send(None, tb.codec.encode(f))


def heard(tb, mac, f):
    """A decoded lobby frame that table.Table._lobby found for the lobby: an ANNOUNCE while
    browsing, a JOIN to the host, the WELCOME this joiner waits for."""
    t = f.type
    if t == wire.T_ANNOUNCE:
        if f.game in (G_SNYD, G_YATZY):  # a game this firmware plays
            _listed(tb, mac, f)
    elif t == wire.T_JOIN:
        _on_join(tb, f)
    else:
        _welcomed(tb, f)


def _welcomed(tb, f):
    """The WELCOME to our JOIN: it counts only with the proof made under the key we share with
    the table we chose (its ANNOUNCE's public key), so nobody else can seat us anywhere."""
    if f.who < 1 or f.who >= 8 or tb.host_pub is None:
        return
    try:
        k = pair_key(tb, tb.host_pub)
    except ValueError:
        return
    if bytes(f.proof) != tablekeys.welcome_proof(k, tb.tid, f.nonce, f.who):
        return
    h = f.seat  # the host: the creator, or the handheld that took the table over from it
    if h >= 8 or h == f.who:
        return
    tb.who = f.who
    tb.mode = SEATED
    tb.names[tb.who] = tb.name
    tb.pubs[h] = tb.host_pub
    tb.pubs[tb.who] = tb.mypub
    tb._key(h, k)
    tb._key(tb.who, tablekeys.self_key(tb.secret, tb.tid))
    tb._seat(leader=h, members=1 << h | 1 << tb.who)
    tb._persist()


def _listed(tb, mac, f):
    pub = bytes(f.pub)
    for e in tb.heard:
        if e[0] == f.table and e[9] == pub:
            break  # a table is its id and its creator's key: a copycat is listed apart
    else:
        e = [f.table, "", 0, 0, 0, None, None, 0, None, pub, [None] * 8]
        tb.heard.append(e)
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
    e[6] = tb.radio.rssi(mac)
    e[7] = tb.now
    e[8] = bytes(f.rules)


def _on_join(tb, f):
    """A JOIN: one of ours asking again (its WELCOME was lost) is answered; a new one waits in
    `asks` for the creator's person to say yes (admit) - a radio cannot seat anybody, nor fill
    the table with JOINs."""
    for w in range(1, 8):
        if tb.nonces[w] == f.nonce and tb.pubs[w] == bytes(f.pub):
            _welcome(tb, w)
            return
    if tb.playing() or len(tb.order) >= 8:
        return  # between games only, at most 8 seats: the joiner keeps asking
    asks = tb.asks
    for a in asks:
        if a[0] == f.nonce:
            a[3] = tb.now
            return
    asks.append([f.nonce, unpack_name(f.name), bytes(f.pub), tb.now])
    if len(asks) > ASKS_MAX:
        asks.pop(0)


def pending(tb):
    """The JOINs waiting for a yes, heard lately (newest last)."""
    tb.asks = [a for a in tb.asks if tb.now - a[3] < HEARD_MS]
    return tb.asks


def admit(tb, nonce):
    """The creator's person said yes to the JOIN with this nonce: it gets the next free handheld
    number, the key shared with it, a WELCOME; everyone the new roster. False if it is gone."""
    a = None
    for x in tb.asks:
        if x[0] == nonce:
            a = x
    if a is None or tb.playing() or len(tb.order) >= 8:
        return False
    who = -1
    for w in range(1, 8):
        if tb.nonces[w] == 0 and w not in tb.order:
            who = w
            break
    if who < 0:
        return False
    try:
        k = tablekeys.pair_key(tb.secret, a[2], tb.tid)
    except ValueError:
        tb.asks.remove(a)
        return False
    tb.asks.remove(a)
    tb.macs[who] = None  # learned from its own frames (see table.Table._heard_frame)
    tb.nonces[who] = nonce
    tb.pubs[who] = a[2]
    tb.names[who] = a[1]
    tb._key(who, k)
    tb.order.append(who)
    tb.node.members |= 1 << who
    tb._persist()
    _welcome(tb, who)
    roster(tb)
    return True


def refuse(tb, nonce):
    """The creator's person said no: that JOIN is forgotten (it may ask again)."""
    tb.asks = [a for a in tb.asks if a[0] != nonce]


def _welcome(tb, who):
    w = _frame(tb, wire.T_WELCOME)
    w.nonce = tb.nonces[who]
    w.who = who
    w.proof[:] = tablekeys.welcome_proof(tb.keys[who], tb.tid, w.nonce, who)
    tb.radio.send(None, tb.codec.encode(w))
