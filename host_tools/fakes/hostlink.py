"""hostlink: the link between a handheld running under the MicroPython unix port and a PC process.

The fakes (machine, ssd1306, network, espnow, vclock/time) use it; the firmware never imports it.
With no link configured every call here is a no-op, so tests can drive the fakes in-process (machine
and ssd1306 load it only when DICECUP_LINK is set). It is the one socket of the handheld and hands
every message from the PC to its fake itself: BUTTON and ADC to machine, TIME to the grant the
virtual clock reads, HEARD to espnow's hook, ACK to `ack`.

Heap: the fakes are C modules on an ESP32 (ssd1306 and hostlink aside), so what they hold here is
heap a real handheld does not spend; bench/py_table_fakes.py measures it. So: few names, one
preallocated buffer each way (a message is read with readinto, a header and a radio SEND are built
in place), no dict of handlers, nothing allocated per message.

Configuration (environment of the micropython process):
    DICECUP_LINK   "HOST:PORT" of a TCP server on the PC (the PC listens, the handheld connects),
                   or unset for no link. On a port without sockets (the browser's WebAssembly
                   port, host_tools/web) any value links over host_tools/web/py/jslink.py instead.
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
         radio of the network/espnow fakes, see network.py
    b"X" CUT (handheld -> PC): the power fails now (fault injection, see _powercut.py)
    b"Z" TONE (handheld -> PC): the piezo's PWM now sounds this (machine.py: GPIO, Hz in 2 bytes)
"""
import os
import sys

try:
    import select
    import socket
except ImportError:  # the WebAssembly port (host_tools/web) has no sockets: jslink instead
    socket = None

FREE_RUN = 0xFFFFFFFF
_s = None               # the socket to the PC once connected
_p = None               # its poll object
_h = bytearray(3)       # the header of a message, either way
rx = bytearray(260)     # the payload of the last message from the PC (the longest: HEARD, 7 + 250)
tx = bytearray(260)     # where a fake builds a payload to send (the longest: SEND, 9 + 250)
# the virtual clock's grant (TIME): under the simulator's lockstep (DICECUP_CLOCK=virtual with a link)
# no time passes before the first grant, so a handheld that boots early cannot run ahead
grant = 0 if os.getenv("DICECUP_CLOCK") == "virtual" and os.getenv("DICECUP_LINK") else FREE_RUN
buttons = 0             # BUTTON messages so far: one ends a light sleep on the virtual clock
ack = 0                 # the last ACK: seq << 1 | ok
heard = None            # espnow sets it: fn(n) for a HEARD of n bytes in rx


def connect(width=128, height=64):
    """Connect to the PC if DICECUP_LINK is set (once); returns True when linked."""
    global _s, _p
    if _s is not None:
        return True
    addr = os.getenv("DICECUP_LINK")
    if not addr:
        return False
    if socket is None:  # the browser's WebAssembly port: the PC side is the page (host_tools/web)
        import jslink   # the same messages over JavaScript calls; it is both socket and poll
        _s = _p = jslink
    else:
        host, port = addr.rsplit(":", 1)
        _s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        _s.connect(socket.getaddrinfo(host, int(port))[0][-1])
        _p = select.poll()
        _p.register(_s, select.POLLIN)
    tx[0] = int(os.getenv("DICECUP_ID") or "0")
    tx[1] = width
    tx[2] = height
    send(72, tx, 3)     # HELLO
    return True


def linked():
    return _s is not None


def send(kind, payload=b"", n=-1):
    """Message type kind (its letter's code) with the first n bytes of payload (all of it: -1)."""
    if _s is None:
        return
    if n < 0:
        n = len(payload)
    h = _h
    h[0] = kind
    h[1] = n >> 8
    h[2] = n & 255
    _s.write(h)
    if n:
        _s.write(payload, 0, n)


def _get(buf, n):
    got = _s.readinto(buf, n)
    while got and got < n:  # rare: the message came in pieces
        k = _s.readinto(memoryview(buf)[got:n])
        got = got + k if k else 0
    if not got:
        sys.exit(0)     # the PC went away: the handheld is switched off


def _one():
    global grant, buttons, ack
    h = _h
    _get(h, 3)
    n = (h[1] << 8) | h[2]
    b = rx
    while n > len(b):   # a type too long for us (none is): skipped
        _get(b, len(b))
        n -= len(b)
    if n:
        _get(b, n)
    k = h[0]
    if k == 84:         # TIME
        grant = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]
    elif k == 82:       # HEARD
        if heard:
            heard(n)
    elif k == 75:       # ACK
        ack = (b[0] << 9) | (b[1] << 1) | (b[2] == 1)
    elif k == 66:       # BUTTON
        import machine
        buttons += 1
        machine.sim_set(b[0], b[1])
    elif k == 65:       # ADC
        import machine
        machine.sim_adc(b[0], (b[1] << 24) | (b[2] << 16) | (b[3] << 8) | b[4])
    elif k == 81:       # QUIT
        sys.exit(0)
    return k


def pump(ms=0):
    """Handle every message that is waiting (waiting at most ms for the first one; -1: forever)."""
    n = 0
    while _s is not None:
        for _ in _p.ipoll(ms if n == 0 else 0):
            break
        else:
            return n
        _one()
        n += 1
    return n


def wait_for(kind):
    """Block until a message of this type has been handled (others are handled on the way)."""
    if _s is not None:
        while _one() != kind:
            pass


def lightsleep(ms):
    """machine.lightsleep while linked: waits for the PC's messages until ms pass (None: forever) or
    a button changes. On the virtual clock (vclock/time.py) the sleep spends virtual time in slices,
    so the other handhelds keep running in lockstep."""
    import time
    if hasattr(time, "advance"):
        left = ms if ms is not None else 1 << 30
        seen = buttons
        while left > 0 and buttons == seen:
            time.sleep_ms(min(left, 20))
            left -= 20
    else:
        pump(ms if ms is not None else -1)
