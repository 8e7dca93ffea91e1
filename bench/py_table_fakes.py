"""The host fakes' share of a handheld's heap, and the table's heap without them.

Each simulated handheld runs the firmware on Python stand-ins (host_tools/fakes: hostlink, the
virtual clock's time, machine, esp32, ssd1306, network, espnow) for what are C modules on an ESP32.
Their heap is no heap a real handheld spends, so the table's heap on the unix port overstates the
device's by it. Measured here (64-bit unix port, heap numbers are deterministic):
1. each fake's import cost under a host link (gc.mem_alloc after a collection, in the order a
   handheld loads them; a module that grows the interned-string pool pays the whole new pool), and
   what the fakes' objects hold once the display, the buttons and the radio are up: the ESP-NOW
   receive buffer (4096 B, firmware/dicecup/device/radio.RXBUF) and the display's frame buffer (1024 B) apart, as a
   real handheld holds those on its heap too;
2. an 8-handheld Snyd table (seed 3, virtual clock, autoplay, 1M heap): each handheld's peak
   gc.mem_alloc after a collection, sampled every 100 virtual ms by a wrapper script around
   main.py (it wraps time.sleep_ms; the firmware is unchanged), the fakes' cost as imported in that
   same process, and the peak without the fakes (peak - imports - the fakes' objects as in 1).
About a minute and a half.
"""
import os
import re
import socket
import subprocess
import tempfile
import threading

import benchlib
from host_tools.paths import BUILD, MICROPYTHON, ROOT
import py_table_sim
from host_tools.sim.hub import FAKES, MAIN, VCLOCK, Sim

FAKE_ORDER = ("time", "hostlink", "machine", "esp32", "ssd1306", "network", "espnow")
SHARED = 4096 + 1024    # rxbuf and the frame buffer: heap on the device as well

IMPORTS = """
import gc
def step(label, fn):
    gc.collect()
    a = gc.mem_alloc()
    fn()
    gc.collect()
    print("FAKE", label, gc.mem_alloc() - a)
for m in %r:
    step(m, lambda: __import__(m))
import machine, ssd1306, network, espnow
keep = []
def up():
    i2c = machine.I2C(0, scl=machine.Pin(22), sda=machine.Pin(21), freq=400000)
    keep.append(ssd1306.SSD1306_I2C(128, 64, i2c))
    keep.append([machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (32, 33, 25, 26)])
    a = machine.ADC(machine.Pin(35))
    a.atten(machine.ADC.ATTN_11DB)
    keep.append(a)
    sta = network.WLAN(network.STA_IF)
    sta.active(False)
    sta.active(True)
    sta.config(channel=1)
    sta.config(pm=sta.PM_NONE)
    e = espnow.ESPNow()
    e.active(False)
    e.config(rxbuf=4096, timeout_ms=0)
    e.active(True)
    for i in range(9):
        e.add_peer(b"\\xff" * 6 if i == 0 else b"\\x02\\xdc\\x00\\x00\\x00" + bytes((i,)))
    keep.append((sta, e))
step("objects", up)
"""

# around main.py: the fakes' import cost in this very process, then the peak live heap
PROBE = """
import gc, sys
gc.collect()
a = gc.mem_alloc()
import time, hostlink, machine, esp32, ssd1306, network, espnow
gc.collect()
print("HEAP fakes", gc.mem_alloc() - a)
_sleep = time.sleep_ms
_at = [0, 0]
def _probe(ms):
    _sleep(ms)
    t = time.ticks_ms()
    if time.ticks_diff(t, _at[0]) >= 100:
        _at[0] = t
        gc.collect()
        m = gc.mem_alloc()
        if m > _at[1]:
            _at[1] = m
            print("HEAP peak", m)
time.sleep_ms = _probe
_main = sys.argv[1]
sys.argv.pop(0)
with open(_main) as f:
    _code = f.read()
exec(_code, {"__name__": "__main__", "__file__": _main})
"""


def fake_costs():
    """{label: bytes} for each fake's import and the fakes' objects, under a host link to a PC
    that answers nothing (the handheld only connects and says HELLO)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)

    def drain():
        c, _ = srv.accept()
        while c.recv(65536):
            pass

    threading.Thread(target=drain, daemon=True).start()
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([VCLOCK, FAKES]), DICECUP_ID="1",
               DICECUP_LINK="127.0.0.1:%d" % srv.getsockname()[1], DICECUP_CLOCK="wall")
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([MICROPYTHON, "-X", "heapsize=1M", "-c", IMPORTS % (FAKE_ORDER,)], env=env,
                           cwd=d, capture_output=True, text=True, timeout=60)
    srv.close()
    got = {m: int(n) for m, n in re.findall(r"FAKE (\S+) (-?\d+)", r.stdout)}
    if "objects" not in got:
        raise RuntimeError("fake import measure failed: " + r.stdout + r.stderr)
    return got


def table_peaks(n=8, seed=3, limit_ms=900_000):
    """[(fakes' import cost, peak live heap)] per handheld of an n-handheld Snyd table, or None
    when the game did not finish."""
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "probe.py")
        with open(probe, "w") as f:
            f.write(PROBE)
        with Sim(n, clock="virtual", seed=seed, heap="1M", airtime_mbps=1.0, scripts=[probe] * n,
                 args=[MAIN]) as sim:
            if not py_table_sim.play(sim, n, "snyd", seed, limit_ms):
                return None
            out = []
            for h in sim.handhelds:
                with open(h.log_path) as f:
                    log = f.read()
                fk = re.findall(r"HEAP fakes (\d+)", log)
                pk = re.findall(r"HEAP peak (\d+)", log)
                out.append((int(fk[-1]), max(int(x) for x in pk)))
            return out


def main():
    if not os.path.exists(os.path.join(BUILD, "main.py")):
        raise SystemExit("run `make build` first")
    c = fake_costs()
    imports = sum(c[m] for m in FAKE_ORDER)
    for m in FAKE_ORDER:
        if m != "hostlink":  # the virtual clock's time imports it: counted there
            benchlib.row("host fakes", "import %s%s (unix port, linked)" % (
                m, " + hostlink" if m == "time" else ""), c[m], "B")
    benchlib.row("host fakes", "all fakes imported", imports, "B")
    benchlib.row("host fakes", "their objects, display/buttons/radio up (rxbuf, frame buffer apart)",
                 c["objects"] - SHARED, "B")
    own = c["objects"] - SHARED
    peaks = table_peaks()
    if peaks is None:
        benchlib.row("host fakes", "8-handheld table: game did not finish", 0)
        return
    fakes = max(f for f, _ in peaks)
    peak = max(p for _, p in peaks)
    bare = max(p - f - own for f, p in peaks)
    benchlib.row("host fakes", "8-handheld table: fakes imported, in a handheld", fakes, "B")
    benchlib.row("host fakes", "8-handheld table: peak live heap (after gc, 100 ms samples)", peak, "B")
    benchlib.row("host fakes", "8-handheld table: peak heap without the host fakes", bare, "B",
                 "96K")


if __name__ == "__main__":
    main()
