"""Property-based tests of the Snyd rules core and its records (hypothesis): random legal games."""
import io
import json
import os
import re

from hypothesis import given
from hypothesis import strategies as st

from dicecup.rules.snyd import CALL_CALZA, Game, Rules
from dicecup.records.snyd import replay
from dicecup.records.snyd_writer import Recorder

rules_st = st.builds(Rules, dice=st.integers(1, 5), jokers=st.booleans(), palifico=st.booleans(),
                     calza=st.booleans(), open_on_ones=st.booleans(), calza_by=st.integers(0, 2),
                     count_scope=st.integers(0, 1), open_die=st.booleans())
games = st.tuples(rules_st, st.integers(2, 8), st.integers(0, 7), st.randoms(use_true_random=False))


def legal_bids(g):
    mx = g.max_count(g.on_turn)
    return {(c, f) for c in range(0, mx + 2) for f in range(0, 8) if g.is_legal_bid(c, f)}


def walk(g, d):
    out = []
    b = g.first_bid() if d > 0 else g.step_bid(99, 6, -1)
    while b is not None:
        out.append(b)
        b = g.step_bid(b[0], b[1], d)
    return out


class Shadow:
    """The handheld's Recorder, and beside it the record built the plain way (lists and dicts, as the
    spec writes it) to hold the recorder's streamed text against."""

    def __init__(self, rules, seats, first):
        names = ['p%d "\u00f8"\\' % s for s in range(seats)]  # quotes, a backslash, non-ASCII
        self.real = Recorder(rules, seats, first, names)
        self.expected = {"game": "snyd", "version": 2, "rules": rules.to_dict(), "seats": seats,
                         "first": first, "rounds": [], "names": names}

    def round(self, dice, shown=None):
        self.real.round(dice, shown)
        rd = {"dice": [list(d) for d in dice], "actions": []}
        if shown is not None:
            rd["shown"] = list(shown)
        self.expected["rounds"].append(rd)

    def action(self, seat, kind, count=0, face=0):
        self.real.action(seat, kind, count, face)
        self.expected["rounds"][-1]["actions"].append([seat, kind, count, face] if kind == "bid" else [seat, kind])


def play(rules, seats, first, rnd, check_steps=True):
    """A random legal game; checks the per-round invariants and returns (game, recorder, rounds)."""
    first %= seats
    g = Game(rules, seats, first)
    rec = Shadow(rules, seats, first)
    rounds = []
    had_palifico = set()
    while not g.over:
        assert g.dice_left[g.opener] > 0
        dice = [[rnd.randint(1, 6) for _ in range(g.dice_left[s])] for s in range(seats)]
        shown = None
        if rules.open_die:
            shown = [rnd.randrange(n) if n >= 2 else None for n in g.dice_left]
        before = bytes(g.dice_left)
        pal = g.palifico
        if pal:
            assert g.dice_left[g.opener] == 1 and g.opener not in had_palifico
            had_palifico.add(g.opener)
            assert g.alive() > 2
        g.start_round(dice, shown)
        rec.round(dice, shown)
        while g.in_round:
            if check_steps:
                up = walk(g, 1)
                assert len(set(up)) == len(up)
                assert set(up) == legal_bids(g)
                assert walk(g, -1) == up[::-1]
            else:
                up = []
                b = g.first_bid()
                while b is not None and len(up) < 4:
                    up.append(b)
                    b = g.step_bid(b[0], b[1], 1)
            callers = [s for s in range(seats) if g.may_calza(s)]
            if callers and rnd.random() < 0.15:
                s = rnd.choice(callers)
                g.calza(s)
                rec.action(s, "calza")
            elif not up or (g.bid_face and rnd.random() < 0.3):
                s = g.on_turn
                g.snyd(s)
                rec.action(s, "snyd")
            else:
                c, f = up[rnd.randrange(min(len(up), 3))]  # small raises: long rounds
                s = g.on_turn
                g.bid(s, c, f)
                rec.action(s, "bid", c, f)
        r = g.result
        changed = [s for s in range(seats) if before[s] != g.dice_left[s]]
        # exactly one die changes hands, except a calza at full dice (nothing changes)
        if r.call == CALL_CALZA and r.loser < 0 and r.gainer < 0:
            assert changed == [] and before[r.caller] == rules.dice
        else:
            assert len(changed) == 1 and abs(before[changed[0]] - g.dice_left[changed[0]]) == 1
            assert changed[0] in (r.loser, r.gainer)
        assert max(g.dice_left) <= rules.dice
        assert r.palifico == pal
        rounds.append((r.opener, r.caller, r.count, r.loser, r.gainer, list(g.dice_left)))
    return g, rec, rounds


@given(games)
def test_dice_change_hands_one_at_a_time_and_one_winner(game):
    g, _, rounds = play(*game)
    w = g.winner()
    assert w >= 0 and g.over
    assert [s for s in range(g.seats) if g.dice_left[s]] == [w]
    assert not g.may_bid(w) and g.first_bid() is None


@given(games)
def test_recorded_game_replays_to_the_same_results(game):
    g, rec, rounds = play(*game, check_steps=False)
    f = io.StringIO()
    rec.real.write(f)
    text = f.getvalue()
    assert text == json.dumps(rec.expected)  # the streamed text is exactly the record's JSON
    assert rec.real.record() == rec.expected
    out = replay(json.loads(text))
    assert out["error"] is None
    got = [(r["opener"], r["caller"], r["count"], -1 if r["loser"] is None else r["loser"],
            -1 if r["gainer"] is None else r["gainer"], r["dice_left"]) for r in out["rounds"]]
    assert got == rounds
    assert out["winner"] == g.winner() and out["next_opener"] is None


def order_key(g, count, face):
    """The picker's order, written out: with jokers (outside palifico) ones(n) sits between (2n, 6)
    and (2n+1, 2); otherwise by count, then face."""
    if g.rules.jokers and not g.palifico:
        return 32 * count + 7 if face == 1 else 16 * count + face
    return 8 * count + face


@given(games, st.integers(0, 45), st.integers(1, 6), st.sampled_from([1, -1]))
def test_step_from_any_position_is_the_nearest_legal_bid(game, count, face, d):
    rules, seats, first, rnd = game
    g = Game(rules, seats, first % seats)
    g.start_round([[rnd.randint(1, 6) for _ in range(g.dice_left[s])] for s in range(seats)],
                  [0] * seats if rules.open_die and rules.dice >= 2 else
                  [None] * seats if rules.open_die else None)
    for _ in range(rnd.randrange(4)):
        b = g.first_bid()
        if b is None:
            break
        g.bid(g.on_turn, *b)
    legal = sorted(legal_bids(g), key=lambda b: order_key(g, *b))
    k = order_key(g, count, face) if count > 0 else -1
    if d > 0:
        want = next((b for b in legal if order_key(g, *b) > k), None)
    else:
        want = next((b for b in reversed(legal) if order_key(g, *b) < k), None)
    assert g.step_bid(count, face, d) == want
    assert walk(g, 1) == legal


def test_every_reason_code_has_words():
    from dicecup.rules import snyd, snyd_bids, snyd_reasons
    src = open(snyd.__file__).read() + open(snyd_bids.__file__).read()
    codes = [int(n) for n in re.findall(r"^_E_\w+ = const\((\d+)\)", src, re.M)]
    assert sorted(codes) == list(range(1, len(snyd_reasons.REASONS)))


# ---- the bid hint's numbers (snyd_odds.known) against a brute-force count by the rules core ------

@given(rules_st, st.integers(2, 4), st.randoms(use_true_random=False), st.integers(1, 6),
       st.integers(1, 8), st.booleans(), st.booleans())
def test_the_hint_chance_is_the_share_of_every_hidden_deal_where_the_bid_holds(
        rules, seats, rnd, face, count, i_bid, pal):
    """Every way the dice this seat cannot see may fall, counted by the rules core itself
    (Game.counted, scope and jokers applied): the share where the bid holds is snyd_odds' chance
    from the hint's (known, unseen); and the hint's numbers do not move when the hidden dice do
    (it reads only what the seat may know: its own dice, counts and open dice)."""
    import itertools

    from dicecup.rules import snyd_odds
    left = [rnd.randint(0 if s > 1 else 1, min(rules.dice, 3)) for s in range(seats)]
    while sum(left) - left[0] > 5:   # at most 6^5 deals to count
        left[rnd.randrange(1, seats)] -= 1
        if not any(left[1:]):
            left[1] = 1
    g = Game(rules, seats)
    for s in range(seats):
        g.dice_left[s] = left[s]
    dice = [[rnd.randint(1, 6) for _ in range(left[s])] for s in range(seats)]
    shown = [rnd.randrange(left[s]) if left[s] > 1 else None for s in range(seats)]
    g.start_round(dice, shown if rules.open_die else None)
    g.palifico = pal and rules.palifico
    me = 0
    bidder = me if i_bid else rnd.choice([s for s in range(seats) if left[s]])
    c, u, jok = snyd_odds.known(g, me, bidder, face)
    assert jok == (rules.jokers and not g.palifico)
    hidden = []   # (seat, die index) of every die the seat cannot see that the bid counts
    nxt = g.next_seat(bidder)
    for s in range(seats):
        if s == me or (rules.count_scope == 1 and s not in (bidder, nxt)):
            continue
        for i in range(left[s]):
            if not (rules.open_die and shown[s] == i):
                hidden.append((s, i))
    assert u == len(hidden)
    holds = 0
    deals = 0
    for vals in itertools.product(range(1, 7), repeat=len(hidden)):
        for (s, i), v in zip(hidden, vals):
            g.dice[s * 5 + i] = v
        deals += 1
        holds += g.counted(face, bidder) >= count
        if deals % 97 == 1:
            assert snyd_odds.known(g, me, bidder, face) == (c, u, jok)
    p = snyd_odds.prob_at_least(count - c, u, snyd_odds.hit_p(face, jok))
    assert abs(holds / deals - p) < 1e-9, (holds, deals, p, c, u)
