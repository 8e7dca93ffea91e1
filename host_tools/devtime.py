"""Device time: what a handheld's work costs on the board, in one place (the simulator's clock charges it).

The simulator's virtual clock moves only when the firmware sleeps; on the board the firmware's own
work takes time too. This module owns the cost model of each board (host_tools/boards.py keys) and
the one line of integers that hands it to the handheld's fakes (DICECUP_DEVTIME, read by
host_tools/fakes/devtime.py, which charges it to the virtual clock, host_tools/fakes/vclock/time.py).
docs/simulator.md says how the charge works and why it repeats under --seed; docs/memory.md has
the numbers and their sources.

What is charged, and how (every quantity counts work, never the host's time, so a seeded run repeats):
- the CPU: each loop of the firmware (a sleep to the next) costs TICK_HOST_US plus
  HOST_US_PER_BYTE for every byte the unix port allocated meanwhile (micropython.mem_total(): the
  interpreter's allocations follow the Python work it does), in unix-port microseconds on this
  project's reference PC, times the board's CPU factor (unix port -> board, perf_bench);
- the screen: every byte show() puts on the I2C bus, 9 bit times (8 data bits and the ACK) at the
  panel's I2C rate;
- a collection: a forced one (gc.collect()) and the ones the heap makes (the allocations since the
  last collection filled what the live data left free): a fixed part, a part per KB of the board's
  heap (the sweep) and a part per KB of live data (the mark), internal RAM or PSRAM;
- a flash write: per file written (littlefs: a fresh block erased and programmed, the metadata
  committed) and per byte programmed;
- the radio's airtime: already the radio bus's (host_tools/sim/radio.py, --airtime-mbps).
"""
import copy
import json
import os

from host_tools import boards
from host_tools.paths import HARDWARE

# The unix port on the reference PC (calibration, docs/memory.md "Device time"): a loop's fixed cost
# and the cost of each byte it allocates, from a 4-handheld Snyd table game's 17,000 loops timed
# with ticks_us (median loop without a redraw: 2.2 KB allocated, 102 us; with one: 13.8 KB, 1025 us)
TICK_HOST_US = 10.0
HOST_US_PER_BYTE = 0.074


class Model:
    """One board's costs. Times in microseconds; cpu is unix-port time -> board time."""

    def __init__(self, key, cpu, cpu_spread, i2c_hz, gc_us, gc_us_per_heap_kb, gc_us_per_live_kb,
                 flash_file_us, flash_us_per_byte, heap_kb, sources):
        self.key = key
        self.cpu, self.cpu_spread = cpu, cpu_spread
        self.i2c_hz = i2c_hz
        self.gc_us, self.gc_us_per_heap_kb, self.gc_us_per_live_kb = gc_us, gc_us_per_heap_kb, gc_us_per_live_kb
        self.flash_file_us, self.flash_us_per_byte = flash_file_us, flash_us_per_byte
        self.heap_kb = heap_kb
        self.sources = sources

    # -- the arithmetic (the fakes do the same in integers; tests/test_devtime.py holds both to it) --
    def tick_us(self, alloc_bytes=0):
        """One firmware loop that allocated alloc_bytes on the 64-bit unix port."""
        return (TICK_HOST_US + HOST_US_PER_BYTE * alloc_bytes) * self.cpu

    def show_us(self, nbytes):
        """nbytes over I2C (commands and data): 9 bit times each."""
        return nbytes * 9 * 1e6 / self.i2c_hz

    def gc_pause_us(self, live_bytes_64):
        """A collection with live_bytes_64 live on the 64-bit port (the board holds them in
        1/HEAP_RATIO_64_32 of that), sweeping the board's heap."""
        live_kb = live_bytes_64 / boards.HEAP_RATIO_64_32 / 1024
        return self.gc_us + self.gc_us_per_heap_kb * self.heap_kb + self.gc_us_per_live_kb * live_kb

    def flash_us(self, nbytes):
        """One file written with nbytes."""
        return self.flash_file_us + self.flash_us_per_byte * nbytes

    def env(self, heap_bytes, word=8):
        """DICECUP_DEVTIME for a handheld whose heap is heap_bytes: integers the fakes read
        (host_tools/fakes/devtime.py: their order there). Nanoseconds where microseconds would
        round a small cost away. word=4 for a 32-bit port (the browser's): its bytes are the
        board's, the 64-bit unix port's are HEAP_RATIO_64_32 times as many."""
        r = boards.HEAP_RATIO_64_32 if word == 4 else 1.0
        return " ".join(str(int(round(v))) for v in (
            TICK_HOST_US * self.cpu * 1000,             # ns per loop
            HOST_US_PER_BYTE * self.cpu * 1000 * r,     # ns per allocated byte
            9e9 / self.i2c_hz,                          # ns per I2C byte
            self.gc_us + self.gc_us_per_heap_kb * self.heap_kb,     # us per collection, fixed
            self.gc_us_per_live_kb * 1000 * r / boards.HEAP_RATIO_64_32 / 1024,  # ns per live byte
            heap_bytes,                                 # the unix port's heap: when the heap collects
            self.flash_file_us,                         # us per file written
            self.flash_us_per_byte * 1000))             # ns per byte written


# Sources and spreads: docs/memory.md, "Device time".
MODELS = {
    "s3": Model(
        "s3", cpu=28.0, cpu_spread=(20.0, 35.0), i2c_hz=400000,
        # ESP32-S3, heap in quad PSRAM: ~20 ms for a near-empty 2 MB heap, 20-40 ms with tens of KB live
        gc_us=500.0, gc_us_per_heap_kb=10.0, gc_us_per_live_kb=100.0,
        flash_file_us=30000.0, flash_us_per_byte=3.0,
        heap_kb=boards.BOARDS["s3"].heap_kb,
        sources="perf_bench (micropython#6565, #4858); gc: micropython#10235, #8428, micro-gui#10; "
                "SSD1306 datasheet (400 kHz fast mode I2C); SPI NOR sector erase/page program"),
    "wroom": Model(
        "wroom", cpu=25.0, cpu_spread=(20.0, 35.0), i2c_hz=400000,
        # ESP32 without PSRAM: ~2 ms with its ~112 KB internal heap
        gc_us=200.0, gc_us_per_heap_kb=2.0, gc_us_per_live_kb=30.0,
        flash_file_us=30000.0, flash_us_per_byte=3.0,
        heap_kb=boards.BOARDS["wroom"].heap_kb,
        sources="as s3; gc without PSRAM: micro-gui#10 (2.0-2.5 ms)"),
}


def measured_path(key):
    """Where `make board-bench` keeps a real board's measurements (host_tools/boardbench.py)."""
    return os.path.join(HARDWARE, "devtime_%s.json" % key)


def get(key):
    """The Model of board key (host_tools.boards keys; empty: the reference board): the estimates,
    with what `make board-bench` measured on a real board in their place where it did."""
    key = boards.get(key).key
    m = MODELS[key]
    path = measured_path(key)
    if not os.path.exists(path):
        return m
    with open(path) as f:
        got = json.load(f)
    m = copy.copy(m)
    for field in ("cpu", "i2c_hz", "gc_us", "flash_file_us"):
        if field in got:
            setattr(m, field, float(got[field]))
    m.sources = "measured on a board by make board-bench (%s), %s" % (got.get("measured", "?"), path)
    return m


def heap_bytes(heap):
    """A -X heapsize string (96K, 2M, 262144) in bytes."""
    h = str(heap).strip().upper()
    if h[-1:] in ("K", "M"):
        return int(h[:-1]) * (1024 if h[-1] == "K" else 1024 * 1024)
    return int(h)
