"""Fake micropython-lib `ssd1306` for the unix port: the same classes and calls, a framebuf underneath.

Like the real driver, SSD1306 is a framebuf.FrameBuffer (MONO_VLSB, width*height//8 bytes) and
show() sends the column/page window commands and then the whole buffer over I2C. On top it counts
frames and bytes sent (stats) and, when a PC process runs the handheld (DICECUP_LINK set), forwards
each shown frame and each power/contrast change to it (hostlink.py). The register numbers are
written out where the real driver names them with const(): a benchmark measures the firmware's
heap with this module loaded, so it keeps few names.
"""
import os

import framebuf

_link = None
if os.getenv("DICECUP_LINK"):
    import hostlink as _link

stats = {"frames": 0, "bytes": 0}   # frames shown, bytes sent over I2C (commands + data)


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, width, height, external_vcc):
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = self.height // 8
        self.buffer = bytearray(self.pages * self.width)
        super().__init__(self.buffer, self.width, self.height, framebuf.MONO_VLSB)
        self.on = True
        self.level = 255
        self.frames = 0
        self.sent = bytearray(len(self.buffer))   # the last frame shown: what the player sees
        if _link:
            _link.connect(width, height)
        self.init_display()

    def init_display(self):
        self.write_cmd(0xAE)            # SET_DISP: off
        self.fill(0)
        self.show()
        self.poweron()

    def _power(self):
        if _link:
            _link.send(b"P", bytes((1 if self.on else 0, self.level)))     # POWER

    def poweroff(self):
        self.write_cmd(0xAE)            # SET_DISP: off
        self.on = False
        self._power()

    def poweron(self):
        self.write_cmd(0xAE | 0x01)     # SET_DISP: on
        self.on = True
        self._power()

    def contrast(self, contrast):
        self.write_cmd(0x81)            # SET_CONTRAST
        self.write_cmd(contrast)
        self.level = contrast
        self._power()

    def invert(self, invert):
        self.write_cmd(0xA6 | (invert & 1))     # SET_NORM_INV

    def rotate(self, rotate):
        self.write_cmd(0xC0 | ((rotate & 1) << 3))
        self.write_cmd(0xA0 | (rotate & 1))

    def show(self):
        self.write_cmd(0x21)            # SET_COL_ADDR: a narrower panel sits centred on the 128 columns
        self.write_cmd((128 - self.width) // 2)
        self.write_cmd((128 - self.width) // 2 + self.width - 1)
        self.write_cmd(0x22)            # SET_PAGE_ADDR
        self.write_cmd(0)
        self.write_cmd(self.pages - 1)
        self.write_data(self.buffer)
        self.frames += 1
        self.sent[:] = self.buffer
        stats["frames"] += 1
        if _link:
            _link.send(b"F", self.buffer)   # FRAME


class SSD1306_I2C(SSD1306):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self.temp = bytearray(2)
        self.write_list = [b"\x40", None]
        super().__init__(width, height, external_vcc)

    def write_cmd(self, cmd):
        self.temp[0] = 0x80
        self.temp[1] = cmd
        self.i2c.writeto(self.addr, self.temp)
        stats["bytes"] += 2

    def write_data(self, buf):
        self.write_list[1] = buf
        self.i2c.writevto(self.addr, self.write_list)
        stats["bytes"] += 1 + len(buf)
