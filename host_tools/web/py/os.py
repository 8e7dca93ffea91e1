"""os for the browser's WebAssembly port: the built-in module plus the two names it lacks.

The port's `os` has the file calls the firmware's store needs (stat, listdir, rename, remove, mkdir
on the worker's in-memory flash) but no getenv and no urandom. This module shadows it, as
host_tools/fakes/seeded/os.py does on the unix port: getenv reads the environment the page gave
the handheld (webhost.env, the DICECUP_* names of the fakes), urandom draws from a PRNG seeded with
DICECUP_SEED when the page runs seeded (a run that repeats), else from the browser's
crypto.getRandomValues. Everything else is the built-in module's.
"""

import webhost

from seedrand import builtin_os, urandom_from

_os = builtin_os()


def getenv(name, default=None):
    v = webhost.getenv(name)
    return default if v is None else v


_seed = getenv("DICECUP_SEED")
if _seed:
    urandom = urandom_from(_seed)
else:
    from uctypes import addressof as _addr

    def urandom(n):
        b = bytearray(n)
        webhost.random(_addr(b), n)
        return bytes(b)


def __getattr__(name):  # everything else: the built-in module's
    return getattr(_os, name)
