"""Light sleep: every one of the four buttons wakes the handheld (hw.sleep on the machine/esp32
fakes, which wake only on the ESP32's wake sources), and the game goes on where it was."""
import esp32
import machine

import rig
from dicecup.play import seats

seats.Bot.think_ms = 60


class Clock:
    """Stands in for the time module inside the machine fake: sleeping advances it, and a button
    press planned for a moment of the sleep happens then (a person pressing while it sleeps)."""

    def __init__(self):
        self.now = 0
        self.plan = None    # (at_ms, gpio)
        self.slept = []

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.slept.append(ms)
        end = self.now + ms
        if self.plan and self.now <= self.plan[0] < end:
            self.now = self.plan[0]
            machine.sim_set(self.plan[1], 0)
            self.plan = None
            return
        self.now = end


def _sleep_with(r, clock, ms, press=None):
    """hw.sleep(ms) on the fake clock; press = (at_ms, button name). Returns the ms it slept."""
    real = machine.time
    machine.time = clock
    if press:
        clock.plan = (clock.now + press[0], r.pin(press[1]))
    t0 = clock.now
    try:
        r.hw.sleep(ms)
    finally:
        machine.time = real
    return clock.now - t0


def test_wake_sources_are_ext0_and_a_one_pin_ext1_all_low():
    rig.fresh({"sleep": 4})
    r = rig.Rig()
    c = Clock()
    assert _sleep_with(r, c, 700) == 700                # nobody presses: the whole time
    assert esp32.ext[:2] == [r.pin("select"), False], esp32.ext
    assert esp32.ext[2:] == [[r.pin("back")], False], esp32.ext
    assert machine.wake_reason() == machine.TIMER_WAKE
    # ext1 ALL_LOW over several pull-up buttons would need all of them down; ANY_HIGH wakes at once
    esp32.wake_on_ext1(pins=[machine.Pin(r.pin("up")), machine.Pin(r.pin("down"))], level=esp32.WAKEUP_ALL_LOW)
    machine.sim_set(r.pin("up"), 0)
    machine.lightsleep(10)
    assert machine.wake_reason() == machine.TIMER_WAKE      # one of two down is not ALL_LOW
    machine.sim_set(r.pin("up"), 1)
    esp32.wake_on_ext1(pins=[machine.Pin(r.pin("up"))], level=esp32.WAKEUP_ANY_HIGH)
    machine.lightsleep(10)
    assert machine.wake_reason() == machine.EXT1_WAKE       # released reads high: wakes at once
    try:
        esp32.wake_on_ext0(pin=machine.Pin(22), level=esp32.WAKEUP_ALL_LOW)   # the I2C clock pin
        raise AssertionError("GPIO 22 is no RTC pin")
    except ValueError:
        pass
    rig.leave()


def test_each_button_wakes_the_sleeping_handheld_where_it_was():
    rig.fresh({"sleep": 0})                 # 30 s
    r = rig.Rig(seed=4)
    r.choose("Snyd")
    r.choose("Start!")
    screen = r.app.screen
    while not r.lines()[7].startswith("OK:tr"):
        r.idle()
    before = r.text()
    slice_ms = r.hw.sleep_slice_ms
    for name, most in (("select", 0), ("back", 0), ("up", slice_ms), ("down", slice_ms)):
        r.wait(32000)
        assert r.app.power.state == 2 and not r.panel.on, name
        c = Clock()
        assert _sleep_with(r, c, 1000) == 1000, "woke with no button pressed"
        took = _sleep_with(r, c, 1000, (130, name)) - 130
        assert 0 <= took <= most, (name, took)
        if most == 0:
            assert machine.wake_reason() in (machine.EXT0_WAKE, machine.EXT1_WAKE), name
        r.step(3)                           # the loop's next tick sees the button down
        r.up(name)
        assert r.app.power.state == 0 and r.panel.on, name
        assert r.app.screen is screen and r.text() == before, (name, r.text())
    r.press("select")                       # awake, a press is a move again
    assert r.lines()[0].startswith("Bud") or r.lines()[0].startswith("Din tur"), r.text()
    rig.leave()
