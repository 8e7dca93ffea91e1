"""The simulator's core: N handheld processes, their host links, the radio bus and the clock.

Each handheld is its own `micropython` process running the unchanged firmware (the .mpy build)
with host_tools/fakes (compiled to .mpy for the session) first on MICROPYPATH and its own folder
as the flash filesystem (its cwd).
It connects to the hub over the host link (host_tools/fakes/hostlink.py: TCP, one connection per
handheld): the hub keeps its last shown frame, presses its buttons, carries its ESP-NOW frames
through the RadioBus (radio.py) and, on the virtual clock, grants every handheld time in lockstep
so a whole table runs faster than real time and frames are timed on one shared clock.

Public API (used by __main__, window.py and the tests):
    sim = Sim(n, ...); sim.start()         spawn and wait until every handheld said HELLO
    sim.run_for(ms) / sim.step(ms)         let time pass (wall or virtual), handling all traffic
    sim.handhelds[i].frame                 last 1024-byte MONO_VLSB frame it showed (or None)
    sim.press(i, "select", down=True)      a button level; sim.click(i, "select") presses and releases
    sim.shake(i)                           shake its cup (the pin map's tilt switch rattles)
    sim.handhelds[i].tone, .tones          what its piezo sounds now (Hz, 0 silent), every change
    sim.kill(i) / sim.reboot(i)            drop a handheld / restart it (same flash folder)
    sim.handhelds[i].soft_resets           how often its firmware soft-reset (machine.soft_reset:
                                           the App starts a solo game so where the heap is small);
                                           the hub started main.py again on the same flash at once
    Sim(n, names=("ANNA", ...))            the owners' names (default: distinct names, NAMES; an
                                           empty one: that handheld asks at its first boot)
    Sim(n, urandom_seed=S)                 every handheld's os.urandom seeded from S (per handheld
                                           and boot: fakes/seeded/os.py), so a run repeats itself
    sim.power_cut_at_write(i, n)           reboot it so that it dies halfway through its n-th flash
                                           write from now (host_tools/fakes/_powercut.py)
    sim.add_stranger(rate_hz, channel)     a foreign radio: garbage, replays, altered replays
    sim.bus                                the RadioBus: counts, frames, loss/dup/delay settings
    Sim(n, device_time=model)              on the virtual clock, charge each handheld's clock what
                                           its work costs on the board (host_tools/devtime.py's
                                           Model; None: today's free work); sim.handhelds[i].work
                                           lists (sim ms, us of work) per loop of its firmware
    sim.close()
"""
import json
import os
import selectors
import shutil
import socket
import subprocess
import tempfile
import time

from host_tools.paths import BUILD, HARDWARE, MICROPYTHON, ROOT
from host_tools.sim.radio import RadioBus

FAKES = os.path.join(ROOT, "host_tools", "fakes")
VCLOCK = os.path.join(FAKES, "vclock")
MAIN = os.path.join(BUILD, "main.py")
BUTTONS = ("up", "down", "select", "back")
_HELLO, _FRAME, _POWER, _WAITING = b"H", b"F", b"P", b"W"
_BUTTON, _TIME, _QUIT = b"B", b"T", b"Q"
_RADIO, _SEND, _HEARD, _ACK = b"N", b"S", b"R", b"K"
_CUT = b"X"  # host_tools/fakes/_powercut.py: "the power is gone now"
_TONE = b"Z"  # the machine fake's PWM: the piezo sounds (GPIO, Hz; 0 silent)
_WORK = b"D"  # device time (host_tools/fakes/devtime.py): a loop's work on the board, us
SHAKE_EDGES, SHAKE_GAP_MS = 6, 40  # sim.shake: the tilt switch's ball rattling, an edge each gap
FREE_RUN = 0xFFFFFFFF
SOFT_RESET = 77  # the exit status of host_tools/fakes/machine.py's soft_reset: the hub starts it again
# the owners of a simulated table, one per handheld (handheld i gets NAMES[i % 16], numbered past
# 16): distinct, so the lobby and the screens tell the seats apart, and named, so no handheld
# stops at the first boot's name question (Sim(names=()) asks it on every handheld)
NAMES = ("ANNA", "BO", "CARL", "DITTE", "EMIL", "FREJA", "GUSTAV", "HANNE",
         "IB", "JENS", "KAREN", "LARS", "MIA", "NIELS", "OLE", "PIA")


def default_name(i):
    return NAMES[i % 16] + (str(i // 16 + 1) if i >= 16 else "")
_TCP_QUICKACK = getattr(socket, "TCP_QUICKACK", 12)


def _built_names():
    """What a complete build holds: every firmware source as .mpy (main.py and boot.py as is)."""
    from host_tools.build import SCRIPTS, firmware_sources
    return [f if f in SCRIPTS else f[:-3] + ".mpy" for f in firmware_sources()]


def button_pins(path=os.path.join(HARDWARE, "pinmap.json")):
    """GPIO of each button (up, down, select, back) from the pin map the firmware reads too."""
    with open(path) as f:
        b = json.load(f)["buttons"]
    return {name: b[name] for name in BUTTONS}


def urandom_seed_of(seed, ident, boot):
    """The seed of handheld ident's os.urandom on its boot-th boot (0 first) in a run seeded with
    seed: deterministic, different per handheld and per boot (a rebooted handheld does not draw
    its first boot's secrets again)."""
    import hashlib
    d = hashlib.sha256(b"dicecup urandom %d %d %d" % (seed, ident, boot)).digest()
    return int.from_bytes(d[:4], "big") >> 2  # a small int for MicroPython's random.seed


def mac_of(ident):
    return b"\x02\xdc\x00\x00\x00" + bytes((ident & 255,))


class Handheld:
    """One virtual handheld: its process, its link, what it last showed."""

    def __init__(self, ident, flash):
        self.id = ident
        self.mac = mac_of(ident)
        self.flash = flash
        self.proc = None
        self.conn = None
        self.frame = None
        self.frames = 0
        self.display_on = True
        self.contrast = 255
        self.waiting = False
        self.grant = 0
        self.offset = None
        self.power_cuts = 0
        self.soft_resets = 0  # machine.soft_reset: each one started its process again (Sim._reap)
        self.boots = 0
        self.exit_code = None
        self.log_path = os.path.join(flash, "console.log")
        self.on_frame = []  # callbacks fn(handheld) after every new frame
        self.tone = 0       # the Hz its piezo sounds now (0: silent)
        self.tones = []     # (sim ms, Hz) of every change of its piezo's sound
        self.tone_at = None  # sim ms when it last started a tone (the window shows it a while)
        self.work = []      # device time: (sim ms, us of work) per loop of the firmware

    @property
    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def send(self, kind, payload=b""):
        if self.conn is None:
            return
        n = len(payload)
        try:
            self.conn.sendall(kind + bytes((n >> 8, n & 255)) + payload)
        except OSError:
            pass


class Sim:
    def __init__(self, n=4, seed=0, loss=0.0, dup=0.0, delay_ms=(0.0, 0.0), reorder=0.0,
                 heap="256K", clock="wall", script=None, flash_root=None, env=None,
                 args=(), step_ms=10, record_frames=True, scripts=None, airtime_mbps=None,
                 pinmap=None, urandom_seed=None, names=None, device_time=None):
        if not 1 <= n <= 32:
            raise ValueError("handhelds must be 1..32, got %d" % n)
        if clock not in ("wall", "virtual"):
            raise ValueError("clock must be 'wall' or 'virtual'")
        self.n = n
        self.clock = clock
        self.heap = heap
        self.script = os.path.abspath(script or MAIN)
        # one script per handheld (tests mix a checker with stand-ins); default: all the same
        self.scripts = [os.path.abspath(x) for x in scripts] if scripts else [self.script] * n
        self.args = list(args)
        self.extra_env = dict(env or {})
        self.step_ms = step_ms
        # with urandom_seed, each handheld's os.urandom is seeded (fakes/seeded/os.py), per handheld
        # and per boot, so a whole run repeats itself; without it, the dice are the host's random
        self.urandom_seed = urandom_seed
        # device time (host_tools/devtime.py): only the virtual clock can charge it
        self.device_time = device_time if clock == "virtual" else None
        self.bus = RadioBus(seed=seed, loss=loss, dup=dup, delay_ms=delay_ms, reorder=reorder,
                            record=record_frames, airtime_mbps=airtime_mbps)
        self._own_root = flash_root is None
        self.root = flash_root or tempfile.mkdtemp(prefix="dicecup-sim-")
        self.pinmap = pinmap or os.path.join(HARDWARE, "pinmap.json")  # the board's map (--board)
        self.pins = button_pins(self.pinmap)
        with open(self.pinmap) as f:
            self.tilt_pin = (json.load(f).get("optional") or {}).get("tilt")
        self._shaking = []  # [sim ms, handheld, level] edges of shakes under way (sim.shake)
        # owner.json written before a handheld's first boot where none is there yet (a test or
        # the harness may have written its own): names[i], or the default names; an empty name
        # (or names=()) leaves it new, so it asks for its owner's name
        self.names = [default_name(i) for i in range(n)] if names is None else \
            [names[i] if i < len(names) else "" for i in range(n)]
        self.handhelds = [Handheld(i, os.path.join(self.root, "handheld%d" % i)) for i in range(n)]
        self.sel = selectors.DefaultSelector()
        self.listener = None
        self.vnow = 0  # virtual ms (virtual clock) or ms since start (wall clock)
        self._t0 = None
        self._power_cut = {}
        self._booting = False
        self.strangers = []
        self._sends = []  # a lockstep step's frames, put on the air in a fixed order (_air)
        self.firmware = BUILD  # the session's copy of the build once start() made one
        self.fakes = FAKES  # the session's .mpy of the fakes once start() made them

    # -- processes ---------------------------------------------------------------------------
    def _env(self, h):
        env = dict(os.environ)
        path = [self.fakes, self.firmware]
        if self.clock == "virtual":
            path.insert(0, os.path.join(self.fakes, "vclock"))
        env.pop("DICECUP_SEED", None)
        if self.urandom_seed is not None:
            path.insert(0, os.path.join(self.fakes, "seeded"))
            env["DICECUP_SEED"] = str(urandom_seed_of(self.urandom_seed, h.id, h.boots))
        env.update({"MICROPYPATH": os.pathsep.join(path),
                    "DICECUP_LINK": "127.0.0.1:%d" % self.port, "DICECUP_ID": str(h.id),
                    "DICECUP_CLOCK": self.clock})
        env.pop("DICECUP_DEVTIME", None)
        if self.device_time is not None:
            from host_tools.devtime import heap_bytes
            env["DICECUP_DEVTIME"] = self.device_time.env(heap_bytes(self.heap))
        env.update(self.extra_env)
        return env

    def _spawn(self, h):
        os.makedirs(h.flash, exist_ok=True)
        if not os.path.exists(os.path.join(h.flash, "pinmap.json")):
            shutil.copyfile(self.pinmap, os.path.join(h.flash, "pinmap.json"))  # as deployed on the device
        owner = os.path.join(h.flash, "owner.json")
        if not h.boots and self.names[h.id] and not os.path.exists(owner):
            with open(owner, "w") as f:
                json.dump({"name": self.names[h.id][:8]}, f)
        log = open(h.log_path, "ab")
        env = self._env(h)
        cmd = [MICROPYTHON, "-X", "heapsize=" + self.heap, self.scripts[h.id]] + self.args
        cut = self._power_cut.pop(h.id, None)
        if cut:
            env["DICECUP_POWER_CUT_AT_WRITE"] = str(cut)
            cmd[3:3] = [os.path.join(FAKES, "_powercut.py")]
        if env.get("DICECUP_DEVTIME"):  # before the firmware: its first `import gc` counts (devtime.py)
            cmd[3:3] = [os.path.join(FAKES, "_devtime.py")]
        h.proc = subprocess.Popen(cmd, cwd=h.flash, env=env, stdout=log,
                                  stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        h.boots += 1
        h.exit_code = None

    def _snapshot_build(self):
        """Copy the .mpy build for this session, so a rebuild while it runs (make build in
        another terminal) cannot pull modules from under a running or rebooting handheld."""
        dst = os.path.join(self.root, "firmware")
        for _ in range(20):
            shutil.rmtree(dst, ignore_errors=True)
            try:
                shutil.copytree(BUILD, dst)
            except (OSError, shutil.Error):
                time.sleep(0.5)  # a rebuild is under way: try again
                continue
            if all(os.path.exists(os.path.join(dst, f)) for f in _built_names()):
                return dst
            time.sleep(0.5)  # caught a build half done: try again
        raise RuntimeError("%s is incomplete or changing: run `make build`" % BUILD)

    def _compile_fakes(self):
        """The host fakes as .mpy for this session, as the firmware is: a handheld then loads
        bytecode at boot instead of compiling source, which would leave the parser's garbage in
        holes between the modules it keeps. (_powercut.py runs as a script: source, from FAKES.)"""
        from host_tools.paths import MPY_CROSS
        dst = tempfile.mkdtemp(prefix="dicecup-fakes-")
        for rel in [f for f in os.listdir(FAKES) if f.endswith(".py") and not f.startswith("_")] + \
                ["vclock/time.py", "seeded/os.py"]:
            out = os.path.join(dst, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            subprocess.run([MPY_CROSS, "-o", out, "-s", os.path.basename(rel)[:-3],
                            os.path.join(FAKES, rel)], check=True, capture_output=True)
        return dst

    def start(self, timeout=30.0):
        self.fakes = self._compile_fakes()
        for sc in self.scripts:
            if not os.path.exists(sc):
                raise FileNotFoundError("%s not found (run `make build` first)" % sc)
        if any(os.path.dirname(sc) == BUILD for sc in self.scripts):
            self.firmware = self._snapshot_build()
            self.scripts = [os.path.join(self.firmware, os.path.basename(sc))
                            if os.path.dirname(sc) == BUILD else sc for sc in self.scripts]
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(32)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.sel.register(self.listener, selectors.EVENT_READ, None)
        self._t0 = time.monotonic()
        for h in self.handhelds:
            self._spawn(h)
        # no shared time passes until every handheld is linked, so nobody's boot runs ahead
        self._booting = True
        try:
            self.wait_until(lambda: all(self._ready(h) for h in self.handhelds), timeout,
                            "every handheld to connect", fail_if_dead=True)
        finally:
            self._booting = False
        return self

    def _ready(self, h):
        """Linked, and on the virtual clock also waiting for its first grant."""
        return h.conn is not None and (self.clock == "wall" or h.offset is not None)

    def wait_until(self, cond, timeout, what="the condition", fail_if_dead=False):
        """Step the simulation until cond() holds; raise TimeoutError (with consoles) if it never
        does, or RuntimeError at once when fail_if_dead and a handheld process has exited."""
        deadline = time.monotonic() + timeout
        while not cond():
            if fail_if_dead and any(h.proc is not None and h.proc.poll() is not None
                                    for h in self.handhelds):
                raise RuntimeError("a handheld stopped while waiting for %s\n%s"
                                   % (what, self.consoles()))
            if time.monotonic() > deadline:
                raise TimeoutError("timed out waiting for %s\n%s" % (what, self.consoles()))
            self.step(self.step_ms)
        return True

    def consoles(self, tail=800):
        out = []
        for h in self.handhelds:
            try:
                with open(h.log_path, "rb") as f:
                    txt = f.read()[-tail:].decode("utf-8", "replace")
            except OSError:
                txt = ""
            out.append("--- handheld %d (exit %s) ---\n%s" % (h.id, h.exit_code, txt))
        return "\n".join(out)

    def _disconnect(self, h):
        if h.conn is not None:
            try:
                self.sel.unregister(h.conn)
            except (KeyError, ValueError):
                pass
            h.conn.close()
            h.conn = None
        h.waiting = False
        self.bus.power_off(h.mac)

    def kill(self, i):
        """Drop handheld i at once (battery out): no goodbye, no flush."""
        h = self.handhelds[i]
        if h.proc is not None and h.proc.poll() is None:
            h.proc.kill()
            h.proc.wait()
        if h.proc is not None:
            h.exit_code = h.proc.returncode
        self._disconnect(h)

    def reboot(self, i, timeout=30.0):
        """Power-cycle handheld i: kill it and boot it again on the same flash folder."""
        self.kill(i)
        h = self.handhelds[i]
        self._spawn(h)
        self._booting = True  # shared time stands still while it boots, as at start()
        try:
            self.wait_until(lambda: self._ready(h) or not h.alive, timeout,
                            "handheld %d to reboot" % i)
        finally:
            self._booting = False

    def reboot_all(self, timeout=30.0):
        """Power-cycle every handheld at the same moment (a room's power strip): all are off
        before the first boots again, so none hears another's last frames, and shared time
        stands still until all of them are up."""
        for h in self.handhelds:
            self.kill(h.id)
        for h in self.handhelds:
            self._spawn(h)
        # read the links only, until every one is up: what they send while booting goes on the
        # air at the next step, all together in handheld order (in batches as they happened to
        # boot, the radio's draws would follow the processes' timing and a seeded run would not
        # repeat)
        deadline = time.monotonic() + timeout
        while not all(self._ready(h) or not h.alive for h in self.handhelds):
            if time.monotonic() > deadline:
                raise TimeoutError("timed out waiting for every handheld to reboot\n%s"
                                   % self.consoles())
            self._pump(0.01)
            self._reap()

    def power_cut_at_write(self, i, n=1, reboot=True):
        """Handheld i loses power in the middle of its n-th flash write from now on.

        Reboots it (unless reboot=False: then its next boot) under host_tools/fakes/_powercut.py,
        which writes half of that write's bytes and asks the hub to SIGKILL it. Afterwards
        h.power_cuts counts it; sim.reboot(i) boots it normally on the same flash folder.
        """
        self._power_cut[i] = n
        if reboot:
            self.reboot(i)

    def close(self):
        for h in self.handhelds:
            if h.alive:
                h.send(_QUIT)
        t = time.monotonic() + 2
        for h in self.handhelds:
            if h.proc is not None:
                try:
                    h.proc.wait(max(0.05, t - time.monotonic()))
                except subprocess.TimeoutExpired:
                    h.proc.kill()
                    h.proc.wait()
                h.exit_code = h.proc.returncode
            self._disconnect(h)
        if self.listener is not None:
            self.sel.unregister(self.listener)
            self.listener.close()
            self.listener = None
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)
        if self.fakes != FAKES:
            shutil.rmtree(self.fakes, ignore_errors=True)
            self.fakes = FAKES

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # -- strangers on the channel -------------------------------------------------------------
    def add_stranger(self, rate_hz=5.0, channel=1, seed=0):
        """A radio that is no handheld of this table, on the given channel: about rate_hz times a
        second it sends garbage (random bytes, random length up to 250), a byte-exact replay of
        a frame it overheard, or such a replay with one byte changed. For "frames from unknown
        senders ... garbage ... never crash a handheld" and for a second table next door."""
        import random as _random
        mac = bytes((0x06, 0x57, 0x00, 0x00, 0x01, len(self.strangers)))
        self.strangers.append({"mac": mac, "rate": rate_hz, "channel": channel,
                               "rng": _random.Random(seed), "next": self.now(), "sent": 0})
        return mac

    def _strangers(self):
        now = self.now()
        for st in self.strangers:
            rng = st["rng"]
            while st["next"] <= now:
                st["next"] += rng.expovariate(st["rate"]) * 1000.0
                heard = [f for f in (self.bus.frames or [])[-200:] if f.fate == "ok"]
                kind = rng.random()
                if heard and kind < 0.4:
                    data = rng.choice(heard).data
                elif heard and kind < 0.7:
                    data = bytearray(rng.choice(heard).data)
                    if data:
                        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
                    data = bytes(data)
                else:
                    data = bytes(rng.getrandbits(8) for _ in range(rng.randrange(251)))
                self.bus.inject(now, st["mac"], data, st["channel"])
                st["sent"] += 1

    # -- buttons -----------------------------------------------------------------------------
    def press(self, i, button, down=True):
        if button not in self.pins:
            raise ValueError("unknown button %r (one of %s)" % (button, ", ".join(BUTTONS)))
        self.handhelds[i].send(_BUTTON, bytes((self.pins[button], 0 if down else 1)))

    def shake(self, i):
        """Shake handheld i's cup: its tilt switch opens and closes SHAKE_EDGES times, one edge
        every SHAKE_GAP_MS from now (sent as steps pass: the call returns at once)."""
        if self.tilt_pin is None:
            raise ValueError("this board's pin map has no tilt switch")
        t = self.now()
        self._shaking += [[t + k * SHAKE_GAP_MS, i, k & 1] for k in range(SHAKE_EDGES)]

    def _shake_edges(self):
        now = self.now()
        due = [e for e in self._shaking if e[0] <= now]
        if due:
            self._shaking = [e for e in self._shaking if e[0] > now]
            for _, i, level in due:
                self.handhelds[i].send(_BUTTON, bytes((self.tilt_pin, level)))

    def click(self, i, button, hold_ms=60, gap_ms=60):
        """Press and release like a finger: held long enough for the firmware's debounce."""
        self.press(i, button, True)
        self.run_for(hold_ms)
        self.press(i, button, False)
        self.run_for(gap_ms)

    # -- time --------------------------------------------------------------------------------
    def now(self):
        if self.clock == "virtual":
            return self.vnow
        return (time.monotonic() - self._t0) * 1000.0

    def run_for(self, ms):
        end = self.now() + ms
        while self.now() < end:
            self.step(min(self.step_ms, end - self.now()))

    def step(self, ms=None):
        """Advance up to ms (wall: wait that long for traffic; virtual: one lockstep grant)."""
        ms = self.step_ms if ms is None else ms
        if self._shaking:
            self._shake_edges()
        if self._booting:
            self._pump(0.01)
            self._deliver()
        elif self.clock == "virtual":
            self._step_virtual(ms)
        else:
            self._pump(ms / 1000.0)
            self._deliver()
        if self.strangers and not self._booting:
            self._strangers()
            self._deliver()
        self._reap()

    def _step_virtual(self, ms):
        """One lockstep grant: every linked handheld runs until the shared clock reaches target.

        A handheld's own virtual clock starts at 0 and runs freely until its first grant, so the
        hub learns its offset from its first WAITING and grants it target + offset from then on.
        """
        self._pump(0)
        self._deliver()
        live = [h for h in self.handhelds if h.conn is not None and h.offset is not None]
        if not live:  # nobody to run yet (booting): shared time stands still
            self._pump(0.01)
            return
        target = self.vnow + max(1, int(ms))
        for h in live:
            h.waiting = False
            h.grant = target + h.offset
            h.send(_TIME, h.grant.to_bytes(4, "big"))
        deadline = time.monotonic() + 5.0
        while any(h.conn is not None and not h.waiting for h in live):
            self._pump(0.05)
            if time.monotonic() > deadline:
                break  # a handheld blocked outside the clock (e.g. in lightsleep): go on
        self._air()
        self.vnow = target
        self._deliver()

    def _air(self):
        """The frames the handhelds sent since the last call go on the air now, by handheld id and
        in each one's own order: the order the hub happened to read its sockets in would otherwise
        decide the radio's draws and who waits for the channel, and a seeded run would not repeat."""
        sends, self._sends = self._sends, []
        sends.sort(key=lambda s: s[0])
        for _, mac, dst, data in sends:
            self.bus.send(self.now(), mac, dst, data, False)

    def _deliver(self):
        self._air()
        for to, src, rssi, data in self.bus.due(self.now()):
            h = self._by_mac.get(to)
            if h is not None:
                h.send(_HEARD, src + bytes((rssi & 255,)) + data)

    @property
    def _by_mac(self):
        return {h.mac: h for h in self.handhelds}

    def _reap(self):
        for h in self.handhelds:
            if h.proc is not None and h.exit_code is None and h.proc.poll() is not None:
                h.exit_code = h.proc.returncode
                self._disconnect(h)
                if h.exit_code == SOFT_RESET:
                    # machine.soft_reset: MicroPython starts main.py again in a whole heap, the
                    # RTC's memory kept in the flash folder (the App boots into a solo game)
                    h.soft_resets += 1
                    self._spawn(h)

    # -- the link ----------------------------------------------------------------------------
    def _pump(self, timeout):
        for key, _ in self.sel.select(timeout):
            if key.data is None:
                conn, _ = self.listener.accept()
                # blocking with a timeout: a send never goes out half (that would garble the
                # link), and the selector only reads when there is something to read
                conn.settimeout(5.0)
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self.sel.register(conn, selectors.EVENT_READ, ["pending", bytearray()])
                continue
            self._read(key.fileobj, key.data)

    def _read(self, conn, state):
        try:
            chunk = conn.recv(65536)
            # ack at once: the handheld's small writes (Nagle) would otherwise wait for our
            # delayed ACK, 40 ms per virtual-clock step
            conn.setsockopt(socket.IPPROTO_TCP, _TCP_QUICKACK, 1)
        except (BlockingIOError, InterruptedError, TimeoutError):
            return
        except OSError:
            chunk = b""
        h = state[0] if isinstance(state[0], Handheld) else None
        if not chunk:
            if h is not None:
                self._disconnect(h)
            else:
                self.sel.unregister(conn)
                conn.close()
            return
        buf = state[1]
        buf += chunk
        while len(buf) >= 3:
            n = (buf[1] << 8) | buf[2]
            if len(buf) < 3 + n:
                break
            kind, payload = bytes(buf[:1]), bytes(buf[3:3 + n])
            del buf[:3 + n]
            if h is None:
                if kind != _HELLO:
                    continue
                h = self.handhelds[payload[0]]
                if h.conn is not None and h.conn is not conn:
                    self._disconnect(h)
                state[0] = h
                h.conn = conn
                if self.clock == "virtual":
                    h.offset = None  # learnt from its first WAITING (see _step_virtual)
                    h.grant = 0
                    h.send(_TIME, bytes(4))
                continue
            self._handle(h, kind, payload)
            if h.conn is not conn:  # killed (power cut) or replaced: the rest is void
                break

    def _handle(self, h, kind, p):
        if kind == _CUT:
            h.power_cuts += 1
            self.kill(h.id)
        elif kind == _FRAME:
            h.frame = p
            h.frames += 1
            for fn in h.on_frame:
                fn(h)
        elif kind == _POWER:
            h.display_on, h.contrast = bool(p[0]), p[1]
        elif kind == _TONE:
            h.tone = (p[1] << 8) | p[2]
            h.tones.append((self.now(), h.tone))
            if h.tone:
                h.tone_at = self.now()
        elif kind == _WAITING:
            t = int.from_bytes(p[:4], "big")
            if h.offset is None:
                h.offset = t - self.vnow
                h.grant = t
            # only a WAITING at the latest grant counts: an older one may still be in flight
            h.waiting = t >= h.grant

        elif kind == _WORK:
            h.work.append((self.now(), int.from_bytes(p[:4], "big")))
        elif kind == _RADIO:
            self.bus.set_state(p[0:6], p[6], bool(p[7] & 1))
            if p[0:6] != h.mac:
                h.mac = bytes(p[0:6])  # DICECUP_MAC overrode the default
        elif kind == _SEND:
            seq, sync, dst, data = p[0:2], p[2], p[3:9], p[9:]
            if self.clock == "virtual" and not sync:
                # on the air when the step ends (_air), in a fixed order; a sync send is answered
                # at once (its sender waits for the ACK; the firmware never sends one)
                self._sends.append(((h.id, len(self._sends)), h.mac, dst, data))
                return
            ok = self.bus.send(self.now(), h.mac, dst, data, bool(sync))
            if sync:
                h.send(_ACK, seq + bytes((1 if ok else 0,)))
            if self.clock == "wall":
                self._deliver()
