"""snyd_hard: the hard Snyd bot's judgement - it reads the table (bots.snyd.play and decide() hand it
the hard level's turns; loaded only when a hard bot plays, so the other levels never hold it).

    move(seat, rng, may) -> the move, as bots.snyd._move answers (seat: a bots.snyd._Seat)
    use_tables(at)  the folder of the endgame table (default: the handheld's /tables; the PC's
                    tools point it at build/tables)
    has_table() -> whether the endgame table is there (without it heads-up endgames are played by
                   the posterior like the rest of the game)
    table(seat, g, rng, may) -> the solved endgame's move heads-up with few dice, or None
    post(seat, s, face) -> list: P(seat s's hidden dice hold k that count for face), k = 0..their dice

Names are few on purpose: every name a module uses is interned for good on the handheld, and the
solo Snyd game runs close to MicroPython's next name pool (docs/memory.md); so the helpers reuse
names the game already holds (bid, table, _count, _dist, _tab) and the decision's cache sits in
_tab, not in a parameter.

Per opponent and face, a posterior over how many of their hidden dice count for that face: the
binomial prior, times the chance of what they did this round given k (docs/bots.md "How the hard
bot thinks"): a seat bidding a face is likelier to hold it (more so when it brings the face in), and
a seat that raises instead of calling found the bid before likely enough with the dice it holds.
Bids are judged by the chance under that posterior, convolved over the seats the bid counts, and by
the next seat's likely answer. The choices are mixed where a fixed rule would be read: a bid nearly
as good as the best is made _VARY/256 of the time (the opening too; often a face it does not hold),
and a call within _JITTER points of the best bid is made with a chance that grows across that band.
"""
from dicecup.core.compat import const
from dicecup.rules import snyd_odds

_HEAD = const(8)
_WIDTH = const(25)     # the longest row: 1 + 6 x the largest total the reader takes (4)
_PATH = const("tables/snyd_endgame.svt")
# kept in one list: the table's path, the open file (None: not tried yet, False: none), its largest
# total, the row buffer; and during a decision its cache (posteriors and binomial tails), else None
_tab = [_PATH, None, 0, None, None]

# Tuned by tournaments (host_tools.tournament) against normal, the seed bot and simple players;
# x100 unless said.
_NEW = const(300)      # evidence per die of the face a seat brings in: likelihood 1 + w*k/100
_SAME = const(120)     # the same, for a face it only raises
_FLOOR = const(15)     # a seat that did not call: likelihood floor + P(bid holds | k)
_JITTER = const(4)     # calls within this many points of the line are mixed
_SPREAD = const(5)     # a bid this many points worse than the best is played _VARY/256 of the time
_VARY = const(48)
_STEPS = const(2)      # bids considered per face: the smallest raise and this many above it
_THETA = const(30)     # the next seat calls when the bid holds less likely than this from its side
_SOFT = const(15)      # ... softly, over this many points either side
_V = const(75)         # the worth of a bid the next seat raises, heads-up (x100)
_VM = const(75)        # the same with three seats or more
_VARYM = const(16)     # _VARY with three seats or more
_CZM = const(10)       # with three seats or more a calza counts this many points better
_OFF = const(30)       # ... and a seat that brings in another face: likelihood 1 / (1 + w*k/100)


def use_tables(at):
    f = _tab[1]
    if f:
        f.close()
    _tab[0] = at + "/snyd_endgame.svt"
    _tab[1] = None


def has_table():
    f = _tab[1]
    if f is None:
        f = False
        try:
            f = open(_tab[0], "rb")
            h = f.read(_HEAD)
            # a table of the default rules only (ones wild, no opening on ones: flags 1)
            if len(h) != _HEAD or h[:4] != b"SVT1" or h[5] != 1 or not 2 <= h[4] <= 4:
                f.close()
                f = False
            else:
                _tab[2] = h[4]
                _tab[3] = bytearray(_WIDTH)
        except OSError:
            pass
        _tab[1] = f
    return bool(f)


def _count(a, b):
    # how many sorted hands of b dice use only the values a..6
    c = 1
    for i in range(b):
        c = c * (6 - a + b - i) // (i + 1)
    return c


def table(seat, g, rng, may):
    """The solved strategy's move heads-up with few dice (host_tools.snyd_table), or None."""
    r = g.rules
    if g.alive() != 2 or not r.jokers or r.open_on_ones or r.open_die or g.palifico or not has_table():
        return None
    me = seat.me
    o = g.opener
    other = g.next_seat(o)
    n = g.dice_left[o] + g.dice_left[other]
    if n > _tab[2]:
        return None
    da = g.dice_left[o]
    w = 1 + 6 * n
    at = _HEAD
    for t in range(2, n + 1):   # the blocks before this state's
        for a in range(1, t):
            if t == n and a == da:
                break
            at += (_count(1, a) + _count(1, t - a)) * (1 + 6 * t) * (1 + 6 * t)
        else:
            continue
        break
    role = 0 if me == o else 1
    if role:
        at += _count(1, da) * w * w
    d = sorted(seat.dice)
    h = 0
    lo = 1
    k = len(d)
    for v in d:
        k -= 1
        for x in range(lo, v):
            h += _count(x, k)
        lo = v
    node = 1 + (g.bid_count - 1) * 6 + g.bid_face - 1 if g.bid_face else 0
    f = _tab[1]
    f.seek(at + (h * w + node) * w)
    b = _tab[3]
    f.readinto(b)
    tot = 0
    for i in range(w):
        tot += b[i]
    if not tot:
        return None
    x = rng.below(tot)
    i = 0
    while x >= b[i]:
        x -= b[i]
        i += 1
    if not i:
        return ["snyd"] if may & 2 else None
    q = (i - 1) // 6 + 1
    f = (i - 1) % 6 + 1
    if not may & 1 or g.min_raise(f) == 0 or q < g.min_raise(f):
        return None
    return ["bid", q, f]


def _tail(n, p):
    """[P(Binomial(n, p) >= j) for j = 0..n], 0.0 after; kept in the decision's cache."""
    memo = _tab[4]
    key = n * 2 + (p < 0.2)
    t = memo.get(key) if memo is not None else None
    if t is None:
        q = 1.0 - p
        t = [q ** n]
        r = p / q
        for k in range(n):
            t.append(t[k] * (n - k) / (k + 1) * r)
        for i in range(n - 1, -1, -1):
            t[i] += t[i + 1]
        t.append(0.0)
        if memo is not None:
            memo[key] = t
    return t


def post(seat, s, face):
    """P(k of seat s's hidden dice count for face | its bids this round), k = 0..hidden dice."""
    memo = _tab[4]
    if memo is not None:
        d = memo.get(-1 - s * 8 - face)
        if d is not None:
            return d
    g = seat.g
    jok = seat.jok
    p = snyd_odds.hit_p(face, jok)
    shown = seat.shown
    m = g.dice_left[s]
    if shown is not None and shown[s] is not None:
        m -= 1
    t = _tail(m, p)
    d = [t[k] - t[k + 1] for k in range(m + 1)]
    # from seat s's own view of a bid on face: the other dice it cannot see, and the open dice
    tail = None
    pq = pf = 0
    ps = -1
    for a in seat.actions:
        b = a[0]
        if b == s:
            if pf == face and ps != s:
                # s raised a bid on face rather than call it: it found it likely enough with k
                if tail is None:
                    seen = 0
                    n = 0
                    for t in range(g.seats):
                        if t != s and g.dice_left[t]:
                            n += g.dice_left[t]
                            if shown is not None and shown[t] is not None:
                                n -= 1
                                v = shown[t]
                                if v == face or (jok and face != 1 and v == 1):
                                    seen += 1
                    if shown is not None and shown[s] is not None:
                        v = shown[s]
                        if v == face or (jok and face != 1 and v == 1):
                            seen += 1
                    tail = _tail(n, p)
                for k in range(m + 1):
                    need = pq - seen - k
                    h = 1.0 if need <= 0 else tail[need if need < len(tail) else -1]
                    d[k] *= _FLOOR / 100 + h
            f = a[3]
            if f != face and f != 1 and f != pf and g.alive() > 2:
                # it brought in another face: it likely holds fewer of this one (at a table only,
                # where it gains most; heads-up play stays as measured)
                for k in range(m + 1):
                    d[k] /= 1.0 + _OFF / 100 * k
            if f == face or (jok and f == 1):
                w = (_NEW if f != pf else _SAME) / 100
                if f != face:
                    w *= 0.5   # a ones bid says less of another face
                for k in range(m + 1):
                    d[k] *= 1.0 + w * k
        pq = a[2]
        pf = a[3]
        ps = b
    t = sum(d)
    for k in range(m + 1):
        d[k] /= t
    if memo is not None:
        memo[-1 - s * 8 - face] = d
    return d


def _dist(seat, bidder, face, other=-1):
    """(known, list): the dice that count for a bid on face by bidder and that this seat sees, and
    the chance of each count among the hidden dice of the seats counted (but seat other)."""
    g = seat.g
    jok = seat.jok
    me = seat.me
    shown = seat.shown
    known = 0
    d = [1.0]
    for s in seat._counting_seats(bidder):
        if not g.dice_left[s]:
            continue
        if s == me:
            known += snyd_odds.own_count(seat.dice, face, jok)
            continue
        if shown is not None and shown[s] is not None:
            v = shown[s]
            if v == face or (jok and face != 1 and v == 1):
                known += 1
        if s == other:
            continue
        e = post(seat, s, face)
        nd = [0.0] * (len(d) + len(e) - 1)
        for i in range(len(d)):
            x = d[i]
            for j in range(len(e)):
                nd[i + j] += x * e[j]
        d = nd
    return known, d


def move(seat, rng, may):
    if may & 3:
        mv = table(seat, seat.g, rng, may)
        if mv:
            return mv
    _tab[4] = {}
    try:
        return _move(seat, rng, may)
    finally:
        _tab[4] = None


def prob(r, need):
    # the chance of at least need in the (known, distribution) pair r
    need -= r[0]
    d = r[1]
    if need <= 0:
        return 1.0
    t = 0.0
    for c in range(need, len(d)):
        t += d[c]
    return t


def _move(seat, rng, may):
    g = seat.g
    me = seat.me
    on_turn = may & 3
    calza_loss = 2.0
    if may & 4:
        r = _dist(seat, g.bidder, g.bid_face)
        pe = prob(r, g.bid_count) - prob(r, g.bid_count + 1)
        gain = 1.0 if g.dice_left[me] < g.rules.dice else 0.0
        calza_loss = (1 - pe) - pe * gain
        if g.alive() > 2:
            # at a table a calza that hits wins back a die the others must take again, and one
            # that misses costs no more than a call that misses
            calza_loss -= _CZM / 100
    if not on_turn:
        return ["calza"] if calza_loss < -0.05 else None
    best = None
    best_w = -1.0
    if may & 1:
        best, best_w = bid(seat, g, rng)
    if g.bid_face and may & 2:
        w_call = 1.0 - prob(_dist(seat, g.bidder, g.bid_face), g.bid_count)
        if 1.0 - calza_loss > w_call and 1.0 - calza_loss > best_w:
            return ["calza"]
        x = (w_call - best_w) * 100 if best else 100.0
        if x >= _JITTER or (x > -_JITTER and rng.below(2 * _JITTER) < x + _JITTER):
            return ["snyd"]
    elif calza_loss < 0.0 and 1.0 - calza_loss > best_w:
        return ["calza"]
    if best is None:
        raise ValueError("no legal move in this view")
    return ["bid", best[0], best[1]]


def bid(seat, g, rng):
    """The bid to make and its worth: per face the smallest raise and a step or two above it, the
    worthiest wins; now and then one nearly as good instead, so the choice cannot be read.
    A bid's worth is my chance of not losing this bid's die: the next seat, with k of the face (its
    posterior), calls when the bid looks unlikely from its side (crediting the bidder with none of
    the face: its own dice and the open ones against the rest); if it raises instead,
    the round goes on (worth _V heads-up, _VM at a table, where the bid may not come back)."""
    me = seat.me
    jok = seat.jok
    mx = g.max_count(me)
    nxt = g.next_seat(me)
    v = (_V if g.alive() == 2 else _VM) / 100
    lo = (_THETA - _SOFT) / 100
    span = 2 * _SOFT / 100
    best = None
    best_w = -1.0
    alt = None
    alt_w = -1.0
    for f in range(1, 7):
        m = g.min_raise(f)
        if not m:
            continue
        own = snyd_odds.own_count(seat.dice, f, jok)
        known, rest = _dist(seat, me, f, nxt)
        e = post(seat, nxt, f)
        # the dice the next seat cannot see (the others' hidden and mine), and the open dice it sees
        opp = _tail(len(rest) - 1 + len(seat.dice), snyd_odds.hit_p(f, jok))
        top = len(opp) - 1
        seen = known - own
        # rt[j]: the chance of at least j among the hidden dice but the next seat's
        n = len(rest)
        rt = [0.0] * (n + 1)
        for j in range(n - 1, -1, -1):
            rt[j] = rt[j + 1] + rest[j]
        for q in range(m, min(mx, m + _STEPS) + 1):
            w = 0.0
            for k in range(len(e)):
                need = q - known - k
                t = 1.0 if need <= 0 else rt[need] if need < n else 0.0
                j = q - k - seen
                po = 1.0 if j <= 0 else opp[j if j < top else top]
                c = 1.0 - (po - lo) / span
                c = 0.0 if c < 0 else 1.0 if c > 1 else c
                w += e[k] * (c * t + (1 - c) * v)
            if w > best_w + 1e-9:
                if best is not None and best_w > alt_w:
                    alt, alt_w = best, best_w
                best, best_w = (q, f), w
            elif w > alt_w:
                alt, alt_w = (q, f), w
    if alt is not None and alt_w > best_w - _SPREAD / 100 and rng.chance(_VARY if g.alive() == 2 else _VARYM):
        return alt, alt_w
    return best, best_w
