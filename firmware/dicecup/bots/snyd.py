"""bots.snyd: the Snyd bots (levels kids, easy, normal, hard) - the same code on the handheld and the PC.

Public API (stable; the handheld calls only this, host_tools.bot and the tests snyd_view.decide):

    snyd_view.decide(view, level, rng) -> move or None   (the view side: the PC's, above this module)
        view  : the bot-protocol Snyd view dict (docs/bots.md), e.g. built for a seat of
                a live game by bots.view.snyd_view(game, seat, actions); only what that seat may know.
        level : "kids" | "easy" | "normal" | "hard"
        rng   : a bots.rng.Rng (deterministic: same view, level and rng state -> same move)
        move  : ["bid", count, face] | ["snyd"] | ["calza"], always legal for the view; None only when
                the view offers nothing but an out-of-turn calza and the bot lets it pass.

    play(game, seat, actions, level, rng) -> the same move as decide() on the view of seat in the
        live snyd.Game (bots.view.snyd_view(game, seat, actions)), read from the game in place: no
        view dict, no second core game per decision. The handheld's bot seats call this; bots.view
        is then never loaded there.

    may_call_calza(level, left, cap) -> whether decide() could ever call calza out of turn for a
        seat of this level with left of at most cap dice (the handheld asks only those bots)

    open_die(dice, level, rng) -> the index of the die a bot lays open under the open_die rule
        (alone and at the table; the bot protocol has no view for that choice)

Raises ValueError on a view that cannot be read. Legality is the rules core's (the live game, or for
a view a snyd.Game rebuilt by bots.view.snyd_table: min_raise, max_count); chances are snyd_odds'
exact binomial tails. Nothing here re-implements a rule.

How the levels think (all from own dice, the dice counts, open dice and this round's bids):
  kids    bids its most common face a little under the expected count; calls snyd when a bid is
          well above the expected count; sometimes just raises by one. Never calls calza.
  easy    judges bids by their exact chance from its own dice only; a little noise.
  normal  also reads the other bidders: a seat that bid a face probably holds some of it.
  hard    its own module, snyd_hard (loaded only when a hard bot plays): a posterior over each
          opponent's hand from their bids, bids judged by the next seat's likely answer, mixed
          choices, and solved heads-up endgames from a table (docs/bots.md "How the hard bot thinks").
"""
from dicecup.rules import snyd_odds

LEVELS = ("kids", "easy", "normal", "hard")

# per level: dice credited to a seat for a face it brought in (x100), for one it only raised (x100),
# bluff chance (/256), noise chance (/256), opening target chance (x100), call factor (x100)
_PARAMS = (
    (0, 0, 0, 110, 50, 100),     # kids (its own simple rule, see _kids)
    (0, 0, 0, 24, 70, 100),      # easy
    (60, 40, 10, 0, 85, 100),    # normal
    (100, 100, 8, 0, 95, 100),   # hard: unused (snyd_hard decides), kept so rows index by level
)


def _level(level):
    try:
        return LEVELS.index(level)
    except ValueError:
        raise ValueError("level must be one of %s" % "/".join(LEVELS))


class _Seat:
    """What one seat knows in this round, and the chance of any bid from its point of view."""

    def __init__(self, g, me, dice, shown, actions, lv):
        # g: a game in the seat's position (the live one, or bots.view.snyd_table's); shown: per
        # seat its open die's value or None (None without the open-die rule)
        self.g = g
        self.me = me
        self.dice = dice
        self.shown = shown
        self.actions = actions
        self.jok = g.rules.jokers and not g.palifico
        p = _PARAMS[lv]
        self.w_new = p[0] / 100
        self.w_raise = p[1] / 100
        # the last face each seat bid, and whether it brought that face in (a stronger signal)
        n = g.seats
        self.face = bytearray(n)
        self.new = bytearray(n)
        prev = 0
        for a in actions:
            s, f = a[0], a[3]
            self.face[s] = f
            self.new[s] = 1 if f != prev else 0
            prev = f

    def _counting_seats(self, bidder):
        g = self.g
        if g.rules.count_scope == 1:  # neighbours: the bidder and the next seat with dice
            nxt = g.next_seat(bidder)
            return (bidder,) if nxt < 0 or nxt == bidder else (bidder, nxt)
        return range(g.seats)

    def _split(self, bidder, face):
        """(known count, unseen dice, evidence weights) for a bid on face by bidder."""
        g = self.g
        jok = self.jok
        known = 0
        unseen = 0
        ev = []
        for s in self._counting_seats(bidder):
            n = g.dice_left[s]
            if not n:
                continue
            if s == self.me:
                known += snyd_odds.own_count(self.dice, face, jok)
                continue
            if self.shown is not None and self.shown[s] is not None:
                v = self.shown[s]
                if v == face or (jok and face != 1 and v == 1):
                    known += 1
                n -= 1
            unseen += n
            f = self.face[s]
            if n and f and (f == face or (jok and f == 1 and face != 1)):
                w = self.w_new if self.new[s] else self.w_raise
                if f != face:
                    w *= 0.5  # a ones bid says less about another face
                # the weight is the dice credited to that seat, one coin flip per die
                k = 0
                while w > 0 and k < n:
                    ev.append(w if w < 1 else 1.0)
                    w -= 1
                    k += 1
        return known, unseen, ev

    def _dist(self, ev):
        # the number of evidence dice is a sum of independent coin flips of weights ev
        d = [1.0]
        for w in ev:
            nd = [0.0] * (len(d) + 1)
            for i in range(len(d)):
                nd[i] += d[i] * (1 - w)
                nd[i + 1] += d[i] * w
            d = nd
        return d

    def prob(self, bidder, count, face, exact=False):
        """The chance that (count, face) by bidder holds (exact: that the count is exactly right)."""
        known, unseen, ev = self._split(bidder, face)
        p = snyd_odds.hit_p(face, self.jok)
        need = count - known
        total = 0.0
        d = self._dist(ev)
        for c in range(len(d)):
            if not d[c]:
                continue
            t = snyd_odds.prob_at_least(need - c, unseen - c, p)
            if exact:
                t -= snyd_odds.prob_at_least(need - c + 1, unseen - c, p)
            total += d[c] * t
        return total

    def expected(self, face):
        known, unseen, ev = self._split(self.me, face)
        return known + unseen * snyd_odds.hit_p(face, self.jok)


def play(game, seat, actions, level, rng):
    lv = _level(level)
    g = game
    shown = None
    if g.rules.open_die:
        shown = [g.shown_die(s) or None for s in range(g.seats)]
    # what bots.view.snyd_view offers, as bits: 1 bid, 2 snyd (on turn), 4 calza
    may = 0
    if g.in_round and g.on_turn == seat:
        may = g.may_bid(seat) | g.may_snyd(seat) << 1
    if g.in_round and g.may_calza(seat):
        may |= 4
    if not may:
        raise ValueError("seat %d has no move" % seat)   # as decide() on such a view
    return _move(_Seat(g, seat, g.dice_of(seat), shown, actions, lv), lv, rng, may)


def _move(seat, lv, rng, may):
    """The move of seat (a _Seat) with may's bits (1 bid, 2 snyd, 4 calza) offered."""
    g = seat.g
    me = seat.me
    if lv == 0:
        return _kids(seat, may, rng)
    if lv == 3:
        from dicecup.bots import snyd_hard  # the hard level's own judgement: only hard bots load it
        return snyd_hard.move(seat, rng, may)
    par = _PARAMS[lv]
    has_bid = g.bid_face != 0
    on_turn = may & 3
    noisy = par[3] and rng.chance(par[3])
    # calza: a die back (below the cap) when exactly right, a die lost otherwise
    calza_loss = 2.0
    if may & 4 and lv >= 2:
        pe = seat.prob(g.bidder, g.bid_count, g.bid_face, True)
        gain = 1.0 if g.dice_left[me] < g.rules.dice else 0.0
        calza_loss = (1 - pe) - pe * gain
    if not on_turn:
        return ["calza"] if calza_loss < -0.05 else None
    best = None
    best_p = -1.0
    if may & 1:
        best, best_p = _choose_bid(seat, g, par, has_bid, noisy, rng)
    if has_bid and may & 2:
        p_last = seat.prob(g.bidder, g.bid_count, g.bid_face)
        if noisy:
            p_last = p_last * 0.5 + 0.25
        call_loss = p_last
        bid_loss = (1 - best_p) * par[5] / 100 if best else 2.0
        if calza_loss < call_loss and calza_loss < bid_loss:
            return ["calza"]
        if call_loss <= bid_loss:
            return ["snyd"]
    elif calza_loss < (1 - best_p):
        return ["calza"]
    if best is None:
        raise ValueError("no legal move in this view")
    return ["bid", best[0], best[1]]


def may_call_calza(level, left, cap):
    """Whether decide() could answer a view offering only an out-of-turn calza with ["calza"]: from
    normal up, and only with a die to win back (below the cap a calza that misses costs a die and
    gains nothing). The handheld skips asking the others: no view built, no rng drawn."""
    return _level(level) >= 2 and left < cap


def _choose_bid(seat, g, par, has_bid, noisy, rng):
    """The bid to make and its chance: per face the smallest raise, the likeliest wins; an opening
    pushes the count up while its chance stays above the level's target."""
    me = seat.me
    mx = g.max_count(me)
    best = None
    best_p = -1.0
    target = par[4] / 100
    cands = []
    for f in range(1, 7):
        m = g.min_raise(f)
        if not m:
            continue
        p = seat.prob(me, m, f)
        q = m
        # an opening pushes the count while the bid stays likely: less room for the next seat
        while not has_bid and q < mx:
            p2 = seat.prob(me, q + 1, f)
            if p2 < target:
                break
            q += 1
            p = p2
        cands.append((q, f, p))
        if p > best_p + 1e-9:
            best, best_p = (q, f), p
    if not cands:
        return None, -1.0
    if noisy:
        q, f, p = cands[rng.below(len(cands))]
        return (q, f), p
    if par[2] and rng.chance(par[2]):
        # bluff: a face this seat does not hold, if it is not much less likely than the best
        for q, f, p in cands:
            if not snyd_odds.own_count(seat.dice, f, seat.jok) and p > best_p - 0.12:
                return (q, f), p
    return best, best_p


def _kids(seat, may, rng):
    """A gentle player: the expected count, no probability sums, a bit of chance."""
    g = seat.g
    if not may & 3:
        return None
    if g.bid_face and may & 2:
        if g.bid_count > seat.expected(g.bid_face) + 1.5 or not may & 1:
            return ["snyd"]
    if rng.chance(_PARAMS[0][3]):
        nxt = g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face else g.first_bid()
        if nxt is not None:
            return ["bid", nxt[0], nxt[1]]
    best = None
    be = -99.0
    for f in range(1, 7):
        m = g.min_raise(f)
        if not m:
            continue
        e = seat.expected(f)
        q = m
        while q + 1 <= e - 0.5 and q < g.max_count(seat.me):
            q += 1
        if e - q > be:
            best, be = (q, f), e - q
    if best is None:
        return ["snyd"]
    return ["bid", best[0], best[1]]


def open_die(dice, level, rng):
    """Which of its dice (an index) a bot lays open under the open_die rule (the bot protocol has
    no view for that choice). Kids any; the others a die of the face they
    hold fewest of, never a one while another will do, so the face they mean to bid stays under
    the cup and the jokers do not help everyone's count."""
    n = len(dice)
    i = rng.below(n)
    if level == "kids":
        return i
    best = i
    low = 99
    for _ in range(n):
        v = dice[i]
        k = 9 if v == 1 else 0
        for x in dice:
            if x == v:
                k += 1
        if k < low:
            best, low = i, k
        i = (i + 1) % n
    return best
