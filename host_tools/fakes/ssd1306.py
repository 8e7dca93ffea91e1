"""Fake micropython-lib `ssd1306` for the unix port: SSD1306_I2C with the calls the firmware makes.

Like the real driver, SSD1306_I2C is a framebuf.FrameBuffer (MONO_VLSB, width*height//8 bytes in
`buffer`) and show() sends the column/page window commands and then the whole buffer over I2C; here
the bytes are counted (stats) instead of written. When a PC process runs the handheld (DICECUP_LINK
set) each shown frame and each power/contrast change goes to it over the host link (hostlink.py);
without one the last frame shown is kept in `sent` (what the player sees, for in-process tests).
Kept to what firmware/dicecup/device/hw.py, the tests and the bench driver use (poweron, poweroff, contrast, show;
on, level, frames): a benchmark counts this module's heap, so it keeps few names (the register
numbers are written out where the real driver names them with const()).
"""
import os

import framebuf

_link = None
if os.getenv("DICECUP_LINK"):
    import hostlink as _link
_dt = None
if os.getenv("DICECUP_DEVTIME"):   # device time: every byte on the I2C bus takes the board's time
    import devtime as _dt

stats = {"frames": 0, "bytes": 0}   # frames shown, bytes sent over I2C (commands + data)


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.buffer = bytearray(height // 8 * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.on = True
        self.level = 255
        self.frames = 0
        self.sent = None if _link else bytearray(len(self.buffer))
        if _link:
            _link.connect(width, height)
        self._cmds(1)                   # SET_DISP: off
        self.fill(0)
        self.show()
        self.poweron()

    def _cmds(self, n):
        stats["bytes"] += 2 * n         # each command: control byte 0x80 and the command
        if _dt:
            _dt.show(2 * n)

    def _power(self):
        if _link:
            b = _link.tx
            b[0] = 1 if self.on else 0
            b[1] = self.level
            _link.send(80, b, 2)        # POWER

    def poweroff(self):
        self._cmds(1)                   # SET_DISP | 0
        self.on = False
        self._power()

    def poweron(self):
        self._cmds(1)                   # SET_DISP | 1
        self.on = True
        self._power()

    def contrast(self, contrast):
        self._cmds(2)                   # SET_CONTRAST, contrast
        self.level = contrast
        self._power()

    def show(self):
        self._cmds(6)                   # SET_COL_ADDR x0 x1, SET_PAGE_ADDR 0 pages-1
        b = self.buffer
        stats["bytes"] += 1 + len(b)    # 0x40, then the buffer
        if _dt:
            _dt.show(1 + len(b))
        stats["frames"] += 1
        self.frames += 1
        if _link:
            _link.send(70, b)           # FRAME
        else:
            self.sent[:] = b
