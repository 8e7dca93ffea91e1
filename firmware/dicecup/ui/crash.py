"""crash: what the handheld does once its firmware failed (main.py, host_tools/web). Its own module,
loaded only then: a game never holds its code or its names, and by then the failed App is garbage,
so it loads in a heap with room (docs/memory.md)."""
import sys
import time

from dicecup.text import strings
from dicecup.ui.gfx import Gfx


def log(e):
    """Keep the failure's traceback in error.log on the flash, and print it (host_tools/web too)."""
    try:
        with open("error.log", "w") as f:
            sys.print_exception(e, f)
    except OSError:
        pass
    sys.print_exception(e)


def show(hw, e):
    """Show that the firmware failed, keep the traceback in error.log, reset on a button press."""
    log(e)
    g = Gfx(hw.display)
    g.clear()
    g.row(1, strings.t("crashed"), 1)
    g.row(3, type(e).__name__[:16], 1)
    g.row(6, strings.t("ok_restart"), 1)
    hw.screen(True)
    hw.display.show()
    readers = hw.readers()
    while not readers[2]():
        time.sleep_ms(50)
    hw.reset()
