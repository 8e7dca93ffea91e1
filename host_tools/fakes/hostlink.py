"""hostlink: the link between a handheld running under the MicroPython unix port and a PC process.

The fakes (machine, ssd1306, vclock/time) use it; the firmware never imports it. With no link
configured every call here is a no-op, so tests can drive the fakes in-process (machine and ssd1306
load it only when DICECUP_LINK is set). The PC's BUTTON and ADC messages go to the machine fake.

Configuration (environment of the micropython process):
    DICECUP_LINK   "HOST:PORT" of a TCP server on the PC (the PC listens, the handheld connects),
                   or unset for no link.
    DICECUP_ID     a small integer naming this handheld (sent in HELLO; default 0). A simulator runs
                   several handhelds, each with its own id, against one server.
    DICECUP_CLOCK  "virtual" to run on the virtual clock (put host_tools/fakes/vclock first on
                   MICROPYPATH as well; see vclock/time.py), otherwise wall-clock time.

Wire format, both directions: messages of  type (1 byte) | length (2 bytes, big-endian) | payload.
Types (ASCII letters; unknown types are skipped by length, so the simulator can add its own, e.g.
fake ESP-NOW packets):
  handheld -> PC
    b"H"  HELLO   payload: id (1 byte), then the display size: width, height (1 byte each)
    b"F"  FRAME   payload: the 1024-byte MONO_VLSB frame buffer, sent on every show()
    b"P"  POWER   payload: 1 byte 0/1 display off/on, 1 byte contrast 0..255
    b"W"  WAITING payload: virtual time now (4 bytes, big-endian ms): the handheld used up its grant
  PC -> handheld
    b"B"  BUTTON  payload: GPIO number (1 byte), level (1 byte: 0 = pressed, pulled low; 1 = released)
    b"A"  ADC     payload: GPIO number (1 byte), microvolts at the pin (4 bytes, big-endian)
    b"T"  TIME    payload: grant (4 bytes, big-endian ms): with the virtual clock the handheld may run
                  until virtual time reaches the grant, then sends WAITING and blocks for the next TIME.
                  0xFFFFFFFF means run freely. Ignored on the wall clock.
    b"Q"  QUIT    no payload: the handheld process exits (sys.exit(0)).
Types the simulator adds (host_tools/sim/hub.py answers them; layouts in the modules that send them):
    b"N" RADIO, b"S" SEND (handheld -> PC) and b"R" HEARD, b"K" ACK (PC -> handheld): the ESP-NOW
         radio of the network/espnow fakes, see _simradio.py
    b"X" CUT (handheld -> PC): the power fails now (fault injection, see _powercut.py)
"""
import os
import sys

try:
    import socket
    import select
except ImportError:  # pragma: no cover - every unix port build has them
    socket = None

HELLO = b"H"
FRAME = b"F"
POWER = b"P"
WAITING = b"W"
BUTTON = b"B"
ADC = b"A"
TIME = b"T"
QUIT = b"Q"
FREE_RUN = 0xFFFFFFFF

_sock = None
_poll = None
_handlers = {}      # message type -> function(payload bytes)
_hdr = bytearray(3)


def _env(name, default=None):
    v = os.getenv(name)
    return default if v is None or v == "" else v


def connect(width=128, height=64):
    """Connect to the PC if DICECUP_LINK is set (once); returns True when linked."""
    global _sock, _poll
    if _sock is not None:
        return True
    addr = _env("DICECUP_LINK")
    if not addr or socket is None:
        return False
    host, port = addr.rsplit(":", 1)
    ai = socket.getaddrinfo(host, int(port))[0][-1]
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect(ai)
    _sock = s
    _poll = select.poll()
    _poll.register(s, select.POLLIN)
    send(HELLO, bytes((int(_env("DICECUP_ID", "0")) & 255, width & 255, height & 255)))
    return True


def linked():
    return _sock is not None


def on(kind, fn):
    """Register fn(payload) for messages of type kind from the PC."""
    _handlers[kind] = fn


def send(kind, payload=b""):
    if _sock is None:
        return
    n = len(payload)
    _sock.write(kind + bytes((n >> 8, n & 255)))
    if n:
        _sock.write(payload)


def _read_exact(n):
    buf = b""
    while len(buf) < n:
        chunk = _sock.read(n - len(buf))
        if not chunk:
            sys.exit(0)  # the PC went away: the handheld is switched off
        buf += chunk
    return buf


def _one():
    h = _read_exact(3)
    n = (h[1] << 8) | h[2]
    payload = _read_exact(n) if n else b""
    kind = h[:1]
    if kind == QUIT:
        sys.exit(0)
    fn = _handlers.get(kind)
    if fn:
        fn(payload)
    return kind


def pump(timeout_ms=0):
    """Handle every message that is waiting (waiting at most timeout_ms for the first one)."""
    if _sock is None:
        return 0
    n = 0
    while _poll.poll(timeout_ms if n == 0 else 0):
        _one()
        n += 1
    return n


def wait_for(kind):
    """Block until a message of this type has been handled (others are handled on the way)."""
    if _sock is None:
        return
    while _one() != kind:
        pass


def be32(v):
    return bytes(((v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255))


def from_be32(b, i=0):
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


_buttons = [0]  # BUTTON messages so far: one ends a light sleep on the virtual clock


def _on_button(p):
    import machine
    _buttons[0] += 1
    machine.sim_set(p[0], p[1])


def _on_adc(p):
    import machine
    machine.sim_adc(p[0], from_be32(p, 1))


on(BUTTON, _on_button)
on(ADC, _on_adc)


def lightsleep(ms):
    """machine.lightsleep while linked: waits for the PC's messages until ms pass (None: forever) or
    a button changes. On the virtual clock (vclock/time.py) the sleep spends virtual time in slices,
    so the other handhelds keep running in lockstep."""
    import time
    if hasattr(time, "advance"):
        left = ms if ms is not None else 1 << 30
        seen = _buttons[0]
        while left > 0 and _buttons[0] == seen:
            time.sleep_ms(min(left, 20))
            left -= 20
    else:
        pump(ms if ms is not None else -1)
