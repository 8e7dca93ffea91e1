"""Yatzy over the table with the real firmware in the simulator: whole games played through every
handheld's buttons by autoplay (handheld 0 creates the Yatzy table, the others join, handheld 0
starts): 2 handhelds, 4 in two teams at 30% loss with duplicates and reordering, 4 in three
teams, Maxi, a handheld rebooted mid-game, one gone for good whose seat a bot takes over. Every
case ends with identical records on every handheld (one shared game, meta.table set) that replay
cleanly with the referee (host_tools.replay), and the command line exits 0 exactly then. Virtual
clock throughout. Plus, under CPython: a Yatzy table with a bot on the creator's handheld through
table.Table, and a Yatzy table loads no Snyd module (nor the reverse).
"""
import json
import os
import subprocess
import sys

import pytest

from host_tools.paths import ROOT
from host_tools.sim import autoplay
from host_tools.sim.__main__ import _records, disagreements, replay_problems
from host_tools.sim.hub import Sim


def cli(tmp_path, game, *args, timeout=600):
    out = str(tmp_path / "rec")
    # the protocol on the free clock, as these figures were made (--device-time off): device time has
    # its own table run (tests/test_devtime.py), and 8 handhelds do not get through their joins under
    # it yet (docs/memory.md, Device time)
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless", "--autoplay",
                        "--game", game, "--quiet", "--records", out,
                        "--device-time", "off"] + [str(a) for a in args],
                       capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    return r, out


def read(out, n):
    got = {}
    for i in range(n):
        d = os.path.join(out, "handheld%d" % (i + 1))
        got[i] = {}
        for name in os.listdir(d):
            with open(os.path.join(d, name)) as f:
                got[i][name] = json.load(f)
    return got


def agreed(got, n, variant="standard", cards=None):
    """Every handheld holds one Yatzy table record, all copies agree and replay cleanly."""
    assert sorted(got) == list(range(n))
    for i, recs in got.items():
        assert len(recs) == 1, (i, sorted(recs))
        (name, doc), = recs.items()
        assert name.startswith("yatzy-") and doc["game"] == "yatzy" and doc["meta"]["table"]
        assert doc["variant"] == variant and doc["players"] == (cards or n)
    assert disagreements(got) == []
    assert replay_problems(got) == []
    bodies = {json.dumps(d, sort_keys=True) for recs in got.values() for d in recs.values()}
    assert len(bodies) == 1  # one shared game, not n private ones
    doc = json.loads(bodies.pop())
    boxes = 20 if variant == "maxi" else 13 if variant == "yahtzee" else 15
    assert len(doc["turns"]) == (cards or n) * boxes * (3 if variant == "triple" else 1)
    return doc


def test_two_handhelds(tmp_path):
    r, out = cli(tmp_path, "yatzy", "--handhelds", 2, "--seed", 3)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    doc = agreed(read(out, 2), 2)
    # both handhelds rolled: every scorecard's turns alternate, rolls of up to 3
    assert [t["p"] for t in doc["turns"][:4]] == [0, 1, 0, 1]
    assert max(len(t["rolls"]) for t in doc["turns"]) > 1
    assert doc["names"] == ["ANNA", "BO"] and "teams" not in doc   # the owners, as the screens say


def test_four_handhelds_in_teams_at_30_percent_loss(tmp_path):
    """Four handhelds, two teams (seats 1 and 3 share the first scorecard, 2 and 4 the second), 30%
    loss with duplicates and reordering: one record with two scorecards on every handheld."""
    r, out = cli(tmp_path, "team", "--handhelds", 4, "--seed", 6, "--loss", "0.3", "--dup", "0.1",
                 "--reorder", "0.1")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    agreed(read(out, 4), 4, cards=2)


def test_three_teams_on_four_handhelds(tmp_path):
    """The create screen's "3 teams": seats 1 and 4 share the first scorecard, 2 and 3 play alone;
    autoplay presses about on the teammates' screens too, so their suggestions cross the radio."""
    r, out = cli(tmp_path, "team3", "--handhelds", 4, "--seed", 5)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    doc = agreed(read(out, 4), 4, cards=3)
    assert doc["teams"] == [["ANNA", "DITTE"], ["BO"], ["CARL"]] and "names" not in doc


def test_maxi(tmp_path):
    r, out = cli(tmp_path, "maxi", "--handhelds", 2, "--seed", 8, "--dup", "0.05")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    doc = agreed(read(out, 2), 2, "maxi")
    assert all(len(t["rolls"][0]) == 6 for t in doc["turns"])
    assert doc["options"]  # the creator's Maxi settings travel with the table


def test_cli_fails_on_a_bad_yatzy_record():
    """The exit status depends on the check: a Yatzy record the referee refuses is a problem."""
    rec = {"game": "yatzy", "variant": "standard", "options": {}, "players": 1,
           "turns": [{"p": 0, "rolls": [[1, 1, 1, 1, 1]], "category": "twos"},
                     {"p": 0, "rolls": [[2, 2, 2, 2, 2]], "category": "twos"}],
           "meta": {"table": "x", "game": 1}}
    assert replay_problems({0: {"a.json": rec}})
    other = dict(rec, turns=rec["turns"][:1])
    assert disagreements({0: {"a.json": rec}, 1: {"a.json": other}})


@pytest.mark.parametrize("seed", [23, 8])
def test_a_handheld_rebooted_mid_game(tmp_path, seed):
    """Handheld 1 loses power in the middle of the game (a turn in progress on its screen); it
    boots back into its seat, catches up and the table finishes with the same record everywhere.
    No screen ever shows a message box (a refused move: in Yatzy only the roller moves, so the
    table must never refuse a move its screen offered). Seed 8: a press on "roll" while the last
    hold was being shaken (the screen still on roll 2 of 3) was sent once the third roll was in,
    and refused as not a legal move."""
    rebooted_mid_game(tmp_path, seed)


def rebooted_mid_game(tmp_path, seed):
    sim = Sim(2, clock="virtual", heap="1M", seed=seed, loss=0.05)
    try:
        sim.start()
        players = [autoplay.Player(sim, i, "yatzy", 1, seed=70 + i) for i in range(2)]
        state = {"at": None}
        ok_back = autoplay.labels("ok_back")
        messages = []

        def seen(h):
            rows = autoplay.readback.lines(h.frame)
            if rows[-1].strip() in ok_back:
                messages.append((h.id, sim.now(), "/".join(r.strip() for r in rows if r.strip())))

        for h in sim.handhelds:
            h.on_frame.append(seen)

        def mid_turn():
            text = autoplay.readback.text(sim.handhelds[1].frame or b"")
            return any(k in text for k in ("Slag ", "Roll "))  # "Roll 2 of 3": dice on screen

        while sim.now() < 1_800_000:
            if state["at"] is None and sim.now() > 30_000 and mid_turn():
                sim.reboot(1)
                state["at"] = sim.now()
            for p in players:
                p.act()
            sim.step()
            if all(p.finished or p.failed for p in players):
                break
        assert state["at"] is not None
        assert [p.failed for p in players if p.failed] == []
        assert messages == [], messages
        assert sim.handhelds[1].boots == 2
        agreed(_records(sim, str(tmp_path / "rec")), 2)
    finally:
        sim.close()


def test_a_handheld_gone_for_good_is_played_by_a_bot(tmp_path):
    """Handheld 2 dies mid-game: every screen shows the pause naming it; after a wait the
    sequencer's player gives its seat to a bot (autoplay: 'Give to a bot'), which plays its
    scorecard on the sequencer's handheld to the end (but the turn the gone one owed). The two
    left hold the same clean record."""
    sim = Sim(3, clock="virtual", heap="1M", seed=31)
    try:
        sim.start()
        players = [autoplay.Player(sim, i, "yatzy", 1, seed=90 + i) for i in range(3)]
        paused = autoplay.labels("t_paused")
        seen = set()
        while sim.now() < 1_800_000:
            if sim.now() > 30_000 and players[2].failed is None:
                sim.kill(2)
                players[2].failed = "killed on purpose"
            for i in (0, 1):
                if sim.handhelds[i].frame and \
                        autoplay.readback.lines(sim.handhelds[i].frame)[0].strip() in paused:
                    seen.add(i)
            for p in players:
                p.act()
            sim.step()
            if all(p.finished or p.failed for p in players):
                break
        assert [p.failed for p in players if p.failed] == ["killed on purpose"]
        assert seen == {0, 1}
        got = _records(sim, str(tmp_path / "rec"))
        del got[2]
        assert disagreements(got) == [] and replay_problems(got) == []
        (doc,) = got[0].values()
        assert len(doc["turns"]) == 3 * 15  # the bot finished the gone handheld's scorecard
        # the gone handheld pays for its going: its turn of the round in progress, its secret
        # lost, is a forfeit turn (a reseat voids nothing: test_table_sequencer.py); every later
        # turn of its scorecard was rolled by the bot
        lost = [t for t in doc["turns"] if t.get("forfeit")]
        assert len(lost) <= 1 and all(t["p"] == 2 for t in lost)
    finally:
        sim.close()


# ---- CPython: table.Table alone, on the lobby test's in-process radio -------------------------

def test_a_yatzy_game_with_a_bot_on_the_creator(tmp_path, monkeypatch):
    """Creator + a joiner + a bot the creator runs: a whole Yatzy game through table.Table (the
    persons' moves as the screens hand them over), each handheld on its own flash; both save the
    same record, with the bot's scorecard played."""
    from dicecup.table import table
    from table_pair import Pair

    def mover(tb):
        g = tb.game
        if g is not None and g.game is not None and tb.move is None and not tb.waiting():
            s = tb.my_seat()
            if s >= 0 and g.to_move(s):
                game = g.game
                if game.roll_no == 0 or game.rolls_left and game.roll_no < 2:
                    tb.submit_move(["hold", [0] if game.roll_no else []])
                else:
                    sc = game.scores_for()
                    tb.submit_move(["score", max((b for b in range(game.nbox) if sc[b] != 255),
                                                 key=lambda b: sc[b])])

    p = Pair(tmp_path, monkeypatch, ("standard", None, 0), mover, table.G_YATZY)
    p.tick(100)
    assert [e[2] for e in p.j.tables()] == [table.G_YATZY]
    p.join()
    assert p.j.gid == table.G_YATZY
    assert p.start() == 0
    p.play_out(3_000_000)
    rec = p.records("yatzy-")
    assert rec["players"] == 3 and {t["p"] for t in rec["turns"]} == {0, 1, 2}
    assert p.host.seat_name(1) == "Bot2" and p.j.seat_name(1) == "Bot2"


_LOADS = r"""
import os, sys, tempfile
sys.path[:0] = [os.path.join(%(root)r, "firmware"), os.path.join(%(root)r, "tests"), %(root)r]
os.chdir(tempfile.mkdtemp())
from dicecup.table import table


class Radio:  # alone at the table: nothing to hear
    mac = bytes(6)

    def send(self, mac, data):
        return True

    def poll(self, handler, limit=32):
        pass

    def rssi(self, mac):
        return -50


tb = table.Table(Radio(), "Anna")
tb.create("Stue", %(rules)s, False, %(game)d)
tb.add_bot()
tb.add_bot()
tb.remove_seat(0)  # two bots on this handheld play each other
now = 0
assert tb.start(now) == 0
while now < 20000:
    now += 20
    tb.tick(now)
assert tb.game.phase > 2, tb.game.phase  # playing: the bots have moved
print(" ".join(sorted(m.split(".", 1)[1] for m in sys.modules if m.startswith("dicecup.")
                      and m.rsplit(".", 1)[-1].startswith(("snyd", "yatzy", "table_")))))
"""


def _loaded(rules, game):
    r = subprocess.run([sys.executable, "-c", _LOADS % {"root": ROOT, "rules": rules, "game": game}],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return set(r.stdout.split())


def test_each_table_loads_only_its_game():
    y = _loaded('("maxi", {"bonus": "84/100", "saved_rolls": True}, 0)', 2)
    assert "table.yatzy_seats" in y and "table.yatzy" in y and "bots.yatzy" in y
    assert not {m for m in y if m.split(".")[1].startswith("snyd")} and "table.snyd_seats" not in y
    s = _loaded("__import__('dicecup.rules.snyd').rules.snyd.Rules()", 1)
    assert "table.snyd_seats" in s and "table.snyd" in s
    assert not {m for m in s if m.split(".")[1].startswith("yatzy")} and "table.yatzy_seats" not in s


def test_table_bots_judge_by_the_tables_maxi_options():
    """A bot seat at a Maxi 75/50 table is asked with the table's options (it was asked with none,
    so it judged the upper bonus as 84/100)."""
    from dicecup.table import yatzy as yatzytable  # firmware/ is on sys.path (conftest)
    from dicecup.rules import yatzy

    opts = {"bonus": "75/50", "saved_rolls": True}
    seats = yatzytable.YatzyTable.__new__(yatzytable.YatzyTable)
    seats.options = opts
    seats.game = yatzy.Yatzy("maxi", 2, opts)
    seats.game.roll([1, 2, 3, 4, 5, 6])
    asked = []

    class Bot:
        def poll(self, match, seat, now):
            asked.append((match.kind, match.game, match.options, seat))
            return None

    seats.bot_move(Bot(), 0, 0)
    assert asked == [("yatzy", seats.game, opts, 0)]
