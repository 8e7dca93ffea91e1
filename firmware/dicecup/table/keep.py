"""keep: the table's log state kept on this handheld's flash, so that it comes back where it was
after a boot, even when every handheld of the table restarted at once and nobody is left to catch
up from (a room's power strip; a reload of the web page).

What is kept (tlog.bin, written whole after every change of the applied entry or the term, through
a .tmp file and a rename, so a power cut leaves the last complete copy; pack and write may be two
loops apart, so that neither makes a long one): the table id, the term it
followed and the term of its last entry, how many entries it applied and which of them began the
game's phase, and the state after them as
a snapshot carries it (the log's chain, the seated handhelds, who plays each seat, the game's own
state with the record so far), with the newest entries it applied as its log holds them, so that
one further along than the others can serve those entries. A digest at the end proves the copy
whole. A handheld behind the others gets the missing entries, or a snapshot, as after any reboot.

The restored state is this handheld's own, checked only by itself: the table's handhelds then elect
the sequencer by the boot rule in log (Node._heir, docs/protocol.md) and the one furthest
along is caught up from, as at any takeover.
"""
import hashlib
import os

from dicecup.table import log
from dicecup.table import wire
from dicecup.core.compat import const

FILE = "tlog.bin"
_VERSION = const(3)
_HEAD = const(17)       # version, table id (4), term (2), term of the last entry (2), applied (4),
                        # the entry that began the game's phase (4)
_STATE = const(34)      # ... then the chain (8), the seated handhelds (1), each seat's handheld (8)
_TAG = const(8)         # a digest of everything before it
_TAIL = const(8)        # ... after the state: the count of the newest entries kept (1), each with
_REC = const(6)         # its number (4) and term (2) and its slot as the log keeps it (SLOT)


def _u(b, i, n):
    v = 0
    for k in range(n):
        v |= b[i + k] << (8 * k)
    return v


def _put(b, i, v, n):
    for k in range(n):
        b[i + k] = (v >> (8 * k)) & 0xFF


class Keeper:
    """Writes and reads tlog.bin; one buffer, made once, as large as the largest snapshot."""

    def __init__(self, path=FILE):
        self.path = path
        self.buf = bytearray(_STATE + 1 + _TAIL * (_REC + log.SLOT) + log.SNAP_MAX +
                             _TAG)
        self.applied = -1       # the entry and term last kept (two ints: this runs every tick)
        self.term = -1
        self.n = 0              # bytes packed in buf and not written yet

    def changed(self, node):
        """True when node's state is not the one kept (save would write)."""
        return not (node.applied == self.applied and node.term == self.term or node.applied == 0 or
                    node.leader < 0)  # (following nobody, a handheld that gave a term up counts
        # it 0: what it keeps is the last term it followed, the one the boot election compares)

    def save(self, node, tid):
        """Keep node's state if it changed since the last save; True when written."""
        return self.pack(node, tid) and self.write()

    def pack(self, node, tid):
        """Put node's state in the buffer if it changed since the last pack; True when it did
        (write() then puts it on flash). A state packed and not yet written is as good a copy as
        a later one: a kept state that had applied less is one the table can resume from."""
        if not self.changed(node):
            return False
        self.applied = node.applied
        self.term = node.term
        b = self.buf
        b[0] = _VERSION
        _put(b, 1, tid, 4)
        _put(b, 5, node.term, 2)
        _put(b, 7, node._last_term & 0xFFFF, 2)  # (-1: unknown, after a snapshot)
        _put(b, 9, node.applied, 4)
        # (who was asked in this phase: without it, _disputed took a FORFEIT of a seat that never
        # got the phase's first entry, right after a restart: attacks/restart_the_hidden_call.py)
        _put(b, 13, node._phase_seq, 4)
        b[_HEAD:_HEAD + wire.CHAIN_LEN] = node.chain
        b[_HEAD + 8] = node.members
        b[_HEAD + 9:_STATE] = node.hosts
        # the newest entries it applied, as its log holds them: after a restart of every
        # handheld, one that got further serves them to the others as entries (a snapshot of a
        # state only it reached would find no second handheld to vouch for it)
        i = _STATE + 1
        k = 0
        for seq in range(max(1, node.applied - _TAIL + 1), node.applied + 1):
            e = node.slot(seq)
            if e is None:
                continue
            _put(b, i, seq, 4)
            _put(b, i + 4, e[1], 2)
            b[i + _REC:i + _REC + log.SLOT] = e[0]
            i += _REC + log.SLOT
            k += 1
        b[_STATE] = k
        try:
            n = node.game.snapshot(b, i)
        except IndexError:
            return False  # the state outgrew a snapshot (as for a laggard): the last copy stays
        if n > len(b) - _TAG:
            return False
        b[n:n + _TAG] = hashlib.sha256(memoryview(b)[:n]).digest()[:_TAG]
        self.n = n + _TAG
        return True

    def write(self):
        """Put what pack() made on flash; True when there was something."""
        n = self.n
        if not n:
            return False
        self.n = 0
        b = self.buf
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(memoryview(b)[:n])
        try:
            os.rename(tmp, self.path)
        except OSError:  # a filesystem that will not rename over a file (FAT)
            os.remove(self.path)
            os.rename(tmp, self.path)
        return True

    def _read(self, path):
        try:
            with open(path, "rb") as f:
                n = f.readinto(self.buf)
        except OSError:
            return 0
        b = self.buf
        if n < _STATE + 1 + _TAG or b[0] != _VERSION or \
                hashlib.sha256(memoryview(b)[:n - _TAG]).digest()[:_TAG] != bytes(b[n - _TAG:n]):
            return 0  # none, another version, or half of one (a power cut during the write)
        return n - _TAG

    def load(self, node, tid):
        """Put node (just made, following nobody) back in the state kept for table tid; True if
        there was one and the game took it."""
        self.n = 0  # (the buffer is read into)
        n = self._read(self.path) or self._read(self.path + ".tmp")
        b = self.buf
        if not n or _u(b, 1, 4) != tid:
            return False
        applied = _u(b, 9, 4)
        k = b[_STATE]
        at = _STATE + 1 + k * (_REC + log.SLOT)
        # the phase's clock starts at this boot (a deadline counted from the time 0 of a clock
        # that went on while it was off would forfeit a seat at once)
        node.game.now = node._clock
        if k > _TAIL or at >= n or not node.game.restore(memoryview(b)[at:n], applied):
            return False
        node.game.resumed()
        node.term = node._btop = _u(b, 5, 2)
        node._last_term = _u(b, 7, 2)
        if node._last_term == 0xFFFF:
            node._last_term = -1
        node.applied = applied
        node._phase_seq = _u(b, 13, 4)
        node._phase = getattr(node.game, "phase", -1)
        node.chain[:] = b[_HEAD:_HEAD + wire.CHAIN_LEN]
        node.agree.mine(applied, node._last_term, node.chain)  # the others' heartbeats there check
        node.members = b[_HEAD + 8]
        node.hosts[:] = b[_HEAD + 9:_STATE]
        i = _STATE + 1
        for _ in range(k):
            seq = _u(b, i, 4)
            if applied - _TAIL < seq <= applied:
                node.put_slot(seq, _u(b, i + 4, 2), b[i + _REC:i + _REC + log.SLOT])
            i += _REC + log.SLOT
        self.applied = applied
        self.term = node.term
        return True


def forget(path=FILE):
    for p in (path, path + ".tmp"):
        try:
            os.remove(p)
        except OSError:
            pass
