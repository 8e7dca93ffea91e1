"""gfx: the display toolkit - text with Danish letters, dice as pips, the cup, the battery icon.

Draws on any framebuf.FrameBuffer-like object (the SSD1306 driver on the handheld). The built-in
8x8 font has no æ ø å Æ Ø Å: those, mini dice (chars "\\x01".."\\x06", for bids) and a mini cup
("\\x07") are 8x8 glyphs of our own (_OWN, _OWN_COLS: MONO_VLSB columns), drawn pixel by pixel so
they take any colour. Private constants cost no interned name on MicroPython (host_tools.readback
reads these two under CPython, where they are plain attributes).
Text sits on 8-pixel rows (16 columns x 8 rows), which is what host_tools.readback reads back.
"""
from dicecup.core.compat import const

_W = const(128)
_COLS = const(16)     # characters on a row
MINI_DIE = "\x01\x02\x03\x04\x05\x06"
CUP_CHAR = "\x07"

# The characters drawn with glyphs of our own, and their 8 column bytes each in the same order
# (bit 0 = top row; see tests/test_handheld_text for how they look). The mini dice have no outline:
# their pips are 2x2 (the middle one 3x2, a lone one 3x3) on 7x8 pixels, so 2 and 3 differ by a
# whole pip at a glance (an outlined 7x7 die had one-pixel pips); the eighth column stays dark,
# a gap between dice written side by side. A string and a bytes table,
# not a dict: the table costs its bytes and no dict entries.
_OWN = const("æøåÆØÅ\x01\x02\x03\x04\x05\x06\x07")
_OWN_COLS = const(b" TT8|TX\x00" b"\x00\xb8|TL|:\x00" b"\x00 vUU~x\x00"
                  b"|~\x0b\t\x7fIA\x00" b"\x00\xbe\x7fQM\x7f?\x00" b"\x00x~\x15\x15~x\x00"
                  b"\x00\x00\x1c\x1c\x1c\x00\x00\x00" b"\x03\x03\x00\x00\x00\xc0\xc0\x00"
                  b"\x03\x03\x18\x18\x18\xc0\xc0\x00" b"\xc3\xc3\x00\x00\x00\xc3\xc3\x00"
                  b"\xc3\xc3\x18\x18\x18\xc3\xc3\x00" b"\xdb\xdb\x00\x00\x00\xdb\xdb\x00"
                  b"\x00\x0e<D\x04<\x0e\x00")
_N_OWN = const(13)

# pip centres on a 4x4 grid of quarters of the die's size, qx << 4 | qy, face f's f pips from
# f * (f - 1) // 2 on (bytes: a tuple of pairs per face cost far more heap, docs/memory.md)
# faces 1..6: 22 | 11 33 | 11 22 33 | 11 31 13 33 | 11 31 22 13 33 | 11 31 12 32 13 33
_PIPS = const(b"\x22\x11\x33\x11\x22\x33\x11\x31\x13\x33\x11\x31"
               b"\x22\x13\x33\x11\x31\x12\x32\x13\x33")

DIE = const(18)        # normal die size in pixels
BIG_DIE = const(28)    # kids' mode


def dice_layout(n, size=DIE):
    """Where dice_row puts n dice: (x of the first, pitch)."""
    if n == 0:
        return 0, 0
    gap = (_W - n * size) // (n + 1)
    if gap > size // 2:
        gap = size // 2
    return (_W - n * size - (n - 1) * gap) // 2, size + gap


class Gfx:
    def __init__(self, fb):
        self.fb = fb

    def clear(self):
        self.fb.fill(0)

    def text(self, s, x, y, c=1):
        """Draw s at pixel x, y; returns the x after the last character. Our own glyphs are found
        with str.find, never by s[i]: MicroPython interns every character it indexes out of a str
        as a qstr, and all the letters a game shows would cost a qstr each for good."""
        fb = self.fb
        n = len(s)
        start = 0
        while start < n:
            i = n       # where the first of our own glyphs is (n: none left), and which one
            k = -1
            for j in range(_N_OWN):
                p = s.find(_OWN[j], start, i)
                if p >= 0:
                    i = p
                    k = j
            if i > start:
                fb.text(s[start:i] if start or i < n else s, x, y, c)
                x += (i - start) * 8
            if k < 0:
                break
            k *= 8
            for col in range(8):
                bits = _OWN_COLS[k + col]
                if bits:
                    for r in range(8):
                        if bits >> r & 1:
                            fb.pixel(x + col, y + r, c)
            x += 8
            start = i + 1
        return x

    def row(self, row, s, align=0, inverse=False):
        """Text on an 8-pixel row: align 0 left, 1 centre, 2 right. inverse draws it dark on a
        light bar across the whole row (the selected line of a menu). The font's capitals and
        Å's ring reach the row's top pixel line, so the bar starts a line higher (on the row
        above's descender line): a dark letter top on the bar's edge would melt into the dark
        above it and read as cut ("Yatzy" as "\\atzy")."""
        y = row * 8
        if len(s) > _COLS:
            s = s[:_COLS]
        w = len(s) * 8
        x = 0 if align == 0 else ((_W - w) // 2 if align == 1 else _W - w)
        if inverse:
            self.fb.fill_rect(0, y - 1, _W, 9, 1)
        self.text(s, x, y, 0 if inverse else 1)

    def die(self, x, y, face, size=DIE):
        """A die showing face (1..6) as pips, outline with cut corners, top-left at x, y."""
        fb = self.fb
        s1 = size - 1
        fb.fill_rect(x, y, size, size, 0)
        fb.hline(x + 1, y, size - 2, 1)
        fb.hline(x + 1, y + s1, size - 2, 1)
        fb.vline(x, y + 1, size - 2, 1)
        fb.vline(x + s1, y + 1, size - 2, 1)
        r = size // 8
        d = 2 * r - 1
        i = face * (face - 1) // 2
        for j in range(i, i + face):
            q = _PIPS[j]
            fb.fill_rect(x + (size * (q >> 4)) // 4 - r + 1, y + (size * (q & 15)) // 4 - r + 1, d, d, 1)

    def dice_row(self, dice, y, size=DIE, n=None):
        """Draw the first n dice centred across the screen; returns (x of the first, pitch)."""
        n = len(dice) if n is None else n
        x0, pitch = dice_layout(n, size)
        for i in range(n):
            self.die(x0 + i * pitch, y, dice[i], size)
        return x0, pitch

    def cup(self, cx, y, h):
        """An upside-down cup over the dice: shows that there are dice, never which."""
        fb = self.fb
        for r in range(h - 3):
            half = h // 3 + r // 2
            fb.hline(cx - half, y + r, 2 * half + 1, 1)
        half = h // 3 + h // 2
        fb.fill_rect(cx - half, y + h - 3, 2 * half + 1, 3, 1)
        # a dark gap above the rim and a highlight, so it reads as a cup, not a block
        fb.hline(cx - half, y + h - 4, 2 * half + 1, 0)
        fb.vline(cx - h // 3 + 3, y + 3, h - 10, 0)

    def battery(self, x, y, percent):
        """A 12x7 battery icon, filled in steps of a quarter; an empty outline below 5 %."""
        fb = self.fb
        fb.fill_rect(x, y, 13, 7, 0)
        fb.rect(x, y, 11, 7, 1)
        fb.fill_rect(x + 11, y + 2, 2, 3, 1)
        bars = (percent + 12) // 25 if percent >= 5 else 0
        for i in range(bars):
            fb.fill_rect(x + 2 + i * 2, y + 2, 1, 3, 1)
        if bars:
            fb.fill_rect(x + 2, y + 2, bars * 2 - 1, 3, 1)
