"""yatzy_values: reads the optimal-play value table (built on the PC by host_tools.yatzy_table) from
flash with seeks, so the hard Yatzy bot knows what every future state is worth for a few bytes of RAM.

    t = Values(path)              opens the file; raises ValueError if it is not a value table
    t.value(mask, upper, y50)     expected points still to come from the start of a turn with the
                                  boxes of bit set `mask` filled, upper sum `upper` (any size; 63+
                                  means the bonus is won) and, in Yahtzee, the yahtzee box holding 50
    t.variant, t.nbox

Layout (little-endian): 16-byte header b"YVT1", u8 variant (0 standard, 2 yahtzee), u8 nbox,
u16 nclass, f32 scale, u8 Y (2 with the yahtzee flag, else 1), 3 pad; cls: 64 x 64 u8 (upper mask,
upper sum) -> class slot; cbase: 64 x u16 first class of each upper mask; base: (lower mask, Y,
upper mask) u16 in 1/100 points; delta: (lower mask, Y, class) u8 in 1/scale points above base.
"""
import struct

from dicecup.core.compat import const

_HEAD = const(16)
_CLS = const(16)
_CBASE = const(16 + 4096)
_BASE = const(16 + 4096 + 128)
VARIANTS = ("standard", None, "yahtzee")


class Values:
    def __init__(self, path):
        f = self.f = open(path, "rb")
        h = f.read(_HEAD)
        if len(h) != _HEAD or h[:4] != b"YVT1":
            f.close()
            raise ValueError("%s is not a Yatzy value table" % path)
        v, self.nbox, self.ncls, self.scale, self.y = struct.unpack("<BBHfB", h[4:13])
        self.variant = VARIANTS[v] if v < len(VARIANTS) else None
        self._delta = _BASE + 2 * (1 << (self.nbox - 6)) * self.y * 64
        self._b2 = bytearray(2)
        self._b1 = bytearray(1)

    def _u8(self, at):
        self.f.seek(at)
        self.f.readinto(self._b1)
        return self._b1[0]

    def _u16(self, at):
        self.f.seek(at)
        self.f.readinto(self._b2)
        return self._b2[0] | self._b2[1] << 8

    def value(self, mask, upper, y50=0):
        if mask == (1 << self.nbox) - 1:
            return 0.0
        um = mask & 63
        g = (mask >> 6) * self.y + (1 if y50 and self.y > 1 else 0)
        slot = self._u8(_CLS + um * 64 + (upper if upper < 63 else 63))
        c = self._u16(_CBASE + 2 * um) + slot
        return self._u16(_BASE + 2 * (g * 64 + um)) / 100 + self._u8(self._delta + g * self.ncls + c) / self.scale

    def close(self):
        self.f.close()
