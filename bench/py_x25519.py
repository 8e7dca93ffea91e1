"""X25519 (firmware/dicecup/table/x25519.py): one scalar multiplication on the MicroPython unix port (the .mpy,
compiled here with mpy-cross as host_tools.build does) and on CPython, and what that makes on a
240 MHz ESP32 and for a handheld joining an 8-seat table.

The ESP32 figure is scaled from a measured ratio: the same big-integer workload, MicroPython's own
perf_bench bm_pidigits (N=100 M=100: 65 digits of pi, once), timed here on the unix port, against
its published ESP32 score, 591.97 (= 65e6 / time in us, so 109.8 ms), from Damien George's run in
micropython/micropython PR #7850 (2021, the -O2 / VM-in-iRAM build the esp32 port still uses). That
run does not state the clock; the port's default is 160 MHz, so using it for 240 MHz overstates the
ESP32's time (the conservative side). Big-int speed also depends on the word size (the unix port
is 64-bit, the ESP32 32-bit), which the ratio carries since both sides ran the same workload.
While the join list shows, a handheld makes its key pair and agrees its secrets with the listed
table's handhelds (their keys come in the ANNOUNCEs); choosing the table then costs none.
"""
import os
import re
import subprocess
import sys
import tempfile

import benchlib
from host_tools.build import compile_one
from host_tools.paths import FIRMWARE, MICROPYTHON

ESP32_PIDIGITS_SCORE = 591.97  # bm_pidigits on an ESP32, micropython PR #7850
PIDIGITS_NORM = 65  # bm_pidigits' (100, 100) params: 1 loop of 65 digits; score = 1e6 * 65 / us
SEATS = 8
PRE_MS = 250  # firmware/dicecup/table/table.py PRE_MS: the pause between two agreements while browsing
N = 20  # scalar multiplications timed per interpreter (the best of them is reported)

# bm_pidigits from MicroPython's tests/perf_bench (from pyperformance, MIT), the same arithmetic
PIDIGITS = '''
def compose(a, b):
    aq, ar, as_, at = a
    bq, br, bs, bt = b
    return (aq * bq, aq * br + ar * bt, as_ * bq + at * bs, as_ * br + at * bt)


def extract(z, j):
    q, r, s, t = z
    return (q * j + r) // (s * j + t)


def gen_pi_digits(n):
    z = (1, 0, 0, 1)
    k = 1
    digs = []
    for _ in range(n):
        y = extract(z, 3)
        while y != extract(z, 4):
            z = compose(z, (k, 4 * k + 2, 0, 2 * k + 1))
            k += 1
            y = extract(z, 3)
        z = compose((10, -10 * y, 0, 1), z)
        digs.append(y)
    return digs
'''

TIMING = PIDIGITS + '''
import benchlib
from dicecup.table import x25519

K = bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
U = bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
OUT = "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"


def best_us(fn, n):
    best = None
    for _ in range(n):
        t0 = benchlib.ticks_us()
        fn()
        dt = benchlib.elapsed_us(t0)
        best = dt if best is None or dt < best else best
    return best


assert x25519.x25519(K, U).hex() == OUT
assert "".join(str(d) for d in gen_pi_digits(%d)).startswith("314159265358979")
print("X25519_US", best_us(lambda: x25519.x25519(K, U), %d))
print("PIDIGITS_US", best_us(lambda: gen_pi_digits(%d), 5))
''' % (PIDIGITS_NORM, N, PIDIGITS_NORM)


def measure(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    got = dict(re.findall(r"(?m)^(X25519_US|PIDIGITS_US) (\d+)$", r.stdout))
    if len(got) != 2:
        raise RuntimeError("x25519 timing failed: %s %s" % (r.stdout[-300:], r.stderr[-600:]))
    return int(got["X25519_US"]), int(got["PIDIGITS_US"])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as d:
        for rel in ("compat.py", "x25519.py"):
            ok, msg = compile_one(rel, d)
            if not ok:
                raise RuntimeError("mpy-cross %s: %s" % (rel, msg))
        script = os.path.join(d, "time_x25519.py")
        with open(script, "w") as f:
            f.write(TIMING)
        env = dict(os.environ, MICROPYPATH=os.pathsep.join([d, here]))
        mp_us, mp_pi = measure([MICROPYTHON, "-X", "heapsize=128K", script], env)
        # CPython on the source
        cp_us, cp_pi = measure([sys.executable, script],
                               dict(os.environ, PYTHONPATH=os.pathsep.join([FIRMWARE, here])))
    esp_pi = 1e6 * PIDIGITS_NORM / ESP32_PIDIGITS_SCORE
    ratio = esp_pi / mp_pi
    esp_ms = mp_us * ratio / 1000
    a = "x25519"
    benchlib.row(a, "one scalar multiplication, unix port (.mpy, best of %d)" % N, mp_us / 1000, "ms")
    benchlib.row(a, "one scalar multiplication, CPython (best of %d)" % N, cp_us / 1000, "ms")
    benchlib.row(a, "bm_pidigits (65 digits), unix port, here", mp_pi / 1000, "ms")
    benchlib.row(a, "bm_pidigits (65 digits), CPython, here", cp_pi / 1000, "ms")
    benchlib.row(a, "bm_pidigits on an ESP32: published score 591.97 (micropython PR #7850)",
                 round(esp_pi / 1000, 1), "ms")
    benchlib.row(a, "ESP32 / this unix port, from bm_pidigits (clock unstated: taken as 240 MHz)",
                 round(ratio, 1), "x")
    benchlib.row(a, "one scalar multiplication, ESP32 240 MHz (estimate)", round(esp_ms), "ms")
    # while the join list shows, a handheld makes its key pair and then agrees a secret with the
    # creator and each seated handheld its ANNOUNCEs name (table.Table.precompute, one at a time
    # PRE_MS apart): choosing the table then costs none; a handheld that chooses at once does them
    # as it sits (one for the creator's WELCOME, one per roster line)
    for k in (4, SEATS):
        benchlib.row(a, "the %dth joiner: list shown before its keys are all agreed, ESP32 (est.)"
                     % k, round((esp_ms + PRE_MS) * k), "ms")
        benchlib.row(a, "the %dth joiner, from choosing the table after that: agreements, ESP32"
                     % k, 0, "ms", "< 2000")
        benchlib.row(a, "the %dth joiner, choosing at once: %d shared secrets as it sits, ESP32 (est.)"
                     % (k, k - 1), round(esp_ms * (k - 1)), "ms")
    benchlib.row(a, "for comparison: the same with an assumed 40x ratio instead",
                 round(mp_us * 40 * SEATS / 1000), "ms")


if __name__ == "__main__":
    main()
