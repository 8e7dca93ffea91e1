"""seedrand: what both `os` stand-ins (seeded/os.py on the unix port, host_tools/web/py/os.py in
the browser) share - the port's built-in os they extend (builtin_os), and the repeatable byte
source they give the firmware as os.urandom when DICECUP_SEED is set (urandom_from). The port's built-in PRNG, seeded: the same seed repeats the same bytes. Not
cryptographic: the simulator's dice only need to repeat; a handheld draws from its hardware RNG."""
import random
import sys


def builtin_os():
    """The port's built-in `os`, from inside a module that shadows it: with no path, `import os`
    is the built-in module, not the stand-in's file."""
    path = sys.path[:]
    sys.path[:] = []
    try:
        import os
    finally:
        sys.path[:] = path
    return os


def urandom_from(seed):
    """An os.urandom(n) drawing from the PRNG seeded with seed (an int or its text)."""
    random.seed(int(seed))

    def urandom(n):
        b = bytearray(n)
        for i in range(n):
            b[i] = random.getrandbits(8)
        return bytes(b)
    return urandom
