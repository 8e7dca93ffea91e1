"""hw: the handheld's hardware layer - the only firmware module that touches machine, esp32 and ssd1306.

Owns: the SSD1306 display (micropython-lib's driver, a framebuf.FrameBuffer) on I2C from the pin map,
sending the pages of its frame that changed (show), its contrast and power, the four buttons as input pins (active low, pull-up), the battery ADC,
light sleep that any of the four buttons ends, a soft reset that keeps a few bytes for the boot
after it (the RTC's memory: a solo game started in a whole heap, app.App.launch), and the pin map's
optional parts: the ball tilt switch (an input with pull-up, like a button) and the passive piezo
(machine.PWM, silent from boot: tone(hz) starts a tone and returns at once, tone(0) silences it; the
app times the notes, nothing here waits). Everything above sees plain callables and numbers.
Button IRQs are never used: the buttons are polled while awake, so no code runs (or allocates) in
an interrupt.

Waking (MicroPython on the original ESP32 offers timer, ext0, ext1, touch and ULP as light-sleep
wake sources; Pin.irq(wake=machine.SLEEP) is ext0 again, one pin only; the ESP-IDF's GPIO wake-up is
not exposed): ext0 wakes on the pin map's wake button (select), ext1 on a second one (back). ext1
knows only ALL_LOW and ANY_HIGH: with buttons to ground, ANY_HIGH would wake at once (a released
button reads high) and ALL_LOW over several pins needs all of them pressed, so ext1 gets exactly
one pin, where ALL_LOW means "that button is down". The other two buttons (up, down) cannot be
wake sources with this wiring: the sleep is cut into slices of sleep_slice_ms and every button is
read between two slices, so holding up or down for a slice wakes the handheld too.
"""
import machine
import ssd1306

from dicecup.device import battery

try:
    import esp32
except ImportError:  # a port without esp32: light sleep then wakes by timer only
    esp32 = None

BUTTONS = ("up", "down", "select", "back")


class Hardware:
    sleep_slice_ms = 250    # up/down held this long always wake it (each slice's wake-up: a few ms awake)

    def __init__(self, pm=None):
        if pm is None:
            from dicecup.device import pinmap  # only here: a launch forgets it (app.App._clear)
            pm = pinmap.load()
        c = pm["i2c"]
        Pin = machine.Pin
        self.i2c = machine.I2C(c["id"], scl=Pin(c["scl"]), sda=Pin(c["sda"]), freq=c["freq"])
        o = pm["oled"]
        self.display = ssd1306.SSD1306_I2C(o["width"], o["height"], self.i2c, o.get("address", 0x3C))
        b = pm["buttons"]
        self.pins = [Pin(b[n], Pin.IN, Pin.PULL_UP) for n in BUTTONS]
        wake = pm.get("wake", "select")
        w = BUTTONS.index(wake) if wake in BUTTONS else 2
        self.wake_pin = self.pins[w]
        self._ext1 = (self.pins[3 if w != 3 else 2],)   # back (select when back is ext0's)
        bat = pm["battery"]
        self._ratio = bat.get("ratio", 2.0)
        try:
            self._adc = machine.ADC(Pin(bat["adc"]))
            self._adc.atten(machine.ADC.ATTN_11DB)
        except (ValueError, OSError, AttributeError):
            self._adc = None
        opt = pm.get("optional") or {}
        self._tilt = Pin(opt["tilt"], Pin.IN, Pin.PULL_UP) if "tilt" in opt else None
        # the piezo's PWM, silent (duty 0) until a tone: made at boot, so the object sits at the
        # bottom of the heap and not between a game's (made at the first tone, mid-game, it made
        # the 6-seat Snyd game's smallest heap larger: docs/memory.md)
        b = opt.get("buzzer")
        self._pwm = None if b is None else machine.PWM(Pin(b), freq=1000, duty_u16=0)
        self.is_on = True

    def tilt(self):
        """A zero-argument callable reading the tilt switch (True while closed), or None."""
        p = self._tilt
        return None if p is None else (lambda: p.value() == 0)

    def tone(self, hz):
        """The piezo sounds hz (0: silent) until the next call; no piezo: nothing happens."""
        p = self._pwm
        if p is None:
            return
        if hz:
            p.freq(hz)
            p.duty_u16(32768)
        else:
            p.duty_u16(0)

    def readers(self):
        """One zero-argument callable per button (up, down, select, back): True while pressed."""
        return [(lambda p=p: p.value() == 0) for p in self.pins]

    def show(self, i, n):
        """Send pages i..n of the frame buffer to the panel: its column and page window
        (SET_COL_ADDR 0x21, SET_PAGE_ADDR 0x22, as the driver's own show() sets them for the
        whole frame), then only those pages' bytes."""
        d = self.display
        w = d.width
        d.write_cmd(0x21)
        d.write_cmd(0)
        d.write_cmd(w - 1)
        d.write_cmd(0x22)
        d.write_cmd(i)
        d.write_cmd(n)
        d.write_data(memoryview(d.buffer)[i * w:(n + 1) * w])

    def contrast(self, level):
        self.display.contrast(level)

    def screen(self, on):
        if on != self.is_on:
            self.is_on = on
            if on:
                self.display.poweron()
            else:
                self.display.poweroff()

    def battery_mv(self):
        """Battery voltage in millivolts, or 0 when the board has no battery divider."""
        if self._adc is None:
            return 0
        return battery.pin_to_cell_mv(self._adc.read_uv(), self._ratio)

    def reset(self, b=None):
        """Reset the board. b (bytes): a soft reset instead, which keeps b in the RTC's memory for
        the boot after it (resume): MicroPython starts again from main.py in a whole heap, with
        fresh name pools. Never returns."""
        if b is None:
            machine.reset()
        machine.RTC().memory(b)
        machine.soft_reset()

    def resume(self):
        """What reset(b) kept for this boot (b"" if nothing), forgotten at once: the boot after
        this one is a plain one."""
        r = machine.RTC()
        b = r.memory()
        if b:
            r.memory(b"")
        return b

    def sleep(self, ms):
        """Light sleep for up to ms; returns as soon as a button is down (at once if one already
        is). RAM and the game stay."""
        if esp32 is not None:
            esp32.wake_on_ext0(pin=self.wake_pin, level=esp32.WAKEUP_ALL_LOW)
            try:
                esp32.wake_on_ext1(pins=self._ext1, level=esp32.WAKEUP_ALL_LOW)
            except ValueError:  # not an RTC pin on this wiring: that button wakes by the slices
                pass
        pins = self.pins
        while ms > 0:
            for p in pins:
                if not p.value():
                    return
            s = ms if ms < self.sleep_slice_ms else self.sleep_slice_ms
            machine.lightsleep(s)
            ms -= s
            # the ESP-IDF switches ext0/ext1 pads to their RTC function for the sleep and leaves
            # them there; init (rtc_gpio_deinit in the port) hands them back to the digital GPIO
            # the polling reads (not yet checked on a board)
            for p in pins:
                p.init(machine.Pin.IN, machine.Pin.PULL_UP)
