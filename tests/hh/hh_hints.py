"""The bid hints ("How good is this bid?") as the screens draw them, read back from a real frame:
in the bid picker for the bid under the cursor, and in the move menu before a snyd or calza; the
setting (kids' mode only by default, always, never); both languages; the numbers are snyd_odds'
chance of the bid and the dice this seat sees (its own, ones when wild, open dice)."""
import framebuf

from dicecup.ui import gfx
import readback
from dicecup.rules import snyd
from dicecup.rules import snyd_odds
from dicecup.ui import snyd_person
from dicecup.ui import snyd as snyd_ui
from dicecup.text import strings
from dicecup.ui.snyd_person import DOWN, PRESS, UP


class App:
    dirty = False

    def __init__(self, hints):
        self.settings = {"hints": hints}

    def go(self, scr):
        pass


class Match:
    def __init__(self, game, me):
        self.game = game
        self.me = me
        self.names = ["Anna", "Bo", "Cy", "Dan"][:game.seats]


class Round(snyd_ui.Round):
    """The round screen the pickers hand their hint to, made as the game makes it (its `hints`
    from the setting and kids' mode), without dealing."""
    def __init__(self, m, kids, app):
        snyd_ui.Round.__init__(self, app, m, kids, False)


def _on(app, m, kids):
    return app, Round(m, kids, app)


def _draw(scr):
    b = bytearray(1024)
    g = gfx.Gfx(framebuf.FrameBuffer(b, 128, 64, framebuf.MONO_VLSB))
    scr.draw(g)
    return [r.rstrip() for r in readback.lines(b)], readback.faces(b)


def _game(rules, dice, bids=()):
    g = snyd.Game(rules, len(dice))
    for s, d in enumerate(dice):
        g.dice_left[s] = len(d)
    g.start_round(dice)
    for s, c, f in bids:
        g.bid(s, c, f)
    return g


def _pct(p):
    n = int(p * 100 + 0.5)
    return "<1%" if n == 0 and p > 0 else ">99%" if n == 100 and p < 1 else "%d%%" % n


def _want(g, me, bidder, count, face, lang):
    """The rows 5 and 6 the hint must show, from a count of our own."""
    jok = g.rules.jokers and not g.palifico
    mine = sum(1 for v in g.dice_of(me) if v == face or (jok and face != 1 and v == 1))
    unseen = sum(g.dice_left) - len(g.dice_of(me))
    p = 1 / 3 if jok and face != 1 else 1 / 6
    e = int(unseen * p * 10 + 0.5)
    sep = ",." [lang]
    have = ("Har %d +%d%s%d af %d", "Got %d +%d%s%d of %d")[lang] % (mine, e // 10, sep, e % 10, unseen)
    hold = ("Holder", "Holds")[lang]
    pct = _pct(snyd_odds.bid_prob(g.dice_of(me), unseen, count, face, jok))
    return have, hold + " " * (16 - len(hold) - len(pct)) + pct


def test_the_picker_shows_the_hint_for_the_bid_under_the_cursor_in_both_languages():
    try:
        for lang in (0, 1):
            strings.set_lang(lang)
            g = _game(snyd.Rules(dice=5), [[1, 3, 3, 5, 6], [2, 2, 2, 2, 2], [4, 4, 4, 4, 4]],
                      [(0, 3, 3)])
            # seat 1 is on turn; the picker opens on the smallest raise, 4x3 (3x4 is not over 3x3)
            pk = snyd_person.BidPicker(*_on(App(1), Match(g, 1), False))
            seen = 0
            for step in range(8):
                rows, faces = _draw(pk)
                have, hold = _want(g, 1, 1, pk.count, pk.face, lang)
                assert rows[5] == have and rows[6] == hold, (lang, pk.count, pk.face, rows)
                assert faces == [pk.face], faces      # the bid's die, smaller, still read
                assert all(len(r) <= 16 for r in rows)
                assert rows[7].strip() == ("op/ned  OK: byd", "up/down  OK: bid")[lang], rows
                seen += 1
                pk.key(UP, PRESS)
            assert seen == 8
    finally:
        strings.set_lang(0)


def test_the_hint_counts_ones_when_wild_and_not_in_palifico_or_without_jokers():
    for rules, pal, want in ((snyd.Rules(dice=5), False, "Got 3 "), (snyd.Rules(dice=5, jokers=False),
                                                                       False, "Got 1 "),
                             (snyd.Rules(dice=5), True, "Got 1 ")):
        strings.set_lang(1)
        try:
            g = _game(rules, [[1, 1, 4, 5, 6], [2, 3, 3, 5, 6]])
            g.palifico = pal
            pk = snyd_person.BidPicker(*_on(App(1), Match(g, 0), False))
            pk.count, pk.face = 3, 4
            rows, _ = _draw(pk)
            assert rows[5].startswith(want), (rules.jokers, pal, rows)
        finally:
            strings.set_lang(0)


def test_the_setting_and_kids_mode():
    g = _game(snyd.Rules(dice=3, jokers=False, palifico=False, calza=False),
              [[2, 3, 3], [4, 5, 6]])
    for hints, kids, shown in ((0, True, True), (0, False, False), (1, False, True),
                               (1, True, True), (2, True, False), (2, False, False)):
        rows, _ = _draw(snyd_person.BidPicker(*_on(App(hints), Match(g, 0), kids)))
        assert rows[5].startswith("Har ") == shown, (hints, kids, rows)
        if not shown:
            assert rows[6].startswith("Bud "), rows      # the bid's own row, as before


def test_before_snyd_and_calza_the_move_menu_judges_the_bid_that_stands():
    try:
        for lang in (0, 1):
            strings.set_lang(lang)
            # 4 seats, seat 0 bid 5x6; seat 1 on turn may snyd; seat 2 may calza (others)
            g = _game(snyd.Rules(dice=3), [[6, 6, 2], [1, 6, 3], [5, 5, 4], [2, 2, 3]],
                      [(0, 5, 6)])
            for me, calza in ((1, False), (2, True)):
                mm = snyd_person.MoveMenu(*_on(App(1), Match(g, me), False))
                rows, _ = _draw(mm)
                have, hold = _want(g, me, 0, 5, 6, lang)
                assert rows[5] == have and rows[6] == hold, (me, rows)
                jok = True
                mine = snyd_odds.own_count(g.dice_of(me), 6, jok)
                ex = snyd_odds.prob_at_least(5 - mine, 9, 1 / 3) - \
                    snyd_odds.prob_at_least(6 - mine, 9, 1 / 3)
                lab = ("Præcis", "Exact")[lang]
                assert calza or rows[7] == "", rows     # no calza for seat 1: no exact chance
                assert not calza or rows[7] == lab + " " * (16 - len(lab) - len(_pct(ex))) + _pct(ex), rows
                assert all(len(r) <= 16 for r in rows)
            # hints off: the menu alone
            rows, _ = _draw(snyd_person.MoveMenu(*_on(App(2), Match(g, 1), False)))
            assert rows[5] == rows[6] == rows[7] == "", rows
    finally:
        strings.set_lang(0)
