"""Host fake of MicroPython's `espnow` module (ESP32 flavour), carried by the simulator's radio bus.

Follows MicroPython's docs/library/espnow.rst and ports/esp32 (modespnow.c, modules/espnow.py) for
what the firmware (firmware/dicecup/device/radio.py) and the tests use:
- `ESPNow()` is a singleton; `active(True)` allocates the receive buffer (`rxbuf` bytes, one
  bytearray, as the device takes its ring buffer from the heap), `active(False)` frees it and
  forgets every peer. `config(rxbuf=, timeout_ms=, rate=, pm=)`; `config('rxbuf')` and
  `config('timeout_ms')` read one. A new `rxbuf` takes effect at the next `active(True)`.
- `add_peer(mac)` before `send`; the broadcast address b'\\xff' * 6 too. At most 20 peers.
  `del_peer(mac)`; `get_peers()` lists the unicast ones as (mac, lmk, channel, ifidx, encrypt).
- `send(mac, msg, sync=True)`: with sync, True only when every addressed unicast peer's radio
  acknowledged (its WLAN on and on our channel, and the bus did not lose the frame). Broadcasts are
  never acknowledged by anyone and `send` returns True for them regardless. `send(None, msg)` goes
  to every registered unicast peer. `send(msg)` is `send(None, msg)`.
- Messages are str/bytes-like of at most 250 bytes: longer raises ValueError, a mac that is not 6
  bytes raises ValueError.
- `recv(timeout_ms)` returns a new [mac, msg] list of bytes; `irecv(timeout_ms)` returns the same
  list every call ([mac, bytearray]: copy what you keep); both return (None, None) on timeout.
  The mac is the peers_table key (one bytes object per sender, as on the device). `any()` says
  whether a frame waits. `stats()` is (tx_pkts, tx_responses, tx_failures, rx_packets,
  dropped_rx_packets). `peers_table` maps mac -> [rssi, time_ms], updated by recv/irecv.
  `irq(callback)` calls callback(espnow) after frames arrive (see its docstring).
- The receive buffer holds `rxbuf` bytes (default 526: two 250-byte frames with their 13-byte
  headers); a frame that arrives when it is full is dropped and counted, yet was still acknowledged.
- Errors are OSError(code, 'ESP_ERR_ESPNOW_...') with the ESP-IDF names: NOT_INIT, NOT_FOUND, EXIST,
  FULL, ARG, IF (WLAN interface off).
Left out (the firmware never calls them; each name is heap here, none on the device): get_peer,
mod_peer, peer_count, set_pmk, recvinto, iteration, init/deinit, encryption keys.

Frames come and go over the host link (hostlink.py; layouts in network.py): a HEARD is copied into
the receive buffer as  length (1) | rssi (1) | time_ms (4, big-endian) | src mac (6) | message.
"""
import time

import hostlink
import network

MAX_DATA_LEN = 250
_BCAST = b"\xff" * 6
_e = []


def _err(code, name):
    return OSError(-code, "ESP_ERR_ESPNOW_" + name)


def _mac(m):
    if not isinstance(m, (bytes, bytearray, memoryview)) or len(m) != 6:
        raise ValueError("invalid buffer length")
    return m if isinstance(m, bytes) else bytes(m)


class ESPNow:
    def __new__(cls):
        if not _e:
            s = object.__new__(cls)
            s._size = 526       # rxbuf: two 250-byte frames with their 13-byte headers
            s._timeout = 300000
            s._rb = None        # the receive buffer while active
            s._peers = []
            s._stats = [0, 0, 0, 0, 0]
            s.peers_table = {}
            s._cb = None
            s._seq = 0
            s._data = [None, bytearray(MAX_DATA_LEN)]
            _e.append(s)
        return _e[0]

    def __init__(self):
        pass

    def active(self, *args):
        if args:
            if not args[0]:
                self._rb = None
                self._peers = []
                hostlink.heard = None
            elif self._rb is None:
                self._rb = bytearray(self._size)
                self._head = self._tail = self._used = 0  # read, write position; bytes counted
                hostlink.heard = self._heard
        return self._rb is not None

    def config(self, *args, **kw):
        for k, v in kw.items():
            if k == "rxbuf":
                if v >= 0:
                    self._size = v
            elif k == "timeout_ms":
                self._timeout = v
            elif k != "rate" and k != "pm":
                raise TypeError("unexpected keyword argument '%s'" % k)
        if args:
            if args[0] == "rxbuf":
                return self._size
            if args[0] == "timeout_ms":
                return self._timeout
            raise ValueError("unknown config param")

    def irq(self, callback):
        """callback(self) runs soon after each frame arrives (None to stop), like the device's
        scheduled callback: here when the link is next read (any recv, irecv, any, send or
        sleep), never inside another such callback."""
        if callback is not None and not callable(callback):
            raise ValueError("invalid handler")
        self._cb = callback

    def stats(self):
        return tuple(self._stats)

    def _need_init(self):
        if self._rb is None:
            raise _err(12389, "NOT_INIT")

    def add_peer(self, mac, lmk=None, channel=None, ifidx=None, encrypt=None):
        self._need_init()
        mac = _mac(mac)
        if mac in self._peers:
            raise _err(12395, "EXIST")
        if len(self._peers) >= 20:
            raise _err(12392, "FULL")
        if (encrypt or lmk) and mac[0] & 1:
            raise _err(12390, "ARG")  # broadcast and multicast are never encrypted
        self._peers.append(mac)

    def del_peer(self, mac):
        self._need_init()
        mac = _mac(mac)
        if mac not in self._peers:
            raise _err(12393, "NOT_FOUND")
        self._peers.remove(mac)

    def get_peers(self):
        self._need_init()
        return tuple((m, None, 0, 0, False) for m in self._peers if not m[0] & 1)

    def send(self, mac, msg=None, sync=True):
        self._need_init()
        if msg is None:  # send(msg)
            mac, msg = None, mac
        if isinstance(msg, str):
            msg = msg.encode()
        n = len(msg)
        if n > MAX_DATA_LEN:
            raise ValueError("msg too long (max %d bytes)" % MAX_DATA_LEN)
        if mac:
            mac = _mac(mac)
            if mac not in self._peers:
                raise _err(12393, "NOT_FOUND")
        if not network.WLAN().on:
            raise _err(12396, "IF")
        st = self._stats
        b = hostlink.tx
        b[9:9 + n] = msg
        ok = True
        for dst in self._peers:
            if mac:
                dst = mac
            elif dst[0] & 1:    # send(None, ...) goes to the unicast peers only
                continue
            st[0] += 1
            group = dst[0] & 1  # broadcast or multicast: nobody acknowledges
            wait = sync and not group
            if hostlink.linked():
                self._seq = seq = (self._seq + 1) & 0xFFFF
                b[0] = seq >> 8
                b[1] = seq & 255
                b[2] = wait
                b[3:9] = dst
                hostlink.send(83, b, 9 + n)     # SEND
                if wait:
                    for _ in range(100):        # the bus answers at once unless it has gone away
                        if hostlink.ack >> 1 == seq:
                            break
                        hostlink.pump(20)
                    wait = hostlink.ack != (seq << 1 | 1)
            if sync:
                st[1] += 1
                if wait:
                    st[2] += 1
                    ok = False
            elif not group:
                st[1] += 1      # the response still comes; nobody waits for it
            if mac:
                break
        return ok

    def _heard(self, n):
        """A HEARD of n bytes in hostlink.rx: into the receive buffer, or dropped when it is full."""
        b = hostlink.rx
        n -= 7
        if self._used + 13 + n > self._size:
            self._stats[4] += 1
            return
        rb = self._rb
        p = self._tail
        if p + 12 + n > len(rb):    # no room at the end: move what waits to the front (rare)
            rb[0:p - self._head] = rb[self._head:p]
            p -= self._head
            self._head = 0
        t = time.ticks_ms()
        rb[p] = n
        rb[p + 1] = b[6]
        rb[p + 2] = t >> 24 & 255
        rb[p + 3] = t >> 16 & 255
        rb[p + 4] = t >> 8 & 255
        rb[p + 5] = t & 255
        rb[p + 6:p + 12] = b[0:6]
        rb[p + 12:p + 12 + n] = memoryview(b)[7:7 + n]
        self._tail = p + 12 + n
        self._used += 13 + n
        self._stats[3] += 1
        cb = self._cb
        if cb:
            self._cb = 0        # never inside another such callback (0: irq() was not called in it)
            try:
                cb(self)
            finally:
                if self._cb == 0:
                    self._cb = cb

    def _take(self, timeout_ms):
        """The first waiting frame's position in the receive buffer (its mac made the peers_table
        key, its rssi and time noted there), waiting up to timeout_ms; -1 when none came. Asked
        every loop with nothing waiting: its locals and stack fit MicroPython's 11 words, as the
        real irecv allocates nothing (under device time the fake's allocations are charged as
        the board's work)."""
        self._need_init()
        if timeout_ms is None:
            timeout_ms = self._timeout
        hostlink.pump(0)
        if not self._used and timeout_ms:
            self._wait(timeout_ms)
        if not self._used:
            return -1
        return self._first()

    def _wait(self, timeout_ms):
        t0 = time.ticks_ms()
        while not self._used:
            left = timeout_ms - time.ticks_diff(time.ticks_ms(), t0) if timeout_ms > 0 else 10
            if left <= 0:
                break
            if hasattr(time, "advance") or not hostlink.linked():
                time.sleep_ms(min(left, 10))  # the virtual clock pumps the link as it waits
            else:
                hostlink.pump(min(left, 10))

    def _first(self):
        rb = self._rb
        p = self._head
        n = rb[p]
        self._head = p + 12 + n
        self._used -= 13 + n
        if not self._used:
            self._head = self._tail = 0
        pt = self.peers_table
        for k in pt:
            if k[0] == rb[p + 6] and k[1] == rb[p + 7] and k[2] == rb[p + 8] and \
                    k[3] == rb[p + 9] and k[4] == rb[p + 10] and k[5] == rb[p + 11]:
                break
        else:
            k = bytes(rb[p + 6:p + 12])     # a new sender: its key for good, as on the device
            pt[k] = [0, 0]
        e = pt[k]
        r = rb[p + 1]
        e[0] = r - 256 if r > 127 else r
        e[1] = (rb[p + 2] << 24) | (rb[p + 3] << 16) | (rb[p + 4] << 8) | rb[p + 5]
        self._data[0] = k
        return p

    def any(self):
        self._need_init()
        hostlink.pump(0)
        return self._used > 0

    def recv(self, timeout_ms=None):
        p = self._take(timeout_ms)
        if p < 0:
            return (None, None)
        rb = self._rb
        return [self._data[0], bytes(rb[p + 12:p + 12 + rb[p]])]

    def irecv(self, timeout_ms=None):
        p = self._take(timeout_ms)
        if p < 0:
            return (None, None)
        rb = self._rb
        d = self._data
        d[1][:] = memoryview(rb)[p + 12:p + 12 + rb[p]]   # one bytearray, resized to each message
        return d
