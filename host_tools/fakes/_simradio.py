"""The handheld end of the simulator's radio; private to the `network` and `espnow` fakes.

Frames travel over the host link (hostlink.py) as message types of their own; the simulator's
radio bus (host_tools/sim/radio.py) decides what reaches whom, when, and whether a unicast is
acknowledged. Without a link (DICECUP_LINK unset) the radio hears nothing, broadcasts vanish and
unicasts are never acknowledged.

Environment: DICECUP_MAC (12 hex digits) names this handheld's station MAC; by default it is
02:dc:00:00:00:<DICECUP_ID>, locally administered and unique per simulated handheld.

Message types added to the host link (payload layouts; MACs are 6 bytes):
  handheld -> PC  b"N" RADIO   mac, channel (1), flags (1; bit 0: WLAN interface active)
                  b"S" SEND    seq (2, big-endian), sync (1), dst mac, message (0..250 bytes)
  PC -> handheld  b"R" HEARD   src mac, rssi (1, signed dBm), message
                  b"K" ACK     seq (2, big-endian), ok (1): the radio-level verdict on a sync SEND
The bus answers a sync SEND at once (the verdict is drawn when the frame leaves), so waiting for
it never advances the virtual clock.
"""
import os
import time

import hostlink

RADIO = b"N"
SEND = b"S"
HEARD = b"R"
ACK = b"K"
ACK_WAIT_MS = 2000  # wall-clock ms; the bus answers within a millisecond unless it has gone away
_VIRTUAL = hasattr(time, "advance")  # host_tools/fakes/vclock/time.py is on the path


def _mac_from_env():
    m = os.getenv("DICECUP_MAC")
    if m and len(m) == 12:
        b = bytearray(6)
        for i in range(6):
            b[i] = int(m[2 * i:2 * i + 2], 16)
        return bytes(b)
    ident = os.getenv("DICECUP_ID") or "0"
    return b"\x02\xdc\x00\x00\x00" + bytes((int(ident) & 255,))


class Link:
    """This handheld's radio: MAC, channel, on/off, and the frames the bus hands it."""

    def __init__(self):
        self.mac = _mac_from_env()
        self.channel = 1
        self.active = False
        self.on_frame = None  # espnow sets this: fn(src, rssi, msg) for every frame heard
        self._seq = 0
        self._acks = {}
        hostlink.connect()
        hostlink.on(HEARD, self._heard)
        hostlink.on(ACK, self._ack)

    def _heard(self, p):
        if self.on_frame:
            rssi = p[6] - 256 if p[6] > 127 else p[6]
            self.on_frame(bytes(p[0:6]), rssi, bytes(p[7:]))

    def _ack(self, p):
        self._acks[(p[0] << 8) | p[1]] = p[2] == 1

    def state(self):
        """Tell the bus our radio state (after WLAN active or channel changes)."""
        hostlink.send(RADIO, self.mac + bytes((self.channel & 255, 1 if self.active else 0)))

    def send(self, dst, msg, sync):
        """One frame onto the air; with sync, True when the bus says it was acknowledged."""
        if not hostlink.linked():
            return not sync
        self._seq = (self._seq + 1) & 0xFFFF
        seq = self._seq
        hostlink.send(SEND, bytes((seq >> 8, seq & 255, 1 if sync else 0)) + dst + msg)
        if not sync:
            return True
        tries = 0
        while seq not in self._acks:
            hostlink.pump(20)
            tries += 1
            if tries * 20 > ACK_WAIT_MS:
                return False
        return self._acks.pop(seq)

    def wait(self, ms):
        """Let up to ms pass while frames may arrive (returns early when something came in)."""
        if _VIRTUAL or not hostlink.linked():
            time.sleep_ms(ms)  # the virtual clock pumps the link while it waits for its grant
        else:
            hostlink.pump(ms)

    def poll(self):
        hostlink.pump(0)


_link = None


def link():
    """The process's single radio (created on first use)."""
    global _link
    if _link is None:
        _link = Link()
    return _link
