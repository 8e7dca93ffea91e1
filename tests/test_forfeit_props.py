"""Property-based tests of the forfeit (record format 2, hypothesis): random legal Snyd and Yatzy games
with random forfeits, written by the handhelds' recorders and replayed by the referee; the referee must
pass them with the dice / boxes kept right, and catch the mutations a forfeit makes possible."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from host_tools.replay import referee
from replaycheck import referee as referee_cli
from dicecup.rules.snyd import CALL_FORFEIT, Game, Rules
from dicecup.records.snyd_writer import Recorder
from dicecup.rules.yatzy import BOXES, NOT_FREE, VARIANTS, Yatzy
from dicecup.rules.yatzy_forfeit import FORFEIT_ORDER
from dicecup.records.yatzy_writer import Recorder as YRecorder

rules_st = st.builds(Rules, dice=st.integers(1, 5), jokers=st.booleans(), palifico=st.booleans(),
                     calza=st.booleans(), open_on_ones=st.booleans(), calza_by=st.integers(0, 2),
                     count_scope=st.integers(0, 1), open_die=st.booleans())
snyd_games = st.tuples(rules_st, st.integers(2, 8), st.integers(0, 7), st.randoms(use_true_random=False))


def snyd_play(rules, seats, first, rnd):
    """A random legal game with forfeits. The actions of a round are decided before it is written
    (as the table does: the dice are known, or not, at its end). Returns (recorder, expectations):
    per round (dice_left after, forfeits or None, opener of the next round, palifico of it)."""
    first %= seats
    g = Game(rules, seats, first)
    rc = Recorder(rules, seats, first)
    want = []
    had_pal = set()
    while not g.over:
        dice = [[rnd.randint(1, 6) for _ in range(g.dice_left[s])] for s in range(seats)]
        shown = [rnd.randrange(n) if n >= 2 else None for n in g.dice_left] if rules.open_die else None
        before = list(g.dice_left)
        g.start_round(dice, shown)
        acts = []
        forfeit_at = rnd.random() < 0.4 and rnd.randrange(6)  # after this many actions, if any
        while g.in_round:
            if forfeit_at is not False and len(acts) >= forfeit_at:
                # maybe log a legal call first: it is checked, not counted
                if g.bid_face and rnd.random() < 0.5:
                    calz = [s for s in range(seats) if g.may_calza(s)]
                    if calz and rnd.random() < 0.5:
                        acts.append([rnd.choice(calz), "calza"])
                    else:
                        assert g.may_snyd(g.on_turn)
                        acts.append([g.on_turn, "snyd"])
                alive = [s for s in range(seats) if g.dice_left[s]]
                who = rnd.sample(alive, rnd.randint(1, len(alive)))
                for s in who:
                    acts.append([s, "forfeit"])
                    if rnd.random() < 0.5:
                        dice[s] = None  # never revealed
                r = g.forfeit(who)
                assert r.call == CALL_FORFEIT and r.loser == who[0] and r.caller == -1
                assert list(r.forfeits[:r.n_forfeits]) == who
                expect_left = [before[s] - (s in who) for s in range(seats)]
                assert list(g.dice_left) == expect_left  # each loses one, nobody gains
                out = {s for s in who if not expect_left[s]}
                assert {s for s in range(seats) if r.out >> s & 1} == out
                if sum(1 for n in expect_left if n) <= 1:
                    assert g.over and g.opener == -1
                else:
                    op = who[0]
                    while not expect_left[op]:
                        op = (op + 1) % seats
                    assert g.opener == op
                    pal = (rules.palifico and expect_left[who[0]] == 1 and who[0] not in had_pal
                           and sum(1 for n in expect_left if n) > 2)
                    assert g.palifico == pal
                want.append((list(g.dice_left), who, g.opener, g.palifico))
                break
            b = g.first_bid()
            if b is None or (g.bid_face and rnd.random() < 0.3):
                acts.append([g.on_turn, "snyd"])
                g.snyd(g.on_turn)
            else:
                for _ in range(rnd.randrange(3)):
                    nb = g.step_bid(b[0], b[1], 1)
                    b = nb or b
                acts.append([g.on_turn, "bid", b[0], b[1]])
                g.bid(g.on_turn, b[0], b[1])
            if not g.in_round:
                want.append((list(g.dice_left), None, g.opener, g.palifico))
        if g.palifico:
            had_pal.add(g.opener)
        rc.round(dice, shown)
        for a in acts:
            rc.action(*a)
    return g, rc, want


def check_replay(out, g, want):
    assert out["error"] is None, out["error"]
    assert len(out["rounds"]) == len(want)
    for r, (left, who, opener, pal) in zip(out["rounds"], want):
        assert r["dice_left"] == left
        if who is None:
            assert r["call"] in ("snyd", "calza") and "forfeits" not in r
        else:
            assert (r["call"], r["forfeits"], r["loser"], r["caller"], r["count"], r["gainer"]) == \
                ("forfeit", who, who[0], None, None, None)
    for (left, _, opener, pal), nxt in zip(want, out["rounds"][1:]):
        assert (nxt["opener"], nxt["palifico"]) == (opener, pal)
    assert out["winner"] == (None if g.winner() < 0 else g.winner())
    assert out["next_opener"] is None


@given(snyd_games)
def test_snyd_games_with_forfeits_replay_legal(game):
    g, rc, want = snyd_play(*game)
    rec = json.loads(json.dumps(rc.record()))
    assert rec["version"] == 2
    out, code = referee(rec)
    assert code == 0
    check_replay(out, g, want)


def forfeit_rounds(rec):
    return [i for i, rd in enumerate(rec["rounds"]) if rd["actions"] and rd["actions"][-1][1] == "forfeit"]


@given(snyd_games, st.randoms(use_true_random=False))
def test_snyd_an_action_after_the_forfeits_is_caught(game, rnd):
    _, rc, _ = snyd_play(*game)
    rec = rc.record()
    rs = forfeit_rounds(rec)
    if not rs:
        return
    r = rnd.choice(rs)
    acts = rec["rounds"][r]["actions"]
    fseats = [a[0] for a in acts if a[1] == "forfeit"]
    # the same seat again, or any other kind of action by a seat in play
    extra = rnd.choice([[fseats[0], "forfeit"], [fseats[-1], "snyd"], [fseats[0], "calza"],
                        [fseats[0], "bid", 1, 2]])
    acts.append(extra)
    out, code = referee(rec)
    assert code == 1
    assert (out["error"]["round"], out["error"]["action"]) == (r, len(acts) - 1)
    assert len(out["rounds"]) == r


@given(snyd_games, st.randoms(use_true_random=False))
def test_snyd_null_dice_for_a_seat_that_does_not_forfeit_is_caught(game, rnd):
    _, rc, _ = snyd_play(*game)
    rec = rc.record()
    cands = []
    for i, rd in enumerate(rec["rounds"]):
        fseats = {a[0] for a in rd["actions"] if a[1] == "forfeit"}
        cands += [(i, s) for s, d in enumerate(rd["dice"]) if d and s not in fseats]
    if not cands:
        return
    r, s = rnd.choice(cands)
    rec["rounds"][r]["dice"][s] = None
    out, code = referee(rec)
    assert code == 1
    assert out["error"] == {"round": r, "action": None,
                            "reason": "seat %d never revealed its dice: it must forfeit" % s}


# ---- Yatzy ------------------------------------------------------------------------------------
yatzy_games = st.tuples(st.sampled_from(VARIANTS), st.integers(1, 3), st.booleans(),
                        st.randoms(use_true_random=False))


def yatzy_play(variant, players, saved, rnd):
    """A random legal game with random forfeits; returns (game, recorder, forfeit turns as
    (turn index, p, box, column))."""
    opts = {"saved_rolls": saved} if variant == "maxi" else {}
    g = Yatzy(variant, players, opts)
    rc = YRecorder(variant, players, opts)
    forfeits = []
    while not g.finished:
        p = g.current
        forfeit = rnd.random() < 0.3
        rolls, held = [], []
        for i in range(rnd.randint(0 if forfeit else 1, g.rolls_left)):
            mask = rnd.getrandbits(g.ndice) if i else 0
            dice = [g.dice[j] if mask >> j & 1 else rnd.randint(1, 6) for j in range(g.ndice)]
            g.roll(dice, mask)
            rolls.append(dice)
            if i:
                held.append([j for j in range(g.ndice) if mask >> j & 1])
        if forfeit:
            box, col = g.forfeit_box()
            order = FORFEIT_ORDER[VARIANTS.index(variant)]
            # the first free box in the spec's order, lowest column first
            assert all(not g.is_free(p, b, c) for c in range(col) for b in range(g.nbox))
            assert all(not g.is_free(p, b, col) for b in order[:list(order).index(box)])
            saved_before, left = g.saved_rolls[p], g.rolls_left
            forfeits.append((g.turn, p, box, col))
            assert g.forfeit() == (box, col)
            assert g.get(p, box, col) == 0
            assert g.saved_rolls[p] == (min(saved_before, left) if variant == "maxi" and saved else 0)
        else:
            out = g.scores_for(None, 0)
            legal = [(b, c) for c in range(g.columns)
                     for b, s in enumerate(g.scores_for(None, c)) if s != NOT_FREE]
            assert out is not None and legal
            box, col = rnd.choice(legal)
            g.fill(box, col)
        rc.turn(p, rolls, held, box, col, forfeit)
    return g, rc, forfeits


@given(yatzy_games)
def test_yatzy_games_with_forfeits_replay_legal(game):
    g, rc, forfeits = yatzy_play(*game)
    rec = json.loads(json.dumps(rc.record()))
    assert rec["version"] == 2
    out, code = referee(rec)
    assert code == 0, out["error"]
    assert out["finished"] and out["winners"] == g.winners()
    names = BOXES[VARIANTS.index(g.variant)]
    for p in range(g.players):
        assert out["players"][p]["total"] == g.total(p)
        assert out["players"][p]["saved_rolls"] == g.saved_rolls[p]
    for i, p, box, col in forfeits:
        t = rec["turns"][i]
        assert (t["forfeit"], t["category"], t.get("column", 0)) == (True, names[box], col)
        assert out["players"][p]["columns"][col]["scores"][names[box]] == 0


@given(yatzy_games, st.randoms(use_true_random=False))
def test_yatzy_a_forfeit_in_the_wrong_box_is_caught(game, rnd):
    g, rc, forfeits = yatzy_play(*game)
    if not forfeits:
        return
    rec = rc.record()
    i, p, box, col = rnd.choice(forfeits)
    names = BOXES[VARIANTS.index(g.variant)]
    t = rec["turns"][i]
    if g.columns > 1 and rnd.random() < 0.5:
        t["column"] = rnd.choice([c for c in range(3) if c != col])
    else:
        t["category"] = rnd.choice([n for b, n in enumerate(names) if b != box])
    out, code = referee(rec)
    assert code == 1
    assert out["error"]["turn"] == i
    assert out["error"]["reason"].startswith("a forfeit must go in the first free box, " + names[box])


@given(yatzy_games, st.randoms(use_true_random=False))
def test_yatzy_a_forfeit_turned_into_a_fill_or_back_changes_the_verdict_or_the_score(game, rnd):
    """Dropping "forfeit" from a forfeit turn without rolls makes it malformed (a fill needs rolls);
    with rolls it scores the dice, never less than the forfeit's 0."""
    g, rc, forfeits = yatzy_play(*game)
    if not forfeits:
        return
    rec = rc.record()
    i = rnd.choice(forfeits)[0]
    t = rec["turns"][i]
    del t["forfeit"]
    try:
        out, code = referee(rec)
    except Exception as e:  # core.shape.Malformed
        assert "rolls" not in t and type(e).__name__ == "Malformed"
        return
    assert "rolls" in t
    assert code == 1 or out["players"][t["p"]]["total"] >= g.total(t["p"])


@settings(max_examples=5, deadline=None)
@given(snyd_games)
def test_the_referee_command_passes_a_forfeit_game(game):
    _, rc, _ = snyd_play(*game)
    code, out, err = referee_cli(json.dumps(rc.record()))
    assert (code, err) == (0, ""), err
