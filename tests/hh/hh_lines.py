"""Every Snyd line that joins a player with a verb, rendered for this handheld's own seat and for
another seat, in Danish and English, and read back from the frame: the "you" form is a sentence of
its own ("Du mister 1", "You lose 1"), a name takes the third person ("Bo mister 1", "Bo loses 1").
Also the reveal's hint how to go on. The screens are snyd_person' own, drawn on a real frame."""
import framebuf

from dicecup.ui import gfx
import readback
from dicecup.rules import snyd
from dicecup.ui import snyd_person
from dicecup.text import strings

LOSE = ("Du mister 1", "You lose 1")
GAIN = ("Du får 1", "You gain 1")
OUT = ("Du er ude", "You are out")


class Sound:
    """What the reveal screen uses of device.sound.Sound."""
    REVEAL = b""

    def play(self, tune):
        pass


class App:
    """What the reveal and summary screens use of app.App."""
    dirty = False
    sound = Sound()


class Match:
    def __init__(self, game, names, me):
        self.game = game
        self.names = names
        self.me = me
        self.round_dice = [game.dice_of(s) for s in range(game.seats)]


class Round:
    kids = False

    def __init__(self, m):
        self.m = m


def _draw(scr):
    b = bytearray(1024)
    g = gfx.Gfx(framebuf.FrameBuffer(b, 128, 64, framebuf.MONO_VLSB))
    scr.draw(g)
    return readback.lines(b)


def _game(seats, dice, call, count_face, rules=None):
    """A round of `seats` seats dealt `dice`, seat 0 bidding count_face, seat 1 calling."""
    g = snyd.Game(rules or snyd.Rules(dice=len(dice[0])), seats)
    for s, d in enumerate(dice):
        g.dice_left[s] = len(d)
    g.start_round(dice)
    g.bid(0, count_face[0], count_face[1])
    if call == "snyd":
        g.snyd(1)
    else:
        g.calza(2)
    return g


def _reveal(g, names, me):
    m = Match(g, names, me)
    return _draw(snyd_person.Reveal(App(), Round(m))), _draw(snyd_person.Summary(App(), Round(m)))


def test_loser_gainer_and_out_lines_for_you_and_for_a_name_in_both_languages():
    # seat 1 calls snyd on a bid that holds: seat 1 loses its last die and is out
    rounds = 0
    try:
        for lang in (0, 1):
            strings.set_lang(lang)
            you = strings.t("you")      # the default name of this handheld's seat
            for names in ([you, "Bo", "Cy"], ["Anna", "Snydbert", "Cy"]):
                for me, mine in ((1, True), (0, False)):
                    g = _game(3, [[2, 2], [2], [3, 4]], "snyd", (2, 2),
                              snyd.Rules(dice=2, jokers=False, palifico=False))
                    rev, summ = _reveal(g, names, me)
                    want = LOSE[lang] if mine else \
                        names[1][:15 - len(strings.t("loses"))] + " " + strings.t("loses")
                    assert rev[6] == want, (lang, names, me, rev)
                    out = OUT[lang] if mine else names[1][:15 - len(strings.t("is_out"))] + " " + \
                        strings.t("is_out")
                    assert summ[5] == out, (lang, names, me, summ)
                    # never the object form or a third-person verb after "you"
                    for row in (rev[6], summ[5]):
                        assert not row.startswith(("Dig ", "You loses", "You gains", "You is")), row
                    rounds += 1
                # calza by seat 2, exactly right, below the cap: seat 2 gains a die
                for me, mine in ((2, True), (0, False)):
                    g = _game(3, [[2, 5], [2, 6], [3]], "calza", (2, 2),
                              snyd.Rules(dice=2, jokers=False, palifico=False))
                    rev, _ = _reveal(g, names, me)
                    want = GAIN[lang] if mine else names[2] + " " + strings.t("gains")
                    assert rev[6] == want, (lang, names, me, rev)
                    rounds += 1
    finally:
        strings.set_lang(0)
    assert rounds == 16


def test_the_reveal_says_how_to_go_on_and_how_to_see_every_seat():
    try:
        for lang, ok, scroll in ((0, "OK: videre", "op/ned OK:videre"), (1, "OK: go on", "up/down OK:go on")):
            strings.set_lang(lang)
            g = _game(3, [[2, 2], [2], [3, 4]], "snyd", (2, 2), snyd.Rules(dice=2))
            rev, _ = _reveal(g, ["Anna", "Bo", "Cy"], 0)
            assert rev[7].strip() == ok, rev
            dice = [[2, 3], [4, 5], [6, 6], [1, 2], [3, 3], [5, 5]]
            g = _game(6, dice, "snyd", (2, 2), snyd.Rules(dice=2))
            m = Match(g, ["A", "B", "C", "D", "E", "F"], 0)
            scr = snyd_person.Reveal(App(), Round(m))
            rows = _draw(scr)
            assert rows[7].strip() == scroll, rows
            assert [r.split(" ")[0] for r in rows[2:6]] == ["A", "B", "C", "D"], rows
            for _ in range(3):
                scr.key(snyd_person.DOWN, snyd_person.PRESS)
            rows = _draw(scr)
            assert [r.split(" ")[0] for r in rows[2:6]] == ["C", "D", "E", "F"], rows
    finally:
        strings.set_lang(0)


def test_the_reveal_keeps_a_bid_of_ten_whole_beside_its_count():
    """A bid of 10 or more and a count of 10 or more: "Bid 10x" and "count:10" are 17 characters
    in English, and the bid was cut; the line now drops "Bid" (hh_render found it on random
    dice)."""
    dice = [[2, 2, 2, 2, 2], [2, 2, 2, 2, 2], [2, 2, 3, 4, 5], [6, 6, 6, 6, 6]]
    try:
        for lang in (0, 1):
            strings.set_lang(lang)
            g = _game(4, dice, "snyd", (10, 2), snyd.Rules(dice=5, jokers=False))
            rev, _ = _reveal(g, ["Anna", "Bo", "Cy", "Di"], 0)
            assert rev[1].endswith(strings.t("count") + "12"), rev
            assert "10x\u2681" in rev[1], rev   # the bid whole: its count and its face's die
    finally:
        strings.set_lang(0)
