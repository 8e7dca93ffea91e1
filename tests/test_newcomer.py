"""A newcomer's first hour (issue 24), the PC side of the handheld: the simulator's --lang (and
make sim LANG=da) sets every handheld's language, and the window keeps it for the next run."""
import json
import os
import re
import subprocess

import pytest

from host_tools import readback
from host_tools.paths import ROOT
from host_tools.sim import __main__ as simmain
from host_tools.sim.hub import Sim


def test_lang_takes_da_or_en_and_nothing_else(capsys):
    assert simmain.parser().parse_args(["--lang", "da"]).lang == "da"
    assert simmain.parser().parse_args([]).lang is None
    with pytest.raises(SystemExit) as e:
        simmain.parser().parse_args(["--lang", "de"])
    assert e.value.code == 2
    assert "--lang" in simmain.parser().format_help()


def test_make_sim_passes_lang_only_when_given_on_its_command_line():
    env = dict(os.environ, LANG="C.UTF-8")    # the shell's locale is no choice of language
    run = lambda *a: subprocess.run(["make", "-n", "sim"] + list(a), cwd=ROOT, env=env,
                                    capture_output=True, text=True).stdout
    assert "--lang da" in run("LANG=da")
    assert "--lang" not in run()


def _first_lines(sim):
    sim.wait_until(lambda: all(h.frame for h in sim.handhelds), 30, "every first frame")
    sim.run_for(300)
    return [readback.lines(h.frame)[0] for h in sim.handhelds]


def test_every_handheld_speaks_the_language_set_and_the_window_keeps_it(tmp_path, monkeypatch):
    monkeypatch.setattr(simmain, "LANG_KEPT", str(tmp_path / "sim-lang"))
    assert simmain.kept_lang() is None
    sim = Sim(2, clock="virtual", names=("ANNA", ""))
    simmain.write_settings(sim, {"lang": simmain.LANGS.index("da")})   # as main() does, before the boot
    with sim:
        first = _first_lines(sim)
        # the new one is not asked its language again: it was chosen for it
        assert first[0].startswith("Terningeb") and first[1].startswith("Dit navn?"), first
        simmain.keep_lang(sim)
    assert simmain.kept_lang() == "da"
    with Sim(1, clock="virtual") as sim:     # no --lang: the firmware's default, English
        assert _first_lines(sim)[0].startswith("Dice cup")
        with open(os.path.join(sim.handhelds[0].flash, "settings.json"), "w") as f:
            json.dump({"lang": 1}, f)         # as its settings menu saves a change to English
        simmain.keep_lang(sim)
    assert simmain.kept_lang() == "en"


# ---- a rebooted handheld at a table shows no stale reveal ------------------------------------

def _is_reveal(rows):
    from host_tools.sim.tabledrive import en
    return rows[0].startswith((en("mv_snyd") + " ", en("mv_calza") + " ")) and \
        rows[1].startswith(en("bid") + " ")


def _is_summary(rows):
    """The round's summary that follows its reveal ("Round 2 ... OK: go on")."""
    from host_tools.sim.tabledrive import en
    return rows[0].startswith(en("round") + " ") and rows[7] == en("ok_next")


_COUNTS = re.compile(r"^([A-Z]\d+ ?)+$")  # the round's dice counts: "A1 B3"


def _counts(rows):
    return [r for r in rows if _COUNTS.match(r)]


def test_a_rebooted_handheld_shows_no_reveal_of_a_round_it_catches_up_on():
    """Two rounds end; handheld 1 reboots in the third and catches up from the table's log: its
    screens never go through the reveal of a round older than the last (issue 24: round 1's
    reveal, when round 2 had ended with a calza)."""
    from host_tools.sim.tabledrive import TableHarness, en
    t = TableHarness(2, ("ANNA", "BO"), dice=3, seed=7, urandom_seed=7)
    try:
        t.seat_all()
        t.choose(0, en("start"))
        t.give(0)
        reveals = []

        def follow():
            rows = t.lines(0)
            if _is_reveal(rows) and (not reveals or reveals[-1] != rows[:2]):
                reveals.append(rows[:2])
        t.watchers.append(follow)
        t.until(lambda: len(reveals) >= 2 and not _is_reveal(t.lines(0)) and
                t.lines(0)[0].startswith((en("your_turn"), en("turn_of"))), 120000,
                "two rounds over, the third in play")
        t.sim.reboot(1)
        t.take(1)
        shown = []

        def after():
            rows = t.lines(1)
            if _is_reveal(rows):
                shown.append((rows[:2], reveals[-1] if reveals else None))
        t.watchers.append(after)
        def back():
            # the last round's reveal may show (its entries may come after the catch-up), and its
            # summary after it: its person presses on, as anyone would. Back in the round means
            # the round in play: its turn screen with the dice counts handheld 0 shows (a screen
            # of a round it replays may come first)
            rows = t.lines(1)
            if _is_reveal(rows) or _is_summary(rows):
                t.press(1, "select")
                return False
            return rows[0].startswith((en("your_turn"), en("turn_of"))) and \
                _counts(rows) != [] and _counts(rows) == _counts(t.lines(0))
        t.until(back, 30000, "handheld 1 back in the round")
        t.run(1000)
        # at most the last round's reveal again (the log's last entries may come after it caught
        # up), never an older one
        stale = [(got, latest) for got, latest in shown if got != latest]
        assert not stale, stale
    finally:
        t.close()


def test_a_joiners_lobby_shows_the_game_and_what_the_code_is():
    """Every lobby at the table says which game it plays and how many handhelds sit, and what the
    changing table code is (issue 24: only docs/protocol.md said why it changes)."""
    from host_tools.sim.tabledrive import TableHarness, en
    t = TableHarness(2, ("ANNA", "BO"), seed=3, game="yatzy")
    try:
        t.seat_all()
        for i in (0, 1):
            rows = t.lines(i)
            assert rows[1].startswith(en("v_standard")) and rows[1].endswith("∪2"), t.screens()
            assert rows[7] == en("t_code_why"), t.screens()
            assert rows[0].endswith(t.lines(0)[0][-4:]), t.screens()  # the same code everywhere
    finally:
        t.close()


# ---- the page's ?lang= ---------------------------------------------------------------------------
from test_web import NODE, WEBTESTS, site  # noqa: E402,F401  (site: the built page, a fixture)


@pytest.mark.skipif(NODE is None, reason="no Node.js here: the web tests need `node`")
def test_the_pages_lang_is_written_into_every_handhelds_settings_before_it_boots(site):
    r = subprocess.run([NODE, os.path.join(WEBTESTS, "lang_check.mjs"), site], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["da"] == {"sleep": 2, "lang": 0}, got    # merged into what the flash kept
    assert got["en"] == {"lang": 1}, got
    assert got["none"] == {"lang": 0, "sleep": 1}, got  # no ?lang: the flash's own choice stays
