"""game: what every game over the table shares - seats, the fair-dice round, secrets. Pure.

A table game (snyd.SnydTable, yatzy.YatzyTable: one class per game, the one table.Table makes) is
the `game` of a log.Node and subclasses TableGame, which owns the part of a round that does not depend on the game:
    COMMIT    every seat taking part logs H(s), H(r)  (or they came with the last round's reveals)
    CONTRIB   every seat logs r; once all are in: seed = H(all r in seat order), then _seeded()
and the bookkeeping of reveals (the secret s and the next round's commitments), the hosted seats'
secrets (fairdice.Draw; `save(seat, bytes)` before a commitment can leave, `load(seat)` after a
reboot), and the snapshot of all of that. fairdice explains why this order makes dice unpickable.

TableGame is assembled from its concerns, each in a module of its own that says what it owns:
game_round (the fair-dice round: phases, commitments, contributions, the seed), game_draws (the
hosted seats' secrets and the requests that carry them), game_forfeits (deadlines, forfeits) and
game_snapshot (the state as bytes, and restore). Here: the seating, and the hosted seats' turn at
the table (poll).

`news` holds what happened since the screen last asked, game_round's NEWS_* bits (an entry applied,
a round or a forfeit counted, ...), set where the game applies or counts it; table.Table.news()
takes them, and the App tells the screen showing (ui.screen.Screen.news), which reacts instead of
comparing counters every loop.
"""
from dicecup.rules import fairdice
from dicecup.table.game_draws import Draws
from dicecup.table.game_forfeits import DEADLINE_MS, MOVE_MS, Forfeits  # noqa: F401
from dicecup.table.game_round import (H, NEWS_FORFEIT, NEWS_HINT, NEWS_MOVE, NEWS_ROUND,  # noqa: F401
                                      NEWS_SHOWN, NEWS_VOID, P_COMMIT, P_CONTRIB, P_IDLE, P_OVER, P_PLAY,
                                      RJ_AGAIN, RJ_CHEAT, RJ_ILLEGAL, RJ_PHASE, RJ_ROUND, RJ_RULES,
                                      RJ_SEAT, ZERO, FairRound)
from dicecup.table.game_snapshot import Out, Snapshot  # noqa: F401

# (the phases, the reasons, the news bits, the deadlines and Out are imported from here by the games, the table,
# the screens and the tests: game.P_COMMIT, game.DEADLINE_MS ... stay their import path)


class TableGame(FairRound, Draws, Forfeits, Snapshot):
    """The fair-dice round and the seats; subclasses add a game."""

    def __init__(self, tid, hosted=0, save=None, load=None, me=None):
        self.tid = tid
        self.hosted = hosted            # bitmask of the seats this handheld plays
        self.me = me                    # this handheld's own seat: then `hosted` follows SEATS
        self.hosts = bytearray(range(8))  # seat -> the handheld that plays it
        self.refused = [None] * 8       # (reason, winning seq) of a hosted seat's refused request
        self._asked = [-1] * 8
        self.news = 0                   # NEWS_* bits: what happened since the screen last asked
        self._init_fair()
        self._init_forfeits()
        self._init_draws(save, load)

    @property
    def core(self):
        """The rules core of the game under way (snyd.Game, yatzy.Yatzy; None before the first
        round, or back from a reboot until caught up): what the screens read of it (a match's
        `game`, ui.table_watch.TableMatch), never the table game's own `game`."""
        return self.game

    # ---- seating -------------------------------------------------------------------------------
    def _seat(self, f):
        """Take the seating of a SEATS entry (who plays which seat from which handheld)."""
        self.hosts[:] = f.hosts
        self._rehost()

    def _rehost(self):
        if self.me is None:
            return
        h = 0
        for s in range(self.n):
            if self.hosts[s] == self.me:
                h |= 1 << s
        self.hosted = h

    def _reseat(self, f):
        """Take a mid-game reseat's seating; returns the seats that changed hands (a mask). Their
        secrets went with their old handheld: commitments carried for them are dropped (they
        commit anew), and the game makes them forfeit what they still owed this round (_lose):
        a reseat never voids a round, and the seat whose handheld went pays for it."""
        m = 0
        for s in range(min(f.n, 8)):
            if f.hosts[s] != self.hosts[s]:
                m |= 1 << s
                o = s * H
                self._nhs[o:o + H] = ZERO
                self._nhr[o:o + H] = ZERO
        self._seat(f)
        return m

    def _check_reseat(self, f):
        """A SEATS entry with wire.SEATS_RESEAT during a game: the same seats, other handhelds
        (the creator gives a gone handheld's seat to a bot on another one). 0 or a reason."""
        if self.phase == P_IDLE or self.phase == P_OVER or f.n != self.n:
            return RJ_PHASE
        for s in range(f.n):
            if f.hosts[s] >= 8:
                return RJ_RULES
        return 0

    def hint(self, f):
        """A teammate's HINT frame heard (advice, never logged): a game without advice ignores it
        (yatzy.YatzyTable judges and keeps team Yatzy's)."""

    def want(self, s):
        """Ask seat s's decide() again although nothing was logged since (a move is ready)."""
        self._asked[s] = -1

    # ---- this handheld's seats ----------------------------------------------------------------
    def poll(self, node, now, decide=None, rand=None):
        """Make the next request for each seat this handheld hosts (at most one in flight each):
        the fair-dice round's here, the game's own through the subclass's _play_request(f, s, ph,
        node, decide, rand) -> True when it filled f. `decide(game, seat)` picks a hosted bot's or
        person's move (None: nothing yet)."""
        self.now = now
        ph = self.phase
        if ph == P_IDLE or ph >= P_OVER or not node.caught_up() or not node.keyed_all():
            return  # a handheld still catching up must not act on a state that is past (nor
            # before it can tag its request for every handheld)
        f = node.tmp  # the Node's scratch frame: submit() copies the request out of it at once
        actor = self._actor()
        for s in range(self.n):
            bit = 1 << s
            if not self.hosted & bit or not self.part & bit or node.pending(s):
                continue
            f.who = s
            f.round = self.round
            if self._fair_request(f, s, rand) or (
                    (actor < 0 or s == actor) and self._play_request(f, s, ph, node, decide, rand)):
                node.submit(f, now)

    def _actor(self):
        """The one seat that may act in the game's own phases, or -1 for any seat."""
        return -1

    def _decide(self, s, node, decide):
        """Seat s's move from `decide`, asked once per applied log entry; None when there is none."""
        if decide is None or self._asked[s] == node.applied:
            return None
        self._asked[s] = node.applied
        return decide(self.game, s)

    def verified(self, s, n, roll=0):
        """Seat s's dice (n of them, for roll index `roll`) from its revealed secret, or None when
        the secret does not open its commitment."""
        o = s * H
        return fairdice.verify_dice(self._hs[o:o + H], self._s[o:o + H], self.seed, self.tid,
                                    self.round, s, n, roll)

    def rejected(self, who, reason, lo):
        self.refused[who] = (reason, lo)
