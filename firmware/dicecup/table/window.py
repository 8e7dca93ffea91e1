"""window: the log's window, a part of log.Node: the newest LOG_CAP entries as logged, each packed
with its requester's part in one slot of a ring, and the chain (a hash over every entry applied).

Owns: `_slab` (the ring; `_slabmv` a view of it, whose slices are no copies), per slot `_seqs`,
`_terms`, `_etime` (when it was stored), `_mine` (1: checked by this handheld as it logged it), `_by`
(the handheld whose frame brought it: what it vouches for); `chain`; `_scratch` (one packed entry,
to compare with a slot). Duties: store an entry (`_store`), read one back (`entry`, `slot`,
`put_slot` for keep), extend the chain (`_chain`), compare (`_same_entry`)."""
import hashlib

from dicecup.table import wire
from dicecup.table.codes import BODY, LOG_CAP, SLOT


class Window:
    """The ring of logged entries (log.Node's part)."""

    def _init_window(self):
        self.chain = bytearray(wire.CHAIN_LEN)  # a hash over every entry applied: equal logs,
        #                                 equal chains (a snapshot's second witness checks it)
        # the log window: ring of packed entries, each with its requester's part
        self._slab = bytearray(LOG_CAP * SLOT)
        self._slabmv = memoryview(self._slab)  # (its slices are no copies)
        self._seqs = [0] * LOG_CAP
        self._terms = [0] * LOG_CAP
        self._etime = [0] * LOG_CAP
        self._mine = bytearray(LOG_CAP)  # 1: checked by this handheld as it logged it
        self._by = bytearray(LOG_CAP)   # the handheld whose frame brought it (what it vouches for)
        self._scratch = bytearray(SLOT)

    def slot(self, seq):
        """Logged entry `seq` as stored (its packed body and requester's part, SLOT bytes) and its
        term, if it is still in the window; else None. keep keeps the newest on flash."""
        i = seq % LOG_CAP
        if seq < 1 or self._seqs[i] != seq:
            return None
        return memoryview(self._slab)[i * SLOT:(i + 1) * SLOT], self._terms[i]

    def put_slot(self, seq, term, b):
        """Put an entry this handheld applied before a restart back in the window (keep), so
        it can serve it to a handheld that lacks it, and tell it from another entry there."""
        i = seq % LOG_CAP
        self._slab[i * SLOT:(i + 1) * SLOT] = b
        self._seqs[i] = seq
        self._terms[i] = term
        self._etime[i] = self._clock
        self._mine[i] = 0

    def entry(self, seq, f):
        """Fill f with logged entry `seq` (and its requester's part) if it is still in the window;
        returns True if it was."""
        i = seq % LOG_CAP
        if seq < 1 or self._seqs[i] != seq:
            return False
        wire.unpack_entry(self._slabmv, i * SLOT, f)
        wire.unpack_req(self._slabmv, i * SLOT + BODY, f)
        f.seq = seq
        f.eterm = self._terms[i]
        return True

    def _store(self, seq, term, f, now, mine=0):
        i = seq % LOG_CAP
        wire.pack_entry(f, self._slab, i * SLOT)
        wire.pack_req(f, self._slab, i * SLOT + BODY)
        self._seqs[i] = seq
        self._terms[i] = term
        self._etime[i] = now
        self._mine[i] = mine
        self._by[i] = self.seat if mine else f.seat

    def _chain(self, i):
        # (names reused: with more words its frame would go on the heap at every entry)
        h = hashlib.sha256(self.chain)
        b = i * SLOT  # the entry's own bytes only: the rest of its slot is an older entry's
        i = b + wire.entry_len(self._slab[b])
        h.update(self._slabmv[b:i])
        h = h.digest()
        for i in range(wire.CHAIN_LEN):  # (a slice of the digest would be one more object)
            self.chain[i] = h[i]

    def _same_entry(self, f, i):
        n = wire.pack_entry(f, self._scratch, 0)
        b = i * SLOT
        for j in range(n):
            if self._scratch[j] != self._slab[b + j]:
                return False
        return True
