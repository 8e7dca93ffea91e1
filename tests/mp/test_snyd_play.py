"""snyd_bot.play (the handheld's bots read their live game) makes exactly the move that
snyd_bot.decide makes for the bot-protocol view of that game, and that the bot before the change
(snyd_bot_v1, kept frozen) made for it, leaving each rng in the same state: every level, every
ruleset of test_bots (open die, neighbours, calza by any/turn, kids), on turn and out of turn
(calza), in random games where seats bid at random or by the bots' own moves."""
import botrng
import botview
import snyd
import snyd_bot
import snyd_bot_v1
from mpcheck import Rng, eq
from test_bots import RULESETS

# positions per ruleset checked in the test run; positions(n) checks more by hand
POSITIONS = 60


def _same(g, seat, acts, lv, k):
    view = botview.snyd_view(g, seat, acts)
    ra, rb, rc = botrng.Rng(k), botrng.Rng(k), botrng.Rng(k)
    a = snyd_bot.play(g, seat, acts, lv, ra)
    b = snyd_bot.decide(view, lv, rb)
    c = snyd_bot_v1.decide(view, lv, rc)
    eq(a, b, "play vs decide, %s seat %d %r" % (lv, seat, view))
    eq(b, c, "decide vs the bot before, %s seat %d %r" % (lv, seat, view))
    eq(ra.s, rb.s)
    eq(rb.s, rc.s)
    return a


def positions(n, seed=1):
    """Check n positions per ruleset; returns how many decisions were compared."""
    checked = 0
    for ri in range(len(RULESETS)):
        rules = RULESETS[ri]
        r = Rng(seed * 31 + ri)
        done = 0
        while done < n:
            seats = 2 + r.below(5)
            g = snyd.Game(rules, seats, r.below(seats))
            while not g.over and done < n:
                shown = None
                if rules.open_die:
                    shown = [r.below(g.dice_left[s]) if g.dice_left[s] >= 2 else None for s in range(seats)]
                g.start_round([bytes(r.die() for _ in range(g.dice_left[s])) for s in range(seats)], shown)
                acts = []
                while g.in_round:
                    done += 1
                    lv = snyd_bot.LEVELS[r.below(4)]
                    k = r.below(1000)
                    for s in range(seats):     # out of turn: every seat that may call calza
                        if s != g.on_turn and g.may_calza(s):
                            _same(g, s, acts, snyd_bot.LEVELS[(k + s) % 4], k + s)
                            checked += 1
                    s = g.on_turn
                    mv = _same(g, s, acts, lv, k)
                    checked += 1
                    if mv[0] == "bid" and r.below(3) == 0:   # now and then a random legal raise
                        b = g.step_bid(g.bid_count, g.bid_face, 1) if g.bid_face else g.first_bid()
                        for _ in range(r.below(4)):
                            nb = g.step_bid(b[0], b[1], 1)
                            if nb is None:
                                break
                            b = nb
                        mv = ["bid", b[0], b[1]]
                    if mv[0] == "bid":
                        g.bid(s, mv[1], mv[2])
                        acts.append([s, "bid", mv[1], mv[2]])
                    elif mv[0] == "snyd":
                        g.snyd(s)
                    else:
                        g.calza(s)
    return checked


def test_play_matches_decide_and_the_bot_before():
    assert positions(POSITIONS) > 4 * POSITIONS


def test_play_refuses_a_seat_without_a_move():
    g = snyd.Game(snyd.Rules(), 3, 0)
    g.start_round([b"\x01\x02\x03\x04\x05"] * 3)
    try:
        snyd_bot.play(g, 1, [], "hard", botrng.Rng(1))   # not on turn, no bid to call calza on
    except ValueError:
        return
    assert False, "no ValueError"
