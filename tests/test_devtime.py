"""Device time (host_tools/devtime.py, host_tools/fakes/devtime.py): the cost model's arithmetic, the
fakes charging it to the virtual clock, and the simulator's table under it (reproducible, records
agree). The speed targets under device time are a bench (bench/py_devtime.py), not a timed test."""
import json
import os
import subprocess
import sys

import pytest

from host_tools import boards, devtime
from host_tools.paths import MICROPYTHON, ROOT

FAKES = os.path.join(ROOT, "host_tools", "fakes")


def test_model_arithmetic_matches_the_sources():
    s3, wroom = devtime.get("s3"), devtime.get("wroom")
    assert devtime.get("") is s3  # the reference board
    # a full show(): 6 commands (2 bytes each), 0x40 and 1024 bytes, 9 bit times each at 400 kHz
    assert s3.show_us(12 + 1 + 1024) == pytest.approx(23332.5)
    # a collection: a near-empty PSRAM heap about 20 ms, a WROOM-32's heap with 40 KB live about 2 ms
    assert 15000 <= s3.gc_pause_us(0) <= 25000
    assert 1000 <= wroom.gc_pause_us(40 * 1024 * boards.HEAP_RATIO_64_32) <= 3000
    assert s3.gc_pause_us(100 * 1024) > s3.gc_pause_us(0)  # the live data is marked
    # the CPU: a loop's host time times the board's factor, inside the published spread
    for m in (s3, wroom):
        lo, hi = m.cpu_spread
        assert lo <= m.cpu <= hi
        assert m.tick_us(1000) == pytest.approx((devtime.TICK_HOST_US + 1000 * devtime.HOST_US_PER_BYTE) * m.cpu)
    assert s3.flash_us(100) == s3.flash_file_us + 100 * s3.flash_us_per_byte
    assert devtime.heap_bytes("2755K") == 2755 * 1024 and devtime.heap_bytes("2M") == 2 << 20


# Runs under MicroPython with the fakes: does one of each kind of work and prints what the fake
# charged for it, in ns (its integer arithmetic against the model's).
_SCRIPT = r"""
import devtime, gc, time, ssd1306
w = devtime._w
panel = ssd1306.SSD1306_I2C(128, 64, None)
devtime._count()
t0 = time.ticks_ms()
w0 = w[0] + w[1] + w[2] + w[3]
s0 = w[1]
panel.show()
devtime._count()
print("show", w[1] - s0)
gc.collect()
live = gc.mem_alloc()
print("gc", w[2], live, devtime._s[7])
with open("f.txt", "w") as f:
    f.write("x" * 100)
print("flash", w[3])
c = w[0]
x = [bytearray(1000) for _ in range(50)]   # at least 50,000 bytes allocated: CPU time owed
devtime._count()
print("cpu", w[0] - c)
print("clock", time.ticks_ms() - t0, w[0] + w[1] + w[2] + w[3] - w0)
"""


def _run_fakes(tmp_path, env_line):
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(FAKES, "vclock"), FAKES]))
    env.pop("DICECUP_LINK", None)
    if env_line is None:
        env.pop("DICECUP_DEVTIME", None)
    else:
        env["DICECUP_DEVTIME"] = env_line
    script = tmp_path / "s.py"
    script.write_text(_SCRIPT)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=512K", str(FAKES + "/_devtime.py"), str(script)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return {ln.split()[0]: [int(v) for v in ln.split()[1:]] for ln in r.stdout.splitlines()}


def test_fakes_charge_the_model_to_the_virtual_clock(tmp_path):
    m = devtime.get("s3")
    out = _run_fakes(tmp_path, m.env(512 * 1024))
    assert out["show"][0] / 1000 == pytest.approx(m.show_us(1037), abs=1)
    gc_ns, live, collections = out["gc"]
    assert collections == 1
    assert gc_ns / 1000 == pytest.approx(m.gc_pause_us(live), rel=0.01)
    assert out["flash"][0] / 1000 == pytest.approx(m.flash_us(100), abs=1)
    assert out["cpu"][0] / 1000 >= 50000 * devtime.HOST_US_PER_BYTE * m.cpu
    # every ms of it is on the clock, which moved although nothing slept
    clock_ms, charged_ns = out["clock"]
    assert abs(clock_ms - charged_ns // 1000000) <= 1 and clock_ms > 50


def test_without_device_time_work_is_free(tmp_path):
    out = _run_fakes(tmp_path, "0 0 0 0 0 524288 0 0")
    assert out["clock"][0] == 0


# What the fakes do for themselves is no board's work: under device time every byte they allocate
# is charged as the handheld's. The panel's commands (the real driver sends each from a buffer made
# once) and the end of a loop (the count itself) allocate nothing; a frame on the heap (more than 11
# words of locals and stack) was 0.9 KB a window of pages sent and 136 bytes a loop.
_OWN = r"""
import micropython, ssd1306, devtime
d = ssd1306.SSD1306_I2C(128, 64, None)
d.show()
devtime.loop()
def cmds():
    t = micropython.mem_total()
    for c in (0x21, 0, 127, 0x22, 2, 4, 0x81, 200, 0xAE, 0xAF):
        d.write_cmd(c)
    return micropython.mem_total() - t
def loop():
    t = micropython.mem_total()
    devtime.loop()
    return micropython.mem_total() - t
cmds()
loop()
print("cmd", cmds(), d.sent[1024], d.sent[1025], d.level)
print("loop", loop())
"""


def test_the_fakes_own_work_allocates_nothing(tmp_path):
    script = tmp_path / "own.py"
    script.write_text(_OWN)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(FAKES, "vclock"), FAKES]),
               DICECUP_DEVTIME=devtime.get("s3").env(512 * 1024))
    env.pop("DICECUP_LINK", None)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=512K", str(FAKES + "/_devtime.py"), str(script)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    out = {ln.split()[0]: [int(v) for v in ln.split()[1:]] for ln in r.stdout.splitlines()}
    assert out["cmd"] == [0, 2, 4, 200]     # the page window and the contrast taken as before
    assert out["loop"] == [0]


def _sim(tmp_path, name, *extra):
    out = tmp_path / name
    out.mkdir()
    cmd = [sys.executable, "-m", "host_tools.sim", "--headless", "--autoplay", "--quiet",
           "--records", str(out / "rec"), "--frames-log", str(out / "frames.jsonl")] + list(extra)
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return r, out


def _table(tmp_path, seed, seconds=None):
    """4 handhelds at a Snyd table on the s3 model, 30 % loss with duplicates and reordering: every
    handheld finishes and their records agree (the simulator exits 1 otherwise)."""
    r, out = _sim(tmp_path, "a", "--handhelds", "4", "--game", "snyd", "--games", "1", "--seed", str(seed),
                  "--loss", "0.3", "--dup", "0.1", "--reorder", "0.1", "--board", "s3",
                  *(("--seconds", str(seconds)) if seconds else ()))
    assert r.returncode == 0, r.stdout + r.stderr
    recs = [json.load(open(os.path.join(d, f))) for d, _, fs in os.walk(out / "rec") for f in fs]
    assert len(recs) == 4 and all(x == recs[0] for x in recs)


def test_table_under_device_time_with_loss_and_records_agree(tmp_path):
    _table(tmp_path, 7)


def test_table_under_device_time_seed_5(tmp_path):
    # (an expected failure once: the lobby never settled; it plays now, on main's code too)
    _table(tmp_path, 5, seconds=300)


@pytest.mark.parametrize("loss, seed, p, press", [(0.0, 3, 0, 80), (0.3, 13, 1, 550)])
def test_a_games_loops_stay_within_the_loop_budget_on_the_s3_model(monkeypatch, loss, seed, p, press):
    """Issue 26's budget at a 4-handheld Snyd table on the s3 model (radio and secrets seeded,
    bench/py_table_sim.py): from the game's first log entry to its last, no loop of any handheld
    over 50 ms, and a press on every other screen within `press` ms at the median (clean) or for
    95 % of presses (30 % loss; one game's 95 % moves by 100 ms with the seed). docs/memory.md,
    Device time: before parts 9 and 10 these games had loops of 64-72 ms; until part 12 they
    were allowed 60 and 65 ms (pooled, part 12: none of 281,545 loops of 25 clean games over 50
    ms, and 3 of 242,826 of 18 lossy ones). Which loop a collection or a file falls in
    moves with any change of the code: a loop over 50 ms here names a kind part 12 did not
    (replay it with DICECUP_DEVTIME_LOG_FROM, docs/simulator.md)."""
    monkeypatch.syspath_prepend(os.path.join(ROOT, "bench"))
    import py_devtime
    import py_table_sim
    r = py_table_sim.run(4, loss=loss, seed=seed, heap=boards.get("s3").sim_heap(), urandom_seed=seed,
                         device_time=devtime.get("s3"))
    assert r["ok"]
    loops = [x[1] for w in r["work"] for x in w if r["start"] <= x[0] <= r["end"]]
    assert len(loops) > 1000, len(loops)
    over = sorted(us // 1000 for us in loops if us > 50000)
    assert not over, over
    assert py_devtime.quantiles(r["lat"])[p] <= press


def test_device_time_repeats_under_a_seed_and_costs_time(tmp_path):
    args = ["--handhelds", "2", "--game", "snyd", "--games", "1", "--seed", "11", "--seconds", "12"]
    runs = [_sim(tmp_path, name, *(args + more)) for name, more in
            (("a", []), ("b", []), ("off", ["--device-time", "off"]))]
    for r, _ in runs:  # 12 s: the lobby and the game's start (exit 1: the game is not over)
        assert r.returncode in (0, 1) and "simulated 12.0 s" in r.stdout, r.stdout + r.stderr
    logs = [(out / "frames.jsonl").read_text() for _, out in runs]
    assert logs[0] and logs[0] == logs[1]       # the same radio log, frame for frame and ms for ms
    assert logs[0] != logs[2]                   # the board's time shows: the free clock differs


def test_board_bench_against_the_unix_port_standing_in(tmp_path, monkeypatch):
    """make board-bench's command measures on the unix port (PORT=unix) and writes the model's
    format, which devtime.get then takes instead of the estimates; without a board, one line."""
    from host_tools import boardbench
    r = subprocess.run([sys.executable, "-m", "host_tools.boardbench", "--board", "s3"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and len(r.stdout.strip().splitlines()) == 1 and "no board" in r.stdout
    out = tmp_path / "devtime_s3.json"
    r = subprocess.run([sys.executable, "-m", "host_tools.boardbench", "--board", "s3", "--port", "unix",
                        "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(out.read_text())
    for k in ("cpu_us", "gc_us", "live_kb", "heap_kb", "show_us", "page_us", "x25519_us", "flash_us"):
        assert got["raw"][k] > 0, k
    assert got["raw"]["page_us"] <= got["raw"]["show_us"] * 2  # one page is no more than the frame
    assert 0.2 < got["cpu"] < 5     # the stand-in is this PC: about 1x
    monkeypatch.setattr(devtime, "measured_path", lambda key: str(out))
    m = devtime.get("s3")
    assert m.cpu == got["cpu"] and m.flash_file_us == got["flash_file_us"] and "measured" in m.sources
    assert boardbench.model_of("s3", got["raw"], {"cpu_us": got["raw"]["cpu_us"]})["cpu"] == 1.0


# The firmware's two device-time changes, in-process on the fakes: a press that moves a menu's cursor
# sends only the pages it changed (the panel shows the whole frame all the same), and a screen change
# collects in a later, idle loop, not in the loop of the press that drew it.
_APP = r"""
import machine, ssd1306, json, devtime
from dicecup import app
from dicecup.device import hw
h = hw.Hardware()
a = app.App(h)
pins = json.load(open("pinmap.json"))["buttons"]
now = 0
log = []    # per loop: (frames shown, collections) in it
def tick():
    global now
    now += 20
    f, c = a.frames, devtime._s[7]
    a.tick(now)
    log.append((a.frames - f, devtime._s[7] - c))
def press(b):
    machine.sim_set(pins[b], 0)
    for _ in range(5):
        tick()
    machine.sim_set(pins[b], 1)
    for _ in range(10):
        tick()
for _ in range(50):
    tick()
b0 = ssd1306.stats["bytes"]
press("down")
print("down", sum(x[0] for x in log[-15:]), ssd1306.stats["bytes"] - b0,
      int(bytes(h.display.sent[:1024]) == bytes(h.display.buffer)))
del log[:]
s = a.screen
press("select")
print("select", int(a.screen is not s), " ".join("%d%d" % x for x in log))
"""



def _run_app(tmp_path, src, heap):
    """src (a script driving the real App) run under the unix port's device time (the s3 model)
    with a heap of heap (e.g. "2755K"), on a fresh build in tmp_path: {first word: the rest} of
    each line it prints."""
    m = devtime.get("s3")
    (tmp_path / "s.py").write_text(src)
    (tmp_path / "settings.json").write_text('{"lang": 1}')
    (tmp_path / "owner.json").write_text('{"name": "ANNA"}')
    with open(boards.get("s3").pinmap) as f:
        (tmp_path / "pinmap.json").write_text(f.read())
    from host_tools.build import build
    assert build(str(tmp_path / "fw")) == []
    env = dict(os.environ, DICECUP_DEVTIME=m.env(devtime.heap_bytes(heap)),
               MICROPYPATH=os.pathsep.join([str(tmp_path / "fw"), os.path.join(FAKES, "vclock"), FAKES]))
    env.pop("DICECUP_LINK", None)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap, os.path.join(FAKES, "_devtime.py"), "s.py"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    return {ln.split()[0]: ln.split()[1:] for ln in r.stdout.splitlines()}

def test_a_press_sends_the_changed_pages_and_collects_when_idle(tmp_path):
    out = _run_app(tmp_path, _APP, "2755K")
    frames, nbytes, glass = map(int, out["down"])
    assert frames == 1 and nbytes < 12 + 1 + 1024 and glass == 1  # less than a whole frame
    changed, loops = out["select"][0], out["select"][1:]
    assert changed == "1"
    drew = [i for i, x in enumerate(loops) if x[0] != "0"]
    collected = [i for i, x in enumerate(loops) if x[1] != "0"]
    assert drew and collected and not set(drew) & set(collected) and min(collected) > min(drew)


def _logged_table(tmp_path, ms):
    """Two handhelds' Snyd table under device time on the s3 model for ms of simulated time,
    every loop in the handhelds' logs: their lines."""
    from host_tools.sim import autoplay
    from host_tools.sim.hub import Sim
    n = 2
    with Sim(n, clock="virtual", seed=11, heap=boards.get("s3").sim_heap(), urandom_seed=11,
             flash_root=str(tmp_path), env={"DICECUP_DEVTIME_LOG": "1"},
             device_time=devtime.get("s3")) as sim:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=1100 + i) for i in range(n)]
        while sim.now() < ms:
            for p in players:
                p.act()
            sim.step()
        return [open(h.log_path).read().splitlines() for h in sim.handhelds]


def test_the_kept_log_state_is_written_in_a_loop_of_its_own(tmp_path):
    """tlog.bin (keep) is written after an entry applied, but in a later loop that drew
    nothing and wrote no other file: in the loop of the entry, its redraw and a seat's secret
    made one loop of 100-130 ms on the s3 model (docs/memory.md, Device time). And the state is
    packed in an idle loop before the one that writes it: both in one loop was 50-54 ms (CPU
    14-20 ms of it), the write alone is about 41 ms (CPU 6-11 ms)."""
    logs = _logged_table(tmp_path, 40_000)
    kept = 0
    for lines in logs:
        writes = []
        for ln in lines:
            if ln.startswith("devtime: write "):
                writes.append(ln.split()[-1])
            elif ln.startswith("devtime: at "):
                if "tlog.bin.tmp" in writes:
                    kept += 1
                    parts = dict(p.split() for p in ln.split(": ", 2)[2].split(", "))
                    assert writes == ["tlog.bin.tmp"] and parts["screen"] == "0", (writes, ln)
                    # (packing and writing in one loop: 14.3-19.8 ms of CPU; the write alone
                    # 6.4 ms, 10.8 ms in a loop that also took frames)
                    assert int(parts["cpu"]) < 12_500, ln
                writes = []
    assert kept >= 5  # the game got going: entries applied and kept


def test_a_games_first_secret_and_seats_file_each_take_a_quiet_loop(tmp_path):
    """A game's first secret (tsecN.json, before its COMMIT leaves) was drawn and written in the
    loop that opened the game's screen (90-135 ms on the s3 model), and the SEATS entry's
    table.json was made and written in one loop (52-68 ms). Now the secret is drawn in an idle
    loop (the COMMIT waits for one) and table.json's text is made in one idle loop and written
    in the next: each such loop writes that file alone, draws nothing, and its CPU is small
    (docs/memory.md, Device time, part 8)."""
    logs = _logged_table(tmp_path, 20_000)
    for lines in logs:
        writes, secrets, seats = [], 0, 0
        for ln in lines:
            if ln.startswith("devtime: write "):
                writes.append(ln.split()[-1])
            elif ln.startswith("devtime: at "):
                parts = dict(p.split() for p in ln.split(": ", 2)[2].split(", "))
                if any(w.startswith("tsec") for w in writes):
                    secrets += 1
                    assert len(writes) == 1 and parts["screen"] == "0", (writes, ln)
                    assert int(parts["cpu"]) < 20_000, ln  # (43 ms in the loop that opened the game)
                elif secrets and "table.json.tmp" in writes:
                    seats += 1  # (the game's: the lobby's come before its first secret)
                    assert writes == ["table.json.tmp"] and parts["screen"] == "0", (writes, ln)
                    assert int(parts["cpu"]) < 12_000, ln
                writes = []
        assert secrets >= 2 and seats == 1, (secrets, seats)


def _snap_rounds_from_record(rec, open_die):
    """A Snyd snapshot's counted rounds as snydtable wrote them from the record's dicts (the
    reference: the format docs/protocol.md describes)."""
    from dicecup.records.snyd_writer import KINDS, NO_DICE
    out = bytearray()
    for r in rec["rounds"]:
        for d in r["dice"]:
            out += bytes((NO_DICE,)) if d is None else bytes((len(d),)) + bytes(d)
        if open_die:
            out += bytes(0xFF if i is None else i for i in r["shown"])
        out.append(len(r["actions"]))
        for a in r["actions"]:
            out += bytes((a[0] << 2 | KINDS.index(a[1]), a[2] if len(a) > 2 else 0,
                          a[3] if len(a) > 3 else 0))
    return bytes(out), len(rec["rounds"])


@pytest.mark.parametrize("open_die,seats", [(False, 4), (True, 3)])
def test_a_snapshot_reads_the_recorders_log_not_the_record(open_die, seats):
    """tlog.bin holds a snapshot after every entry: it is read from the recorder's bytes, never
    built as the record's dicts (tens of KB allocated late in a game), with the same bytes, in
    order (the Node streams a snapshot chunk by chunk as it is written)."""
    from dicecup.rules import snyd
    from dicecup.table.game import Out
    from host_tools.tablebus import Table
    t = Table(seats=seats, seed=4, loss=0.2, rules=snyd.Rules(dice=3, open_die=open_die))
    assert t.start_game() == 0
    checked = [0]

    class InOrder(bytearray):
        def __setitem__(self, i, x):
            assert i == self.n
            self.n += 1
            bytearray.__setitem__(self, i, x)

    def check():
        for h in t.hands:
            g = h.app
            if g.rec is None or g.rec.n == 0:
                continue
            want, rounds = _snap_rounds_from_record(g.rec.record(), open_die)
            g.rec.rounds = None   # the record as dicts is not to be built
            try:
                buf = InOrder(8000)
                buf.n = 0
                end = g._snap_rounds(buf, 0)
                assert bytes(buf[:end]) == want and g._snap_count() == rounds
                g.snapshot(Out(bytearray(8000), 0).buf, 0)
            finally:
                del g.rec.rounds
            checked[0] += 1
        return t.done()
    assert t.run(check, 3_600_000)
    assert checked[0] > 100


def test_the_games_record_is_saved_a_step_an_idle_loop(tmp_path):
    """At a game's end its statistics, its record and table.json were written in one loop with the
    record's text made in it: over 300 ms on the s3 model (107 ms of flash, 220 ms of CPU,
    docs/memory.md, Device time). Now each file has a loop of its own and the text is made a few
    rounds a loop before its file; table.json (its keys in hex: 50 ms of CPU a byte at a time) and
    the record's file each take a loop of little CPU."""
    from host_tools.sim import autoplay
    from host_tools.sim.hub import Sim
    n = 2
    with Sim(n, clock="virtual", seed=5, heap=boards.get("s3").sim_heap(), urandom_seed=5,
             flash_root=str(tmp_path), env={"DICECUP_DEVTIME_LOG": "1"},
             device_time=devtime.get("s3")) as sim:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=500 + i) for i in range(n)]
        while sim.now() < 300_000 and not all(p.finished or p.failed for p in players):
            for p in players:
                p.act()
            sim.step()
        assert all(p.finished for p in players)
        end = sim.now() + 3000
        while sim.now() < end:
            sim.step()   # (table.json follows the record's file)
        logs = [open(h.log_path).read().splitlines() for h in sim.handhelds]
    for lines in logs:
        writes, loops, after = [], [], False
        for ln in lines:
            if ln.startswith("devtime: write "):
                writes.append(ln.split()[-1])
            elif ln.startswith("devtime: at "):
                after = after or "stats.json.tmp" in writes
                if after:
                    parts = dict(p.split() for p in ln.split(": ", 2)[2].split(", "))
                    loops.append((writes, int(parts["cpu"]), ln))
                writes = []
        mine = [x for x in loops if any(w.startswith(("stats", "records/")) for w in x[0])]
        assert [x[0] for x in mine] == [["stats.json.tmp"], ["records/snyd-0001.json.tmp"]], mine
        # stats.json read in a loop before the one that counts the game and writes it: the write's
        # loop was 22-23 ms of CPU beside its 30 ms of flash, now about 6 ms
        assert mine[0][1] < 12_000, mine[0]
        assert mine[1][1] < 20_000, mine[1]
        # the first table.json after the record: the one that says its record is saved
        at = loops.index(mine[1])
        tj = [x for x in loops[at:] if "table.json.tmp" in x[0]][0]
        # (about 15 ms of CPU with bytes.hex(), about 50 before; one full-suite run under load
        # measured 42.6 ms for this loop, not yet explained: the bound sits between)
        assert tj[0] == ["table.json.tmp"] and tj[1] < 45_000, tj


# App.forget on a roomy heap (the s3's) collects in a later idle loop, not in the loop that forgot:
# starting a table's game forgot three groups of modules in one loop, three collections (114 ms of
# the s3 model); on a tight heap (a WROOM-32's) it still collects at once
_FORGET = r"""
import devtime
from dicecup import app
from dicecup.device import hw
a = app.App(hw.Hardware())
now = 0
def tick():
    global now
    now += 20
    c = devtime._s[7]
    a.tick(now)
    return devtime._s[7] - c
for _ in range(50):
    tick()
c = devtime._s[7]
a.forget(("dicecup.ui.title",), ("dicecup.ui.settings",))
a.forget(("dicecup.storage.settings",))
print("forget", devtime._s[7] - c, " ".join(str(tick()) for _ in range(10)))
"""


@pytest.mark.parametrize("heap", ["2755K", "160K"])
def test_forgotten_modules_are_collected_in_an_idle_loop_where_the_heap_has_room(tmp_path, heap):
    out = _run_app(tmp_path, _FORGET, heap)
    now, later = int(out["forget"][0]), [int(x) for x in out["forget"][1:]]
    if heap == "160K":
        assert now == 2 and sum(later) == 0
    else:
        assert now == 0 and sum(later) == 1, out   # one collection, in a loop after


# A table game's launch whose screens the lobby had no idle loop to load ahead (every handheld
# agreeing the last joiner's keys) loaded them all in the launch's loop: 66 ms of the s3 model
_LAUNCH = r"""
import sys
import time
from dicecup import app
from dicecup.device import hw
from dicecup.ui import table_watch  # noqa (the table's code and screens, loaded at a table)
from dicecup.table import snyd, yatzy  # noqa (its game's, loaded once seated)
a = app.App(hw.Hardware())
class Table:
    gid = GID
    def tick(self, now):
        pass
    def news(self):
        return 0
    def idle(self):
        return False
a.table = Table()
now = 0
def tick():
    global now
    now += 20
    t = time.ticks_ms()
    a.tick(now)
    return time.ticks_diff(time.ticks_ms(), t)
for _ in range(30):
    tick()
names = NAMES  # (app._AHEAD's: a const the build leaves out of the module)
sys.path.append(".")   # gamestub.py: the game's screen module (ui.table's start for GAME)
a.launch("gamestub", (names,), True)
out = []
for _ in range(8):
    loaded = sum(1 for m in names if m in sys.modules)
    ms = tick()
    out.append("%d:%d:%d" % (loaded, sum(1 for m in names if m in sys.modules), ms))
print("loops", len(names), " ".join(out))
"""


@pytest.mark.parametrize("gid", [1, 2])
def test_a_games_launch_loads_the_screens_not_loaded_ahead_one_a_loop(tmp_path, gid):
    """Each loop of the launch loads one of the game's screen modules (App.ahead, now) and the game
    opens in the loop after the last; every such loop stays within 50 ms of the s3 model."""
    names = (("dicecup.storage.store", "dicecup.ui.snyd_person", "dicecup.ui.snyd", "dicecup.ui.snyd_open",
              "dicecup.ui.snyd_table"),
             ("dicecup.storage.store", "dicecup.ui.yatzy_sheet", "dicecup.ui.yatzy", "dicecup.ui.yatzy_table"))
    src = open(os.path.join(ROOT, "firmware", "dicecup", "app.py")).read()
    assert all(repr(m) in src.replace('"', "'") for m in names[0] + names[1])  # app._AHEAD's
    (tmp_path / "gamestub.py").write_text(
        "import sys\nfrom dicecup.ui.screen import Screen\ndef start(app, names):\n"
        "    print('start', sum(1 for m in names if m in sys.modules))\n    app.go(Screen(app))\n")
    out = _run_app(tmp_path, _LAUNCH.replace("GID", str(gid)).replace("NAMES", repr(names[gid - 1])), "2755K")
    n = int(out["loops"][0])
    steps = [tuple(int(v) for v in x.split(":")) for x in out["loops"][1:]]
    assert out["start"] == [str(n)], out            # the game opened on all its screens
    k = n - steps[0][0]                             # those not loaded yet (the store is)
    grew = [b - a for a, b, ms in steps]
    assert k >= 3 and grew[:k] == [1] * k and sum(grew) == k, out   # one a loop
    assert all(ms < 50 for a, b, ms in steps), out


# A launch at a table on a heap with little free (garbage the idle loops had not collected yet):
# forget() collected in the loop that loaded the game's screen, 42 ms of the s3 model's PSRAM heap
# beside the load's 13 (a 55 ms loop at a game's start)
_TIGHT = _LAUNCH.replace('a.launch("gamestub", (names,), True)', """import gc
import devtime
junk = [bytearray(4000) for _ in range((gc.mem_free() - 160 * 1024) // 4100)]
junk = None
print("tight", gc.mem_free() < 256 * 1024)
a.launch("gamestub", (names,), True)""").replace(
    "    loaded = sum(", "    c = devtime._s[7]\n    loaded = sum(").replace(
    'out.append("%d:%d:%d" % (loaded,', 'out.append("%d:%d:%d:%d" % (devtime._s[7] - c, loaded,')


@pytest.mark.parametrize("gid", [1, 2])
def test_a_launch_on_a_heap_near_full_collects_in_a_loop_of_its_own(tmp_path, gid):
    """The launch's first loop only collects (App.tick: ahead + 2); the screens then load one a loop
    and the game opens on them, no loop past 50 ms of the s3 model."""
    names = (("dicecup.storage.store", "dicecup.ui.snyd_person", "dicecup.ui.snyd", "dicecup.ui.snyd_open",
              "dicecup.ui.snyd_table"),
             ("dicecup.storage.store", "dicecup.ui.yatzy_sheet", "dicecup.ui.yatzy", "dicecup.ui.yatzy_table"))
    (tmp_path / "gamestub.py").write_text(
        "import sys\nfrom dicecup.ui.screen import Screen\ndef start(app, names):\n"
        "    print('start', sum(1 for m in names if m in sys.modules))\n    app.go(Screen(app))\n")
    out = _run_app(tmp_path, _TIGHT.replace("GID", str(gid)).replace("NAMES", repr(names[gid - 1])), "2755K")
    assert out["tight"] == ["True"], out
    steps = [tuple(int(v) for v in x.split(":")) for x in out["loops"][1:]]
    assert steps[0][0] == 1 and steps[0][1] == steps[0][2], out     # the first loop: a collection alone
    assert out["start"] == [out["loops"][0]], out                   # the game opened on all its screens
    assert all(gc == 0 or a == b for gc, a, b, ms in steps), out    # no load beside a collection
    assert all(ms < 50 for gc, a, b, ms in steps), out


# Key agreements in the background allocate about 0.4 MB each (their big integers): the heap filled
# within a slice and collected there, 42 ms beside the slice's 35 (a 77 ms loop at a game's start)
_AGREE = r"""
import os
import time
import devtime
from dicecup.table.agreement import Agreement
from dicecup.table.lobby import IDLE
class T(Agreement):
    mode = IDLE
    spare = None
    pre = None
    def playing(self):
        return False
t = T()
out = []
for k in range(6):
    t.spare = None
    t._agree(os.urandom(32), None)
    while t._job is not None:
        c = devtime._s[7]
        a = time.ticks_ms()
        t._agree_step(a)
        ms = time.ticks_diff(time.ticks_ms(), a)
        time.sleep_ms(1)
        out.append("%d:%d" % (devtime._s[7] - c, ms))
print("loops", " ".join(out))
"""


def test_background_key_agreements_collect_in_a_loop_of_their_own(tmp_path):
    """Six agreements' slices in a row on the s3 model's heap: a collection falls only in a loop
    that takes no slice (one of its own, about the collection's time), never beside one, and no
    loop is over 50 ms."""
    out = _run_app(tmp_path, _AGREE, "2755K")
    loops = [tuple(int(v) for v in x.split(":")) for x in out["loops"]]
    gcs = [ms for n, ms in loops if n]
    assert gcs and all(n == 1 for n, ms in loops if n), out      # collections, one a loop
    assert max(ms for n, ms in loops) <= 50, sorted(ms for n, ms in loops)[-5:]
    slices = sorted(ms for n, ms in loops if not n)
    assert max(gcs) < slices[-1] + 10 and len(slices) > 6 * 5, (gcs, slices[-5:])


# a table in a game that takes nothing from the radio (the App scripts below)
_TABLE = r"""
class Table:
    def tick(self, now):
        pass
    def news(self):
        return 0
    def playing(self):
        return True
    def in_game(self):
        return True
    def idle(self):
        return False
"""


# At a table a heap filled with garbage by work that draws nothing (the key agreements' big
# integers) collected wherever it filled: 65 ms in a loop of 19 ms of work at a game's first entry
_FILLS = r"""
import time
import devtime
from dicecup import app
from dicecup.device import hw
from dicecup.ui.screen import Screen
a = app.App(hw.Hardware())
""" + _TABLE + r"""a.table = Table()
class Alloc(Screen):
    n = 0
    def tick(self, now):
        self.n += 1
        x = [bytearray(400) for _ in range(40 if self.n % 3 == 0 else 1)]
    def draw(self, g):
        pass
a.go(Alloc(a))
now = 0
gcs = []
for i in range(2000):
    now += 20
    c = devtime._s[7]
    t = time.ticks_ms()
    a.tick(now)
    ms = time.ticks_diff(time.ticks_ms(), t)
    if devtime._s[7] != c and i > 5:
        gcs.append(ms)
print("gcs", " ".join(str(x) for x in gcs))
"""


def test_at_a_table_a_heap_near_full_is_collected_in_an_idle_loop(tmp_path):
    """Work that fills the heap with garbage and draws nothing, 16 KB every third loop (before:
    the heap collected where it filled, in those loops: 63 ms each): the heap is collected in
    idle loops before it fills (about every eighth idle loop looks), and no loop with a
    collection is over 50 ms."""
    out = _run_app(tmp_path, _FILLS, "2755K")
    gcs = [int(x) for x in out["gcs"]]
    assert len(gcs) >= 2 and max(gcs) <= 50, gcs


# A redraw held by a busy loop waits for a second one if that is busy too (the sequencer's loop
# that takes a round's reveals came after the one that wrote its secret, and drew the picture the
# first one held: 120 ms of the s3 model); the one after draws however busy
_HELD = r"""
import devtime
from dicecup import app
from dicecup.device import hw
from dicecup.ui.screen import Screen
a = app.App(hw.Hardware())
now = 0
class Busy(Screen):
    busy = 0
    def tick(self, now):
        if self.busy:
            self.busy -= 1
            x = [bytearray(1000) for _ in range(40)]   # about 80 ms of the s3 model's CPU
    def draw(self, g):
        g.text("x%d" % now, 0, 0)
def tick():
    global now
    now += 20
    f = a.frames
    a.tick(now)
    return a.frames - f
for _ in range(50):
    tick()
s = Busy(a)
a.go(s)
for _ in range(20):
    tick()
for n in (2, 4):
    s.busy = n
    s.changed()
    print("drew%d" % n, " ".join(str(tick()) for _ in range(6)))
    for _ in range(5):
        tick()
"""


def test_a_held_redraw_waits_for_a_second_busy_loop_not_a_third(tmp_path):
    out = _run_app(tmp_path, _HELD, "2755K")
    assert out["drew2"] == "0 0 1 0 0 0".split(), out   # two busy loops, then it draws
    assert out["drew4"] == "0 0 1 0 0 0".split(), out   # the third draws however busy


# At a table's game, a loop that took frames from the radio and drew a new screen was 50-60 ms of
# the s3 model (about 30 ms of CPU and a whole screen's 23 ms of I2C): a loop now sends the pages
# that fit before 45 ms and the next loops the rest; one that changes a page or two (a bid) still
# goes at once, and a page waits at most one loop without room before it goes however busy
_PAGED = r"""
import time
from dicecup import app
from dicecup.device import hw
from dicecup.ui.screen import Screen
a = app.App(hw.Hardware())
""" + _TABLE + r"""now = 0
class Busy(Screen):
    busy = 0
    ink = 0
    rows = 8
    work = 0
    def tick(self, now):
        if self.work:   # a busy loop that changes nothing
            x = [bytearray(1000) for _ in range(18 if self.work == 1 else 20)]   # about 37 (41) ms
            self.work = 0
        if self.busy:
            self.ink ^= 1
            self.changed()
            self.busy = 0
            x = [bytearray(1000) for _ in range(12)]   # about 25 ms of the s3 model's CPU
    def draw(self, g):   # the first rows pages in ink, the rest lit
        g.fb.fill_rect(0, 0, 128, 64, 1)
        g.fb.fill_rect(0, 0, 128, self.rows * 8, self.ink)
def tick():
    global now
    now += 20
    f = a.frames
    t = time.ticks_ms()
    a.tick(now)
    d = a.hw.display
    return "%d:%d:%d" % (a.frames - f, time.ticks_diff(time.ticks_ms(), t),
                         bytes(d.sent[:1024]) == bytes(d.buffer))
a.table = Table()
for _ in range(50):
    tick()
s = Busy(a)
a.go(s)
for _ in range(20):
    tick()
for rows in (8, 2):
    s.rows = rows
    s.busy = 1
    print("rows%d" % rows, " ".join(tick() for _ in range(3)))
s.rows = 8
s.busy = 1
for _ in range(3):
    tick()      # every page in ink
s.ink ^= 1      # every page changes, drawn 20 ms into a loop: the pages that fit go now
f = a.frames
time.ticks_ms()    # (what the script did before is on the clock now)
a.redraw(time.ticks_ms() - 20)
d = a.hw.display
print("half", "%d:%d" % (a.frames - f, bytes(d.sent[:1024]) == bytes(d.buffer)),
      " ".join(tick() for _ in range(2)))
# the loop after is busy too (as one that writes a file): the pages wait for the one after that
s.rows = 8
s.busy = 1
for _ in range(3):
    tick()      # every page lit (two changed: at once)
s.busy = 1
first = tick()  # every page dark: drawn, not sent
s.work = 1
print("busy", first, " ".join(tick() for _ in range(3)))
# every loop busy (a table taking reveal after reveal): a picture drawn however busy (the third
# loop) goes a page a loop at least once its pages waited a loop, never a page every other loop
for _ in range(3):
    tick()
out = []
s.busy = 1
for _ in range(14):
    s.work = 2
    out.append(tick())
print("sustained", " ".join(out))
"""


def test_a_game_screens_pages_go_in_the_next_loop_when_they_would_make_it_long(tmp_path):
    out = _run_app(tmp_path, _PAGED, "2755K")
    whole = [x.split(":") for x in out["rows8"]]
    # drawn in a busy loop: the pages with room go at once, the rest in the next loop
    assert [(f, done) for f, ms, done in whole] == [("1", "0"), ("1", "1"), ("0", "1")], out
    assert all(int(ms) < 50 for f, ms, done in whole) and int(whole[0][1]) > 20, out
    half = out["half"]
    # drawn 20 ms into a loop: the pages that fit go at once, the rest in the next loop
    assert half[0] == "1:0" and half[1].split(":")[::2] == ["1", "1"], out
    two = [x.split(":") for x in out["rows2"]]
    assert [(f, done) for f, ms, done in two] == [("1", "1"), ("0", "1"), ("0", "1")], out  # at once
    busy = [x.split(":") for x in out["busy"]]
    # drawn (the pages with room sent); a busy loop sends what fits; the next the rest
    assert [done for f, ms, done in busy] == ["0", "0", "1", "1"] and busy[2][0] == "1", out
    assert all(int(ms) < 50 for f, ms, done in busy), out
    assert int(busy[1][1]) > 30, out
    sus = [x.split(":") for x in out["sustained"]]
    done = [d for f, ms, d in sus[2:]].index("1") + 2   # (drawn in the third loop)
    assert done <= 12 and all(f == "1" for f, ms, d in sus[4:done + 1]), out   # a page a loop


@pytest.mark.parametrize("whole", [False, True])
def test_pages_spread_at_a_table_after_its_game_but_not_on_the_lobbys_screens(tmp_path, whole):
    """A game's last screens (its reveal) stay up longer than the second Table.in_game counts
    after its last entry: one drawn whole in a loop with 29 ms of table work was 59 ms of the s3
    model (docs/memory.md, Device time, part 12). At a table every screen's pages now spread
    over loops, but a screen that says it sends its pictures whole (Screen.whole: the lobby's
    code and roster) sends them in one loop, as before."""
    src = _PAGED.replace("    def in_game(self):\n        return True", "    def in_game(self):\n        return False")
    src = src.replace("class Busy(Screen):\n", "class Busy(Screen):\n    whole = %s\n" % whole)
    assert src.count("return False") == 2 and "whole = " in src
    out = _run_app(tmp_path, src.split("s.rows = 8\ns.busy = 1\nfor _ in range(3):")[0], "2755K")
    whole8 = [x.split(":") for x in out["rows8"]]
    if whole:
        assert [(f, done) for f, ms, done in whole8] == [("1", "1"), ("0", "1"), ("0", "1")], out
        assert int(whole8[0][1]) > 45, out  # (the long loop it costs)
    else:
        assert [(f, done) for f, ms, done in whole8] == [("1", "0"), ("1", "1"), ("0", "1")], out
        assert all(int(ms) < 50 for f, ms, done in whole8), out


def _saves_in_reveals(t, where):
    """Count each handheld's secrets saved inside a REVEAL request (where["reveal"]) or outside
    one (where["ahead"])."""
    for h in t.hands:
        app = h.app
        inside = []
        save = app._save

        def counted(s, b, inside=inside, save=save):
            where["reveal" if inside else "ahead"] += 1
            save(s, b)
        app._save = counted
        reveal = app._reveal_request

        def in_reveal(f, s, rand, inside=inside, reveal=reveal):
            inside.append(1)
            try:
                return reveal(f, s, rand)
            finally:
                inside.pop()
        app._reveal_request = in_reveal


@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_the_next_rounds_secret_is_drawn_and_saved_in_an_idle_loop(game):
    """A REVEAL request carries the seat's next round's commitments: its secret was drawn and its
    file written in the loop of the reveal, the busiest of the round (a file is 30 ms of flash on
    the board). Seats.ahead (Table.idle) draws it before: no secret is saved in a reveal, and the
    game plays the same to its end."""
    from host_tools import tablebus
    t = tablebus.Table(seats=3, seed=7, game=game)
    where = {"reveal": 0, "ahead": 0}
    _saves_in_reveals(t, where)
    for h in t.hands:
        step = h.step

        def idle_step(now, h=h, step=step):
            step(now)
            h.app.ahead(h.rand)   # an idle loop after each
        h.step = idle_step
    assert t.run_game(3_600_000)
    assert where["ahead"] > 6 and where["reveal"] == 0, where
    recs = t.records()
    assert all(r == recs[0] for r in recs)


@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_a_reveal_whose_next_secret_is_not_drawn_waits_a_loop_for_it(game):
    """With no idle loop to draw a seat's next secret ahead (a short round at 30 % loss), the
    reveal's own loop drew it and wrote its file beside the request: 53 ms of the s3 model
    (docs/memory.md, Device time, part 12). On the board (`defer`) the reveal now waits one loop,
    in which the table's loop draws and saves the secret as its only work (draw_late, as
    table.pump does); no secret is saved in a reveal, and the game plays to its end."""
    from host_tools import tablebus
    t = tablebus.Table(seats=3, seed=11, game=game)
    where = {"reveal": 0, "ahead": 0, "late": 0}
    _saves_in_reveals(t, where)
    for h in t.hands:
        h.app.defer = True
        step = h.step

        def loop(now, h=h, step=step):
            if h.app.draw_late(now) and h.app.ahead(h.rand, True):
                where["late"] += 1
                return              # the loop's only work (table.pump.Pump.tick)
            step(now)
        h.step = loop
    assert t.run_game(3_600_000)
    assert where["late"] > 6 and where["reveal"] == 0, where
    recs = t.records()
    assert all(r == recs[0] for r in recs)


def test_the_radios_poll_leaves_frames_for_the_next_loop_after_its_budget(monkeypatch):
    """A round's reveals came together and were one long loop (two or three frames of 10-25 ms
    each on the s3 model): the poll takes frames for radio.POLL_MS of its own work, then leaves
    the rest in the radio's buffer for the next loop; at least one frame a call."""
    from dicecup.device import radio

    class Clock:
        ms = 0

        def ticks_ms(self):
            return self.ms

        def ticks_diff(self, a, b):
            return a - b

    class Air:
        def __init__(self, n):
            self.q = [(b"\x02" * 6, bytes((i,))) for i in range(n)]

        def irecv(self, timeout):
            return self.q.pop(0) if self.q else (None, None)

    clock = Clock()
    monkeypatch.setattr(radio, "time", clock)
    r = radio.Radio.__new__(radio.Radio)
    r.e, r.frames_in = Air(8), 0
    got = []

    def handler(mac, msg, cost=5):
        got.append(msg[0])
        clock.ms += cost   # each frame's work on the board
    r.poll(handler)
    assert got == [0, 1, 2] and len(r.e.q) == 5   # 15 ms >= POLL_MS (12)
    r.poll(lambda m, b: handler(m, b, 40))
    assert got == [0, 1, 2, 3]                     # one frame however long
    r.poll(lambda m, b: handler(m, b, 0))
    assert got == list(range(8)) and r.frames_in == 8


def test_a_table_counts_as_in_a_game_until_a_second_after_its_end():
    """Table.in_game: a game under way or its last second (the key round's file then waits for
    idle loops: roster); a lobby after a game (its phase still P_OVER) is not in a game."""
    import types
    from dicecup.table import table
    from dicecup.table.game import P_IDLE, P_OVER
    t = types.SimpleNamespace(game=types.SimpleNamespace(phase=P_IDLE), now=10000, _changed=9500)
    assert not table.Table.in_game(t)          # the lobby before the first game
    t.game.phase = P_IDLE + 1
    assert table.Table.in_game(t)
    t.game.phase = P_OVER
    assert table.Table.in_game(t)              # its last entry half a second ago: its end's screens
    t.now = 10600
    assert not table.Table.in_game(t)          # the lobby after it
    t.game = None
    assert not table.Table.in_game(t)
