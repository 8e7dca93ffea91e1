"""roster: the seat order for the next game and who sits - the host's ROSTER (each handheld's name
and public key, so every two handhelds agree a key), the key round's table code (TCODE: keyround),
a handheld standing up (LEAVE), the seats the creator's screen orders, and the start.

State (Roster._init_roster): `order` (the seats for the next game: handheld number or BOT|k, -1 a
roster line not heard yet), `pubs` and `keys` (every handheld's public key and the pairwise keys,
kept for table.json), `kround` (the key round), `_kr` (keyround.KeyRound, between games), `_kept`
(the last key round whose nonce went out, on flash), `_kr_dirty`, `_tc_at`, `_tc_ask` (TCODE's
repeats), `_roster_at`, `_named` (the host's repeats of the roster).

Keyed frames (tagged per receiver under the pairwise keys) that are the table's, not the log's:
ROSTER (the host's seat order: each handheld's name and public key, and the key round), TCODE
(each handheld's part of the table code of the key round: keyround) and LEAVE (a seated handheld
stands up; only it can).
"""
import os

from dicecup.table import keys
from dicecup.table import log
from dicecup.table import wire
from dicecup.table.lobby import BOT, HOSTING, NO_CODE, pack_name, unpack_name
from dicecup.core.compat import const

ROSTER_MS = const(500)  # the host repeats its roster this often while a handheld lacks a key
TCODE_MS = const(500)  # a handheld repeats its part of the table code this often while needed


class Roster:
    """The seat order and the key round (a concern of table.Table: see the module's docstring)."""

    def _init_roster(self):
        self.order = []           # the creator's seats for the next game: handheld number or BOT|k
        self.pubs = [None] * 8    # every handheld's public key
        self.keys = [None] * 8    # the pairwise keys (the codec's, kept for table.json)
        self.kround = 0           # the host's key round (ROSTER), and the code's state in it
        self._kr = None           # keyround.KeyRound, between games
        self._kept = None         # the last key round whose nonce went out (keyround; on flash)
        self._kr_dirty = True     # a key, the roster or the round changed: _tick_round looks again
        self._tc_at = -100000
        self._tc_ask = False      # a handheld of the round still lacks something: send ours
        self._roster_at = 0
        self._named = -1          # the host: the game's SEATS entry, until the roster went out again

    def table_code(self):
        """The code every lobby screen shows: the same on every handheld at the same table, once
        every handheld of the key round has sent its commitment and its nonce (NO_CODE until
        then; keyround)."""
        kr = self._kr
        return kr.code if kr is not None and kr.code is not None else NO_CODE

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

    def min_seats(self):
        """The seats the table's game needs to start (Yatzy's teams: one a team)."""
        return self.mod.min_seats(self.rules)

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

    def order_seat(self, h):
        """Handheld h's seat in the order for the next game (-1: none)."""
        o = self.order
        for i in range(len(o)):
            if o[i] == h:
                return i
        return -1

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
                if self.in_game():
                    self._seats_changed()  # (made and written in idle loops, _keep_step: here,
                    # in a game's first second, it was the game's longest loop on the board:
                    # docs/memory.md, Device time; the nonce goes with the next TCODE)
                else:
                    self._persist()
            if not self._seated:
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
