"""Yatzy on one handheld, played through the fake buttons: people taking turns, bots, every variant."""
import json
import os

import rig
import seats
import yatzy_record
from mpcheck import Rng

seats.Bot.think_ms = 60
NEVER_SLEEP = {"sleep": 4}


def play_turn(r, rng):
    """One turn of the person to move, from 'OK: slå' to a filled box."""
    r.press("select")                       # first roll (the cursor starts on Slå)
    g = r.app.screen.m.game
    assert r.lines()[1].startswith("Slag 1 af"), r.text()
    assert r.faces() == list(g.dice), (r.faces(), list(g.dice))
    held = 0
    n = g.ndice
    while g.rolls_left > 0 and rng.below(3):
        i = rng.below(n)
        r.press("up", n - i)                # from Slå onto die i
        r.press("select")                   # hold or release it
        held ^= 1 << i
        hs = r.lines()[5].count("H")
        assert hs == bin(held).count("1"), "H marks %d, held %s:\n%s" % (hs, bin(held), r.text())
        r.press("down", n - i)              # back onto Slå
        before = bytes(g.dice)
        r.press("select")
        assert r.faces() == list(g.dice)
        for j in range(n):
            if held >> j & 1:
                assert g.dice[j] == before[j], "a held die changed"
    if g.rolls_left > 0:
        r.press("down")                     # onto Skriv
    r.press("select")
    assert r.lines()[0].startswith("Vælg felt"), r.text()
    free = r.app.screen.free
    k = rng.below(len(free))
    r.press("down", k)
    box, col, pts = free[k]
    sel = r.selected()
    assert sel.split()[-1] == str(g.scores_for(None, col)[box]), (sel, box, col)
    r.press("select")


def play(r, rng, max_ms=2000000):
    t = 0
    turns = 0
    while t < max_ms:
        lines = r.lines()
        if lines[0].startswith("Spillet er slut"):
            return turns
        if lines[4] == "OK: slå":
            play_turn(r, rng)
            turns += 1
        else:
            r.idle()
        t += 100
    raise AssertionError("the game did not end:\n" + r.text())


def start(r, variant, people, bots):
    r.choose("Yatzy")
    r.choose(variant)
    sc = r.app.screen
    while sc.people != people:
        r.choose("Personer")
    while sc.bots != bots:
        r.choose("Bots")
    r.choose("Start!")


def check_record(kind_total):
    recs = [f for f in os.listdir("records") if f.startswith("yatzy-")]
    assert len(recs) == 1, recs
    with open("records/" + recs[0]) as f:
        out = yatzy_record.replay(json.load(f))
    assert out["error"] is None and out["finished"], out
    return out


def test_two_people_share_one_handheld():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=3)
    start(r, "Yatzy", 2, 0)
    turns = play(r, Rng(4))
    assert turns == 30, turns
    out = check_record(30)
    assert len(out["players"]) == 2
    assert "*" in r.text()
    rig.leave()
