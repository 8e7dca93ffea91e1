"""power: the screen's dimming and the handheld's light sleep when nobody touches it, and waking up.

app.App owns one (`app.power`) and asks it: `wake(now, hw)` at each button press or release, a
shake of the cup and this handheld's turn at a table (the idle time starts afresh, a dimmed or dark
screen lights up); `tick(now, hw, table)` once a loop. The screen dims after half the sleep time
without input and turns off (the app then light-sleeps: app.run) after the whole of it; seated at
a table it only dims (the radio must stay on). What a press on a dimmed or dark screen means is
the App's to decide (it only wakes the screen, or counts too); `wake` says what the screen was.
The settings give the contrast and the sleep time (App._take sets them).
"""
from dicecup.core.compat import const

_AWAKE = const(0)
_DIM = const(1)
_ASLEEP = const(2)      # (app.py keeps a copy: tests/test_consts.py checks they agree)
_DIM_LEVEL = const(1)   # the contrast of a dimmed screen (host_tools/power.py counts its current)


class Power:
    # the state's first values, as class attributes: an __init__ would be one more function's
    # code in the heap of every game (as battery.Gauge)
    state = _AWAKE   # 0 lit, 1 dimmed, 2 dark (light sleep)
    at = 0           # the last input, on the app's clock
    contrast = 255   # the settings' contrast of a lit screen
    ms = 0           # the settings' sleep time in ms (0: never dim nor sleep)

    def wake(self, now, hw):
        """Input at now: the idle time starts afresh and the screen is lit. Returns what it was:
        0 lit, 1 dimmed, 2 dark (it is on again now; the picture on it is the one before)."""
        s = self.state
        self.at = now
        if s:
            if s == _ASLEEP:
                hw.screen(True)
            self.state = _AWAKE
            hw.contrast(self.contrast)
        return s

    def tick(self, now, hw, table):
        """Dim, then darken, as the idle time passes half the sleep time and the whole of it;
        at a table (table: the App's, None if none): dim only."""
        limit = self.ms
        if not limit:
            return
        idle = now - self.at
        if self.state == _AWAKE and idle >= limit // 2:
            self.state = _DIM
            hw.contrast(_DIM_LEVEL)
        if self.state == _DIM and idle >= limit and table is None:
            self.state = _ASLEEP
            hw.screen(False)
