"""Boot a handheld under device time (the simulator does this when DICECUP_DEVTIME is set):
    micropython host_tools/fakes/_devtime.py path/to/main.py [args]
Loads devtime.py (the counting gc and open, see there) before the script, which then runs as if
started directly: the firmware's first `import gc` already finds the counting one.
"""
import sys

import devtime  # noqa: F401  (its import installs it)

_main = sys.argv[1] if len(sys.argv) > 1 else "main.py"
sys.argv.pop(0)  # the script sees argv as if run directly (sys.argv cannot be rebound)
with open(_main) as _src:
    _code = _src.read()
exec(_code, {"__name__": "__main__", "__file__": _main})
