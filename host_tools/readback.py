"""readback: what a player sees on a 128x64 MONO_VLSB frame, as text and dice (for tests and tools).

Text: every character of MicroPython's 8x8 font is rendered once with framebuf itself (under
CPython, by asking the unix port once), plus the firmware's own glyphs (æ ø å Æ Ø Å,
mini dice, mini cup; OWN_CHARS); each 8-pixel text row of the frame is then scanned at every x for cells that
equal a glyph, normal or inverted. Mini dice read as ⚀..⚅, the mini cup as ∪. Gaps of 8 or more
pixels read as spaces. Works under MicroPython and CPython.

Dice (MicroPython only: needs framebuf): `dice(buf)` finds every die gfx.die drew, at any position
and in either size, and reads its face by comparing with a die gfx drew itself.
"""
import sys

from dicecup.ui import gfx

MP = sys.implementation.name == "micropython"
_READS = {"\x01": "⚀", "\x02": "⚁", "\x03": "⚂", "\x04": "⚃", "\x05": "⚄", "\x06": "⚅", "\x07": "∪"}
_table = None
OWN_CHARS = "æøåÆØÅ\x01\x02\x03\x04\x05\x06\x07"   # what gfx draws with glyphs of its own


def _font_columns():
    """{char: 8 column bytes} for chars 32..126 of the built-in font."""
    if MP:
        import framebuf
        out = {}
        b = bytearray(8)
        fb = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)
        for code in range(32, 127):
            fb.fill(0)
            fb.text(chr(code), 0, 0, 1)
            out[chr(code)] = bytes(b)
        return out
    import json
    import os
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    from host_tools.paths import MICROPYTHON
    code = ("import sys; sys.path.insert(0, %r); sys.path.insert(0, %r); import readback, json; "
            "print(json.dumps({k: list(v) for k, v in readback._font_columns().items()}))"
            % (os.path.join(os.path.dirname(here), "firmware"), here))
    r = subprocess.run([MICROPYTHON, "-c", code], capture_output=True, text=True, check=True)
    return {k: bytes(v) for k, v in json.loads(r.stdout).items()}


def glyphs():
    """{char: 8 column bytes} of the firmware's own glyphs. Under CPython gfx's private constants
    (_OWN, _OWN_COLS) are attributes; on MicroPython they are not, so each glyph is drawn with
    gfx itself and read back (OWN_CHARS must be gfx._OWN: tests/test_handheld_text checks it)."""
    if not MP:
        return {ch: gfx._OWN_COLS[8 * i:8 * i + 8] for i, ch in enumerate(gfx._OWN)}
    import framebuf
    out = {}
    b = bytearray(8)
    g = gfx.Gfx(framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB))
    for ch in OWN_CHARS:
        g.clear()
        g.text(ch, 0, 0)
        out[ch] = bytes(b)
    return out


def table():
    """{8 column bytes: char} for normal and inverted cells (built once)."""
    global _table
    if _table is None:
        t = {}
        cols = _font_columns()
        cols.update(glyphs())
        for ch, v in cols.items():
            ch = _READS.get(ch, ch)
            if v not in t:
                t[v] = ch
            inv = bytes(255 - c for c in v)
            if inv not in t:
                t[inv] = ch
        # the row over a selected one: gfx.row's bar lights its bottom pixel line (a descender's)
        for ch, v in cols.items():
            lit = bytes(c | 128 for c in v)
            if lit not in t:
                t[lit] = _READS.get(ch, ch)
        _table = t
    return _table


def line(buf, row, width=128):
    """The text on one 8-pixel row."""
    t = table()
    base = row * width
    out = []
    x = 0
    end = -1
    while x <= width - 8:
        ch = t.get(bytes(buf[base + x:base + x + 8]))
        if ch is not None and ch != " ":
            if end >= 0:
                out.append(" " * ((x - end + 4) // 8))
            out.append(ch)
            x += 8
            end = x
        else:
            x += 1
    return "".join(out)


def lines(buf, width=128, height=64):
    return [line(buf, r, width) for r in range(height // 8)]


def text(buf, width=128, height=64):
    """The whole screen as text, one line per 8-pixel row."""
    return "\n".join(lines(buf, width, height))


_templates = {}


def _template(face, size):
    import framebuf
    key = face * 100 + size
    t = _templates.get(key)
    if t is None:
        b = bytearray(size * ((size + 7) // 8))
        fb = framebuf.FrameBuffer(b, size, size, framebuf.MONO_VLSB)
        gfx.Gfx(fb).die(0, 0, face, size)
        t = _templates[key] = fb
    return t


def dice(buf, width=128, height=64):
    """Every die drawn on the frame: a list of (x, y, size, face), face 0 for a die-like box whose
    pips match no face. Sorted top to bottom, left to right."""
    import framebuf
    fb = framebuf.FrameBuffer(buf, width, height, framebuf.MONO_VLSB)
    px = fb.pixel
    found = []
    for size in (gfx.DIE, gfx.BIG_DIE):
        s1 = size - 1
        for y in range(height - s1):
            for x in range(width - s1):
                if px(x, y) or not px(x + 1, y) or not px(x, y + 1) or px(x + 1, y + 1):
                    continue
                if not (px(x + s1 - 1, y) and px(x + 1, y + s1) and px(x + s1, y + 1)
                        and px(x + s1, y + s1 - 1) and not px(x + s1, y)):
                    continue
                ok = True
                for i in range(1, s1):
                    if not (px(x + i, y) and px(x, y + i) and px(x + i, y + s1) and px(x + s1, y + i)):
                        ok = False
                        break
                if not ok:
                    continue
                face = 0
                for f in range(1, 7):
                    t = _template(f, size).pixel
                    same = True
                    for yy in range(1, s1):
                        for xx in range(1, s1):
                            if t(xx, yy) != px(x + xx, y + yy):
                                same = False
                                break
                        if not same:
                            break
                    if same:
                        face = f
                        break
                found.append((x, y, size, face))
    found.sort(key=lambda d: (d[1], d[0]))
    return found


def faces(buf, width=128, height=64):
    """The faces of the dice on the frame, in reading order."""
    return [d[3] for d in dice(buf, width, height)]
