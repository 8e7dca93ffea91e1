"""bots.snyd.play (the handheld's bots read their live game) makes exactly the move that
snyd_view.decide makes for the bot-protocol view of that game, and that the bot before the change
made for it, leaving each rng in the same state: every level, every ruleset of test_bots (open die,
neighbours, calza by any/turn, kids), on turn and out of turn (calza), in random games where seats
bid at random or by the bots' own moves. The bot before is a recording (tests/fixtures/
snyd_play.json, written by tests/fixtures/make_fixtures.py): the games, and per decision the move it
made and its rng state after."""

from dicecup.bots import rng as botrng
from dicecup.bots import view as botview
from dicecup.rules import snyd
from dicecup.bots import snyd as snyd_bot
from dicecup.bots import snyd_view
from mpcheck import eq, fixture as _fixture, play_move


def _same(g, acts, call):
    seat, lv, k, move, state = call
    view = botview.snyd_view(g, seat, acts)
    ra, rb = botrng.Rng(k), botrng.Rng(k)
    a = snyd_bot.play(g, seat, acts, lv, ra)
    b = snyd_view.decide(view, lv, rb)
    eq(a, b, "play vs decide, %s seat %d %r" % (lv, seat, view))
    eq(ra.s, rb.s, "rng after play vs decide")
    if lv == "hard":
        return  # hard is a new bot (snyd_hard, issue 25): only play and decide must agree for it
    eq(b, move, "decide vs the bot before, %s seat %d %r" % (lv, seat, view))
    eq(rb.s, state, "rng after decide vs the bot before")


def test_play_matches_decide_and_the_bot_before():
    fx = _fixture("snyd_play.json")
    rules = [snyd.Rules.from_dict(d) for d in fx["rules"]]
    checked = 0
    for ri, seats, first, rounds in fx["games"]:
        g = snyd.Game(rules[ri], seats, first)
        for dice, shown, steps in rounds:
            g.start_round([bytes([int(c) for c in d]) for d in dice], shown)
            acts = []
            for calls, mv in steps:
                s = g.on_turn
                # out of turn: every seat that may call calza, then the seat on turn
                asked = [x for x in range(seats) if x != s and g.may_calza(x)] + [s]
                eq([c[0] for c in calls], asked, "seats asked (the recorded game went otherwise)")
                for c in calls:
                    _same(g, acts, c)
                    checked += 1
                play_move(g, acts, s, mv)  # the bot's move, or now and then a random legal raise
            eq(g.in_round, False, "the round is over")
    eq(checked, fx["decisions"])
    assert checked > 4 * fx["positions"]


def test_play_refuses_a_seat_without_a_move():
    g = snyd.Game(snyd.Rules(), 3, 0)
    g.start_round([b"\x01\x02\x03\x04\x05"] * 3)
    try:
        snyd_bot.play(g, 1, [], "hard", botrng.Rng(1))   # not on turn, no bid to call calza on
    except ValueError:
        return
    assert False, "no ValueError"
