"""device.power.Power: the screen dims after half the sleep time without input, goes dark after
the whole of it (never at a table), and input lights it again, saying what it was."""
from dicecup.device.power import Power
from mpcheck import eq


class Hw:
    """What Power asks of hw.Hardware, written down in order."""

    def __init__(self):
        self.did = []

    def contrast(self, level):
        self.did.append(("contrast", level))

    def screen(self, on):
        self.did.append(("screen", on))


def _power(ms=30000, contrast=200):
    p = Power()
    p.contrast = contrast
    p.ms = ms
    return p


def test_dims_at_half_the_sleep_time_then_goes_dark_at_the_whole():
    p, hw = _power(), Hw()
    p.wake(1000, hw)                    # the last input at 1 s
    p.tick(15999, hw, None)
    eq((p.state, hw.did), (0, []), "lit before half the time")
    p.tick(16000, hw, None)
    eq((p.state, hw.did), (1, [("contrast", 1)]), "dimmed at half")
    p.tick(30999, hw, None)
    eq(p.state, 1, "dimmed, not dark, before the whole time")
    p.tick(31000, hw, None)
    eq((p.state, hw.did[1:]), (2, [("screen", False)]), "dark at the whole time")
    p.tick(90000, hw, None)
    eq(len(hw.did), 2, "nothing more while dark")


def test_input_lights_it_again_and_says_what_it_was():
    p, hw = _power(), Hw()
    p.tick(15000, hw, None)
    eq(p.wake(15000, hw), 1, "was dimmed")
    eq(hw.did[1:], [("contrast", 200)], "the settings' contrast again")
    eq(p.state, 0)
    p.tick(29999, hw, None)
    eq(p.state, 0, "the idle time started afresh at the input")
    p.tick(45000, hw, None)
    del hw.did[:]
    eq(p.wake(46000, hw), 2, "was dark")
    eq(hw.did, [("screen", True), ("contrast", 200)])
    eq(p.wake(46020, hw), 0, "was lit")
    eq(hw.did[2:], [], "a lit screen is left alone")


def test_a_touch_without_waking_keeps_a_dimmed_screen_dimmed():
    # App.busy: bots playing keep the handheld from going dark, but do not light it
    p, hw = _power(), Hw()
    p.tick(15000, hw, None)
    p.at = 29000
    p.tick(31000, hw, None)
    eq(p.state, 1)


def test_at_a_table_it_only_dims():
    p, hw = _power(), Hw()
    p.tick(60000, hw, object())         # seated: the radio must stay on
    eq((p.state, hw.did), (1, [("contrast", 1)]))


def test_never_when_the_settings_say_never():
    p, hw = _power(0), Hw()
    p.tick(10 ** 7, hw, None)
    eq((p.state, hw.did), (0, []))
