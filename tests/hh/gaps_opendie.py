"""The open-die rule on the handheld (run by tests/test_handheld_gaps.py, which also replays the
records with host_tools.replay): chosen in the Snyd rules, the person picks the die to lay open
with the cup still hiding the faces, bots pick theirs, the round screen shows every open die above
its seat's count (yours inverted), and the records carry "shown"."""
import json
import os

from dicecup.ui import gfx
import hh_snyd
import rig
from dicecup.play import seats
from dicecup.records import snyd as snyd_record
from mpcheck import Rng

seats.Bot.think_ms = 60
FACES = hh_snyd.FACES


class Rig(rig.Rig):
    """A rig whose idle() also answers the open-die picker (hh_snyd.play knows nothing of it)."""
    picks = 0

    def idle(self, max_steps=500):
        if self.lines()[0] == "Vis en terning":
            self.press("up", self.picks % 3)
            self.press("select")
            Rig.picks += 1
            return
        rig.Rig.idle(self, max_steps)


def open_row(r, face):
    """(read-back text of row 5, x of the mini die `face` drawn inverted on it, or -1)."""
    buf = r.panel.sent
    inv = bytes(255 - c for c in rig.readback.glyphs()[gfx.MINI_DIE[face - 1]])
    for x in range(0, 121):
        if bytes(buf[5 * 128 + x:5 * 128 + x + 8]) == inv:
            return r.lines()[5], x
    return r.lines()[5], -1


def test_setting_picker_round_screen_and_a_whole_game():
    rig.fresh({"sleep": 4, "bots": 3})
    r = Rig(seed=21)
    r.choose("Indstillinger")
    r.choose("Snyd-regler")
    r.choose("Åben terning")
    assert r.selected().endswith("ja"), r.selected()
    with open("settings.json") as f:
        assert json.load(f)["open_die"] is True
    r.press("back")
    r.press("back")
    r.choose("Snyd")
    r.choose("Start!")
    # the picker: blank dice under a cursor until BACK is held
    assert r.lines()[0] == "Vis en terning", r.text()
    m = r.app.screen.m
    mine = list(m.round_dice[0])
    assert r.faces() == [0] * len(mine), r.faces()
    r.down("back")
    assert r.faces() == mine, (r.faces(), mine)
    r.up("back")
    assert r.faces() == [0] * len(mine)
    r.press("up", 2)                        # the third die
    r.press("select")
    g = m.game
    assert g.in_round and g.shown[0] == 2, list(g.shown)
    # the round: every seat's open die above its count, mine inverted; my dice still hidden
    row, inv = open_row(r, g.shown_die(0))
    want = [FACES[g.shown_die(s) - 1] for s in range(g.seats)]
    assert row.split() == want, (row, want)
    counts = r.lines()[6]
    # row 6 says whose: each seat's initial and dice left; mine inverted, my open die right above
    # my count (seat 0: the first cell)
    assert counts.split() == [m.names[s][0] + str(g.dice_left[s]) for s in range(g.seats)], counts
    assert inv >= 0, ("my open die is not marked", r.text())
    cell = bytes(r.panel.sent[6 * 128 + inv:6 * 128 + inv + 8])
    assert rig.readback.table().get(cell) == str(g.dice_left[0]), (inv, r.text())
    assert r.faces() == [], "a die is visible under the cup:\n" + r.text()
    r.down("back")
    assert r.faces() == list(g.dice_of(0))
    r.up("back")
    n = hh_snyd.play(r, Rng(4))
    assert n["moves"] > 0, n
    assert Rig.picks > 0
    recs = os.listdir("records")
    with open("records/" + recs[0]) as f:
        rec = json.load(f)
    assert rec["rules"]["open_die"] is True
    for rd in rec["rounds"]:
        assert len(rd["shown"]) == rec["seats"], rd
        for s in range(rec["seats"]):
            assert (rd["shown"][s] is None) == (len(rd["dice"][s]) < 2), rd
    out = snyd_record.replay(rec)
    assert out["error"] is None and out["winner"] is not None, out
    rig.leave()


def test_bots_choose_the_same_open_dice_from_the_same_seed():
    from dicecup.bots import rng
    from dicecup.bots import snyd as snyd_bot
    for level in snyd_bot.LEVELS:
        for dice in ((1, 1, 5, 5, 6), (3, 3, 3, 2), (1, 4), (6, 6)):
            a = snyd_bot.open_die(bytes(dice), level, rng.Rng(5))
            assert a == snyd_bot.open_die(bytes(dice), level, rng.Rng(5))
            assert 0 <= a < len(dice)
            if level != "kids" and dice[0] == 1 and dice[1] == 1:
                assert dice[a] == 6, (level, dice, a)   # the lone 6, not a one


def test_a_table_with_the_open_die_opens_with_the_rule():
    rig.fresh({"sleep": 4, "open_die": True})
    r = rig.Rig(seed=3)
    r.choose("Bord")
    r.choose("Opret bord")
    r.choose("Åbn bordet")
    assert r.app.table is not None, r.text()
    assert r.app.table.rules.open_die, "the table dropped the rule"
    rig.leave()


def test_mashing_with_the_open_die_on():
    import hh_mash
    real = rig.fresh
    rig.fresh = lambda settings=None: real({"sleep": 4, "open_die": True, "calza_by": 1})
    try:
        games = hh_mash.mash(5, 1500)
    finally:
        rig.fresh = real
    assert games > 0, "the mashing never reached a game"
