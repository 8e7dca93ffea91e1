"""pump: the table's loop (tick) - the radio polled, the lobby's repeats and background key
agreements scheduled, the Node and the game pumped, the host's role taken or given up, the moves of
this handheld's seats (its person's, handed over by the screens, and its bots') decided, the table
held by a fork keeping a move clock still, and the record and the kept log state's steps timed -
and the radio's side of the Node: the frames heard and the addresses they teach.

State (Pump._init_pump): `_on_rx`, `_mack`, `_twice`, `_tos` (addresses, below), `_at` (the last
ANNOUNCE or JOIN), `_applied`, `_act_at`, `_changed` (the last entry applied, when this handheld
answers it), `_in_game` (the last game seen in play with a seat here), `_bots`, and the person's
`move` with `_move_at`, `_move_round` (what its screen showed); the loop's budget on the board:
`_step_t` (when this loop's table step began), `_late` (requests put off to the next loop), and
the sequencer's share of each follower's frames a loop (`_rxn`, `_rxt`; `flooded`, those left
unread).

Addresses: a Node sends to a handheld number; its radio address is learned from its authenticated
frames (broadcast until one is known), and changed only by a frame reporting more applied entries
than any before, which a replay from a stranger's radio never does; a handheld heard from two
radios is sent to by broadcast from then on (the first address may have been the stranger's).
Replies that one broadcast entry triggers on every handheld at once (commitments, reveals) wait
SPREAD_MS per handheld number.
"""
import os

try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython (the tests' tables): a loop's work takes no time there
    ticks_ms = None

from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from dicecup.table.lobby import BOT, G_SNYD, HOSTING, IDLE, JOINING, SEATED
from dicecup.core.compat import const
from dicecup.table.game import P_IDLE, P_OVER

JOIN_MS = const(300)
SPREAD_MS = const(4)
BOT_THINK_MS = const(900)
KEEP_MS = const(1000)  # tlog.bin waits for an idle loop at most this long after a change (_due)
_ASK_MS = const(25)  # a loop that worked this long leaves this handheld's requests to the next
_ASK_LEAD_MS = const(10)  # ... the sequencer's: its own request is also logged and applied in
#                           that loop (a round's last reveal made one of 61 ms on the board)
_SERVE_MS = const(30)  # ... and the entries it serves past the first (log.Node.busy: _busy)
_PER_LOOP = const(2)  # the sequencer takes at most this many good frames of one follower a loop
PRE_MS = const(250)  # while browsing, at most one key agreement this often (the list stays live)


class Pump:
    """The table's loop (a concern of table.Table: see the module's docstring)."""

    def _init_pump(self, now):
        self._on_rx = self._heard_frame  # (made once: a bound method each loop is heap)
        self._mack = [0] * 8      # highest applied sequence heard from each handheld
        self._twice = 0           # handhelds whose frames came from two radios
        self._rxn = bytearray(8)  # the sequencer: good frames each handheld had taken in the loop
        self._rxt = [0] * 8       # ... of this clock (_heard_frame)
        self.flooded = 0          # frames left unread past a follower's share (_PER_LOOP)
        self._tos = [0xFF] * 8    # the handhelds each one's last frame was tagged for
        self._at = -100000
        self._applied = 0
        self._act_at = 0
        self._changed = now
        self._in_game = -1        # the last game (its number) seen in play with a seat here
        self._late = False        # this handheld's requests were put off a loop (tick)
        self._step_t = 0          # ticks_ms as this loop's table step began (Flash.idle)
        self._bots = {}
        self.move = None          # this handheld's person's move, waiting to be submitted
        self._move_at = 0         # ... the log entry and round its screen showed
        self._move_round = 0

    def tick(self, now):
        t = self._step_t = ticks_ms() if ticks_ms else 0
        self.now = now
        g = self.game
        if g is not None and self.node is not None and g.draw_late(now) and \
                g.ahead(os.urandom, True):
            self._wrote = now  # (the loop's only table work: game_draws.draw_late)
            return
        if self._due(now):
            # a step of the record or the kept state that no idle loop took for KEEP_MS: this
            # loop's only table work (a file beside a loop's frames was one of 52 ms on the board)
            self._wrote = now
            self._keep_step()
            return
        if self.node is not None and self.playing():
            self._hold_clock(now)
            self._at = now  # the first ANNOUNCE after a game waits its period: the loop that
            #                 took the game's last entries was long enough (docs/memory.md)
        # a loop whose request waits from the last (_late) takes one frame: a round's frames, a
        # request and the sequencer's own made one of 52 ms on the board (docs/memory.md)
        self.radio.poll(self._on_rx, 1 if self._late else 32)
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
            self._agree_step(t)
        if self._kr is not None and self.playing():
            self._kr = None  # the lobby's: made again after the game (the same nonces, the same code)
            self._kr_dirty = True
        node = self.node
        if node is None:
            return
        node.tick(now)
        if self.mode == HOSTING and node.is_leader() and (ticks_ms is None or not self._busy()):
            self._tick_keys(now)  # (its roster lines repeat: a busy loop leaves them to the next)
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
            # (not in a loop that took a round's reveals: with a request's hashes, or a bot's
            # move, it was a long one on the board; one loop later, never two)
            if self._late or ticks_ms is None or ticks_diff(ticks_ms(), t) < (
                    _ASK_LEAD_MS if node.is_leader() else _ASK_MS):
                self._late = False
                g.poll(node, now, self._decide, os.urandom)
            else:
                self._late = True
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
        # idle still takes each step KEEP_MS after the change (or the record's last step), one a
        # loop, each as the loop's only table work (_due, above)
        if self._end is None and self._keep_at < 0 and (self.keep.changed(node) or self._seated):
            self._keep_at = now  # (table.json alone: the same wait)

    def _busy(self):
        """The Node's `busy` on the board: this loop's table step has worked _SERVE_MS."""
        return ticks_diff(ticks_ms(), self._step_t) >= _SERVE_MS

    def _due(self, now):
        """A step of the record or the kept state has waited KEEP_MS for an idle loop (Flash.idle)."""
        if self.node is None:
            return False  # (_keep_step takes none: a table left keeps nothing)
        e = self._end
        if e is not None:
            return now - e[0] >= KEEP_MS
        return self._keep_at >= 0 and now - self._keep_at >= KEEP_MS

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
        s = msg[7]
        if s < 8 and node.ready and node.is_leader():
            # a follower's frames past _PER_LOOP good ones in a loop go unread: a seated cheat's
            # flood of good frames (NACKs, heartbeats) filled the radio's queue and took the
            # sequencer's loops until honest requests came too late and it was deposed
            # (attacks/loop_flood.py). Counted only once good: a stranger's radio cannot spend
            # an honest follower's share. Not while it catches up (not ready): the snapshot it
            # takes comes in a burst of chunks (attacks/cap_restart_sequencer_table.py)
            if self._rxt[s] != self.now:
                self._rxt[s] = self.now
                self._rxn[s] = 0
            elif self._rxn[s] >= _PER_LOOP:
                self.flooded += 1
                return
        code = node.receive(msg, self.now)
        if code == 0 and s < 8:
            if self._rxt[s] == self.now:
                self._rxn[s] += 1  # (counted where the sequencer's check above started a loop's)
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

    def _bot(self, s):
        b = self._bots.get(s)
        if b is None:
            from dicecup.play import seats
            b = seats.Bot("Bot", "easy" if self.kids_mode() else "normal",
                          int.from_bytes(os.urandom(4), "little"))
            b.think_ms = 0
            self._bots[s] = b
        return b

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

    def waiting(self):
        """True while this handheld's person's last move is not yet logged (or refused)."""
        s = self.my_seat()
        return self.move is not None or (s >= 0 and self.node.pending(s))
