"""seedrand: the repeatable byte source of a seeded run - what both `os` stand-ins (seeded/os.py on
the unix port, host_tools/web/py/os.py in the browser) give the firmware as os.urandom when
DICECUP_SEED is set. The port's built-in PRNG, seeded: the same seed repeats the same bytes. Not
cryptographic: the simulator's dice only need to repeat; a handheld draws from its hardware RNG."""
import random


def urandom_from(seed):
    """An os.urandom(n) drawing from the PRNG seeded with seed (an int or its text)."""
    random.seed(int(seed))

    def urandom(n):
        b = bytearray(n)
        for i in range(n):
            b[i] = random.getrandbits(8)
        return bytes(b)
    return urandom
