"""Snyd on one handheld, played through the fake buttons and checked on the screen's read-back text."""
import json
import os

import rig
from dicecup.play import seats
from dicecup.records import snyd as snyd_record
from mpcheck import Rng

FACES = "⚀⚁⚂⚃⚄⚅"
NEVER_SLEEP = {"sleep": 4}
seats.Bot.think_ms = 60   # a tunable: the bots need not pause for a test


def shown_bid(line):
    """(count, face) of the last 'NxF' token on a line of read-back text."""
    tok = line.split()[-1]
    n, f = tok.split("x")
    return int(n), FACES.index(f) + 1


def game_of(r):
    scr = r.app.screen
    return (scr.r.m if hasattr(scr, "r") else scr.m).game


def check_picker(r, rng, walks):
    """The picker starts at the smallest legal raise and up/down only ever show legal bids."""
    g = game_of(r)
    first = shown_bid(r.lines()[6])
    assert g.is_legal_bid(*first), "picker opened on an illegal bid %r" % (first,)
    assert g.step_bid(first[0], first[1], -1) is None, "a smaller legal bid than %r exists" % (first,)
    assert r.faces() == [first[1]], "the big die shows %r, the text %r" % (r.faces(), first)
    r.press("down")
    assert shown_bid(r.lines()[6]) == first, "down went below the smallest legal raise"
    seen = [first]
    for _ in range(rng.below(12)):
        r.press("up")
        b = shown_bid(r.lines()[6])
        assert g.is_legal_bid(*b), "picker offered an illegal bid %r" % (b,)
        seen.append(b)
    for _ in range(rng.below(len(seen))):
        r.press("down")
        b = shown_bid(r.lines()[6])
        assert g.is_legal_bid(*b), "picker offered an illegal bid %r" % (b,)
    walks[0] += len(seen)


def play(r, rng, check=False, max_ms=3600000):
    """Play as the person at seat 0 until game over; returns counts of my moves, the bids the
    picker showed (when checked) and my calzas."""
    moves = 0
    walks = [0]
    calzas = [0]
    t = 0
    while t < max_ms:
        lines = r.lines()
        if lines[0].startswith("Spillet er slut"):
            return {"moves": moves, "walks": walks[0], "calzas": calzas[0]}
        if lines[7] in ("OK: videre", "op/ned OK:videre"):   # the reveal and the summary
            r.press("select")
        elif lines[7].startswith("OK:tr"):
            if True:
                r.press("select")
                items = r.text()
                if "Snyd!" in items and rng.below(3) == 0:
                    r.choose("Snyd!")
                else:
                    r.choose("Byd")
                    if check:
                        check_picker(r, rng, walks)
                    r.press("select")
                moves += 1
        elif lines[7] == "OK: calza!" and rng.below(8) == 0:
            r.press("select")                   # out of turn: the move menu offers only calza
            assert r.lines()[1].startswith("Calza!") and r.lines()[2] == "", r.text()
            r.choose("Calza!")
            assert r.lines()[0].startswith("Calza! Dig"), r.text()
            calzas[0] += 1
        else:
            r.idle()
        t += 100
    raise AssertionError("the game did not end; screen:\n" + r.text())


def test_whole_snyd_game_against_bots_through_the_buttons():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=7)
    r.choose("Snyd")
    assert r.lines()[0] == "Snyd"
    r.choose("Start!")
    n = play(r, Rng(3), check=True)
    assert n["moves"] > 0 and n["walks"] > 0 and n["calzas"] > 0, n
    txt = r.text()
    assert "vandt" in txt or "Du vandt!" in txt, txt
    r.press("select")
    assert "Terningebæger" in r.text()
    recs = [f for f in os.listdir("records") if f.startswith("snyd-")]
    assert len(recs) == 1, recs
    with open("records/" + recs[0]) as f:
        rec = json.load(f)
    out = snyd_record.replay(rec)
    assert out["error"] is None and out["winner"] is not None, out
    with open("stats.json") as f:
        assert json.load(f)["snyd"][0] == 1
    rig.leave()


def test_cup_hides_every_die_until_back_is_held():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=11)
    r.choose("Snyd")
    r.choose("Start!")
    g = r.app.screen.m.game
    for _ in range(5):
        r.step(3)
        txt = r.text()
        assert r.faces() == [], "a die is visible under the cup:\n" + txt
        for ch in FACES:
            assert ch not in "\n".join(r.lines()[2:6]), "a die is visible under the cup:\n" + txt
        r.down("back")
        assert r.faces() == list(g.dice_of(0)), (r.faces(), g.dice_of(0))
        r.up("back")
        assert r.faces() == []
    rig.leave()


def test_kids_mode_big_dice_and_simple_rules():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=5)
    r.choose("Snyd for børn")
    r.choose("Start!")
    g = r.app.screen.m.game
    assert not g.rules.jokers and not g.rules.calza and not g.rules.palifico and g.rules.dice == 3
    r.down("back")
    found = rig.readback.dice(r.panel.sent)
    assert [d[2] for d in found] == [28, 28, 28], found
    r.up("back")
    n = play(r, Rng(9))
    assert n["moves"] > 0 and n["calzas"] == 0, n     # kids play without calza
    rig.leave()


def test_english_texts():
    rig.fresh({"sleep": 4, "lang": 1})
    r = rig.Rig(seed=2)
    assert r.lines()[0].startswith("Dice cup")
    r.choose("Snyd for kids")
    r.choose("Start!")
    assert "Hold BACK: look" in r.text() or "Your turn!" in r.text(), r.text()
    rig.leave()
