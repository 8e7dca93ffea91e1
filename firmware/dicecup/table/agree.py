"""agree: what the other handhelds confirm of this handheld's log. Pure: no I/O, nothing allocated
after the constructor.

Every heartbeat says "I applied everything up to entry N, and my chain there is C" (wire's ACK:
`ack`, `chain`; log.Node keeps the chain, a hash over every entry applied). Agree keeps this
handheld's own chain after each of the last CAP entries and, per handheld, the highest entry at
which its chain was this one's: equal chains there mean equal logs up to there. A chain that
differs at an entry both applied is a fork (two different entries at one place); a claim ahead of
this log is kept and checked once this log gets there; one too far ahead (more than CAP entries)
can never be checked, and confirms nothing (docs/protocol.md, The log).

    a = Agree()
    a.mine(seq, term, chain)        # after applying entry seq (logged in term): a mask of forks found
    a.heard(h, seq, chain, applied) # handheld h's heartbeat: FORK, or 0 (matched, kept or unknown)
    a.confirmed(h, seq)             # h showed this chain at seq or past it
    a.far & (1 << h)                # h's latest claim is too far ahead to check
    a.term_of(h)                    # the newest term of an entry at which h matched this log
    a.forget()                      # this log was replaced (a snapshot): nothing known any more
"""
from dicecup.table import wire
from dicecup.core.compat import const

CAP = const(32)       # == log.LOG_CAP: as far back as a heartbeat is checked
FORK = const(1)
_C = wire.CHAIN_LEN
_N = wire.SEATS_MAX


def _same(a, a0, b, b0):
    d = 0
    for i in range(_C):
        d |= a[a0 + i] ^ b[b0 + i]
    return d == 0


class Agree:
    def __init__(self):
        self._h = bytearray(CAP * _C)   # this handheld's chain after entry seq, at seq % CAP
        self._s = [0] * CAP             # ... which entry each slot holds (0: none)
        self._t = [0] * CAP             # ... and the term that entry was logged in
        self.conf = [0] * _N            # the highest entry each handheld matched this log at
        self._ct = [-1] * _N            # the term of that entry (-1: none matched)
        self._cs = [0] * _N             # its latest claim ahead of this log (0: none) ...
        self._ch = bytearray(_N * _C)   # ... and the chain it claimed there
        self.far = 0                    # handhelds whose latest claim is too far ahead to check
        self.claim = [0] * _N           # the entry each handheld's latest heartbeat claimed

    def forget(self):
        for i in range(CAP):
            self._s[i] = 0
        for h in range(_N):
            self.conf[h] = 0
            self._ct[h] = -1
            self._cs[h] = 0
        self.far = 0

    def confirmed(self, h, seq):
        return self.conf[h] >= seq

    def term_of(self, h):
        return self._ct[h]

    def _match(self, h, seq, i):
        if seq >= self.conf[h]:
            self.conf[h] = seq
            self._ct[h] = self._t[i]

    def mine(self, seq, term, chain):
        """This handheld applied entry seq (logged in `term`), its chain is now `chain`: kept, and
        every claim waiting for it checked. Returns the handhelds whose claim there differs."""
        i = seq % CAP
        b = i * _C
        for k in range(_C):
            self._h[b + k] = chain[k]
        self._s[i] = seq
        self._t[i] = term
        forks = 0
        for h in range(_N):
            if self._cs[h] == seq:
                self._cs[h] = 0
                if _same(self._ch, h * _C, self._h, b):
                    self._match(h, seq, i)
                else:
                    forks |= 1 << h
        return forks

    def heard(self, h, seq, chain, applied):
        """Handheld h says its chain after entry seq is `chain`; this handheld applied up to
        `applied`. FORK if this handheld's chain there differs, else 0."""
        bit = 1 << h
        self.claim[h] = seq
        if seq > applied:
            if seq - applied > CAP:
                self.far |= bit     # unverifiable: it can never count as a confirmation
                self._cs[h] = 0
            else:
                self.far &= ~bit
                self._cs[h] = seq   # checked once this log gets there (mine)
                for k in range(_C):
                    self._ch[h * _C + k] = chain[k]
            return 0
        self.far &= ~bit
        self._cs[h] = 0
        i = seq % CAP
        if seq < 1 or self._s[i] != seq:
            return 0                # older than what is kept: nothing to say
        if _same(chain, 0, self._h, i * _C):
            self._match(h, seq, i)
            return 0
        return FORK

    def pending(self, h):
        """The entry h's claim ahead of this log names (0: none), and where its chain is kept."""
        return self._cs[h], h * _C

    def ahead(self, h):
        """pending(h)'s claim ahead alone (no tuple: asked every loop)."""
        return self._cs[h]

    def chain_at(self, h):
        return memoryview(self._ch)[h * _C:(h + 1) * _C]
