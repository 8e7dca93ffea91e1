"""game_draws: the secrets of the seats this handheld plays, and the requests that carry them. Pure.

Owns `_pool` (per hosted seat its fairdice.Draw, at most the two newest rounds'), `undrawn` (the
seats whose reveal waits on its next secret, drawn in a loop of its own), `_save` (the callback
that writes a seat's Draws to flash before a commitment can leave: `save(seat, bytes)`; `load(seat)`
reads them back after a reboot) and `shake_key` (this handheld's secret for its seats' Yatzy shake
chains). Its frames: the hosted seats' COMMIT, CONTRIB and REVEAL requests (the game's
own requests are the subclass's _play_request). A part of game.TableGame.
"""
from dicecup.rules import fairdice
from dicecup.table import wire
from dicecup.table.game_round import H, P_COMMIT, P_CONTRIB, P_IDLE, P_OVER
from dicecup.core.compat import const

DRAW_WAIT_MS = const(300)  # a COMMIT waits this long for an idle loop to draw its secret


class Draws:
    """The hosted seats' fairdice.Draws: drawn ahead, kept on flash, sent when the round asks."""

    defer = False  # the table's loop draws a secret a request waits on in a loop of its own
    #                (table.flash: on the board; CPython's tables draw it with the request)

    def _init_draws(self, save, load):
        self._save = save
        self.undrawn = 0                # hosted seats whose reveal waits on its next secret (draw_late)
        self._pool = [[] for _ in range(8)]  # per hosted seat: its Draws, at most the 2 newest
        self.shake_key = b""            # this handheld's secret for its seats' shake chains
        if load:
            for s in range(8):
                if self.hosted & (1 << s):
                    b = load(s)
                    if b:
                        self._load(s, b)

    def _load(self, s, b):
        half = len(b) // 2
        for part in (b[:half], b[half:]):
            try:
                d = fairdice.Draw.from_bytes(part)
            except ValueError:
                continue
            if d.seat == s and d.table == self.tid and self._have(s, d.round) is None:
                self._pool[s].append(d)

    def _have(self, s, rnd):
        for d in self._pool[s]:
            if d.round == rnd:
                return d
        return None

    def draw(self, s):
        """Hosted seat s's Draw for the round in progress (None if it has none)."""
        return self._have(s, self.round)

    def _persist(self, s):
        if self._save:
            p = self._pool[s]
            self._save(s, p[0].to_bytes() + p[-1].to_bytes())

    def ahead(self, rand, now=False):
        """An idle loop (Table.idle): a Draw for one hosted seat, drawn and saved now: the one its
        COMMIT waits for (_fill_fair), else (unless `now`) the next round's, which would be drawn
        and its file written in the loop of the seat's reveal (whose request carries its
        commitments), the busiest of the round. Either in a loop of its own: a secret's file is
        tens of ms of flash (docs/memory.md, Device time). With `now`, also the next round's
        secret a reveal waits on (`undrawn`). True if it drew one."""
        if not P_IDLE < self.phase < P_OVER:
            return False
        r = self.round
        for s in range(self.n):
            bit = 1 << s
            if not self.hosted & bit:
                continue
            if self._have(s, r) is None:
                if self.phase == P_COMMIT and self.part & bit and not self.committed & bit:
                    return self._draw_for(s, r, rand) is not None
            elif (not now or self.undrawn & bit) and self._have(s, r + 1) is None:
                self.undrawn &= ~bit
                return self._draw_for(s, r + 1, rand) is not None
        return False

    def draw_late(self, now):
        """A hosted seat's COMMIT has waited half DRAW_WAIT_MS for an idle loop to draw its
        secret (ahead): the table's loop then draws it in a loop of its own (Pump.tick), before
        the COMMIT's own loop would (_fill_fair): in that busy loop a secret's file made it 57-70
        ms on the board (docs/memory.md, Device time). The same for a reveal that found the next
        round's secret not drawn ahead (`undrawn`, set by _reveal_request): it goes a loop later."""
        if self.undrawn:
            # a reveal found its next round's secret not drawn ahead (_reveal_request)
            for s in range(self.n):
                if self.undrawn & (1 << s) and self._have(s, self.round) is not None and \
                        self._have(s, self.round + 1) is None:
                    return True
            self.undrawn = 0
        if self.phase != P_COMMIT or now - self.phase_at < DRAW_WAIT_MS // 2:
            return False
        m = self.hosted & self.part & ~self.committed
        for s in range(self.n):
            if m & (1 << s) and self._have(s, self.round) is None:
                return True
        return False

    def _draw_for(self, s, rnd, rand):
        """The seat's Draw for round rnd: the one kept for it, or a fresh one (saved first);
        None for a round already passed (a new secret then would contradict the commitment)."""
        d = self._have(s, rnd)
        if d is not None:
            return d
        pool = self._pool[s]
        for k in pool:
            if k.round > rnd:
                return None
        d = fairdice.Draw(self.tid, rnd, s, rand)
        pool.append(d)
        if len(pool) > 2:
            pool.pop(0)  # the oldest: rounds only go up, and a reveal needs this and the next
        self._persist(s)
        return d

    def _fair_request(self, f, s, rand):
        """Fill f with seat s's COMMIT or CONTRIB if the round needs one now; True if it did.
        (Asked every loop of a game: its locals and stack fit the 11 words MicroPython keeps
        off the heap; _fill_fair fills the request.)"""
        if self.phase == P_COMMIT and not self.committed & (1 << s) or \
                self.phase == P_CONTRIB and not self.contributed & (1 << s):
            return self._fill_fair(f, s, rand)
        return False

    def _fill_fair(self, f, s, rand):
        d = self._have(s, self.round)
        if d is None:
            if self.phase == P_COMMIT and self.now - self.phase_at < DRAW_WAIT_MS:
                return False  # an idle loop draws it first (ahead), or this one after the wait
            d = self._draw_for(s, self.round, rand)
            if d is None:
                return False
        if self.phase == P_CONTRIB:
            f.etype = wire.T_CONTRIB
            f.h1[:] = d.r
            return True
        hs, hr = d.commitments()
        f.etype = wire.T_COMMIT
        f.h1[:] = hs
        f.h2[:] = hr
        self._chain_top(s, f.h3)
        return True

    def _chain_top(self, s, out):
        """A COMMIT's third hash: nothing here (Yatzy: the seat's shake chain)."""
        for i in range(H):
            out[i] = 0

    def _reveal_request(self, f, s, rand):
        """Fill f with seat s's REVEAL (its secret and the next round's commitments). On the board
        (`defer`), a next round's secret not drawn ahead yet is drawn in a loop of its own first
        (draw_late): drawn and written beside the reveal's request, it was a loop of 53 ms."""
        if self.defer and self._have(s, self.round + 1) is None:
            self.undrawn |= 1 << s
            return False
        d = self._draw_for(s, self.round, rand)
        nxt = self._draw_for(s, self.round + 1, rand)
        if d is None or nxt is None:
            return False
        hs, hr = nxt.commitments()
        f.etype = wire.T_REVEAL
        f.h1[:] = d.s
        f.h2[:] = hs
        f.h3[:] = hr
        return True
