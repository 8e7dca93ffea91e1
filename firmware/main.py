"""main: the handheld boots into the app (MicroPython runs this file at start-up)."""
import app
import hw

app.run(app.App(hw.Hardware()))
