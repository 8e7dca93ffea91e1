"""Boot a handheld that will lose power in the middle of a flash write (simulator fault injection).

Usage (the simulator does this; the firmware is unchanged):
    DICECUP_POWER_CUT_AT_WRITE=N micropython host_tools/fakes/_powercut.py path/to/main.py
Wraps the built-in open() so that the N-th write() to a file opened for writing puts only the first
half of its bytes on "flash", then the power is gone: the process tells the simulator over the host
link (message b"X", which answers with SIGKILL) and stops dead, with no close, flush or cleanup.
Without a link it kills itself the same way. Everything before that write runs untouched.
"""
import builtins
import io
import os
import sys

import hostlink

_real_open = builtins.open
_left = [int(os.getenv("DICECUP_POWER_CUT_AT_WRITE") or "0")]


def _die():
    hostlink.send(88)    # CUT
    while True:  # the simulator pulls the plug (SIGKILL); nothing below ever runs
        hostlink.pump(1000)
        if not hostlink.linked():
            os.system("kill -9 $PPID")


class _CutFile(io.IOBase):
    """A file opened for writing; an io.IOBase stream so json.dump and print(file=) can write it."""

    def __init__(self, f):
        self._f = f

    def write(self, data):
        _left[0] -= 1
        if _left[0] == 0:
            self._f.write(data[:len(data) // 2])
            _die()
        return self._f.write(data)

    def ioctl(self, req, arg):
        return 0

    def flush(self):
        return self._f.flush()

    def close(self):
        return self._f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()


def _open(path, mode="r", *args, **kw):
    f = _real_open(path, mode, *args, **kw)
    if _left[0] > 0 and ("w" in mode or "a" in mode or "+" in mode):
        return _CutFile(f)
    return f


builtins.open = _open
_main = sys.argv[1] if len(sys.argv) > 1 else "main.py"
sys.argv.pop(0)  # the firmware sees argv as if run directly (sys.argv cannot be rebound)
with _real_open(_main) as _src:
    _code = _src.read()
exec(_code, {"__name__": "__main__", "__file__": _main})
