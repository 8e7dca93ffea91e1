"""dicecup in the browser (host_tools/web, docs/web.md) without a browser: Node.js runs the page's
own modules. Skipped, saying so, only where Node.js is missing (or the WebAssembly MicroPython that
`make mp32` installs with npm).

- The page's radio (radio.mjs) is the simulator's RadioBus (host_tools/sim/radio.py): hypothesis
  draws scenarios, both run them on the same random draws, every fate, time and delivery agrees.
- A 4-handheld Snyd table game on the page's hub, lockstep on the virtual clock, seed 7, the
  simulator's autoplay fingers: every handheld's record is the same and the referee accepts it,
  and the same seed gives the same record again.
- A reload of the page (every handheld restarts at once from the page's storage) twice in a
  2-handheld Snyd and a Yatzy game at 30 % loss: the table resumes, the records agree.
"""
import json
import os
import random
import shutil
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from host_tools.paths import BUILD, ROOT
from host_tools.sim.radio import RadioBus

NODE = shutil.which("node")
MP = os.path.join(ROOT, "host_tools", "mp32", "node_modules", "@micropython",
                  "micropython-webassembly-pyscript")
STATIC = os.path.join(ROOT, "host_tools", "web", "static")
WEBTESTS = os.path.join(ROOT, "tests", "web")

needs_node = pytest.mark.skipif(NODE is None, reason="no Node.js here: the web tests need `node`")


# --- the radio model, twice ---------------------------------------------------------------------
class _Scripted:
    """The random draws a scenario gives, in order, as random.Random's random() and uniform()."""

    def __init__(self, draws):
        self.draws, self.k = draws, 0

    def random(self):
        x = self.draws[self.k % len(self.draws)]
        self.k += 1
        return x

    def uniform(self, a, b):
        return a + (b - a) * self.random()


def _python_run(s):
    o = s["opts"]
    bus = RadioBus(loss=o["loss"], dup=o["dup"], delay_ms=tuple(o["delay_ms"]), reorder=o["reorder"],
                   airtime_mbps=o["airtime_mbps"])
    bus.rng = _Scripted(s["draws"])
    results = []
    for op in s["ops"]:
        if op[0] == "state":
            bus.set_state(bytes.fromhex(op[1]), op[2], op[3])
        elif op[0] == "off":
            bus.power_off(bytes.fromhex(op[1]))
        elif op[0] == "send":
            results.append(bus.send(op[1], bytes.fromhex(op[2]), bytes.fromhex(op[3]),
                                    bytes.fromhex(op[4]), op[5]))
        elif op[0] == "inject":
            results.append(bus.inject(op[1], bytes.fromhex(op[2]), bytes.fromhex(op[3]), op[4]))
        elif op[0] == "due":
            results.append([[to.hex(), src.hex(), rssi, d.hex()] for to, src, rssi, d in bus.due(op[1])])
    frames = [[f.t, f.src.hex(), f.dst.hex(), f.to.hex() if f.to else None, len(f.data), f.fate]
              for f in bus.frames]
    return {"results": results, "frames": frames, "counts": bus.counts, "draws": bus.rng.k}


MACS = ["02dc00000001", "02dc00000002", "02dc00000003", "02dc00000104", "ffffffffffff"]
_mac = st.sampled_from(MACS[:4])
_t = st.integers(0, 400).map(float)
_op = st.one_of(
    st.tuples(st.just("state"), _mac, st.integers(1, 2), st.booleans()),
    st.tuples(st.just("off"), _mac),
    st.tuples(st.just("send"), _t, _mac, st.sampled_from(MACS + ["0300aa000001"]),
              st.binary(min_size=0, max_size=40).map(bytes.hex), st.booleans()),
    st.tuples(st.just("inject"), _t, st.just("0a0b0c0d0e0f"), st.binary(max_size=8).map(bytes.hex),
              st.integers(1, 2)),
    st.tuples(st.just("due"), _t),
)
_prob = st.sampled_from([0.0, 0.1, 0.5, 1.0])
scenarios = st.fixed_dictionaries({
    "opts": st.fixed_dictionaries({
        "loss": _prob, "dup": _prob, "reorder": _prob,
        "delay_ms": st.sampled_from([[0.0, 0.0], [2.0, 20.0], [0.0, 5.0]]),
        "airtime_mbps": st.sampled_from([None, 1, 2])}),
    "draws": st.lists(st.floats(0, 1, exclude_max=True), min_size=1, max_size=20),
    "ops": st.lists(_op, max_size=30),
})


@pytest.fixture(scope="module")
def js_radio():
    if NODE is None:
        pytest.skip("no Node.js here: the web tests need `node`")
    p = subprocess.Popen([NODE, os.path.join(WEBTESTS, "radio_check.mjs"),
                          "file://" + os.path.join(STATIC, "radio.mjs")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(s):
        p.stdin.write(json.dumps(s) + "\n")
        p.stdin.flush()
        return json.loads(p.stdout.readline())
    yield run
    p.stdin.close()
    p.wait(10)


@needs_node
@settings(max_examples=100, deadline=None)
@given(scenarios)
def test_page_radio_is_the_simulators(js_radio, s):
    # every radio on at first, everything delivered at the end; tuples -> lists: the JSON both read
    s["ops"] = [["state", m, 1, True] for m in MACS[:4]] + list(s["ops"]) + [["due", 1e6]]
    s = json.loads(json.dumps(s))
    py, js = _python_run(s), js_radio(s)
    assert js["draws"] == py["draws"]
    assert js["results"] == py["results"]
    assert js["frames"] == py["frames"]
    assert js["counts"] == py["counts"]


@needs_node
def test_the_radio_check_can_fail(js_radio):
    """The comparison notices a model that differs: the same scenario on a lossier bus."""
    s = {"opts": {"loss": 0.5, "dup": 0.0, "reorder": 0.0, "delay_ms": [0.0, 0.0], "airtime_mbps": None},
         "draws": [0.3, 0.7], "ops": [["state", MACS[0], 1, True], ["state", MACS[1], 1, True],
                                      ["send", 0.0, MACS[0], MACS[4], "00", False], ["due", 1.0]]}
    py = _python_run(s)
    s["opts"]["loss"] = 0.2
    assert js_radio(s)["frames"] != py["frames"]


# --- a table game on the page's hub -------------------------------------------------------------
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if NODE is None:
        pytest.skip("no Node.js here: the web tests need `node`")
    if not os.path.isdir(MP):
        pytest.skip("no WebAssembly MicroPython: `make mp32` installs it with npm")
    from host_tools.web.__main__ import build
    out = str(tmp_path_factory.mktemp("web"))
    build(out, firmware=False)
    return out


def _game(site, out, seed=7, n=4, env=None, game="snyd", devtime=None):
    env = dict(env or {}, **({"DEVTIME": devtime} if devtime else {}))
    r = subprocess.run([NODE, os.path.join(WEBTESTS, "lockstep.mjs"), site, str(out), sys.executable,
                        str(n), game, str(seed), "600"], capture_output=True, text=True, timeout=600,
                       cwd=ROOT, env=dict(os.environ, **env))
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    assert r.returncode == 0 and lines, r.stdout[-2000:] + r.stderr[-2000:]
    return json.loads(lines[-1])


@needs_node
def test_node_lockstep_table_game(site, tmp_path):
    got = _game(site, tmp_path / "a")
    assert got["done"], got["failed"]
    recs = []
    for i in range(4):
        d = tmp_path / "a" / ("hh%d" % i)
        names = sorted(os.listdir(d))
        assert len(names) == 1, names
        recs.append((d / names[0]).read_text())
    assert all(r == recs[0] for r in recs), "handhelds disagree on the record"
    rec = json.loads(recs[0])
    assert rec["meta"]["table"]  # a table game, named the same on every handheld
    r = subprocess.run([sys.executable, "-m", "host_tools.replay", "-"], input=recs[0],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    # the virtual clock and the seed make it repeat: the same record once more
    again = _game(site, tmp_path / "b")
    assert again["done"]
    b = tmp_path / "b" / "hh0"
    assert (b / sorted(os.listdir(b))[0]).read_text() == recs[0]


@needs_node
@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_a_reload_resumes_the_table(site, tmp_path, game):
    """The page reloaded twice in a 2-handheld game at 30 % loss: every handheld restarts at
    once from what the page's storage holds (tests/web/lockstep.mjs, RELOADS), which must hold every
    file the firmware wrote before that step's frames left (handheld.mjs reports the flash with the
    step that wrote it; with the flash reported only every 25 steps, as before, this seed's game
    never finished, Snyd). The game finishes; both records agree and the referee accepts them."""
    got = _game(site, tmp_path, seed=8, n=2, env={"RELOADS": "2", "LOSS": "0.3"}, game=game)
    assert got["done"], got["failed"]
    assert len(got["reloads"]) == 2, got
    recs = []
    for i in range(2):
        d = tmp_path / ("hh%d" % i)
        names = sorted(os.listdir(d))
        assert len(names) == 1, names
        recs.append((d / names[0]).read_text())
    assert recs[0] == recs[1], "handhelds disagree on the record"
    r = subprocess.run([sys.executable, "-m", "host_tools.replay", "-"], input=recs[0],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


@needs_node
def test_the_page_shakes_a_cup_as_the_simulator_does_and_shows_its_piezo(site):
    """hub.shake(i) (the page's shake button and keys) sends the simulator's shake: SHAKE_EDGES
    edges of the pin map's tilt pin, closed first and open last, SHAKE_GAP_MS apart, within the
    firmware's shake window (buttons.Shake); a TONE from the handheld sets what the view shows."""
    from host_tools.sim import hub as simhub
    r = subprocess.run([NODE, os.path.join(WEBTESTS, "shake_check.mjs"), site], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    with open(os.path.join(ROOT, "hardware", "pinmap.json")) as f:
        assert got["tilt"] == json.load(f)["optional"]["tilt"]
    levels = [lv for _, lv in got["edges"]]
    assert len(levels) == simhub.SHAKE_EDGES and levels == [i % 2 for i in range(simhub.SHAKE_EDGES)]
    times = [t for t, _ in got["edges"]]
    assert times == sorted(times) and times[-1] - times[0] <= 600, times
    assert times[-1] - times[0] >= (simhub.SHAKE_EDGES - 2) * simhub.SHAKE_GAP_MS, times
    assert got["tone"] == 440


# --- make web on a busy port: said before the site is built (issue 24) ----------------------------
def test_a_busy_port_is_said_before_the_build_naming_web_port(monkeypatch, capsys):
    import socket
    from host_tools.web import __main__ as web
    monkeypatch.setattr(web, "build", lambda *a, **k: pytest.fail("built the site for a busy port"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        with pytest.raises(SystemExit) as e:
            web.main(["serve", "--port", str(port)])
    msg = str(e.value.code)
    assert msg.startswith("port %d on 127.0.0.1 is not free" % port), msg
    assert "make web WEB_PORT=%d" % (port + 1) in msg and "\n" not in msg


# --- the page's address options and what it shows (issue 24) --------------------------------------
def _params(searches):
    js = ("import { readParams } from %s;\nconst out = %s.map((s) => readParams(s));\n"
          "console.log(JSON.stringify(out));" % (json.dumps("file://" + os.path.join(STATIC, "params.mjs")),
                                                 json.dumps(searches)))
    r = subprocess.run([NODE, "--input-type=module", "-e", js], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@needs_node
@pytest.mark.parametrize("search,said", [
    ("?n=0", "n=0 is wrong: n is the number of handhelds, 1 to 8"),
    ("?n=abc", "n=abc is wrong: n is the number of handhelds, 1 to 8"),
    ("?n=9", "n=9 is wrong"),
    ("?loss=2", "loss=2 is wrong: loss is a probability from 0 to 1"),
    ("?delay=abc", "delay=abc is wrong: delay is A:B milliseconds"),
    ("?delay=9:2", "delay=9:2 is wrong"),
    ("?clock=bogus", "clock=bogus is wrong: clock is wall or virtual"),
    ("?seed=x", "seed=x is wrong: seed is a whole number"),
    ("?scale=0", "scale=0 is wrong"),
    ("?names=BARTHOLOMEW", "names=BARTHOLOMEW is wrong: names is names of at most 8 characters"),
    ("?lang=fr", "lang=fr is wrong: lang is da or en"),
    ("?nn=4", "?nn= is not an option of this page: it takes n, room,"),
])
def test_a_wrong_address_option_is_one_line_naming_it(search, said):
    got = _params([search])[0]
    assert len(got["errors"]) == 1 and got["errors"][0].startswith(said), got["errors"]


@needs_node
def test_good_address_options_are_read_as_before():
    good, plain = _params(["?n=2&room=k&seed=7&clock=virtual&loss=0.1&dup=0.05&delay=2:20&reorder=0.2"
                           "&scale=2.5&tab=3&names=anna,,bo&lang=da&finger=1", ""])
    assert good["errors"] == [] and plain["errors"] == []
    assert (good["n"], good["room"], good["seed"], good["clock"], good["tab"]) == (2, "k", 7, "virtual", 3)
    assert (good["loss"], good["dup"], good["reorder"], good["delay"], good["scale"]) == (0.1, 0.05, 0.2, [2, 20], 2.5)
    assert good["names"] == ["ANNA", "", "BO"] and good["lang"] == "da"
    assert (plain["n"], plain["scale"], plain["clock"], plain["seed"], plain["delay"]) == (4, 3, "wall", None, [0, 0])


def test_the_page_says_how_to_form_a_table_has_a_footer_and_a_favicon():
    """The help line names the handheld's own menu rows (the firmware's English and Danish words),
    the footer is a plain block (not the flex row that broke it into pieces), the favicon exists,
    and the page has a place for its errors, which page.mjs fills from readParams."""
    from dicecup.text import words as strings_table
    html = open(os.path.join(STATIC, "index.html")).read()
    rows = {}
    for line in strings_table.TABLE.splitlines():
        parts = line.split("|")
        if len(parts) == 3:
            rows[parts[0]] = parts[1:]
    for key in ("table", "t_create", "t_join", "t_admit"):
        assert rows[key][1] in html, key
    assert rows["table"][0] in html
    assert '<link rel="icon" href="favicon.svg"' in html
    import xml.etree.ElementTree as ET
    assert ET.parse(os.path.join(STATIC, "favicon.svg")).getroot().tag.endswith("svg")
    foot = html[html.index("<footer>"):html.index("</footer>")]
    assert "<kbd>Z X C V</kbd>" in foot and 'class="meta"' not in foot
    assert 'id="errors"' in html
    page = open(os.path.join(STATIC, "page.mjs")).read()
    assert "readParams(location.search)" in page and "URLSearchParams" not in page


PAGE_RUN = """
const els = {};
const el = (id) => (els[id] = els[id] || { id, textContent: "", children: [],
  appendChild(c) { this.children.push(c); } });
globalThis.document = { getElementById: el, createElement: () => ({ textContent: "" }),
  documentElement: { style: { setProperty() {} } } };
globalThis.location = { search: %s, href: "http://x/" };
const listeners = {};
globalThis.addEventListener = (k, f) => { listeners[k] = f; };
let fetched = false;
globalThis.fetch = async () => { fetched = true; throw new Error("fetch"); };
let err = null;
try { await import(%s); } catch (e) { err = String(e.message); }
console.log(JSON.stringify({ lines: el("errors").children.map((c) => c.textContent),
  status: el("status").textContent, fetched, err }));
"""


@needs_node
def test_the_page_shows_wrong_options_on_the_page_and_starts_nothing():
    """page.mjs with a DOM stand-in: ?n=0&loss=2 puts a red line per wrong option and one on what to
    do into #errors, says so in the status line, and never fetches the manifest (nothing starts)."""
    js = PAGE_RUN % (json.dumps("?n=0&loss=2"), json.dumps("file://" + os.path.join(STATIC, "page.mjs")))
    r = subprocess.run([NODE, "--input-type=module", "-e", js], capture_output=True, text=True, timeout=30)
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["lines"][:2] == ["n=0 is wrong: n is the number of handhelds, 1 to 8 (e.g. ?n=4)",
                                "loss=2 is wrong: loss is a probability from 0 to 1 (e.g. &loss=0.1)"]
    assert "fix the address" in got["lines"][2] and len(got["lines"]) == 3, got
    assert got["status"].startswith("stopped") and not got["fetched"], got


@needs_node
def test_node_lockstep_table_game_under_device_time(site, tmp_path):
    """The page's device time (?board=s3): the same model charged in the browser's port; the table
    still finishes and every handheld's record agrees."""
    got = _game(site, tmp_path / "d", devtime="s3")
    assert got["done"], got["failed"]
    recs = [(tmp_path / "d" / ("hh%d" % i) / os.listdir(tmp_path / "d" / ("hh%d" % i))[0]).read_text()
            for i in range(4)]
    assert all(r == recs[0] for r in recs), "handhelds disagree on the record"
