"""Yatzy's re-rolls at the table against foresight and withholding, in-process (host_tools.tablebus).

A re-roll must be foreseen by nobody before its hold is logged: not the roller, not the seat that
shakes it, not the roller's teammates; and a shake or a reveal withheld must never pay. Each test
plays one attack with the knowledge a handheld really has: everything public in its game copy
(the dice, every revealed secret and chain value, the seed) plus the shake chains of the seats it
hosts (its own shake_key), and computes every re-roll the table could make from values it knows.
"""
from dicecup.rules import fairdice
from dicecup.table import wire
from dicecup.table import yatzy
from host_tools.tablebus import Table
from test_table_attacks import honest_agree

_ZERO = bytes(16)


def _next_value(app, key, s):
    """Seat s's next shake-chain value, as the handheld hosting it can compute it (key: its
    shake_key)."""
    n = fairdice.CHAIN_LEN - 1 - app._cn[s]
    return fairdice.shake(key, app.tid, app._game0, s, n) if n >= 0 else None


def _stage(app):
    return getattr(app, "stage", 0)


def _known(app, key):
    """The 16-byte values handheld `app` could mix into a re-roll: the next value of each chain it
    hosts (the only secrets it holds that the table uses after the turn's reveal)."""
    vals = []
    for s in range(app.n):
        if app.hosted >> s & 1:
            v = _next_value(app, key, s)
            if v is not None:
                vals.append(v)
    return vals


def _foresee(app, key, held, k):
    """Every roll k the handheld could foresee for `held`: the roller's revealed secret and the
    seed with no mix, with one value it knows, or with two (a shake and the roller's own value,
    either of them possibly withheld, as zeros)."""
    w = app.roller()
    s = bytes(app._s[w * 16:w * 16 + 16])
    vals = _known(app, key)
    mixes = [None] + vals + [a + b for a in vals + [_ZERO] for b in vals + [_ZERO]]
    return {tuple(fairdice.yatzy_roll(app.rolls[-1], held, s, app.seed, app.tid, app.round, w,
                                      k, m)) for m in mixes}


def _spy_holds(t, on_hold):
    """Calls on_hold(i, app, held, k) on every handheld i just before it applies a hold that waits
    for a shake, and records the re-roll it then makes: returns a list of (i, predicted set or
    None, fresh dice count, actual roll) filled as the game goes."""
    seen = []
    for i, h in enumerate(t.hands):
        app = h.app
        real_apply, real_roll = app.apply, app._roll
        box = {}

        def apply(f, seq, app=app, i=i, real=real_apply, box=box):
            if f.etype == wire.T_YATZY and f.kind == wire.Y_HOLD and app.shaker() >= 0:
                box["p"] = (on_hold(i, app, f.value, f.roll), f.value, f.roll)
            return real(f, seq)

        def roll(held, k, mix, app=app, i=i, real=real_roll, box=box):
            real(held, k, mix)
            p = box.pop("p", None)
            if p is not None and p[1] == held and p[2] == k:
                fresh = app.game.ndice - bin(held).count("1")
                seen.append((i, p[0], fresh, tuple(app.rolls[-1])))
        app.apply, app._roll = apply, roll
    return seen


# ---- nobody foresees a re-roll -------------------------------------------------------------------

def test_no_handheld_foresees_a_reroll_before_its_hold():
    """Two teams of two, seats 0 and 1 on one scorecard: before, the shaker of seat 0's re-rolls
    was seat 1, its teammate, whose handheld knew its own shake chain and the revealed secret, so it
    knew every re-roll of any hold it advised; the other team's shaker knew them too. Now no
    handheld, the roller's included, can compute the re-roll before the hold is logged."""
    t = Table(game="yatzy", seats=4, seed=231, teams=[0, 0, 1, 1])
    keys = [h.app.shake_key for h in t.hands]
    seen = _spy_holds(t, lambda i, app, held, k: _foresee(app, keys[i], held, k))
    assert t.run_game(7_200_000)
    honest_agree(t, range(4))
    hits = {}  # handheld -> (re-rolls of 3 dice or more it foresaw, of how many)
    for i in range(4):
        mine = [roll in pred for j, pred, fresh, roll in seen if j == i and fresh >= 3]
        hits[i] = (sum(mine), len(mine))
    assert all(n > 10 and k <= n // 10 for k, n in hits.values()), hits


def test_a_reroll_is_shaken_by_another_team():
    """The seat that shakes a re-roll plays from a handheld that holds no seat of the roller's
    scorecard (before: the next seat on another handheld, here the roller's teammate)."""
    t = Table(game="yatzy", seats=4, seed=232, teams=[0, 0, 1, 1])
    pairs = []

    def note(i, app, held, k):
        if i == 0:
            pairs.append((app.roller(), app.shaker()))
    _spy_holds(t, note)
    assert t.run_game(7_200_000)
    honest_agree(t, range(4))
    assert len(pairs) > 10
    for r, s in pairs:
        assert t.teams[r] != t.teams[s], (r, s)


# ---- withholding never pays ----------------------------------------------------------------------

def test_an_opponent_shaker_cannot_withhold_by_the_roll():
    """The shaker (seat 1, the roller's opponent) withholds its shake whenever what it can compute
    says the shake would give the roller more than the re-roll without it. Before, it knew both:
    every time it withheld, the roller got exactly the worse roll it foresaw, and each denial
    (a Yatzy, a straight) was worth more than the forfeit turn it paid for it. Now it cannot
    compute either, so what it withholds is a blind guess, and it still pays the forfeit."""
    t = Table(game="yatzy", seats=2, seed=233, step_ms=20)
    bad = t.hands[1]
    app, key = bad.app, bad.app.shake_key
    real = app._play_request
    wh = []       # per withheld shake: (the roll it expected instead, the roll it denied)
    done = set()

    def hostile(f, s, ph, node, decide, rand):
        if app.shaking >= 0 and _stage(app) == 0 and s == app.shaker():
            w = app.roller()
            sec = bytes(app._s[w * 16:w * 16 + 16])
            k = app.shaking
            spot = (app.round, w, k)
            if spot in done:
                return False  # still withholding it
            v = _next_value(app, key, s)
            give = fairdice.yatzy_roll(app.rolls[-1], app._held, sec, app.seed, app.tid,
                                       app.round, w, k, v)
            keep = fairdice.yatzy_roll(app.rolls[-1], app._held, sec, app.seed, app.tid,
                                       app.round, w, k)
            if sum(give) > sum(keep) and len(done) < 8:
                done.add(spot)
                wh.append([keep, give, spot, None])
                return False  # withholds (eight times: enough to see, and the test stays quick)
        return real(f, s, ph, node, decide, rand)
    app._play_request = hostile
    honest = t.hands[0].app
    real_roll = honest._roll

    def roll(held, k, mix):
        spot = (honest.round, honest.roller(), k)
        real_roll(held, k, mix)
        for x in wh:
            if x[2] == spot and x[3] is None:
                x[3] = list(honest.rolls[-1])
    honest._roll = roll
    assert t.run_game(7_200_000)
    rec, out = honest_agree(t, range(2))
    got = [x for x in wh if x[3] is not None]
    assert len(got) >= 5
    # the roller got the worse roll the shaker foresaw (before: every time); now the roll after a
    # withheld shake is one the shaker could not compute, as likely good as any other
    informed = [x[3] == x[0] for x in got]
    assert sum(informed) <= len(got) // 10, (sum(informed), len(got))
    forfeits = [tr for tr in rec["turns"] if tr.get("forfeit")]
    assert forfeits and all(tr["p"] == 1 for tr in forfeits)   # and it paid for each


def test_a_roller_that_withholds_its_own_value_forfeits_the_turn():
    """Once the shake is logged the roller owes its own chain's next value, and knows the re-roll
    before it sends it. A roller (seat 1) that withholds it when the roll is poor loses the turn:
    a forfeit turn, 0 in its first free box, never better than scoring the poor dice itself."""
    t = Table(game="yatzy", seats=2, seed=234, step_ms=20)
    bad = t.hands[1]
    app = bad.app
    real = app._play_request
    held_back = []

    def hostile(f, s, ph, node, decide, rand):
        if app.shaking >= 0 and _stage(app) > 0 and s == app.roller():
            spot = (app.round, app.shaking)
            if spot in held_back or len(held_back) < 3:
                if spot not in held_back:
                    held_back.append(spot)
                return False
        return real(f, s, ph, node, decide, rand)
    app._play_request = hostile
    assert t.run_game(7_200_000)
    rec, out = honest_agree(t, range(2))
    assert len(held_back) == 3
    forfeits = [tr for tr in rec["turns"] if tr.get("forfeit")]
    assert len(forfeits) == 3 and all(tr["p"] == 1 and len(tr["rolls"]) >= 1 for tr in forfeits)
    assert t.hands[0].app.lost_late or t.hands[0].app.forfeits == 3


def test_a_shake_out_of_turn_is_refused():
    """While the shaker owes, the roller's own value is refused; once the roller owes, the shaker's
    next value is refused (each would let one party reveal before its turn, or twice)."""
    t = Table(game="yatzy", seats=2, seed=235)
    a = t.hands[0].app
    keys = [h.app.shake_key for h in t.hands]
    tried = [0, 0]
    f = wire.Frame()
    f.etype = wire.T_SHAKE
    assert t.start_game() == 0
    while not t.done() and t.now < 7_200_000:
        t.step()
        if a.shaking >= 0:
            r, s = a.roller(), a.shaker()
            wrong = s if _stage(a) else r
            f.round, f.roll, f.who = a.round, a.shaking, wrong
            f.h1[:] = _next_value(a, keys[wrong], wrong)
            assert a.check(f) != 0, _stage(a)
            tried[_stage(a) > 0] += 1
    assert t.done() and tried[0] and tried[1], tried
    honest_agree(t, range(2))


def test_a_handheld_rebooted_while_the_roller_owes_its_value_catches_up():
    """A snapshot taken between the shake and the roller's value carries who shook (the re-roll
    mixes its value): the rebooted handheld makes the same re-roll as everyone."""
    t = Table(game="yatzy", seats=3, seed=236)
    a = t.hands[0].app
    hold = {"on": True}
    for h in t.hands:
        real = h.app._play_request

        def late(f, s, ph, node, decide, rand, app=h.app, real=real):
            if hold["on"] and app.shaking >= 0 and _stage(app) > 0:
                return False  # the roller thinks a while before it sends its value
            return real(f, s, ph, node, decide, rand)
        h.app._play_request = late
    assert t.start_game() == 0
    assert t.run(lambda: a.shaking >= 0 and _stage(a) > 0 and a.roller() != 2, 600_000)
    stage = _stage(a)
    t.kill(2)
    t.run(lambda: False, 500)
    t.reboot(2)
    b = t.hands[2]
    assert t.run(lambda: b.node.applied == t.hands[0].node.applied and b.app.shaking >= 0, 60_000)
    assert _stage(b.app) == stage and b.app.shaking == a.shaking
    hold["on"] = False
    for h in t.hands:
        for s in range(3):
            h.app.want(s)
    assert t.run(t.done, 7_200_000)
    honest_agree(t, range(3))


def test_spent_chains_let_the_game_finish():
    """A chain has fairdice.CHAIN_LEN values a game. Seat 1's is made almost spent: once it is, it
    shakes no more (nobody else can: the re-roll comes at once) and its own re-rolls take the shake
    alone; nobody forfeits for it and the game ends with one record."""
    t = Table(game="yatzy", seats=2, seed=237)
    a = t.hands[0].app
    assert t.start_game() == 0
    assert t.run(lambda: a.phase == yatzy.P_TURN, 120_000)
    key = t.hands[1].app.shake_key
    for h in t.hands:
        app = h.app
        app._cn[1] = fairdice.CHAIN_LEN - 3
        app._ctop[16:32] = fairdice.shake(key, app.tid, app._game0, 1, 3)  # its last given
    assert t.run(t.done, 7_200_000)
    rec, out = honest_agree(t, range(2))
    assert a._cn[1] == fairdice.CHAIN_LEN and not [tr for tr in rec["turns"] if tr.get("forfeit")]


# ---- the sequencer orders the shakes, and cannot choose between them ------------------------------

def _censor(t, bad, when):
    """The sequencer (handheld `bad`) drops every request for which when(app, f) is true; returns
    the list of (round, roll) it dropped one for."""
    app, real = bad.app, bad.node._on_request
    dropped = []

    def on_request(f, now):
        if f.type == wire.T_SHAKE and app.shaking >= 0 and when(app, f):
            if (app.round, app.shaking) not in dropped:
                dropped.append((app.round, app.shaking))
            return
        return real(f, now)
    bad.node._on_request = on_request
    return dropped


def test_a_sequencer_that_rolls_cannot_censor_a_shake_it_dislikes():
    """The sequencer is the roller: it sees the shake before it logs it, and with its own value
    knows the re-roll it makes. It drops the shake whenever the re-roll without it would be better,
    hoping to log the shaker's forfeit. The shaker's handheld stops following it first, so the
    shake is logged, nobody forfeits, and the roll is never the one it chose."""
    t = Table(game="yatzy", seats=2, seed=238)
    bad = t.hands[0]
    key = bad.app.shake_key
    chose = {}

    def when(app, f):
        if _stage(app) or f.who != 1 or app.roller() != 0:
            return False
        own = _next_value(app, key, 0)
        args = (app.rolls[-1], app._held, bytes(app._s[0:16]), app.seed, app.tid, app.round, 0,
                app.shaking)
        alone = fairdice.yatzy_roll(*args, mix=_ZERO + own)
        if sum(alone) > sum(fairdice.yatzy_roll(*args, mix=bytes(f.h1) + own)):
            chose[(app.round, app.shaking)] = alone
            return True
        return False
    dropped = _censor(t, bad, when)
    honest = t.hands[1].app
    got = {}
    real_roll = honest._roll

    def roll(held, k, mix):
        real_roll(held, k, mix)
        got[(honest.round, k)] = list(honest.rolls[-1])
    honest._roll = roll
    assert t.run_game(7_200_000)
    rec, out = honest_agree(t, range(2))
    assert dropped and not [tr for tr in rec["turns"] if tr.get("forfeit")]
    assert all(got[k] != chose[k] for k in dropped), dropped


def test_a_sequencer_that_shakes_cannot_censor_the_rollers_value():
    """The sequencer is the shaker: it sees the roller's value before it logs it, so it knows the
    re-roll, and drops every one, hoping to log the roller's forfeit. The roller's handheld stops
    following it first: the value is logged and no turn is forfeited."""
    for seats in (2, 3):
        t = Table(game="yatzy", seats=seats, seed=239)
        dropped = _censor(t, t.hands[0], lambda app, f: _stage(app) and f.who == app.roller() and
                          app.shaker() == 0)
        assert t.run_game(7_200_000)
        rec, out = honest_agree(t, range(seats))
        assert dropped and not [tr for tr in rec["turns"] if tr.get("forfeit")]
        assert all(h.node.leader != 0 for h in t.hands)
