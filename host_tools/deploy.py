"""Getting dicecup onto handhelds: flash MicroPython, deploy the .mpy build, pull the game records.

  python -m host_tools.deploy flash  --port P [--board s3|wroom] --firmware IMAGE.bin   (esptool: erase, write)
  python -m host_tools.deploy deploy --port P [--board s3|wroom] [--name NAME] [--no-mip] [--check-only]
  python -m host_tools.deploy logs   --port P [--out DIR]                      (records -> DIR/<owner>-<id>/)

--board (default s3, the reference Waveshare ESP32-S3-Zero; host_tools/boards.py) picks the stock image
(ESP32_GENERIC_S3 v1.26+ written at 0x0 with --chip esp32s3; ESP32_GENERIC at 0x1000 for a WROOM-32)
and the pin map deploy copies (hardware/pinmap.json or hardware/pinmap_wroom.json). `deploy
--check-only` checks the board, ports and names and runs nothing: `make deploy` calls it before it
builds the Yatzy tables, so a missing port is said at once, not after minutes of building.

P is one serial port, several separated by commas, `all` (every connected USB-serial board) or `wokwi`
(the Wokwi simulator's serial port). Every command takes --dry-run to print the exact commands only.
Several handhelds are served at once, each with its own progress lines; the exit code is 0 only when
every handheld succeeded. Owns the plans (lists of commands) and the meaning of tool errors; all
commands go through a runner that tests replace, so no test needs hardware.
On the handheld: the firmware's .mpy files and main.py at /, pinmap.json, owner.json {"name": ...}
(firmware/dicecup/storage/settings.py reads it), the ssd1306 driver in /lib (mip), the hard bots' tables
(built by `make tables`: Yatzy's value tables, Snyd's solved endgames) in /tables, where
firmware/dicecup/bots/yatzy.py and snyd_hard.py open them, and the game records the
firmware saves as /records/*.json (firmware/dicecup/storage/store.py).
"""
import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from host_tools import boards, build, snyd_table, yatzy_table
from host_tools.paths import BUILD, HARDWARE, ROOT, tool
from dicecup.storage import settings as firmware_settings   # the handheld's own file names and limits (firmware/)
from dicecup.storage import store as firmware_store
from dicecup.bots import yatzy_values as firmware_values

MPREMOTE = tool("mpremote")
ESPTOOL = tool("esptool")
STAGE = os.path.join(ROOT, "build", "deploy")     # pinmap.json and owner files made for the handheld
PINMAP_SRC = boards.BOARDS[boards.REFERENCE].pinmap
WOKWI_URL = "rfc2217://localhost:4000"
FLASH_OFFSET = boards.BOARDS["wroom"].offset   # where the original ESP32's MicroPython image starts
BAUD = "460800"
NEEDS_FLASH = 4 * 1024 * 1024   # ESP32_GENERIC's partition table expects a 4 MB flash chip
NAME_MAX = firmware_settings.NAME_MAX
OWNER_FILE = firmware_settings.OWNER
RECORDS_DIR = firmware_store.RECORDS
# firmware/dicecup/bots/yatzy.py opens "tables/yatzy_VARIANT.yvt" from the root (a name here, not a global on
# the handheld; tests/test_deploy.py runs the .mpy bot on a deployed layout to keep the two in step)
TABLES_DIR = "tables"
# ESP32_GENERIC's file system: the 2 MB "vfs" partition of its 4 MB flash, LittleFS in 4 KB blocks,
# two of them the root's metadata. A file takes whole blocks and a folder a pair, so sizes are in blocks.
BLOCK = 4096
FS_BYTES = 2 * 1024 * 1024 - 2 * BLOCK
# USB ports of the boards (VID, PID): the WROOM boards' USB-serial bridges (CP210x, CH340, CH9102, FTDI)
# and the S3's own USB (its ROM's USB-Serial/JTAG and MicroPython's CDC port).
USB_SERIAL = frozenset().union(*(b.usb_ids for b in boards.BOARDS.values()))
CHIP_NAMES = {"esp32": "ESP32", "esp32s3": "ESP32-S3"}
PROBE_TAG = "DICECUP-PROBE "


class DeployError(Exception):
    """A failure a maker can act on; the message says what and what to do."""


# ---- errors --------------------------------------------------------------------------------------

def explain(output, port):
    """The maker-facing meaning of a failed mpremote/esptool run (its combined output)."""
    low = output.lower()
    local = _is_local(port)
    exists = os.path.exists(port) if local else True
    if "could not enter raw repl" in low:
        return ("%s: the board answers but not as MicroPython (could not enter the raw REPL). If it runs "
                "dicecup and sleeps, press a button to wake it and retry; otherwise flash it first: "
                "make flash BOARD=s3|wroom PORT=%s FIRMWARE=IMAGE.bin" % (port, port))
    if "enospc" in low or "no space left" in low or "errno 28" in low:
        return ("%s: not enough flash: the handheld's file system is full. Delete old files "
                "(mpremote connect %s fs ls) or re-flash it with make flash" % (port, port))
    if "will not fit in" in low:
        return "%s: not enough flash: the image does not fit this board's flash chip (4 MB needed)" % port
    if "no device found" in low or (local and not exists) or "no such file or directory" in low:
        return "%s: no device on this port. Plug the handheld in (a data USB cable, not charge-only) and " \
               "check the port name (ls /dev/ttyUSB* /dev/ttyACM*)" % port
    if "permission denied" in low or "errno 13" in low:
        return "%s: permission denied. Add yourself to the serial group (sudo usermod -aG dialout $USER), " \
               "log out and in again" % port
    if ("busy" in low or "errno 16" in low or "exclusively lock" in low or "errno 11" in low
            or "failed to access" in low):
        return "%s: the port is busy: another program has it open (a serial monitor, Thonny, screen, " \
               "another mpremote). Close it and retry" % port
    if "wrong boot mode" in low or "no serial data received" in low or "failed to connect to" in low:
        return ("%s: the board did not enter its bootloader. Hold BOOT, tap RESET (EN on a DevKitC), release "
                "BOOT, and retry" % port)
    if "this chip is" in low and "wrong --chip" in low:
        found = low.split("this chip is", 1)[1].strip().split()[0].strip(",.").upper()
        for key, b in boards.BOARDS.items():
            if CHIP_NAMES[b.chip].upper() == found:
                return ("%s: this board is an %s, not the board chosen: use BOARD=%s (%s, image %s)"
                        % (port, found, key, b.name, b.image_name()))
        return ("%s: this board is an %s, which dicecup has no board for: BOARD=s3 takes an ESP32-S3 with "
                "PSRAM, BOARD=wroom an original ESP32 (docs/hardware.md)" % (port, found))
    if "mip" in low and ("not found" in low or "error" in low or "failed" in low):
        return "%s: mip could not install ssd1306: is this PC online? (or deploy with --no-mip and copy " \
               "ssd1306.py by hand)" % port
    lines = [l.strip() for l in output.strip().splitlines() if l.strip()]
    return "%s: %s" % (port, lines[-1] if lines else "the command failed with no output")


# ---- ports ----------------------------------------------------------------------------------------

def _is_local(port):
    return port.startswith("/dev/")


def list_usb_serial():
    """Serial ports of connected boards (USB-serial bridges of ESP32 boards, the S3's own USB), sorted."""
    from serial.tools import list_ports
    return sorted(p.device for p in list_ports.comports() if (p.vid, p.pid) in USB_SERIAL)


def resolve_ports(spec, lister=list_usb_serial):
    """The list of ports a --port value names ('a,b', 'all', 'wokwi')."""
    spec = (spec or "").strip()
    if not spec:
        raise DeployError("no port given: PORT=/dev/ttyUSB0 (several: PORT=/dev/ttyUSB0,/dev/ttyUSB1, "
                          "every connected board: PORT=all, the simulator: PORT=wokwi)")
    if spec == "all":
        ports = lister()
        if not ports:
            raise DeployError("PORT=all found no connected handheld (no ESP32-S3 USB port and no "
                              "CP210x/CH340/CH9102/FTDI USB-serial port). Plug one in with a data USB cable")
        return ports
    out = []
    for p in spec.split(","):
        p = p.strip()
        p = WOKWI_URL if p == "wokwi" else p
        if p and p not in out:
            out.append(p)
    return out


def check_port(port):
    """Fail early, before any tool runs, for a local port that is missing or not ours to open, and
    for a network port (the Wokwi simulator's rfc2217://host:port) where nothing listens."""
    if port.startswith("rfc2217://"):
        return check_listening(port)
    if not _is_local(port):
        return
    if not os.path.exists(port):
        raise DeployError(explain("no device found", port))
    if not os.access(port, os.R_OK | os.W_OK):
        raise DeployError(explain("permission denied", port))


def check_listening(url, timeout=2.0):
    import socket
    host, _, num = url.split("://", 1)[1].partition(":")
    try:
        socket.create_connection((host, int(num or 4000)), timeout=timeout).close()
    except (OSError, ValueError) as e:
        wokwi = " (the Wokwi simulator)" if url == WOKWI_URL else ""
        raise DeployError("%s%s: nothing listens there (%s). Start the simulation first: open "
                          "hardware/wokwi/diagram.json with the Wokwi extension for VS Code and start "
                          "it, then deploy again" % (url, wokwi, getattr(e, "strerror", None) or e))


def mpremote(port, *args):
    dev = "port:" + port if "://" in port else port
    return [MPREMOTE, "connect", dev] + list(args)


def esptool(port, *args, chip="esp32"):
    return [ESPTOOL, "--chip", chip, "--port", port] + list(args)


def show(cmd):
    """A command as a maker would type it (venv tools relative to the repo)."""
    def short(a):
        if not a.startswith(ROOT + os.sep):
            return a
        return os.path.relpath(a, ROOT) + (os.sep if a.endswith(os.sep) else "")
    return shlex.join(short(a) for a in cmd)


# ---- running ------------------------------------------------------------------------------------

def run_command(cmd, timeout=600):
    """Run one command; (returncode, stdout+stderr). The default runner."""
    try:
        r = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=timeout)
    except FileNotFoundError:
        return 127, "%s: command not found (run make setup)" % cmd[0]
    except subprocess.TimeoutExpired:
        return 124, "timed out after %d s" % timeout
    return r.returncode, r.stdout + r.stderr


class Printer:
    """Progress lines from several device threads, one whole line at a time; failures to err."""

    def __init__(self, out=None, err=None):
        self.out = out or sys.stdout
        self.err = err or out or sys.stderr
        self.lock = threading.Lock()

    def __call__(self, line):
        with self.lock:
            print(line, file=self.out, flush=True)

    def error(self, line):
        with self.lock:
            print(line, file=self.err, flush=True)


class Step:
    def __init__(self, label, cmd, after=None):
        self.label, self.cmd, self.after = label, cmd, after


def run_steps(port, steps, runner, say):
    """Run a device's steps in order with a progress line each; DeployError on the first failure.
    A step's `after` may append further steps (logs plans its copy from the probe's answer)."""
    i = 0
    while i < len(steps):
        step = steps[i]
        i += 1
        say("[%s] %d/%d %s" % (port, i, len(steps), step.label))
        rc, out = runner(step.cmd)
        if rc != 0:
            raise DeployError(explain(out, port))
        if step.after:
            step.after(out)


def serve(ports, plan_for, runner, say, dry_run):
    """Build each port's steps with plan_for(port) and run them all at once; returns failures {port: msg}."""
    if dry_run:
        for port in ports:
            for step in plan_for(port):
                say(show(step.cmd))
        return {}
    failures = {}

    def one(port):
        try:
            check_port(port)
            run_steps(port, plan_for(port), runner, say)
            say("[%s] done" % port)
        except DeployError as e:
            failures[port] = str(e)
            say.error("[%s] FAILED: %s" % (port, e))

    with ThreadPoolExecutor(max_workers=max(1, len(ports))) as pool:
        list(pool.map(one, ports))
    return failures


# ---- flash --------------------------------------------------------------------------------------

IMAGE_CHIPS = {0: "ESP32", 2: "ESP32-S2", 5: "ESP32-C3", 9: "ESP32-S3", 12: "ESP32-C2", 13: "ESP32-C6"}
APP_DESC_MAGIC = b"\x32\x54\xcd\xab"   # esp_app_desc_t, 32 bytes into the app image


def image_version(path, board):
    """(major, minor) of the MicroPython in a stock image, from the app description ESP-IDF puts
    at the start of the app (flash 0x10000); None when the file does not carry one."""
    try:
        with open(path, "rb") as f:
            f.seek(0x10000 - int(board.offset, 16) + 32)
            desc = f.read(48)
    except OSError:
        return None
    if len(desc) < 48 or desc[:4] != APP_DESC_MAGIC:
        return None
    text = desc[16:48].split(b"\0")[0].decode("ascii", "replace").lstrip("v")
    try:
        major, minor = (int("".join(c for c in x if c.isdigit()) or "x") for x in text.split(".")[:2])
    except ValueError:
        return None
    return major, minor


def check_image(path, board=None):
    """Refuse a file that is not the board's stock firmware image before touching any board."""
    board = board or boards.BOARDS["wroom"]
    get = "download %s from %s" % (board.image_name(), board.download())
    if not path:
        raise DeployError("no image given: %s and pass FIRMWARE=path/to/%s-....bin" % (get, board.image))
    try:
        with open(path, "rb") as f:
            head = f.read(24)
        size = os.path.getsize(path)
    except OSError as e:
        raise DeployError("cannot read the image %s: %s" % (path, e.strerror or e))
    if len(head) < 24 or head[0] != 0xE9:
        raise DeployError("%s is not an ESP32 firmware image (.bin); %s (the .bin, not .uf2, .app-bin or .elf)"
                          % (path, get))
    chip = head[12] | head[13] << 8
    if chip != board.image_chip_id:
        other = [k for k, b in boards.BOARDS.items() if b.image_chip_id == chip]
        hint = " (for BOARD=%s)" % other[0] if other else ""
        raise DeployError("%s is built for another chip (%s%s); BOARD=%s (%s) needs %s: %s"
                          % (path, IMAGE_CHIPS.get(chip, "chip id %d" % chip), hint, board.key, board.name,
                             board.image_name(), board.download()))
    if size + int(board.offset, 16) > NEEDS_FLASH:
        raise DeployError("%s (%d KB) does not fit a 4 MB flash" % (path, size // 1024))
    version = image_version(path, board)
    if board.min_version and version is not None and version < board.min_version:
        raise DeployError("%s is MicroPython %d.%d; on a 4 MB %s it needs %s (older images do not find its "
                          "4 MB flash and PSRAM): %s" % ((path,) + version + (board.name, board.image_name(),
                                                                              board.download())))
    return size


def _flash_size(out):
    """Bytes of flash from esptool's 'Detected flash size: 4MB', or None."""
    for line in out.splitlines():
        if "flash size:" in line.lower():
            v = line.split(":", 1)[1].strip().upper()
            for unit, mul in (("MB", 1024 * 1024), ("KB", 1024)):
                if v.endswith(unit) and v[:-2].strip().isdigit():
                    return int(v[:-2]) * mul
    return None


def flash_plan(port, image, board=None):
    board = board or boards.BOARDS["wroom"]

    def size_ok(out):
        size = _flash_size(out)
        if size is not None and size < NEEDS_FLASH:
            raise DeployError("%s: not enough flash: the board has %d KB, MicroPython's %s needs 4 MB "
                              "(buy the board the BOM lists)" % (port, size // 1024, board.image))

    return [Step("check the chip and its flash size", esptool(port, "flash-id", chip=board.chip), size_ok),
            Step("erase the flash", esptool(port, "erase-flash", chip=board.chip)),
            Step("write MicroPython", esptool(port, "--baud", BAUD, "write-flash", board.offset, image,
                                              chip=board.chip))]


# ---- deploy -------------------------------------------------------------------------------------

def firmware_files(dest=BUILD):
    """The build's top-level files and folders (what gets copied to the handheld's /)."""
    return sorted(os.listdir(dest)) if os.path.isdir(dest) else []


def deploy_files(dest=BUILD):
    """Names the build puts at the handheld's root, whether or not the build ran yet."""
    names = set()
    for rel in build.firmware_sources():
        top = rel.split(os.sep)[0]
        names.add(top if os.sep in rel else os.path.basename(build.command(rel, dest)[1]))
    return sorted(names)


# Files of ours at the handheld's root whose space a new deploy reuses.
_OURS = '(x.endswith(".mpy") or x in ("main.py","pinmap.json",%s))' % json.dumps(OWNER_FILE)


def on_flash(size):
    """Bytes a file of `size` bytes takes on the handheld's file system (whole blocks)."""
    return -(-size // BLOCK) * BLOCK


def table_files():
    """The tables the hard bots read, as built on the PC (build/tables/): Yatzy's value tables and
    Snyd's solved endgames."""
    return [snyd_table.PATH] + [yatzy_table.path_for(v) for v in firmware_values.VARIANTS if v]


def check_tables(paths):
    missing = [os.path.relpath(p, ROOT) for p in paths if not os.path.isfile(p)]
    if missing:
        raise DeployError("the hard bots' value tables are missing (%s): run make tables first (a minute "
                          "or two each; make deploy builds them itself). Without them a handheld's hard bot "
                          "plays like normal" % ", ".join(missing))


def probe_code(root="/"):
    """One line of MicroPython printing, as tagged JSON, what deploy and logs need to know: the
    implementation, free flash (counting our own files a deploy overwrites), the chip id, the owner's
    name and the saved records. root is "/" on a handheld (tests run it on the unix port in a folder)."""
    t = json.dumps(TABLES_DIR)
    return ('import os,sys,json,binascii,machine;d=%s;s=os.statvfs(d);n=os.listdir(d);'
            'u=lambda p:-(-os.stat(p)[6]//s[0])*s[0];'
            'f=s[0]*s[3]+sum(u(d+x) for x in n if %s)'
            '+(sum(u(d+%s+"/"+x) for x in os.listdir(d+%s) if x in %s) if %s in n else 0);'
            'o=json.load(open(d+%s)).get("name","") if %s in n else "";'
            'r=os.listdir(d+%s) if %s in n else [];'
            'print("%s"+json.dumps({"impl":sys.implementation.name,"platform":sys.platform,"free":f,'
            '"uid":binascii.hexlify(machine.unique_id()).decode(),"owner":o,"records":r}))'
            % (json.dumps(root), _OURS, t, t, json.dumps([os.path.basename(p) for p in table_files()]), t,
               json.dumps(OWNER_FILE), json.dumps(OWNER_FILE), json.dumps(RECORDS_DIR),
               json.dumps(RECORDS_DIR), PROBE_TAG))


def unshadow_code(root="/"):
    """After the copy, at the handheld's root: a stale X.py would be imported instead of the new
    X.mpy, and the .mpy files of the flat layout before the dicecup/ package only take flash (the
    firmware has no .mpy at the root any more). Remove those, nothing else."""
    return ('import os;d=%s;n=os.listdir(d);[os.remove(d+x) for x in n if (x.endswith(".py") and '
            'x[:-3]+".mpy" in n and x not in ("main.py","boot.py")) or x.endswith(".mpy")]' % json.dumps(root))


def tables_code(digests, root="/"):
    """Before the tables' copy: make the tables folder if missing and remove each old table whose
    sha256 differs from the new one's (digests {file name: hex}). LittleFS keeps a file's old blocks
    until its new copy is closed, so overwriting a 1 MB table in place would need its size twice;
    an identical table stays and mpremote's copy skips it (its own sha256 check)."""
    code = ('import os,hashlib,binascii\nd=%s;t=d+%s;w=%s\n%s in os.listdir(d) or os.mkdir(t)\n'
            'for x in os.listdir(t):\n if x in w:\n  h=hashlib.sha256();b=bytearray(512);f=open(t+"/"+x,"rb")\n'
            '  while 1:\n   k=f.readinto(b)\n   if not k:break\n   h.update(b[:k])\n  f.close()\n'
            '  if binascii.hexlify(h.digest()).decode()!=w[x]:os.remove(t+"/"+x)\n'
            % (json.dumps(root), json.dumps(TABLES_DIR), json.dumps(digests, sort_keys=True), json.dumps(TABLES_DIR)))
    return "exec(%s)" % json.dumps(code)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_probe(out, port):
    for line in out.splitlines():
        if line.startswith(PROBE_TAG):
            try:
                info = json.loads(line[len(PROBE_TAG):])
            except ValueError:
                break
            if info.get("impl") != "micropython":
                raise DeployError("%s: the board runs %s, not MicroPython; flash it with make flash" % (port, info.get("impl")))
            return info
    raise DeployError("%s: the board did not answer like dicecup's MicroPython (no probe reply); "
                      "flash it with make flash PORT=%s FIRMWARE=..." % (port, port))


def valid_name(name):
    name = name.strip()
    if not name or len(name) > NAME_MAX or not name.isprintable():
        raise DeployError("owner name %r must be 1 to %d printable characters" % (name, NAME_MAX))
    return name


def names_for(ports, names):
    """{port: owner name or None}; one name per handheld, or none to keep the names they have."""
    if not names:
        return {p: None for p in ports}
    names = [valid_name(n) for n in names.split(",")]
    if len(names) != len(ports):
        raise DeployError("%d name(s) for %d handheld(s): give one name per handheld in port order "
                          "(NAME=anna,bo) or no NAME to keep the names they have" % (len(names), len(ports)))
    return dict(zip(ports, names))


def _slug(port):
    return "".join(c if c.isalnum() else "_" for c in port).strip("_")


def stage_pinmap(stage=STAGE, board=None):
    """The board's pin map as the handheld gets it: without the enclosure layout, which only the PC needs."""
    with open(board.pinmap if board else PINMAP_SRC, encoding="utf-8") as f:
        pm = json.load(f)
    pm.pop("layout", None)
    path = os.path.join(stage, "pinmap.json")
    return path, json.dumps(pm, separators=(",", ":"), sort_keys=True) + "\n"


def stage_owner(port, name, stage=STAGE):
    path = os.path.join(stage, "owner-%s.json" % _slug(port))
    return path, json.dumps({"name": name}, ensure_ascii=False) + "\n"   # what settings.name() reads


def _write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _size(path):
    try:
        return os.path.getsize(path)
    except OSError:   # gone since the listing (a build running at the same time)
        return 0


def build_size(dest=BUILD, size=_size):
    total = 0
    for d, _, files in os.walk(dest):
        total += sum(size(os.path.join(d, f)) for f in files)
    return total


def flash_need(dest=BUILD, tables=()):
    """Bytes of the handheld's file system a deploy needs: the build and the tables in whole blocks,
    the tables folder, and 16 KB for the pin map, owner.json, the ssd1306 driver and /lib."""
    need = build_size(dest, lambda p: on_flash(_size(p)))
    need += sum(on_flash(os.path.getsize(p)) for p in tables if os.path.isfile(p))
    return need + (2 * BLOCK if tables else 0) + 16 * 1024


def deploy_plan(port, name, dest=BUILD, stage=STAGE, mip=True, need_bytes=0, tables=(), digests=None,
                board=None):
    names = deploy_files(dest)
    tops = [os.path.join(dest, n) for n in names]  # main.py and the dicecup/ package tree

    def room(out):
        info = parse_probe(out, port)
        if info["free"] < need_bytes:
            raise DeployError("%s: not enough flash: the firmware needs %d KB, the handheld has %d KB free. "
                              "Delete old files or re-flash it" % (port, need_bytes // 1024, info["free"] // 1024))

    steps = [Step("check MicroPython and free flash", mpremote(port, "exec", probe_code()), room),
             Step("copy firmware (%d files)" % len(build.firmware_sources()),
                  mpremote(port, "fs", "cp", "-r", *tops, ":")),
             Step("remove stale files", mpremote(port, "exec", unshadow_code()))]
    steps.append(Step("copy pin map (%s)" % (board or boards.get("")).name,
                      mpremote(port, "fs", "cp", stage_pinmap(stage, board)[0], ":pinmap.json")))
    if name is not None:
        steps.append(Step("set owner %s" % name, mpremote(port, "fs", "cp", stage_owner(port, name, stage)[0],
                                                          ":" + OWNER_FILE)))
    if tables:
        digests = digests or {}
        steps.append(Step("prepare /%s (remove changed tables)" % TABLES_DIR, mpremote(
            port, "exec", tables_code({os.path.basename(p): digests.get(p, "") for p in tables}))))
        steps.append(Step("copy the bots' tables (%d KB)" % (sum(os.path.getsize(p) for p in tables
                                                                   if os.path.isfile(p)) // 1024),
                          mpremote(port, "fs", "cp", *tables, ":%s/" % TABLES_DIR)))
    if mip:
        steps.append(Step("install ssd1306 driver (mip)", mpremote(port, "mip", "install", "ssd1306")))
    steps.append(Step("reset", mpremote(port, "reset")))
    return steps


def build_commands(dest=BUILD):
    return [build.command(rel, dest)[0] for rel in build.firmware_sources()]


# ---- logs ---------------------------------------------------------------------------------------

def logs_plan(port, out_dir, make_dirs=True):
    """Probe the handheld for its owner and records, then copy the records into out_dir/<owner>-<id>/.
    The copy step is planned from the probe's answer, so the list of steps grows while it runs.
    Returns (steps, found) where found gets 'folder' and 'records' once the probe has answered."""
    steps, found = [], {"folder": None, "records": []}

    def got(out):
        info = parse_probe(out, port)
        who = "".join(c if c.isalnum() or c in "-_" else "_" for c in (info["owner"] or "handheld"))
        folder = os.path.join(out_dir, "%s-%s" % (who, info["uid"][-6:]))
        recs = sorted(r for r in info["records"] if r.endswith(".json"))
        found["folder"], found["records"] = folder, recs
        if recs:
            if make_dirs:
                os.makedirs(folder, exist_ok=True)
            steps.append(Step("copy %d record(s) to %s" % (len(recs), os.path.relpath(folder)),
                              mpremote(port, "fs", "cp", *[":%s/%s" % (RECORDS_DIR, r) for r in recs], folder + os.sep)))

    steps.append(Step("list saved game records", mpremote(port, "exec", probe_code()), got))
    return steps, found


# ---- commands -----------------------------------------------------------------------------------

def _board(args):
    try:
        return boards.get(args.board)
    except boards.UnknownBoard as e:
        raise DeployError(str(e))


def cmd_flash(args, runner, say, lister):
    board = _board(args)
    ports = resolve_ports(args.port, lister)
    if not args.dry_run:
        check_image(args.firmware, board)
    elif not args.firmware:
        raise DeployError("no image given: FIRMWARE=path/to/%s-....bin (%s from %s)"
                          % (board.image, board.image_name(), board.download()))
    failures = serve(ports, lambda p: flash_plan(p, args.firmware, board), runner, say, args.dry_run)
    if not args.dry_run and len(failures) < len(ports):
        say("next: make deploy BOARD=%s PORT=%s NAME=..." % (board.key, ",".join(p for p in ports if p not in failures)))
    return failures, ports


def cmd_deploy(args, runner, say, lister):
    board = _board(args)
    ports = resolve_ports(args.port, lister)
    owners = names_for(ports, args.name)
    if args.check_only:
        for p in ports:
            if not args.dry_run:
                check_port(p)
        say("deploy: %d handheld(s) on %s, board %s (%s); pin map %s"
            % (len(ports), ",".join(ports), board.key, board.name, os.path.relpath(board.pinmap, ROOT)))
        return {}, []
    tables = table_files()
    if not args.dry_run:
        check_tables(tables)
    digests = {p: sha256_of(p) for p in tables if os.path.isfile(p)}
    if args.dry_run:
        for c in build_commands():
            say(show(c))
        say("# then write %s (%s's pin map %s without its enclosure layout)"
            % (os.path.relpath(stage_pinmap()[0], ROOT), board.name, os.path.relpath(board.pinmap, ROOT)))
        for p in ports:
            if owners[p] is not None:
                path, text = stage_owner(p, owners[p])
                say("# and %s: %s" % (os.path.relpath(path, ROOT), text.strip()))
        missing = [os.path.relpath(p, ROOT) for p in tables if p not in digests]
        if missing:
            say("# missing %s: make tables builds them (make deploy does it first)" % ", ".join(missing))
    else:
        errors = build.build()
        if errors:
            raise DeployError("mpy-cross rejected the firmware: " + "; ".join("%s: %s" % e for e in errors))
        _write(*stage_pinmap(board=board))
        for p in ports:
            if owners[p] is not None:
                _write(*stage_owner(p, owners[p]))
        say("built %d firmware files (%d KB)" % (len(firmware_files()), build_size() // 1024))
    need = flash_need(tables=tables)
    fs = min(FS_BYTES, board.fs_bytes)
    if need > fs:
        raise DeployError("the firmware and the Yatzy tables need %d KB of flash, more than the %d KB file "
                          "system of %s" % (need // 1024, fs // 1024, board.image))
    if args.dry_run:
        say("# needs %d KB of the handheld's %d KB file system (firmware and tables in 4 KB blocks)"
            % (need // 1024, fs // 1024))
    failures = serve(ports, lambda p: deploy_plan(p, owners[p], mip=not args.no_mip, need_bytes=need,
                                                  tables=tables, digests=digests, board=board),
                     runner, say, args.dry_run)
    return failures, ports


def cmd_logs(args, runner, say, lister):
    ports = resolve_ports(args.port, lister)
    if args.dry_run:
        for p in ports:
            for step in logs_plan(p, args.out, make_dirs=False)[0]:
                say(show(step.cmd))
            say("# then, with the records the first command lists: %s" % show(
                mpremote(p, "fs", "cp", ":%s/NAME.json" % RECORDS_DIR, os.path.join(args.out, "OWNER-ID") + os.sep)))
        return {}, ports
    failures, pulled = {}, []

    def one(port):
        try:
            check_port(port)
            steps, found = logs_plan(port, args.out)
            run_steps(port, steps, runner, say)
            if found["records"]:
                pulled.append(found["folder"])
                say("[%s] done: %d record(s) in %s" % (port, len(found["records"]), os.path.relpath(found["folder"])))
            else:
                say("[%s] done: no saved game records on this handheld" % port)
        except DeployError as e:
            failures[port] = str(e)
            say.error("[%s] FAILED: %s" % (port, e))

    with ThreadPoolExecutor(max_workers=max(1, len(ports))) as pool:
        list(pool.map(one, ports))
    for folder in sorted(pulled):
        say("replay them: python -m host_tools.replay %s" % os.path.join(os.path.relpath(folder), "FILE.json"))
    return failures, ports


def parser():
    ap = argparse.ArgumentParser(prog="python -m host_tools.deploy", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name, helptext in (("flash", "put MicroPython on new ESP32 boards"),
                           ("deploy", "copy the dicecup firmware onto handhelds"),
                           ("logs", "pull saved game records from handhelds")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("--port", default="", help="PORT, PORT,PORT, all, or wokwi")
        p.add_argument("--dry-run", action="store_true", help="print the exact commands, run nothing")
        if name in ("flash", "deploy"):
            p.add_argument("--board", default=boards.REFERENCE,
                           help="%s (default %s)" % (" or ".join("%s: %s" % (k, b.name) for k, b in boards.BOARDS.items()),
                                                     boards.REFERENCE))
        if name == "flash":
            p.add_argument("--firmware", default="", help="the board's stock .bin from micropython.org "
                           "(ESP32_GENERIC_S3 v1.26+ for s3, ESP32_GENERIC for wroom)")
        if name == "deploy":
            p.add_argument("--check-only", action="store_true", help="check board, ports and names; run nothing")
            p.add_argument("--name", default="", help="owner name(s), one per handheld in port order")
            p.add_argument("--no-mip", action="store_true", help="do not install the ssd1306 driver")
        if name == "logs":
            p.add_argument("--out", default=os.path.join(ROOT, "logs"), help="local folder (default logs/)")
    return ap


def main(argv=None, runner=run_command, out=None, lister=list_usb_serial):
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    say = Printer(out)
    handler = {"flash": cmd_flash, "deploy": cmd_deploy, "logs": cmd_logs}[args.command]
    try:
        failures, ports = handler(args, runner, say, lister)
    except DeployError as e:
        say.error("%s: %s" % (args.command, e))
        return 1
    if failures:
        say.error("%s: %d of %d handheld(s) failed" % (args.command, len(failures), len(ports)))
        return 1
    if not args.dry_run and ports:
        say("%s: all %d handheld(s) done" % (args.command, len(ports)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
