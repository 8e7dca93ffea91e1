"""A family of simple parameterised Snyd strategies (PC only): the players the exploitability check
(host_tools.exploit) searches for the best answer to a bot level, and named members of it that
host_tools.boteval plays the levels against.

A member is a Params tuple; Strategy(params) is a player like the yardsticks of snyd_baselines
(view, bots.rng.Rng -> a legal move, the rules core's legality through bots.view.snyd_table):

  margin      call snyd when the last bid's count is more than `margin` above the count you expect
              for its face (your own dice that count + open dice + unseen dice x 1/3, or x 1/6 for
              ones and without jokers; the count scope applied); otherwise raise
  raise_by    how far to raise: the count + raise_by on the same face; on another face the smallest
              legal count + raise_by - 1
  face        the face to raise on: SAME (the last bid's), MINE (the one you hold most of, jokers
              included), HIGH (sixes), BEST (the largest expectation above the smallest legal
              count: the seed yardstick's choice)
  bluff       chance (/256) that a raise goes on a random legal face instead
  open_face   the opening face: OPEN_MINE, OPEN_RANDOM (any legal opening face), OPEN_HIGH (sixes)
  open_shift  the opening count: the expected count for that face, rounded down, + open_shift
  calza       call calza (where the rules let you) when the bid's count is within `calza` of the
              expected count; 0 never

The issue-25 "30-line bot" (call when the last bid is more than one above the count you expect,
otherwise raise the count by one on the same face; open on your most common face) is
MEMBERS["issue25"]. Whatever a member wants, the move it makes is legal: a raise the rules refuse
becomes the next legal bid after the current one, and with none left it calls snyd.
"""
from collections import namedtuple

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.bots.view import snyd_table
from dicecup.rules import snyd_odds

SAME, MINE, HIGH, BEST = 0, 1, 2, 3      # face (raises)
OPEN_MINE, OPEN_RANDOM, OPEN_HIGH = 0, 1, 2   # open_face
FACE_NAMES = ("the same face", "its most common face", "sixes", "the best-expected face")
OPEN_NAMES = ("its most common face", "a random face", "sixes")

Params = namedtuple("Params", "margin raise_by face bluff open_face open_shift calza")

# The values each parameter takes: the search draws from these and refines one step along one of them.
GRID = Params(margin=(-1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0),
              raise_by=(1, 2, 3),
              face=(SAME, MINE, HIGH, BEST),
              bluff=(0, 16, 32, 64, 96, 128),
              open_face=(OPEN_MINE, OPEN_RANDOM, OPEN_HIGH),
              open_shift=(-2, -1, 0, 1),
              calza=(0, 0.25, 0.5, 0.75, 1.0))

_ISSUE = Params(margin=1.0, raise_by=1, face=SAME, bluff=0, open_face=OPEN_MINE, open_shift=0, calza=0)
MEMBERS = {
    "issue25": _ISSUE,                                  # the issue's 30-line bot
    "eager-caller": _ISSUE._replace(margin=0.0),
    "patient": _ISSUE._replace(margin=2.0),
    "jumper": _ISSUE._replace(raise_by=2),
    "own-face": _ISSUE._replace(face=MINE),
    "sixes": _ISSUE._replace(face=HIGH, open_face=OPEN_HIGH),
    "by-the-book": _ISSUE._replace(face=BEST, margin=0.5),
    "bluffer": _ISSUE._replace(face=MINE, bluff=64),
    "low-opener": _ISSUE._replace(open_shift=-1),
    "wild-opener": _ISSUE._replace(open_face=OPEN_RANDOM, open_shift=1),
}
# Calza needs three seats with dice, so no named member differs by it alone: heads-up it would play
# like issue25. The search tries it (GRID.calza) at tables where it counts.


def describe(p):
    """A Params as one readable line."""
    return ("call when count > expected %+g; raise by %d on %s; bluff %d%%; open on %s at expected %+d; "
            "calza %s" % (p.margin, p.raise_by, FACE_NAMES[p.face], round(100 * p.bluff / 256),
                          OPEN_NAMES[p.open_face], p.open_shift, "within %g" % p.calza if p.calza else "never"))


def counts(view, g, bidder, face):
    """What the seat of `view` knows of a bid on `face` by `bidder` in g (bots.view.snyd_table(view)):
    (known: its own dice and the open dice that count, unseen: the other dice the bid counts (the
    count scope applied), jokers: whether ones are wild now)."""
    jok = g.rules.jokers and not g.palifico
    wild = jok and face != 1
    shown = view["shown"] if g.rules.open_die else None
    me = view["me"]
    nxt = g.next_seat(bidder) if g.rules.count_scope == 1 else -1
    known = unseen = 0
    for s in range(g.seats):
        n = g.dice_left[s]
        if not n or (nxt >= 0 and s != bidder and s != nxt):
            continue
        if s == me:
            known += snyd_odds.own_count(view["dice"], face, jok)
            continue
        v = shown[s] if shown else None
        if v:
            if v == face or (wild and v == 1):
                known += 1
            n -= 1
        unseen += n
    return known, unseen, jok


def expected(view, g, bidder, face):
    k, u, jok = counts(view, g, bidder, face)
    return k + u * snyd_odds.hit_p(face, jok)


def _my_face(view, g):
    """The face this seat holds most of (jokers counted; not ones while they are wild), ties high."""
    jok = g.rules.jokers and not g.palifico
    best, bc = 6, -1
    for f in range(6, 0, -1):
        if f == 1 and jok:
            continue
        c = snyd_odds.own_count(view["dice"], f, jok)
        if c > bc:
            best, bc = f, c
    return best


def _legal(g, me, q, f):
    return 1 <= f <= 6 and q >= 1 and g.bid_error(me, q, f) is None


class Strategy:
    """One member of the family as a player: view, rng -> move."""

    def __init__(self, params):
        self.p = Params(*params)

    def __repr__(self):
        return "Strategy(%r)" % (self.p,)

    def __call__(self, view, rng):
        p = self.p
        may = view["may"]
        g = snyd_table(view)
        me = view["me"]
        turn = "bid" in may or "snyd" in may
        if g.bid_face:
            exp = expected(view, g, g.bidder, g.bid_face)
            if p.calza and "calza" in may and abs(g.bid_count - exp) < p.calza:
                return ["calza"]
            if not turn:
                return None
            if "bid" not in may or g.bid_count > exp + p.margin:
                return ["snyd"]
            return self._raise(view, g, me, rng)
        if not turn:
            return None
        return self._open(view, g, me, rng)

    def _faces(self, g):
        return [f for f in range(1, 7) if g.min_raise(f)]

    def _raise(self, view, g, me, rng):
        p = self.p
        if p.bluff and rng.chance(p.bluff):
            faces = self._faces(g)
            f = faces[rng.below(len(faces))]
        elif p.face == SAME:
            f = g.bid_face
        elif p.face == MINE:
            f = _my_face(view, g)
        elif p.face == HIGH:
            f = 6
        else:
            f, be = g.bid_face, -99.0
            for c in self._faces(g):
                e = expected(view, g, me, c) - g.min_raise(c)
                if e > be:
                    f, be = c, e
        m = g.min_raise(f)
        if not m:                      # a face the rules close now (palifico, ones): stay on the bid's
            f = g.bid_face
            m = g.min_raise(f)
        q = g.bid_count + p.raise_by if f == g.bid_face else m + p.raise_by - 1
        if m and q < m:
            q = m
        if m and _legal(g, me, q, f):
            return ["bid", q, f]
        nxt = g.step_bid(g.bid_count, g.bid_face, 1)
        return ["bid", nxt[0], nxt[1]] if nxt else ["snyd"]

    def _open(self, view, g, me, rng):
        p = self.p
        if p.open_face == OPEN_RANDOM:
            faces = self._faces(g)
            f = faces[rng.below(len(faces))]
        elif p.open_face == OPEN_HIGH:
            f = 6
        else:
            f = _my_face(view, g)
        if not g.min_raise(f):
            f = _my_face(view, g)
        q = int(expected(view, g, me, f)) + p.open_shift
        mx = g.max_count(me)
        q = max(q, g.min_raise(f) or 1, 1)
        q = min(q, mx)
        if _legal(g, me, q, f):
            return ["bid", q, f]
        b = g.first_bid()
        return ["bid", b[0], b[1]]
