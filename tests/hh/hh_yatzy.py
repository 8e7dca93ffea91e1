"""Yatzy on one handheld, played through the fake buttons: people taking turns, bots, every variant."""
import json
import os

import rig
from dicecup.play import seats
from dicecup.records import yatzy as yatzy_record
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


def test_whole_yatzy_game_against_bots():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=8)
    start(r, "Yatzy", 1, 2)
    turns = play(r, Rng(6))
    assert turns == 15, turns
    out = check_record(45)
    assert len(out["players"]) == 3 and out["winners"], out
    with open("stats.json") as f:
        row = json.load(f)["yatzy"]
    assert row[0] == 1 and row[2] == out["players"][0]["total"], row
    rig.leave()


def test_every_variant_starts_and_scores():
    for variant, ndice in (("Maxi-Yatzy", 6), ("Yahtzee", 5), ("Tredobbelt", 5)):
        rig.fresh(NEVER_SLEEP)
        r = rig.Rig(seed=9)
        start(r, variant, 1, 1)
        r.until("OK: slå")
        rng = Rng(2)
        play_turn(r, rng)
        g = r.app.screen.m.game
        assert g.ndice == ndice and g.filled(0) == 1, (variant, g.ndice)
        r.until("OK: slå")
        play_turn(r, rng)
        assert g.filled(0) == 2
        rig.leave()


def test_team_play_members_take_turns():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=10)
    start(r, "Holdspil", 2, 2)
    m = r.app.screen.m
    assert m.names == ["Hold1", "Hold2"], m.names
    assert [len(x) for x in m.members] == [2, 2]
    heads = []
    for _ in range(2):
        r.until("OK: slå")
        heads.append(r.lines()[0])
        play_turn(r, Rng(len(heads)))
    # the people are the first members of the two teams; the bots are their second members
    assert heads == ["Hold1:Dig", "Hold2:Spiller2"], heads
    r.until("OK: slå")
    g = m.game
    assert g.filled(0) == 2 and g.filled(1) == 2, (g.filled(0), g.filled(1))
    assert r.lines()[0] == "Hold1:Dig", r.text()
    rig.leave()


def test_scorecard_shows_filled_boxes():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=12)
    start(r, "Yatzy", 1, 0)
    play_turn(r, Rng(1))
    g = r.app.screen.m.game
    r.press("back")                          # the scorecard
    txt = r.text()
    filled = [b for b in range(g.nbox) if g.get(0, b) is not None]
    assert len(filled) == 1
    assert "I alt" in txt or "1'ere" in txt, txt
    r.press("back")
    assert r.lines()[4] == "OK: slå", r.text()
    rig.leave()


def test_the_coach_after_a_box_and_its_game_line():
    """Coach on (after a box): the handheld's word is the bots' own coach's (yatzy_coach.coach on
    the bot-protocol view of the turn as it stood), and its costs add up on the game over screen."""
    from dicecup.bots import view as botview
    from dicecup.bots import yatzy_coach
    rig.fresh({"sleep": 4, "coach": 1})
    r = rig.Rig(seed=5)
    start(r, "Yatzy", 1, 0)
    g = r.app.screen.m.game
    m = r.app.screen.m
    total = 0.0
    seen_cost = seen_ok = False
    for turn in range(15):
        r.until("OK: slå")
        r.press("select")                        # one roll, then score at once
        r.press("down")                          # onto Skriv
        r.press("select")
        assert r.lines()[0].startswith("Vælg felt"), r.text()
        k = len(r.app.screen.free) - 1           # the last free box: often a poor choice
        box, col, pts = r.app.screen.free[k]
        view = botview.yatzy_view(g, None, m.options)
        best, bv, mine = yatzy_coach.coach(view, ["score", g.boxes()[box], col])
        r.press("down", k)
        r.press("select")
        text = r.text().replace("\n", " ")
        cost = bv - mine
        if cost < 0.05:
            assert "Træner: det bedste valg" in text, text
            seen_ok = True
        else:
            total += cost
            assert "Træner: bedst" in text and ("koster %.1f point" % cost) in " ".join(text.split()), text
            seen_cost = True
        assert abs(m.coach_lost - total) < 1e-6, (m.coach_lost, total)
        r.press("select")                        # the message closes: on with the game
    r.until("Spillet er slut")
    assert seen_cost, "never a costly choice"
    line = [ln for ln in r.lines() if ln.startswith("Træner tab")]
    assert line and line[0].split()[-1] == "%.1f" % total, r.text()
    rig.leave()


def test_the_coach_is_quiet_by_default():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=5)
    start(r, "Yatzy", 1, 0)
    r.press("select")
    r.press("down")
    r.press("select")
    r.press("select")                            # the first free box
    assert "Træner" not in r.text(), r.text()
    assert r.lines()[4] == "OK: slå", r.text()
    rig.leave()


def test_the_level_screen_says_when_the_hard_bot_has_no_table():
    rig.fresh(NEVER_SLEEP)
    r = rig.Rig(seed=2)
    r.choose("Yatzy")
    r.choose("Yatzy")
    sc = r.app.screen
    while sc.level != 3:
        r.choose("Niveau")
    assert r.lines()[6:] == ["Svær uden tabel:", "spiller normalt"], r.text()
    while sc.level != 2:
        r.choose("Niveau")
    assert "tabel" not in r.text(), r.text()      # normal: nothing to say
    while sc.level != 3:
        r.choose("Niveau")
    os.mkdir("tables")                            # what make deploy copies
    with open("tables/yatzy_standard.yvt", "wb") as f:
        f.write(b"YVT1")
    r.press("up")
    r.press("down")                               # a redraw
    assert "tabel" not in r.text(), r.text()
    while sc.bots:
        r.choose("Bots")
    r.press("back")
    r.choose("Maxi")                              # Maxi has no table: the note again
    sc = r.app.screen
    while not sc.bots:
        r.choose("Bots")
    while sc.level != 3:
        r.choose("Niveau")
    assert "Svær uden tabel:" in r.text(), r.text()
    rig.leave()
