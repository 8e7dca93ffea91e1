"""sound: the piezo's tunes, played a note per loop, so the loop never waits for a sound.

app.App owns one (`app.sound`): a screen plays a tune through it (`app.sound.play(app.sound.RATTLE)`),
and the App's loop calls `tick(now, hw)`, which starts each note when its time comes
(hw.Hardware.tone: a tone sounds until the next call). The settings can mute it (App._take sets `on`).
"""


class Sound:
    # the tunes: (hz // 10, ms // 10) per note, hz 0 a rest
    RATTLE = b"\xb4\x03\x00\x02\xdc\x03\x00\x03\x96\x02\x00\x02\xc8\x03\x00\x02\xa0\x03"  # a shake, a roll
    REVEAL = b"\x4a\x08\x5d\x08\x6e\x08\x94\x10"    # the cups lifted
    TURN = b"\x58\x08\x00\x04\x6e\x0c"              # your turn (App.your_turn)
    # the state's first values, as class attributes (no __init__: as battery.Gauge)
    on = True       # the settings' sound: False mutes every tune
    tune = b""      # the tune playing (b"": none)
    i = 0           # its next note's index
    at = 0          # when that note is due, on the app's clock (0: at the next tick)

    def play(self, tune):
        """Play tune from the next tick on (in place of one still playing), unless muted."""
        if self.on:
            self.tune = tune
            self.i = self.at = 0

    def tick(self, now, hw):
        """Start the tune's next note if it is due (or end the tune: the piezo silent)."""
        t = self.tune
        if t and now - self.at >= 0:
            i = self.i
            if i >= len(t):
                hw.tone(0)
                self.tune = b""
            else:
                hw.tone(t[i] * 10)
                self.at = now + t[i + 1] * 10
                self.i = i + 2
