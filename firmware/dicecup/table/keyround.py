"""keyround: the table code of one key round - who takes part with which public key, what each
committed to, the nonces that open the commitments, and the code once every one is in. Pure.

The host numbers a key round afresh whenever a public key comes or goes (ROSTER carries it). For
the round, this handheld commits to its own key and a nonce (keys.code_commit) and sends the
commitment to every handheld of the round (TCODE); it sends its nonce only once it holds every
other handheld's commitment, and takes a nonce only if it opens that handheld's commitment. Once it
has sent its nonce no commitment may change (a handheld in the middle would choose it knowing the
nonce). The code covers every key this handheld itself uses, with every handheld's nonce: two
handhelds given different keys for the same handheld show different codes, 9,999 times in 10,000,
whoever gave them the keys (keys explains why nobody can do better than that by computing).

A nonce, once sent, answers one set of commitments for good. The nonce is made from the table
secret, the round, the keys and a count (keys.round_nonce), so a round made again (after a
game, or a reboot: the screens show the same code) has the same nonce; the last round whose nonce
went out is kept on flash (`kept`: its round, keys, count and commitments), and made again it
holds those commitments and takes no other. Any other round - other keys, or the same keys under
a number seen before, as a host switching a key back and forth would make - takes the next
count: a nonce nobody has seen.
"""
from dicecup.table import keys


class KeyRound:
    def __init__(self, table, rnd, me, secret, pubs, kept=None):
        """pubs: 8 public keys by handheld number, None for a handheld outside the round; kept:
        the last round this handheld sent its nonce in (record(), from flash), or None."""
        self.table = table
        self.rnd = rnd
        self.me = me
        self.pubs = pubs
        view = b""
        for w in range(8):
            if pubs[w] is not None:
                view += bytes((w,)) + pubs[w]
        self.view = keys.round_view(table, rnd, view)
        self.commits = [None] * 8
        self.nonces = [None] * 8
        if kept is not None and kept[0] == rnd and kept[1] == self.view:
            self.count = kept[2]  # the round whose nonce went out, made again: its commitments
            for w in range(8):
                if pubs[w] is not None and kept[3][w] is not None:
                    self.commits[w] = kept[3][w]
            self.kept = True
        else:
            self.count = kept[2] + 1 if kept is not None else 0
            self.kept = False  # nothing sent yet: record() before the nonce goes
        self.nonce = keys.round_nonce(secret, table, rnd, view, self.count)
        self.commit = keys.code_commit(table, rnd, me, pubs[me], self.nonce)
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

    def record(self):
        """What flash keeps before this round's nonce first goes out: [round, keys, count,
        commitments] (the `kept` of a round made again)."""
        self.kept = True
        return [self.rnd, self.view, self.count, list(self.commits)]

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
                keys.code_commit(self.table, self.rnd, w, self.pubs[w], nonce) == commit:
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
        self.code = keys.table_code(self.table, self.rnd, parts)
