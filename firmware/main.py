"""main: the handheld boots into the app (MicroPython runs this file at start-up)."""
from dicecup import app
from dicecup.device import hw

h = hw.Hardware()
try:
    app.run(app.App(h))
except Exception as e:  # the last resort: say so on the screen and keep the traceback on flash
    from dicecup.ui import crash
    crash.show(h, e)
