"""table: this handheld's place at a table - the lobby, the log Node and the game, pumped every tick.

Owns what joins the radio (radio.Radio) to the pure protocol (wire, log, and the game's adapter:
snyd_seats or yatzy_seats, loaded for the table's game only, never both): the lobby,
the map from a Node's seat (a handheld at the table, 0 = the creator) to its radio address, the
persisted state a reboot needs, the per-seat reply spread, and the moves of this handheld's seats
(its person's, handed over by the screens, and its bots'). The screens (ui.table) only read it and
call the methods in the public API below; app.App calls tick() on every loop while a table exists.

Lobby (keyless frames, wire.LOBBY_KEY checksum only; keys explains the keys):
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
Then, tagged per receiver under the pairwise keys: ROSTER (the host's seat order: each handheld's
name and public key, so every two handhelds agree a key, and the key round), TCODE (each
handheld's part of the table code of the key round: keyround) and LEAVE (a seated handheld
stands up; only it can).
A game still handles what it needs of the lobby: the roster's names, a welcome repeated to a seated
joiner that asks again; a new joiner's JOIN waits for the game's end.
Then every frame is the Node's (tagged with the table key). The creator starts a game by logging a
SEATS entry (seat order, kinds person/bot, which handheld plays each seat); a player may leave and
others join between games: the Node, its log and the table id live on.

Addresses: a Node sends to a handheld number; its radio address is learned from its authenticated
frames (broadcast until one is known), and changed only by a frame reporting more applied entries
than any before, which a replay from a stranger's radio never does; a handheld heard from two
radios is sent to by broadcast from then on (the first address may have been the stranger's). Replies that one broadcast
entry triggers on every handheld at once (commitments, reveals) wait SPREAD_MS per handheld number.

Persisted (store, atomic): table.json (table id, key, our number, the creator's address, the roster)
and tsecN.json (seat N's secrets), written before a commitment leaves, and tlog.bin (keep.py: the
log's state after every entry applied): a handheld that reboots comes back to its seat (App boots
into the table when table.json exists) where it was, catches up from the others and still reveals
its dice; when every handheld restarted at once, they elect a sequencer by the boot rule
(log.Node._boot_elect) and go on from the furthest state any of them kept.
"""
import os

from dicecup.table import keep
from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from dicecup.core.compat import const
from dicecup.table.game import P_IDLE, P_OVER

IDLE = const(0)
HOSTING = const(1)      # the host: the creator (handheld 0), or the sequencer that took over
JOINING = const(2)
SEATED = const(3)

BOT = const(0x80)       # in the creator's seat order: a bot (low bits: its number)

HEARD_MS = const(4000)  # a table not announced for this long leaves the join list
G_SNYD = const(1)       # ANNOUNCE game numbers (snyd_seats.GAME, yatzy_seats.GAME)
G_YATZY = const(2)


def game_module(gid):
    """The table game module for an ANNOUNCE game number (None: a game this firmware lacks)."""
    if gid == G_SNYD:
        from dicecup.table import snyd_seats
        return snyd_seats
    if gid == G_YATZY:
        from dicecup.table import yatzy_seats
        return yatzy_seats
    return None


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


ASKS_MAX = 4  # joins whose code the creator shows at once, and as many still without a code
ASK_MIN_MS = const(600)  # a join without a code yet keeps its place this long (then a new one may take it)
HEARD_MAX = const(8)  # tables in the join list (a new one replaces the one heard longest ago)
AHEAD_MS = const(10000)  # the creator agrees a key ahead of a yes at most this often
PRE_MAX = const(16)  # shared secrets agreed ahead, at most (32 bytes each, and their keys' 32)
ANNOUNCE_MS = const(1000)
JOIN_MS = const(300)
SPREAD_MS = const(4)
BOT_THINK_MS = const(900)
KEEP_MS = const(1000)  # tlog.bin waits for an idle loop at most this long after a change
_TEXT_PIECES = const(8)  # a game's record: pieces of its text made a loop (a round is two)
PRE_MS = const(250)  # while browsing, at most one key agreement this often (the list stays live)
AGREE_BITS = const(8)  # a key agreement in the background: this many of its 255 ladder steps a loop
ROSTER_MS = const(500)  # the host repeats its roster this often while a handheld lacks a key
TCODE_MS = const(500)  # a handheld repeats its part of the table code this often while needed
NO_CODE = "----"  # a code not (yet) made: a nonce or a commitment still missing
FILE = "table.json"


def _save_secret(s, b):
    from dicecup.storage import store
    store.save("tsec%d.json" % s, _hex(b))


def _load_secret(s):
    from dicecup.storage import store
    h = store.load("tsec%d.json" % s)
    if not h:
        return None
    try:
        return bytes(int(h[i:i + 2], 16) for i in range(0, len(h), 2))
    except ValueError:
        return None


def _hex(b):
    if hasattr(b"", "hex"):  # one string, in C: per byte a string and a join made writing
        return bytes(b).hex()  # table.json's keys a long loop on the board (docs/memory.md)
    return "".join("%02x" % x for x in b)


def _unhex(h):
    return bytes(int(h[i:i + 2], 16) for i in range(0, len(h), 2))


def _kept_out(k):
    """keyround's record of the last key round whose nonce went out, for table.json."""
    if k is None:
        return None
    return [k[0], _hex(k[1]), k[2], [_hex(c) if c else "" for c in k[3]]]


def _kept_in(d):
    if d is None:
        return None
    rnd, view, count, commits = d
    if len(commits) != 8:
        raise ValueError("kept")
    return [int(rnd), _unhex(view), int(count), [_unhex(c) if c else None for c in commits]]


class Table:
    announce_ms = ANNOUNCE_MS

    def __init__(self, radio, name, now=0):
        self.radio = radio
        self.name = name
        self.codec = wire.Codec()
        self.f = wire.Frame()
        self.rx = wire.Frame()
        self._on_rx = self._heard_frame  # (made once: a bound method each loop is heap)
        self.mode = IDLE
        self.browsing = False
        self.spare = None         # (secret, public): the next table's key pair, made in advance
        self.pre = None           # public key -> shared secret with the spare, agreed in advance
        #                           (the creator: with its own secret, for a join that shows its code)
        self._pre_at = 0
        self._job = None          # the agreement under way a slice a loop: [secret, public key or
        #                           None for the spare's own, x25519.Ladder]
        self._yes = []            # the creator: joins said yes to whose key is still being agreed
        self._ann = 0             # which seated handhelds' keys the next ANNOUNCE carries
        self.heard = []           # join list: [table id, name, game, handhelds, seats, mac, rssi, t,
        #                           rules, creator's key, [seated handhelds' keys]]
        self.node = None
        self.game = None
        self.macs = [None] * 8
        self.names = [""] * 8
        self.nonces = [0] * 8     # the creator: each handheld's JOIN nonce
        self._mack = [0] * 8      # highest applied sequence heard from each handheld
        self._twice = 0           # handhelds whose frames came from two radios
        self._tos = [0xFF] * 8    # the handhelds each one's last frame was tagged for
        self._roster_at = 0
        self._named = -1          # the host: the game's SEATS entry, until the roster went out again
        self.order = []           # the creator's seats for the next game: handheld number or BOT|k
        self.tid = 0
        self.secret = None        # this handheld's X25519 secret at this table (keys)
        self.shake = b""          # ... and the secret of its seats' Yatzy shake chains
        self.mypub = None         # its public key (made once with the secret)
        self.pubs = [None] * 8    # every handheld's public key
        self.keys = [None] * 8    # the pairwise keys (the codec's, kept for table.json)
        self.asks = []            # the creator: joins it runs: [nonce, name, pub, t heard, its join-
        #                           code nonce, its commitment, the code (None until the joiner's
        #                           nonce), t begun]
        self.kround = 0           # the host's key round (ROSTER), and the code's state in it
        self._kr = None           # keyround.KeyRound, between games
        self._kept = None         # the last key round whose nonce went out (keyround; on flash)
        self._kr_dirty = True     # a key, the roster or the round changed: _tick_round looks again
        self._joined = [None] * 8  # the creator: each seated joiner's join (admit), for a JHOST again
        self._tc_at = -100000
        self._tc_ask = False      # a handheld of the round still lacks something: send ours
        self.host_pub = None      # a joiner: the public key of the table it asked to join
        self._jc = None           # ... the host's commitment (JHOST), our nonce, the host's nonce
        self._jn = None
        self._hn = None
        self._hk = None           # ... and the key shared with the host, agreed once per join
        self.epoch = 0            # boot epoch: frame counters of this boot start above the last's
        self.tname = ""
        self.kids = False
        self.rules = None
        self.gid = G_SNYD         # the table's game, and its module (game_module)
        self.mod = None
        self.who = -1
        self.nonce = 0
        self.move = None          # this handheld's person's move, waiting to be submitted
        self._move_at = 0         # ... the log entry and round its screen showed
        self._move_round = 0
        self.now = now
        self.dropped = 0          # lobby frames that did not decode
        self._at = -100000
        self._applied = 0
        self._act_at = 0
        self._changed = now
        self._saved = -1
        self._in_game = -1        # the last game (its number) seen in play with a seat here
        self._bots = {}
        self.saved_games = 0
        self.keep = None          # keep.Keeper: the log's state on flash (made when seated)
        self._keep_at = -1        # ... when it changed unkept (-1: kept)
        self._keep_loop = -1      # ... the loop that took a step of keeping it (one a loop)
        self._wrote = -1          # when a seat's secret was last written
        self._seated = False      # the seats' kinds changed: table.json is written when idle
        self._end = None          # the game's record while its steps are due: [its last step's
        #                           time, the next step, the Record, the result then the
        #                           record's number, the records' folder, the game, the
        #                           Record's text (a generator), the pieces made]

    # ---- public API for the screens ---------------------------------------------------------
    def suggest(self, kind, value):
        """This handheld's person suggests a hold (wire.Y_HOLD, a position mask) or a box
        (wire.Y_BOX, its index) to the teammate rolling for their team's scorecard: one keyed
        HINT to every handheld, never logged (advice changes no game). False if it is not the
        time (the game says: may_hint)."""
        g = self.game
        s = self.my_seat()
        if self.node is None or s < 0 or not g.may_hint(s):
            return False
        f = self.f
        g.hint_frame(f, s, kind, value)
        self.node.tell(f)
        g.hint(f)  # this handheld's own copy (its screen shows what it suggested)
        return True

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

    def table_code(self):
        """The code every lobby screen shows: the same on every handheld at the same table, once
        every handheld of the key round has sent its commitment and its nonce (NO_CODE until
        then; keyround)."""
        kr = self._kr
        return kr.code if kr is not None and kr.code is not None else NO_CODE

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

    def remove_seat(self, i):
        """Take seat i out of the next game (a bot, or a handheld that left or is gone)."""
        w = self.order.pop(i)
        if not w & BOT and w != self.who:
            self.macs[w] = None
            self.nonces[w] = 0
            self.names[w] = ""
            self.pubs[w] = None  # its key stays until a joiner gets the number: it may watch
            self._new_round()
            if self.node and not self.seats_of(w):
                # (a handheld that still plays a seat of this game stays a member: only the
                # log's reseat takes it out, else its moves would be dropped as a stranger's and
                # its seat forfeited every round, while it plays on: attacks/sim_flag_split.py)
                self.node.members &= ~(1 << w)
        self._persist()

    def seats_of(self, hh):
        """How many seats of the game under way handheld hh plays (0 between games)."""
        g = self.game
        if g is None or not self.playing():
            return 0
        return sum(1 for s in range(g.n) if g.hosts[s] == hh and g.kinds[s] and not g.is_bot(s))

    def reseat_to_bot(self, hh, now):
        """The sequencer gives every seat of gone handheld hh to a bot it runs itself."""
        g = self.game
        f = self.f
        f.etype = wire.T_SEATS
        f.flags = wire.SEATS_RESEAT
        f.n = g.n
        f.first = g.first
        f.rules[:] = g.packed_rules()
        for s in range(8):
            f.kinds[s] = g.kinds[s] if s < g.n else 0
            f.hosts[s] = g.hosts[s] if s < g.n else 0
            if s < g.n and g.hosts[s] == hh:
                f.kinds[s] = g.bot_kind(s)
                f.hosts[s] = self.node.seat
        return self.node.log_local(f, now)

    def left_out(self):
        """True when the host's roster, all heard, leaves this seated handheld out: the host
        removed it (it was gone) and it will not play the next game."""
        o = self.order
        return self.mode == SEATED and len(o) > 0 and -1 not in o and self.who not in o

    def seat_name(self, s):
        g = self.game
        if g.is_bot(s):
            return "Bot%d" % (s + 1)
        h = g.hosts[s]
        return self.names[h] or "P%d" % (h + 1)

    def host_gone(self):
        """A joiner before the table's first game whose creator has gone quiet (the missing time):
        nobody else can host yet (see _host), so its lobby says so and its person can leave."""
        n = self.node
        return self.mode == SEATED and n is not None and self.game.n == 0 and \
            not n.alive(0, self.now)

    def my_seat(self):
        """The game seat of this handheld's person (-1: none this game)."""
        g = self.game
        for s in range(g.n):
            if g.hosts[s] == self.who and g.kinds[s] and not g.is_bot(s):
                return s
        return -1

    def my_move(self):
        """True when the game waits on this handheld's person for a move (their turn)."""
        s = self.my_seat()
        return s >= 0 and self.game.waits_on() == s

    def playing(self):
        g = self.game
        return g is not None and P_IDLE < g.phase < P_OVER

    def kids_mode(self):
        """Kids' Snyd: the creator's choice; a joiner's is what its table played (three dice),
        once it played: before, what the ANNOUNCE said, which anyone can copy with other rules
        (attacks/announce_kids.py)."""
        g = self.game
        if self.who == 0 or self.gid != G_SNYD or g is None or g.rules is None:
            return self.kids
        return g.rules.dice == 3

    def waiting_mask(self):
        """Whom the table waits for (a mask): those the sequencer says are missing, and the
        sequencer itself once this handheld stopped following it and no other took over (else
        that wait showed on no screen here: attacks/withhold_flag_to_one.py)."""
        n = self.node
        return n.missing | n.deposed() if n else 0

    def missing_names(self):
        return self.names_of(self.waiting_mask())

    def held_mask(self):
        """Whom the table stops at because logs differ (log's _F_HELD): the held handhelds,
        and where this one is held, those it is held on (Node.held_on); and whom a held
        handheld says a snapshot holds it on (Node.snap_named: a witness that differs from the
        sender, or a sequencer that sends none), this one too; 0 when none."""
        n = self.node
        if n is None:
            return 0
        m = n.held(self.now)
        if m & (1 << self.who):
            m |= n.held_on()
        return m & ~(1 << self.who) | n.snap_named(self.now)

    def held_names(self):
        return self.names_of(self.held_mask())

    def names_of(self, m):
        return [self.names[h] or "P%d" % (h + 1) for h in range(8) if m & (1 << h)]

    def submit_move(self, move, seen=-1):
        """The person's move in the bot protocol's list form (ui.snyd hands it over). It answers
        the table as the screen showed it (seen: the log entry it had applied; default now): a
        move overtaken by another seat's is never sent (_overtaken)."""
        self.move = move
        self._move_at = seen if seen >= 0 else self.node.applied
        self._move_round = self.game.round
        s = self.my_seat()
        if s >= 0:
            if self._overtaken(s):
                self.move = None
                return
            self.game.want(s)

    # ---- the pump --------------------------------------------------------------------------
    def tick(self, now):
        self.now = now
        if self.node is not None and self.playing():
            self._hold_clock(now)
        self.radio.poll(self._on_rx)
        if self.mode == HOSTING and now - self._at >= self.announce_ms and not self.playing():
            self._at = now
            self.announce()
        elif self.mode == JOINING and now - self._at >= JOIN_MS:
            self._at = now
            self.send_join(self.nonce)
        elif self.browsing and self.mode == IDLE and now - self._pre_at >= PRE_MS and \
                self._job is None:
            self._pre_at = now  # one agreement at a time, a slice a loop (the list stays live)
            if self.spare is None:
                self._agree(keys.new_secret(os.urandom), None)
            else:
                self.precompute(True)
        elif self.mode == HOSTING and self._job is None and not self.playing():
            self._agree_asks(now)
        elif self.mode == IDLE and self.spare is None and self._job is None:
            # the next table's key pair while the table menu shows: a create without one made
            # the whole pair in the loop of its press (about 2 s on the board)
            self._agree(keys.new_secret(os.urandom), None)
        elif self.pre is not None and self.playing():
            self.pre = None  # every key is agreed by the time a game starts
        if self._job is not None:
            self._agree_step()
        if self._kr is not None and self.playing():
            self._kr = None  # the lobby's: made again after the game (the same nonces, the same code)
            self._kr_dirty = True
        node = self.node
        if node is None:
            return
        node.tick(now)
        if self.mode == HOSTING and node.is_leader():
            self._tick_keys(now)
        if not self.playing() and node.caught_up():
            self._tick_round(now)  # between games (one back from a reboot: once it knows)
        g = self.game
        if (self.mode == HOSTING) != node.is_leader() and node.leader >= 0 and not self.playing():
            self._host(node)
        if node.applied != self._applied:
            self._applied = node.applied
            self._changed = now
            # every handheld answers the same entry: spread the answers by handheld number
            self._act_at = now + self.who * SPREAD_MS
        if P_IDLE < g.phase < P_OVER:
            if g.hosted:
                self._in_game = g.games
            self._want_moves(now)
        if now >= self._act_at:
            g.poll(node, now, self._decide, os.urandom)
        # the record of a game this handheld played a seat of (its person's or a bot's) while it
        # ran: one that joined after a game ended caught up to it (maybe with the handheld number
        # of a player who left), and had saved a record of a game it never played
        if g.phase == P_OVER and self._saved != g.round and node.caught_up() and \
                self._in_game == g.games and self._end is None:
            self._end_begin()
        # the record (its steps: _end_step) and then tlog.bin (after the record: a boot never
        # saves it twice; packed in a loop and written in another) wait for idle loops: the loop
        # that applied an entry also redraws, and a file is tens of ms of flash (docs/memory.md,
        # Device time). The App calls idle() after a loop that drew nothing; a handheld never
        # idle still takes each step KEEP_MS after the change (or the record's last step), one
        # a loop
        if self._end is not None:
            if now - self._end[0] >= KEEP_MS:
                self._keep_step()
        elif self._keep_at < 0:
            if self.keep.changed(node):
                self._keep_at = now
            elif self._seated:
                self._keep_at = now  # (table.json alone: the same wait)
        elif now - self._keep_at >= KEEP_MS:
            self._keep_step()

    def _hold_clock(self, now):
        """While the table is held (a fork, or a handheld's flag says so), the seat the game waits
        on for a move is not stalling: its move clock starts again (TableGame.stalled), so a
        liar's flag cannot make an honest seat look abandoned. Not the seat of the sequencer we
        follow: one that holds the table and never moves must still lose its role (log's
        police), and its person's screen takes their move like anyone's."""
        g = self.game
        w = g.waits_on()
        n = self.node
        if w >= 0 and g.hosts[w] != n.leader and not n._waiting and n.held(now) & ~(1 << self.who):
            # (another handheld's word, not our own hold, and never while we hold an entry: a
            # reseat we hold would restart the clock it waits for and hold itself for good,
            # alone (attacks/reseat_one_flag.py) or through the flags it raises at the other
            # handhelds, the sequencer's too (reseat_mutual_hold.py))
            g.held_at = now

    def idle(self):
        """The App: this loop drew nothing and no press came. The kept log state is packed now
        if it changed in an earlier loop (not this one: this loop's entry was drawn in the next),
        and written in the next idle loop (packing and writing in one loop made a long one on
        the board: docs/memory.md, Device time). Else a seat's next secret (Seats.ahead). True if
        it took this loop."""
        if self._changed == self.now or self._wrote == self.now:
            return False
        if self._seated or self._keep_at >= 0 or self._end is not None:
            self._keep_step()
            return True
        if self.game is not None and self.node is not None and self.game.ahead(os.urandom):
            self._wrote = self.now  # (the next round's secret for a seat: tsecN.json)
            return True
        return False

    def _keep_step(self):
        """table.json when the seats changed (_seats_changed), else a step of the game's record
        while it is due (_end_step), else pack the kept state, or write what was packed: one of
        these a loop."""
        k = self.keep
        if self.node is None or self._keep_loop == self.now:
            return
        self._keep_loop = self.now
        if self._seated:
            self._persist()  # (table.json before tlog.bin: the state a boot restores is read
            # beside the seats table.json names)
        elif self._end is not None:
            self._end_step()
        elif self._keep_at < 0:
            return
        elif k.n:
            k.write()
            if not k.changed(self.node):
                self._keep_at = -1
        elif not k.pack(self.node, self.tid):
            self._keep_at = -1  # (nothing changed since the last pack: nothing to keep)

    def _save_secret(self, s, b):
        self._wrote = self.now  # a file in this loop: the kept state waits for another (idle)
        _save_secret(s, b)

    def _host(self, node):
        """The host is the sequencer. One that took over (the creator gone) hosts between games:
        announces the table, seats newcomers, starts the next game, with the last game's seats
        (but handhelds now missing) as the order; a creator back after another took over stands
        down (two hosts would give one handheld number to two newcomers). A creator gone before
        the first game takes the table with it (the joiners never learnt who else sits): their
        lobby says so (host_gone)."""
        if not node.is_leader():
            self.mode = SEATED
            return
        g = self.game
        if not node.ready or g.n == 0:
            return  # before a first game only the creator knows who sits: nobody can host
        o = []
        for s in range(g.n):
            h = g.hosts[s]
            if g.is_bot(s):
                o.append(BOT | len(o))
            elif not node.missing & (1 << h) and h not in o:
                o.append(h)
        if self.who not in o:
            o.insert(0, self.who)
        self.order = o
        # the rules the table played (its log's SEATS entry), not an ANNOUNCE's: anyone can copy
        # an ANNOUNCE with other rules (attacks/announce_rules.py)
        self.rules = self.mod.unpack_rules(g.packed_rules())
        if self.who:
            self.kids = self.gid == G_SNYD and self.rules.dice == 3
        self._new_round()
        self.mode = HOSTING
        self._at = -100000
        self._persist()

    def _want_moves(self, now):
        g = self.game
        for s in range(g.n):
            if not g.hosted & (1 << s):
                continue
            if g.is_bot(s):
                if g.to_move(s) and now - self._changed >= BOT_THINK_MS:
                    g.want(s)
            elif self.move is not None:
                g.want(s)

    def _decide(self, game, s):
        g = self.game
        if g.is_bot(s):
            if not g.to_move(s) or self.now - self._changed < BOT_THINK_MS:
                return None
            mv = g.bot_move(self._bot(s), s, self.now)
        else:
            mv = self.move
            self.move = None
            if mv is not None and self._overtaken(s):
                return None
        return None if mv is None else g.wire_move(mv)

    def _overtaken(self, s):
        """True when another seat's move was logged after the screen showed the table that seat
        s's person answered (a calza called while they bid; the move waited out a reveal): sent
        now it would answer a table that is gone, even in a later round. The seat is told who
        came first, as the sequencer tells a request that lost the race (log.RJ_LATE)."""
        g = self.game
        f = self.rx  # the lobby's frame: free between radio polls
        for seq in range(self._move_at + 1, self.node.applied + 1):
            if not self.node.entry(seq, f):
                continue
            if f.etype == wire.T_SHAKE:
                # a Yatzy re-roll landed after the screen showed the dice (the press came while
                # the last hold was being shaken, its roll count not yet moved on): the move
                # answered dice that are gone, and sent now it would take a roll nobody chose, or
                # one past the last; dropped, the screen shows the new roll
                return True
            if f.etype in (wire.T_ACTION, wire.T_YATZY) and \
                    f.who != s and not (f.etype == wire.T_ACTION and f.kind == wire.A_SHOW):
                g.rejected(s, log.RJ_LATE, seq)
                return True
        return g.round != self._move_round  # a voided round: its screen says so

    def waiting(self):
        """True while this handheld's person's last move is not yet logged (or refused)."""
        s = self.my_seat()
        return self.move is not None or (s >= 0 and self.node.pending(s))

    def _bot(self, s):
        b = self._bots.get(s)
        if b is None:
            from dicecup.play import seats
            b = seats.Bot("Bot", "easy" if self.kids_mode() else "normal",
                          int.from_bytes(os.urandom(4), "little"))
            b.think_ms = 0
            self._bots[s] = b
        return b

    def _heard_frame(self, mac, msg):
        if len(msg) < wire.HDR_LEN or msg[0] != wire.MAGIC:
            self.dropped += 1
            return
        if wire.is_lobby(msg[2]):
            self._lobby(mac, msg)
            return
        node = self.node
        if node is None:
            return
        code = node.receive(msg, self.now)
        s = msg[7]
        if code == 0 and s < 8:
            if msg[2] == wire.T_ACK:  # a heartbeat goes to everyone it shares a key with
                self._tos[s] = msg[wire.HDR_LEN - 1]
            # a seat's address: the radio its frames come from, switched only by a frame that
            # says more than any before (a higher applied sequence): a replay never does
            a = msg[14] | msg[15] << 8 | msg[16] << 16 | msg[17] << 24
            m = self.macs[s]
            if m is None or (m != mac and a > self._mack[s]):
                self.macs[s] = bytes(mac)
            elif m != mac:
                # two radios speak for this seat (one replays its frames, maybe the one we
                # believed first): from now on it is sent to by broadcast, which reaches it
                self._twice |= 1 << s
            if a > self._mack[s]:
                self._mack[s] = a

    def _send(self, dest, data):
        if dest == log.BROADCAST or self._twice & (1 << dest):
            self.radio.send(None, data)
        else:
            self.radio.send(self.macs[dest], data)

    # ---- the lobby's frames -----------------------------------------------------------------
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

    def _host_seat(self):
        """The handheld that hosts: the sequencer once known, else the creator."""
        n = self.node
        return n.leader if n is not None and n.leader >= 0 else 0

    def _on_frame(self, f):
        """A keyed frame that is the table's, not the log's: the host's ROSTER, a TCODE, a LEAVE."""
        if f.type == wire.T_TCODE:
            self._tcode(f)
            return
        if f.type == wire.T_LEAVE:
            if self.mode == HOSTING and not self.playing() and 0 < f.seat < 8 and \
                    f.seat in self.order:
                self.remove_seat(self.order.index(f.seat))
            return
        if self.mode != HOSTING and f.seat == self._host_seat():
            self._rostered(f)

    def _rostered(self, f):
        """A joiner's copy of the host's roster: names, the seat order, and each handheld's
        public key (a new one: the pairwise key with it)."""
        w = f.value
        n = f.n
        if n > wire.SEATS_MAX or f.k >= n or w & ~BOT >= 8:
            return  # no such seat or handheld: stored, it would crash every screen naming it
        d = (f.round - self.kround) & 0xFFFF
        if d >= 0x8000:
            return  # a line of an earlier round, delayed
        if d:  # a new key round: the whole roster again, then its code
            self.kround = f.round
            self.order = [-1] * n
            self._kr_dirty = True
        if not w & BOT:
            pub = bytes(f.pub)
            if self.playing() and w != self.who:
                # in a game a roster line gives no key: else the sequencer could give another
                # handheld a key of its own and speak for it (Authentic). Not even one we lack:
                # the creator held a line back until the game and filled it with its own key
                # (attacks/missing_key_in_game.py); a game starts only once the table code
                # covers every key (confirmed), and the keys are on flash through a reboot.
                # Only a name we lack is filled (never replaced: a line naming the host lost
                # at 30 % loss left "P1" in a record)
                pub = None
                if not self.names[w]:
                    self.names[w] = unpack_name(f.name)
            else:
                self.names[w] = unpack_name(f.name)
            if pub is not None and w != self.who and w != self._host_seat() and \
                    pub != self.pubs[w]:
                # a new handheld: rare, and only between games. Its key agreed while
                # browsing, or now in the background (a slice a loop: _agree): the host repeats
                # its roster while a handheld lacks a key, and a later line finds it agreed
                pre = self.pre
                if pre is not None and pub in pre:
                    if pre[pub] is not None:  # (None: no secret with it, RFC 7748 6.1: not ours)
                        self._key(w, keys.pair_from(pre[pub], self.tid))
                        self.pubs[w] = pub
                elif self._job is None:
                    self._agree(self.secret, pub, w)
        o = self.order
        del o[n:]
        while len(o) < n:
            o.append(-1)  # not heard yet
        if f.k < n and o[f.k] != w:
            o[f.k] = w
            self._kr_dirty = True

    def roster(self):
        """The host's seats for the next game, in order, as ROSTER frames (tagged for every seated
        handheld): seat k of n, the handheld (or BOT|k), its name and public key, so every screen
        names every handheld and every two handhelds agree a key (_rostered). Sent with every
        ANNOUNCE, to a new joiner at once, at the start, and in a game while some handheld's frames
        show that it lacks a key (_tick_keys)."""
        o = self.order
        f = self.f
        for i in range(len(o)):
            w = o[i]
            f.type = wire.T_ROSTER
            f.n = len(o)
            f.k = i
            f.value = w
            f.round = self.kround
            pack_name("" if w & BOT else self.names[w], f.name)
            p = None if w & BOT else self.pubs[w]
            f.pub[:] = p if p else bytes(wire.PUB_LEN)
            self.node.tell(f)

    def _tick_keys(self, now):
        """The host: a handheld tags its frames for every handheld it shares a key with, so one
        whose frames leave out a member lacks that key (a lost ROSTER): send the roster again."""
        node = self.node
        m = node.members | 1 << self.who
        for h in range(8):
            if m & (1 << h) and h != self.who and self._tos[h] & m != m & ~(1 << h):
                if now - self._roster_at >= ROSTER_MS:
                    self._roster_at = now
                    self.roster()
                return
        if self._named > 0 and self.playing():
            for h in range(8):
                if m & (1 << h) and h != self.who and not node.holds(h, self._named):
                    return
            # every handheld holds the game: the roster once more, so that one whose every
            # ROSTER line naming a handheld was lost before the start (30 % loss) still names
            # it on its screens and in its record
            self._named = -1
            self.roster()

    def _new_round(self):
        """The host: a public key came or went; a new key round (ROSTER carries it)."""
        self.kround = (self.kround + 1) & 0xFFFF
        self._kr_dirty = True

    def _tick_round(self, now):
        """Between games: the key round's table code (keyround). Its members are the handhelds of
        the roster, all heard, each with a key; this handheld sends its commitment, and its nonce
        once it holds every commitment, while its own code or another's lacks something."""
        if self._kr_dirty:
            self._kr_dirty = False
            pubs = [None] * 8
            for w in self.order:
                if w < 0:
                    self._kr = None  # a roster line not heard yet
                    return
                if not w & BOT:
                    if self.pubs[w] is None or self.keys[w] is None:
                        self._kr = None
                        return
                    pubs[w] = self.pubs[w]
            if self.who < 0 or pubs[self.who] is None:
                self._kr = None
                return
            if self._kr is None or not self._kr.same(self.kround, pubs):
                from dicecup.table import keyround
                self._kr = keyround.KeyRound(self.tid, self.kround, self.who, self.secret, pubs,
                                             self._kept)
                self._tc_at = -100000
        kr = self._kr
        if kr is None or now - self._tc_at < TCODE_MS or not (kr.code is None or self._tc_ask):
            return
        self._tc_at = now
        self._tc_ask = False
        f = self.f
        f.type = wire.T_TCODE
        f.round = kr.rnd
        f.flags = 0 if kr.code is None else 1
        f.h1[:] = kr.commit
        f.h2[:] = bytes(wire.HASH_LEN)
        if kr.revealing():
            if not kr.kept:  # on flash before the nonce goes: it answers these commitments only
                self._kept = kr.record()
                self._persist()
            f.h2[:] = kr.nonce
        self.node.tell(f)

    def _tcode(self, f):
        """Another handheld's TCODE (keyed: it is that handheld's): its part of our round's code."""
        kr = self._kr
        if kr is None or f.round != kr.rnd or f.seat >= 8 or kr.pubs[f.seat] is None:
            return
        was = kr.revealing()
        nonce = bytes(f.h2)
        if kr.heard(f.seat, f.h1, nonce if any(nonce) else None) and kr.revealing() != was:
            self._tc_at = -100000  # every commitment in: our nonce goes at once
        if not f.flags & 1:
            self._tc_ask = True  # it lacks something: ours again at the next turn

    def _key(self, h, k):
        self._kr_dirty = True
        self.keys[h] = k
        self.codec.set_key(h, k)

    # ---- seat, persist, forget -------------------------------------------------------------
    def _seat(self, leader, members):
        self.codec.seat_at(self.tid, self.who)
        for h in range(8):
            self.codec.set_key(h, self.keys[h])
        self.codec.ctr = self.epoch << wire.EPOCH_SHIFT
        if members < 0:  # after a reboot: every handheld it shares a key with, until it hears more
            members = self.codec.keyed() | 1 << self.who
        self.game = self.mod.Seats(self.tid, 0xFF if leader < 0 else 0, self._save_secret,
                                   _load_secret, self.who)
        self.game.on_seats = self._seats_changed
        self.game.shake_key = self.shake
        self.node = log.Node(self.who, self.codec, self.game, self._send, members, leader,
                                  self.now)
        self.node.on_frame = self._on_frame
        if self.keep is None:
            self.keep = keep.Keeper()
        self.keep.applied = -1  # a new Node: keep its state from the first change on
        self.keep.n = 0

    def _seats_changed(self):
        """A SEATS entry (or a restored state) changed the seats' kinds: table.json keeps them, in
        an idle loop (written in the loop that applied the SEATS entry, beside the first secret's
        file and the new game's work, it made that loop the game's longest on the board: docs/
        memory.md, Device time). A restart before then finds them in tlog.bin's state."""
        self._seated = True

    def _persist(self):
        from dicecup.storage import store
        self._seated = False
        self._wrote = self.now
        store.save(FILE, {"tid": self.tid, "secret": _hex(self.secret), "who": self.who,
                          "shake": _hex(self.shake),
                          "keys": [_hex(k) if k else "" for k in self.keys],
                          "pubs": [_hex(p) if p else "" for p in self.pubs],
                          "epoch": self.epoch, "kround": self.kround, "kept": _kept_out(self._kept),
                          "tname": self.tname, "kids": self.kids,
                          "order": self.order, "names": self.names,
                          "macs": [_hex(m) if m else "" for m in self.macs],
                          "kinds": list(self.game.kinds) if self.game else [],
                          "nonces": self.nonces, "saved": self._saved,
                          "game": self.gid,
                          "rules": _hex(self.mod.pack_rules(self.rules)) if self.rules else ""})

    def _forget(self):
        from dicecup.storage import store
        self._end_all()
        for name in [FILE] + ["tsec%d.json" % s for s in range(8)]:
            store.remove(name)
        keep.forget()
        if self.keep is not None:
            self.keep.n = 0  # (a state packed and not written is the forgotten table's)
        self.mode = IDLE
        self.node = None
        self.game = None
        self.who = -1
        self.asks = []
        self.secret = None
        self.pubs = [None] * 8
        self.keys = [None] * 8
        self._kr = None
        self._kept = None
        self._kr_dirty = True
        self._hk = None
        self.codec.seat_at(0)

    def resume(self):
        """After a reboot: back to the seat in table.json; False if there is none."""
        from dicecup.storage import store
        d = store.load(FILE)
        if not isinstance(d, dict):
            return False
        try:
            self.tid = d["tid"]
            self.secret = _unhex(d["secret"])
            self.shake = _unhex(d["shake"])
            self.keys = [_unhex(k) if k else None for k in d["keys"]]
            self.pubs = [_unhex(p) if p else None for p in d["pubs"]]
            self.kround = d.get("kround", 0)
            self._kept = _kept_in(d.get("kept"))
            self._kr_dirty = True
            # a new boot epoch, saved before any frame: a counter never repeats a frame's
            self.epoch = d.get("epoch", 0) + 1
            self.who = d["who"]
            self.tname = d["tname"]
            self.kids = d["kids"]
            # a file saved before its ROSTER lines were checked (_rostered) may name a handheld
            # that cannot be: such a row is left out, never shown
            self.order = [w for w in d["order"] if w == -1 or 0 <= w & ~BOT < 8][:8]
            self.names = d["names"]
            self.macs = [_unhex(m) if m else None for m in d["macs"]]
            self.nonces = d.get("nonces") or [0] * 8
            self.gid = d.get("game", G_SNYD)
            self.mod = game_module(self.gid)
            self.rules = self.mod.unpack_rules(_unhex(d["rules"])) if d["rules"] else None
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return False
        self.mode = HOSTING if self.who == 0 else SEATED
        self.mypub = self.pubs[self.who]
        self._seat(leader=-1, members=-1)
        self._persist()
        k = d.get("kinds") or []
        for s in range(min(8, len(k))):
            self.game.kinds[s] = k[s]
        # the game where it was (the whole table may have restarted: nobody to catch up from)
        self._saved = d.get("saved", -1)
        if self.keep.load(self.node, self.tid) and self.game.hosted and self.game.phase > P_IDLE:
            self._in_game = self.game.games  # it played this game: its record is still due
        return True

    def _end_begin(self):
        """The game is over: its record is due. Taken now (the next game may replace the game's
        recorder, not change it), saved in steps, one an idle loop (_end_step): all of it in one
        loop was the longest loop of a game on the board (docs/memory.md, Device time)."""
        g = self.game
        self._end = [self.now, 0, Record(g.rec, {"table": "%08x" % self.tid, "game": g.round},
                                         self._record_names()), g.result(self.my_seat(), self.kids_mode()),
                     self.mod.FOLDER, g.round, None, []]

    def _end_step(self):
        """The next step of saving the record: the statistics (stats.json), the record's text
        (_TEXT_PIECES pieces a step), its file, then table.json (which game's record is saved:
        after a restart, never twice)."""
        e = self._end
        e[0] = self.now
        step = e[1]
        if step == 0:
            from dicecup.storage import settings
            kind, won, score = e[3]
            e[3] = settings.count_game(settings.stats(), kind, won, score)  # the record's number
            self._wrote = self.now
            e[6] = e[2].text()
        elif step == 1:
            parts = e[7]
            try:
                for _ in range(_TEXT_PIECES):
                    parts.append(next(e[6]))
                return
            except StopIteration:
                pass  # (next with a default is not in every MicroPython build)
        elif step == 2:
            from dicecup.storage import store
            store.save_record(e[4], e[3], _Text(e[7]))
            self._wrote = self.now
            self.saved_games += 1
        else:
            self._end = None
            self._saved = e[5]
            self._persist()
        e[1] = step + 1

    def _end_all(self):
        """Every step of the record still due, at once (the table is forgotten)."""
        while self._end is not None:
            self._end_step()

    def _record_names(self):
        """The record's names as the screens say them: one per seat (Snyd) or scorecard (Yatzy),
        or for Yatzy team play each team's members (the record's "teams")."""
        g = self.game
        names = [self.seat_name(s) for s in range(g.n)]
        card_of = getattr(g, "card_of", None)
        if card_of is None:
            return {"names": names}
        cards = [[] for _ in range(g.cards)]
        for s in range(g.n):
            if card_of(s) >= 0:
                cards[card_of(s)].append(names[s])
        if g.teams:
            return {"teams": cards}
        return {"names": [c[0] if c else "" for c in cards]}

    # ---- the lobby: create, join, the join list, the seat order, the creator's yes ----------
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

    def spare_keypair(self):
        """Make the key pair the next table will use, while the join list is on screen: a scalar
        multiplication takes about 0.4 s on a handheld, and this one is then not part of a join."""
        if self.spare is None:
            secret = keys.new_secret(os.urandom)
            self.spare = (secret, keys.public(secret))
            self.pre = {}


    def precompute(self, sliced=False):
        """One shared secret a join will need, agreed ahead while the join list shows: with the
        creator or a seated handheld of a listed table whose public key its ANNOUNCE carried. So
        choosing a table costs no scalar multiplication once the list has shown for a few seconds.
        The announced keys are not checked (lobby frames have no key): a false one only wastes a
        multiplication, since the roster's keyed key is what a secret is looked up by. True if one was
        made (sliced: begun, as a job that tick() carries on a slice a loop)."""
        pre = self.pre
        if len(pre) >= PRE_MAX:
            return False
        for e in self.heard:
            for pub in [e[9]] + e[10]:
                if pub is not None and pub not in pre:
                    if sliced:
                        self._agree(self.spare[0], pub)
                        return True
                    try:
                        pre[pub] = keys.shared(self.spare[0], pub)
                    except ValueError:
                        pre[pub] = None  # no secret with this key (RFC 7748 6.1): never ours
                    return True
        return False

    def _agree(self, secret, pub, w=-1):
        """Begin agreeing secret with pub (None: the public key of secret itself) in the
        background: a scalar multiplication is about 2 s of a handheld's CPU, and in one loop it
        froze the screen and the radio that long (docs/memory.md, Device time)."""
        from dicecup.table import x25519
        self._job = [secret, pub, x25519.Ladder(secret, pub if pub is not None else b"\x09" + bytes(31)),
                     w]  # w: the roster's handheld it is for (_rostered), keyed once agreed

    def _agree_step(self):
        j = self._job
        if not j[2].step(AGREE_BITS):
            return
        self._job = None
        secret, pub, r = j[0], j[1], j[2].result()
        if pub is None:
            if self.spare is None:
                self.spare = (secret, r)
                self.pre = {}
            return
        mine = self.spare[0] if self.mode == IDLE and self.spare is not None else self.secret
        if secret != mine:
            return  # the key pair it was for is gone (a table created or left meanwhile)
        w = j[3]
        if self.mode == HOSTING and w < 0 and not any(a[2] == pub for a in self.asks):
            return  # its join ended while it was agreed (_expire)
        if self.pre is None:
            self.pre = {}
        self.pre[pub] = r if any(r) else None  # (all zeros: no secret with it, RFC 7748 6.1)
        if w >= 0 and any(r) and self.pubs[w] != pub and not (self.playing() and self.pubs[w]):
            self._key(w, keys.pair_from(r, self.tid))  # (as _rostered would have)
            self.pubs[w] = pub
        for nonce in self._yes:
            for a in self.asks:
                if a[0] == nonce and a[2] == pub:
                    self._yes.remove(nonce)
                    self.admit(nonce)
                    return

    def _agree_asks(self, now):
        """The creator: agree the key with a joiner whose code shows, before its person says yes
        (the joins said yes to first), so that the yes seats it at once. Ahead of a yes, at most
        one agreement per AHEAD_MS: anyone can start a join with a fresh key, and each costs a
        scalar multiplication (attacks/lobby_pre_leak.py)."""
        if self.pre is None:
            self.pre = {}
        for want in (True, False):
            if not want and now - self._pre_at < AHEAD_MS:
                return
            for a in self.asks:
                if a[6] is not None and a[2] not in self.pre and (a[0] in self._yes) == want:
                    if not want:
                        self._pre_at = now
                    self._agree(self.secret, a[2])
                    return

    def pair_key(self, pub):
        """The key shared with the holder of pub at self's table: agreed ahead if it was (precompute)."""
        s = self.pre.get(bytes(pub)) if self.pre else None
        if s is not None:
            return keys.pair_from(s, self.tid)
        return keys.pair_key(self.secret, pub, self.tid)

    def _keypair(self, joiner=False):
        """The table's key pair: the spare one. A joiner keeps the secrets agreed with it."""
        while self._job is not None and self._job[1] is None:
            self._agree_step()  # the spare under way: the rest of it now (not a whole new one)
        self.spare_keypair()
        self._yes = []
        self.secret, self.mypub = self.spare  # a new one for every table: nothing links two tables' seats
        self.spare = None
        if not joiner:
            self.pre = None
        self.shake = os.urandom(16)
        self.pubs = [None] * 8
        self.keys = [None] * 8
        self._kr = None
        self._kept = None
        self._kr_dirty = True
        self.asks = []
        self.epoch = 0

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

    def add_bot(self):
        if len(self.order) < 8:
            k = 0
            while BOT | k in self.order:
                k += 1
            self.order.append(BOT | k)
            self._persist()

    def move_seat(self, i, d):
        j = i + d
        if 0 <= j < len(self.order):
            o = self.order
            o[i], o[j] = o[j], o[i]
            self._persist()

    def confirmed(self):
        """True when every handheld's key is covered by a table code (a table of one handheld
        needs none): only then may a game start. A handheld lacking a roster line shows no code,
        so with a line held back (or lost) nobody has compared the key it would use."""
        return self.handhelds() <= 1 or self.table_code() != NO_CODE

    def start(self, now):
        """The creator logs a new game; returns 0 or log/game's reason (RJ_NOT_YOURS
        while the table code is not complete: confirmed())."""
        if not self.confirmed():
            return log.RJ_NOT_YOURS
        self.roster()
        o = self.order
        f = self.f
        f.etype = wire.T_SEATS
        f.flags = 0
        f.n = len(o)
        f.first = os.urandom(1)[0] % max(1, len(o))
        f.rules[:] = self.mod.pack_rules(self.rules)
        for s in range(8):
            f.kinds[s] = 0
            f.hosts[s] = 0
        for s in range(len(o)):
            w = o[s]
            f.kinds[s] = self.mod.kind(s, w & BOT, self.rules)
            f.hosts[s] = self.node.seat if w & BOT else w
        r = self.node.log_local(f, now)
        if not r:
            self._named = self.node.applied
        return r

    def handhelds(self):
        """How many handhelds sit at the table (the creator's count, or the last announce)."""
        n = 0
        for w in self.order:
            if not w & BOT:
                n += 1
        return n

    def order_name(self, i):
        """Seat i of the order for the next game as the lobby screens show it (-1: not heard)."""
        w = self.order[i]
        if w < 0:
            return "?"
        return "Bot%d" % (i + 1) if w & BOT else self.names[w] or "P%d" % (w + 1)

    def tables(self):
        """The join list: tables announced lately, in the order of their ids (a list whose rows
        jumped about with the signal would be hard to pick from)."""
        now = self.now
        self.heard = [e for e in self.heard if now - e[7] < HEARD_MS]
        return sorted(self.heard, key=lambda e: e[0])


    # ---- frames -----------------------------------------------------------------------------------
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

    def send_join(self, nonce):
        f = self._frame(wire.T_JOIN)
        f.nonce = nonce
        pack_name(self.name, f.name)
        f.pub[:] = self.mypub
        z = bytes(wire.HASH_LEN)
        f.h1[:] = self._jc if self._jc is not None else z
        f.h2[:] = self._jn if self._jc is not None else z
        self.radio.send(None, self.codec.encode(f))

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



class _Text:
    """A record's JSON text in pieces, made in some loops, for store.save to write in another."""

    def __init__(self, parts):
        self.parts = parts

    def write(self, f):
        for s in self.parts:
            f.write(s)


class Record:
    """A game recorder's record with the players' names (Table._record_names) and a meta object
    (which table, which game) added."""

    def __init__(self, rec, meta, names=None):
        self.rec = rec
        self.meta = meta
        self.names = names or {}

    def text(self):
        """The record's JSON text in pieces: the recorder's own (its text(), a round's each: Snyd;
        else all at once), its closing brace replaced by the names and the meta."""
        import json
        t = getattr(self.rec, "text", None)
        if t is None:
            import io
            f = io.StringIO()
            self.rec.write(f)
            t = (f.getvalue(),)
        else:
            t = t()
        held = ""
        for s in t:
            if s:
                yield held
                yield s[:-1]
                held = s[-1:]
        for k in self.names:
            yield ', "%s": ' % k
            yield json.dumps(self.names[k])
        yield ', "meta": '
        yield json.dumps(self.meta)
        yield "}"

    def write(self, f):
        for s in self.text():
            f.write(s)
