"""agreement: this handheld's key pair at a table and the X25519 key agreements it makes - the
spare pair made while the table menu shows, the shared secrets agreed ahead while the join list
shows (precompute) or while a join's code shows (the creator: _agree_asks), each a slice a loop in
the background (x25519.Ladder), and the pairwise key with a public key (pair_key). (Not agree.py,
which is what the other handhelds confirm of the log.)

State (Agreement._init_agreement): `secret`, `mypub`, `shake` (this handheld's key pair at this
table, and its seats' Yatzy shake chains' secret), `spare` (the next table's pair), `pre` (public
key -> shared secret, agreed ahead), `_pre_at`, `_job` (the agreement under way), `_yes` (the
creator: joins said yes to whose key is still being agreed).
"""
import gc
import os
try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython
    ticks_ms = None

from dicecup.table import keys
from dicecup.table.lobby import HOSTING, IDLE
from dicecup.core.compat import const

AHEAD_MS = const(10000)  # the creator agrees a key ahead of a yes at most this often
PRE_MAX = const(16)  # shared secrets agreed ahead, at most (32 bytes each, and their keys' 32)
AGREE_BITS = const(5)  # a key agreement in the background: this many of its 255 ladder steps a loop
#                        (where there is no ticks_ms: CPython) ...
AGREE_MS = const(16)   # ... else its steps while the table's loop has taken less than this (one at
#                        least) in a game, and AGREE_LOBBY_MS outside one (a join waits on it)
AGREE_LOBBY_MS = const(40)
_AGREE_ROOM = const(64 * 1024)  # a slice's steps need less heap than this free (else: collect first)
_QUIET_MS = const(4)   # ... in a loop whose table step took less than this so far


class Agreement:
    """The key pair and the key agreements (a concern of table.Table: see the module's docstring)."""

    def _init_agreement(self):
        self.secret = None        # this handheld's X25519 secret at this table (keys)
        self.shake = b""          # ... and the secret of its seats' Yatzy shake chains
        self.mypub = None         # its public key (made once with the secret)
        self.spare = None         # (secret, public): the next table's key pair, made in advance
        self.pre = None           # public key -> shared secret with the spare, agreed in advance
        #                           (the creator: with its own secret, for a join that shows its code)
        self._pre_at = 0
        self._job = None          # the agreement under way a slice a loop: [secret, public key or
        #                           None for the spare's own, x25519.Ladder]
        self._yes = []            # the creator: joins said yes to whose key is still being agreed

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

    def _agree_step(self, t=None):
        """The job's next slice: one ladder step, and more while the table's loop begun at t
        (ticks_ms) has taken less than AGREE_MS (a fixed slice of AGREE_BITS on CPython)."""
        j = self._job
        if t is None or ticks_ms is None:
            if not j[2].step(AGREE_BITS):
                return
        else:
            if gc.mem_free() < _AGREE_ROOM:
                # an agreement allocates about 0.4 MB (its big integers): the heap would fill in a
                # slice and collect there, tens of ms beside the slice's own on a PSRAM heap (a
                # loop of 77 ms at a game's start: docs/memory.md, Device time). It collects in
                # a loop of its own, one that did nothing before, and the slice waits for the next
                if ticks_diff(ticks_ms(), t) < _QUIET_MS:
                    gc.collect()
                return
            ms = AGREE_MS if self.playing() else AGREE_LOBBY_MS
            while not j[2].step(1):
                if ticks_diff(ticks_ms(), t) >= ms:
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
