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
        """Draw s at pixel x, y; returns the x after the last character. Text without our own
        glyphs goes to the font in one call; with them, _own draws it a piece at a time."""
        if _clean(s):
            self.fb.text(s, x, y, c)
            return x + len(s) * 8
        return self._own(s, x, y, c)

    def _own(self, s, x, y, c):
        """text() with our own glyphs in s, found with str.find, never by s[i]: MicroPython
        interns every character it indexes out of a str as a qstr, and all the letters a game
        shows would cost a qstr each for good."""
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
                _column(fb, _OWN_COLS[k + col], x + col, y, c)
            x += 8
            start = i + 1
        return x

    def mini_dice(self, dice, x, y):
        """dice (faces 1..6) as the mini dice of MINI_DIE side by side from pixel x, y: what
        text() draws for them, without a string made of them."""
        fb = self.fb
        for v in dice:
            v = (v + 5) * 8     # face v is our own glyph 5 + v: its columns
            for col in range(8):
                _column(fb, _OWN_COLS[v + col], x + col, y, 1)
            x += 8
        return x

    def row(self, row, s, align=0, inverse=False):
        """Text on an 8-pixel row: align 0 left, 1 centre, 2 right. inverse draws it dark on a
        light bar across the whole row (the selected line of a menu). The font's capitals and
        Å's ring reach the row's top pixel line, so the bar starts a line higher (on the row
        above's descender line): a dark letter top on the bar's edge would melt into the dark
        above it and read as cut ("Yatzy" as "\\atzy")."""
        # (its locals and stack fit the 11 words MicroPython keeps on the C stack: a frame more
        # would be on the heap at every row drawn, docs/memory.md, Device time)
        if len(s) > _COLS:
            s = s[:_COLS]
        if align:   # from here the row's x
            align = (_W - len(s) * 8) >> (2 - align)
        if inverse:
            _bar(self.fb, row * 8 - 1)
            inverse = 0
        else:
            inverse = 1
        self.text(s, align, row * 8, inverse)

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
        _cone(self.fb, cx - h // 3, y, h)
        # the rim, a dark gap above it and a highlight, so it reads as a cup, not a block
        self.fb.fill_rect(cx - h // 3 - h // 2, y + h - 3, (h // 3 + h // 2) * 2 + 1, 3, 1)
        self.fb.hline(cx - h // 3 - h // 2, y + h - 4, (h // 3 + h // 2) * 2 + 1, 0)
        self.fb.vline(cx - h // 3 + 3, y + 3, h - 10, 0)

    def battery(self, x, y, percent):
        """A 12x7 battery icon, filled in steps of a quarter; an empty outline below 5 %."""
        self.fb.fill_rect(x, y, 13, 7, 0)
        self.fb.rect(x, y, 11, 7, 1)
        self.fb.fill_rect(x + 11, y + 2, 2, 3, 1)
        percent = (percent + 12) // 25 if percent >= 5 else 0   # from here the bars
        if percent:
            self.fb.fill_rect(x + 2, y + 2, percent * 2 - 1, 3, 1)


# Gfx's drawing in functions whose locals and stack fit in 11 words: MicroPython puts the frame
# of a call with more on the heap, and every redraw draws rows, text, the cup and the battery
# (docs/memory.md, Device time). Few of them: each name is one more interned for good
# (tests/test_names.py)
def _clean(s):
    """True if s is clean of our own glyphs (the font draws it in one call). (Named as
    storage.settings._clean: a name already interned, tests/test_names.py.)"""
    for j in range(_N_OWN):
        if _OWN[j] in s:
            return False
    return True


def _column(fb, b, x, y, c):
    """A column of our own glyph (its bits, bit 0 on top) at x, y in colour c."""
    while b:
        if b & 1:
            fb.pixel(x, y, c)
        b >>= 1
        y += 1


def _bar(fb, y):
    fb.fill_rect(0, y, _W, 9, 1)


def _cone(fb, x, y, h):
    """The cup's body from x, y down to its rim: a pixel wider each side every other row."""
    w = (h // 3) * 2 + 1
    h += y - 3
    while y < h:
        fb.hline(x, y, w, 1)
        if y + 1 < h:
            fb.hline(x, y + 1, w, 1)
        x -= 1
        w += 2
        y += 2
