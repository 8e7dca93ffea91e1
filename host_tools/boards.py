"""The boards a handheld can be built on: one place for what differs between them on the PC side.

The firmware never asks which board it runs on: everything board-specific it needs is in the pin map
that `make deploy BOARD=...` copies to the handheld as pinmap.json. This module owns the rest, which
only the host tools need: the chip (for host_tools.pincheck's rules), the stock MicroPython image and
where it starts in flash (host_tools.deploy), the board's own pins, size and USB position (pincheck,
enclosure) and the heap MicroPython gives it (the simulator's --board).

Facts: ESP32 and ESP32-S3 datasheets (Espressif), the boards' product pages and schematics, and
MicroPython's release notes (ESP32_GENERIC_S3 finds 4 MB flash and quad PSRAM by itself since 1.26).
"""
import os

from host_tools.paths import HARDWARE

REFERENCE = "s3"

# Heap bytes the 64-bit unix port needs for the same firmware state as a 32-bit MicroPython (the
# ESP32's): measured by bench/py_heap32.py and docs/memory.md (peak live heap of the same cases on
# both, the 32-bit one run in MicroPython's WebAssembly port with a collection between steps).
HEAP_RATIO_64_32 = 1.45


class Board:
    def __init__(self, key, name, chip, pinmap, image, offset, image_chip_id, min_version, heap_kb,
                 heap_note, pins, reserved, usb_ids, size_mm, usb, fs_bytes, regulator, psram, thick_mm=None):
        self.key, self.name, self.chip, self.pinmap = key, name, chip, pinmap
        self.image, self.offset, self.image_chip_id, self.min_version = image, offset, image_chip_id, min_version
        self.heap_kb, self.heap_note = heap_kb, heap_note
        self.pins = pins            # GPIOs the board brings out to its header or castellated edge
        self.reserved = reserved    # {gpio: what the board itself wires to it}
        self.usb_ids = usb_ids      # (VID, PID) of the board's USB port, for PORT=all
        self.size_mm = size_mm      # board outline w x h (the USB connector on the short edge)
        self.thick_mm = thick_mm    # from the board's back to its tallest part on top (header pins included)
        self.usb = usb              # the USB connector, for the enclosure's slot: w x h, how far it sticks out
                                    # past the short edge, and "above": the PCB's top face over the board's back
        self.fs_bytes = fs_bytes    # the image's file system on this board's 4 MB flash
        self.regulator, self.psram = regulator, psram

    def sim_heap(self):
        """The -X heapsize for the simulator's 64-bit unix port: this board's heap times the ratio."""
        return "%dK" % round(self.heap_kb * HEAP_RATIO_64_32)

    def image_name(self):
        return "%s v%d.%d or later" % ((self.image,) + self.min_version) if self.min_version else self.image

    def download(self):
        return "micropython.org/download/%s" % self.image


_BLOCK = 4096
BOARDS = {
    "s3": Board(
        "s3", "Waveshare ESP32-S3-Zero", "esp32s3", os.path.join(HARDWARE, "pinmap.json"),
        "ESP32_GENERIC_S3", "0x0", 9, (1, 26),
        # the stock image puts the heap in the 2 MB PSRAM; round down for what the image keeps itself
        1900, "2 MB quad PSRAM: the stock ESP32_GENERIC_S3 image puts MicroPython's heap there",
        # castellated edges: 5V GND 3V3 1-6 | TX=43 RX=44 13-7 (the pads underneath are left alone)
        frozenset(list(range(1, 14)) + [43, 44]),
        {0: "the board's BOOT button", 21: "the board's WS2812 RGB LED (data in)"},
        frozenset([(0x303A, 0x1001), (0x303A, 0x4001)]),   # ROM USB-Serial/JTAG; MicroPython's CDC
        # 23.5 x 18 mm PCB, the USB-C receptacle 1.3 mm past it (24.8 mm overall); the thickness is an
        # estimate: a Zero-class PCB of up to 1.6 mm under the 3.3 mm receptacle, castellated, no headers
        (23.5, 18.0), {"edge": "short", "connector": "USB-C", "w": 9.0, "h": 3.3, "sticks_out": 1.3, "above": 1.6},
        2 * 1024 * 1024 - 2 * _BLOCK, "ME6217C33M5G (800 mA LDO, fed from the 5V pin)", "quad", thick_mm=4.9),
    "wroom": Board(
        "wroom", "ESP32-DevKitC V4 (ESP32-WROOM-32)", "esp32", os.path.join(HARDWARE, "pinmap_wroom.json"),
        "ESP32_GENERIC", "0x1000", 0, None,
        112, "no PSRAM: the split heap starts at 56 KB and grows to about 112 KB",
        frozenset(list(range(0, 6)) + list(range(12, 24)) + [25, 26, 27] + list(range(32, 40))) - {20},
        {},
        # USB-serial bridges found on ESP32 dev boards: CP210x, CH340, CH9102, FTDI
        frozenset([(0x10C4, 0xEA60), (0x1A86, 0x7523), (0x1A86, 0x55D4), (0x0403, 0x6001), (0x0403, 0x6010),
                   (0x0403, 0x6015)]),
        # thickness (estimate): the header pins it is sold with (8.5 mm under the 1.6 mm PCB) and the module
        # and micro-USB receptacle (3.2 mm) on top
        (54.4, 27.9), {"edge": "short", "connector": "micro-USB", "w": 8.0, "h": 3.0, "sticks_out": 1.0, "above": 10.1},
        2 * 1024 * 1024 - 2 * _BLOCK, "AMS1117-3.3 (1.1 V dropout: bypassed by the ME6211)", None, thick_mm=13.3),
}
CHIPS = {b.chip: b for b in BOARDS.values()}


class UnknownBoard(ValueError):
    pass


def get(key):
    """The Board for BOARD=key (empty: the reference board); UnknownBoard names the choices."""
    key = (key or REFERENCE).strip().lower()
    if key not in BOARDS:
        raise UnknownBoard("unknown board %r: BOARD=%s" % (key, " or BOARD=".join(
            "%s (%s%s)" % (k, b.name, ", the reference" if k == REFERENCE else "") for k, b in BOARDS.items())))
    return BOARDS[key]


def of_pinmap(pm):
    """The Board a parsed pin map is for (its board_id; a map without one is the WROOM's old format)."""
    return BOARDS.get(pm.get("board_id", "wroom")) if isinstance(pm, dict) else None
