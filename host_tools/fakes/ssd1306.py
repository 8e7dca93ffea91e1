"""Fake micropython-lib `ssd1306` for the unix port: SSD1306_I2C with the calls the firmware makes.

Like the real driver, SSD1306_I2C is a framebuf.FrameBuffer (MONO_VLSB, width*height//8 bytes in
`buffer`) and show() sends the column/page window commands and then the whole buffer over I2C;
write_cmd and write_data are the driver's two methods under show(), with which a caller sends only
some pages (SET_COL_ADDR 0x21 and SET_PAGE_ADDR 0x22 set the window the next data fills, in the
horizontal addressing mode the driver sets up). Here the bytes are counted (stats) instead of
written, and the panel's memory (`sent`, what the glass shows) is kept. When a PC process runs the handheld (DICECUP_LINK
set) each shown frame and each power/contrast change goes to it over the host link (hostlink.py);
without one the last frame shown is kept in `sent` (what the player sees, for in-process tests).
Kept to what firmware/dicecup/device/hw.py, the tests and the bench driver use (poweron, poweroff, contrast, show,
write_cmd, write_data (full-width windows only); on, level, frames): a benchmark counts this module's heap, so it keeps few names (the register
numbers are written out where the real driver names them with const()).
"""
import os

import framebuf

_link = None
if os.getenv("DICECUP_LINK"):
    import hostlink as _link

stats = {"frames": 0, "bytes": 0}   # frames shown, bytes sent over I2C (commands + data)


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C):
        self.width = width
        self.height = height
        self.buffer = bytearray(height // 8 * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.on = True
        self.level = 255
        self.frames = 0
        # the panel's memory, what it shows; after it 4 bytes of state: the window's first and last
        # page, which parameter a command takes next (1, 2: the columns'; 3, 4: the pages'; 5: the
        # contrast; 0: none), and one spare (in one attribute: each name is heap, tests/test_names.py)
        self.sent = bytearray(len(self.buffer) + 4)
        if _link:
            _link.connect(width, height)
        self.write_cmd(0xAE)            # SET_DISP: off
        self.fill(0)
        self.show()
        self.poweron()

    def poweroff(self):
        self.on = False
        self.write_cmd(0xAE)            # SET_DISP | 0

    def poweron(self):
        self.on = True
        self.write_cmd(0xAF)            # SET_DISP | 1

    def contrast(self, contrast):
        self.write_cmd(0x81)            # SET_CONTRAST, then the level
        self.write_cmd(contrast)

    def write_cmd(self, c):
        """One command byte: the window's (0x21, 0x22 and their parameters) set where write_data
        goes; the display's power and contrast go to the PC (POWER) as they change. Its locals
        and stack fit the 11 words MicroPython keeps off the heap, as the real driver's do:
        under device time what this fake allocates is charged as the board's work."""
        stats["bytes"] += 2             # each command: control byte 0x80 and the command
        w = self.sent
        i = len(self.buffer) + 2        # the state: which parameter a command takes next
        n = w[i]
        if n == 5:                      # the contrast level
            self.level = c
            w[i] = 0
        elif n:                         # a window's parameter: the columns' are taken as they come
            if n > 2:
                w[i + n - 5] = c
            w[i] = n + 1 if n in (1, 3) else 0
        elif c == 0x21:                 # SET_COL_ADDR
            w[i] = 1
        elif c == 0x22:                 # SET_PAGE_ADDR
            w[i] = 3
        elif c == 0x81:                 # SET_CONTRAST
            w[i] = 5
        if _link and (n == 5 or not n and c in (0xAE, 0xAF)):    # the level, SET_DISP
            _link.tx[0] = 1 if self.on else 0
            _link.tx[1] = self.level
            _link.send(80, _link.tx, 2)     # POWER

    def write_data(self, buf):
        n = len(buf)
        stats["bytes"] += 1 + n         # 0x40, then the data
        stats["frames"] += 1
        self.frames += 1
        w = self.sent
        i = w[len(self.buffer)] * self.width
        w[i:i + n] = buf                # fills the window page by page (full-width windows)
        if _link:
            _link.send(70, w, len(self.buffer))     # FRAME

    def show(self):
        w = self.width
        for c in (0x21, 0, w - 1, 0x22, 0, len(self.buffer) // w - 1):
            self.write_cmd(c)
        self.write_data(self.buffer)
