"""hw: the handheld's hardware layer - the only firmware module that touches machine, esp32 and ssd1306.

Owns: the SSD1306 display (micropython-lib's driver, a framebuf.FrameBuffer) on I2C from the pin map,
its contrast and power, the four buttons as input pins (active low, pull-up), the battery ADC, and
light sleep with a button as wake source. Everything above sees plain callables and numbers.
Button IRQs are never used: a sleeping handheld wakes by the ESP32's ext0 wake source, and the
buttons are polled while awake, so no code runs (or allocates) in an interrupt.
"""
import machine
import ssd1306

try:
    import esp32
except ImportError:  # a port without esp32: light sleep then wakes by timer only
    esp32 = None

BUTTONS = ("up", "down", "select", "back")


class Hardware:
    def __init__(self, pm=None):
        if pm is None:
            import pinmap  # only here: a game then drops it (screens.MENU_MODULES)
            pm = pinmap.load()
        c = pm["i2c"]
        Pin = machine.Pin
        self.i2c = machine.I2C(c["id"], scl=Pin(c["scl"]), sda=Pin(c["sda"]), freq=c["freq"])
        o = pm["oled"]
        self.display = ssd1306.SSD1306_I2C(o["width"], o["height"], self.i2c, o.get("address", 0x3C))
        b = pm["buttons"]
        self.pins = [Pin(b[n], Pin.IN, Pin.PULL_UP) for n in BUTTONS]
        wake = pm.get("wake", "select")
        self.wake_pin = self.pins[BUTTONS.index(wake) if wake in BUTTONS else 2]
        bat = pm["battery"]
        self._ratio = bat.get("ratio", 2.0)
        try:
            self._adc = machine.ADC(Pin(bat["adc"]))
            self._adc.atten(machine.ADC.ATTN_11DB)
        except (ValueError, OSError, AttributeError):
            self._adc = None
        self.is_on = True

    def readers(self):
        """One zero-argument callable per button (up, down, select, back): True while pressed."""
        return [(lambda p=p: p.value() == 0) for p in self.pins]

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
        return int(self._adc.read_uv() * self._ratio) // 1000

    def reset(self):
        machine.reset()

    def sleep(self, ms):
        """Light sleep for up to ms; the wake button (held low) ends it early. RAM and the game stay."""
        if esp32 is not None:
            esp32.wake_on_ext0(pin=self.wake_pin, level=esp32.WAKEUP_ALL_LOW)
        machine.lightsleep(ms)
