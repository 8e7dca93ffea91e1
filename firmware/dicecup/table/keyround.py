"""keyround: the table code of one key round - who takes part with which public key, what each
committed to, the nonces that open the commitments, and the code once every one is in. Pure.

The host numbers a key round afresh whenever a public key comes or goes (ROSTER carries it). For
the round, this handheld commits to its own key and a nonce (tablekeys.code_commit) and sends the
commitment to every handheld of the round (TCODE); it sends its nonce only once it holds every
other handheld's commitment, and takes a nonce only if it opens that handheld's commitment. Once it
has sent its nonce no commitment may change (a handheld in the middle would choose it knowing the
nonce). The code covers every key this handheld itself uses, with every handheld's nonce: two
handhelds given different keys for the same handheld show different codes, 9,999 times in 10,000,
whoever gave them the keys (tablekeys explains why nobody can do better than that by computing).
The nonce is made from the table secret, the round and the keys (tablekeys.round_nonce): a reboot
makes the same one, and other keys under the same round number make another.
"""
from dicecup.table import tablekeys


class KeyRound:
    def __init__(self, table, rnd, me, secret, pubs):
        """pubs: 8 public keys by handheld number, None for a handheld outside the round."""
        self.table = table
        self.rnd = rnd
        self.me = me
        self.pubs = pubs
        view = b""
        for w in range(8):
            if pubs[w] is not None:
                view += bytes((w,)) + pubs[w]
        self.nonce = tablekeys.round_nonce(secret, table, rnd, view)
        self.commit = tablekeys.code_commit(table, rnd, me, pubs[me], self.nonce)
        self.commits = [None] * 8
        self.nonces = [None] * 8
        self.commits[me] = self.commit
        self.nonces[me] = self.nonce
        self.code = None
        self._done()  # a table of one: nobody to wait for

    def same(self, rnd, pubs):
        return rnd == self.rnd and pubs == self.pubs

    def revealing(self):
        """True once every handheld of the round has sent its commitment: this one's nonce may go."""
        for w in range(8):
            if self.pubs[w] is not None and self.commits[w] is None:
                return False
        return True

    def heard(self, w, commit, nonce):
        """Handheld w's TCODE for this round (already verified as w's): its commitment, and its nonce
        (None: not yet). True if something new was taken."""
        if w == self.me or w >= 8 or self.pubs[w] is None:
            return False
        new = False
        commit = bytes(commit)
        if self.commits[w] != commit:
            if self.commits[w] is not None and self.revealing():
                return False  # this handheld's nonce may be out: nothing it covers changes now
            self.commits[w] = commit
            self.nonces[w] = None
            new = True
        if nonce is not None and self.nonces[w] is None and \
                tablekeys.code_commit(self.table, self.rnd, w, self.pubs[w], nonce) == commit:
            self.nonces[w] = bytes(nonce)
            new = True
        if new:
            self._done()
        return new

    def _done(self):
        """The code, once every handheld's nonce opened its commitment."""
        parts = []
        for v in range(8):
            if self.pubs[v] is not None:
                if self.nonces[v] is None:
                    return
                parts.append((v, self.pubs[v], self.nonces[v]))
        self.code = tablekeys.table_code(self.table, self.rnd, parts)
