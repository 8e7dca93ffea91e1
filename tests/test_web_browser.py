"""dicecup in headless Chromium (`make web-test`; docs/web.md): tests/web/browser.mjs drives the
page in build/web with puppeteer-core (pinned in tests/web/package.json) and Debian's chromium.

Runs only when DICECUP_WEB_TEST=1 (make web-test sets it; about 2-3 minutes, a two-tab game on the
wall clock is most of it), and skips, saying why, where chromium or puppeteer-core is missing.
- a 4-handheld Snyd table game to its end on the virtual clock, seed 7: every handheld's record
  identical, accepted by the referee, and the same record the Node lockstep run gives
  (test_web.py); screenshots; a reload keeps the flash;
- the keyboard and the buttons: a handheld's key or button moves its screen and nobody else's;
- two tabs in one room, two handhelds each: one table of four, played to its end.
"""
import json
import os
import shutil
import subprocess
import sys

import pytest

from host_tools.paths import ROOT

NODE = shutil.which("node")
CHROMIUM = shutil.which("chromium")
WEBTESTS = os.path.join(ROOT, "tests", "web")
PUPPETEER = os.path.join(WEBTESTS, "node_modules", "puppeteer-core")

pytestmark = [
    pytest.mark.skipif(os.environ.get("DICECUP_WEB_TEST") != "1", reason="`make web-test` runs these"),
    pytest.mark.skipif(not (NODE and CHROMIUM and os.path.isdir(PUPPETEER)),
                       reason="needs node, Debian's chromium and `npm ci` in tests/web (make web-test)"),
]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from host_tools.web.__main__ import build
    d = tmp_path_factory.mktemp("webtest")
    site = str(d / "site")
    build(site, firmware=False)
    out = d / "out"
    r = subprocess.run([NODE, os.path.join(WEBTESTS, "browser.mjs"), site, str(out), sys.executable, CHROMIUM],
                       capture_output=True, text=True, timeout=900, cwd=ROOT)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    assert r.returncode == 0 and lines, r.stdout[-3000:] + r.stderr[-3000:]
    shots = os.path.join(ROOT, "build", "screenshots", "web")
    shutil.rmtree(shots, ignore_errors=True)
    shutil.copytree(out / "shots", shots)   # kept to look at (build/ is ignored by git)
    return json.loads(lines[-1]), out


def _records(d):
    out = []
    for hh in sorted(os.listdir(d)):
        names = sorted(os.listdir(d / hh))
        assert len(names) == 1, (hh, names)
        out.append((d / hh / names[0]).read_text())
    return out


def _replays(text):
    r = subprocess.run([sys.executable, "-m", "host_tools.replay", "-"], input=text, capture_output=True,
                       text=True, cwd=ROOT)
    return r.returncode == 0, r.stdout + r.stderr


def test_table_game_in_chromium(run):
    res, out = run
    assert res["game"]["done"], res["game"]["failed"]
    recs = _records(out / "game")
    assert len(recs) == 4 and all(r == recs[0] for r in recs)
    ok, why = _replays(recs[0])
    assert ok, why
    assert json.loads(recs[0])["meta"]["table"]
    for f in ("table.png", "hh1.png", "hh4.png"):
        assert (out / "shots" / f).stat().st_size > 1000
    assert res["reload_records"] == 1, "a reload lost the flash"


def test_keys_and_buttons_reach_their_own_handheld(run):
    k = run[0]["keys"]
    assert k["moved"] and k["others_still"], k
    assert k["click_moved"] and k["click_others_still"], k


def test_two_tabs_play_one_table(run):
    res, out = run
    t = res["tabs"]
    assert t["done"], t
    recs = _records(out / "tabs" / "a") + _records(out / "tabs" / "b")
    assert len(recs) == 4 and all(r == recs[0] for r in recs), "the tabs' handhelds disagree"
    ok, why = _replays(recs[0])
    assert ok, why
