"""A seeded `os.urandom` for a simulator run that must repeat itself (`python -m host_tools.sim --seed S`).

The firmware's randomness is os.urandom: the dice, the table's secrets, nonces and shakes. The
simulator puts this folder first on MICROPYPATH only for a seeded run, so that this module shadows
the unix port's built-in `os` (an extensible built-in module, as vclock/time.py shadows `time`):
urandom then draws from a PRNG seeded with DICECUP_SEED (the simulator derives one per handheld and
per boot from --seed), and every other name is the built-in module's. The firmware is unchanged.
Without DICECUP_SEED urandom is the real one.

Not cryptographic: the simulator's dice only need to repeat, a real handheld draws from its
hardware RNG. Heap: about 0.6 KB once imported (as .mpy, 64-bit unix port), in seeded runs only.
"""

from seedrand import builtin_os, urandom_from

_os = builtin_os()

_seed = _os.getenv("DICECUP_SEED")
if _seed:
    urandom = urandom_from(_seed)
else:
    urandom = _os.urandom


def __getattr__(name):  # everything else: the built-in module's (MicroPython's module __getattr__)
    return getattr(_os, name)
