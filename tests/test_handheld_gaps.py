"""The handheld's open-die rule through the real firmware (tests/hh/gaps_opendie.py under the unix
port), and its records replayed by the referee command, host_tools.replay, under CPython."""
import glob
import json
import os
import subprocess
import sys

from host_tools.paths import ROOT
from test_handheld import run_module


def test_open_die_on_the_handheld_and_its_records_replay(tmp_path):
    code, out = run_module("gaps_opendie", str(tmp_path))
    assert code == 0, out
    assert "PASS " in out and "FAIL " not in out, out
    recs = glob.glob(str(tmp_path / "run*" / "records" / "snyd-*.json"))
    assert recs, out
    won = opened = 0
    for path in recs:   # the whole game's, and those of games the mashing left
        r = subprocess.run([sys.executable, "-m", "host_tools.replay", path], capture_output=True,
                           text=True, cwd=ROOT)
        assert r.returncode == 0, (path, r.stdout, r.stderr)
        res = json.loads(r.stdout)
        assert res["error"] is None, res
        won += res["winner"] is not None
        with open(path) as f:
            rec = json.load(f)
        # kids' games (the mashing plays some) have no open die; every other round shows one
        assert all(("shown" in rd) == rec["rules"]["open_die"] for rd in rec["rounds"]), path
        opened += rec["rules"]["open_die"]
    assert opened, "no game with the open die among the records"
    assert won, "no finished game among the records"
