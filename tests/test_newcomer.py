"""A newcomer's first hour (issue 24), the PC side of the handheld: the simulator's --lang (and
make sim LANG=da) sets every handheld's language, and the window keeps it for the next run."""
import json
import os
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
