"""Host fake of MicroPython's `espnow` module (ESP32 flavour), carried by the simulator's radio bus.

Follows MicroPython's docs/library/espnow.rst and ports/esp32 (modespnow.c, modules/espnow.py):
- `ESPNow()` is a singleton; `active(True)` allocates the receive buffer, `active(False)` frees it
  and forgets every peer. `config(rxbuf=, timeout_ms=, rate=, pm=)`; `config('rxbuf')` reads one.
  A new `rxbuf` takes effect at the next `active(True)`, as on the device.
- `add_peer(mac, ...)` before `send`; the broadcast address b'\\xff' * 6 too. At most 20 peers.
- `send(mac, msg, sync=True)`: with sync, True only when every addressed unicast peer's radio
  acknowledged (its WLAN on and on our channel, and the bus did not lose the frame). Broadcasts are
  never acknowledged by anyone and `send` returns True for them regardless. `send(None, msg)` goes
  to every registered unicast peer. `send(msg)` is `send(None, msg)`.
- Messages are str/bytes-like of at most 250 bytes: longer raises ValueError (the docs: "ValueError()
  on invalid values"), a mac that is not 6 bytes raises ValueError.
- `recv(timeout_ms)` returns a new [mac, msg] list of bytes; `irecv(timeout_ms)` returns the same
  list every call ([mac, bytearray]: copy what you keep); both return (None, None) on timeout.
  `any()` says whether a frame waits. `stats()` is (tx_pkts, tx_responses, tx_failures, rx_packets,
  dropped_rx_packets). `peers_table` maps mac -> [rssi, time_ms], updated by recv/irecv.
  `irq(callback)` calls callback(espnow) after frames arrive (see its docstring).
- The receive buffer holds `rxbuf` bytes (default 526: two 250-byte frames with their 13-byte
  headers); a frame that arrives when it is full is dropped and counted, yet was still acknowledged.
- Errors are OSError(code, 'ESP_ERR_ESPNOW_...') with the ESP-IDF names: NOT_INIT, NOT_FOUND, EXIST,
  FULL, IF (WLAN interface off).
"""
import time

import _simradio
import network

MAX_DATA_LEN = 250
ADDR_LEN = 6
KEY_LEN = 16
MAX_TOTAL_PEER_NUM = 20
MAX_ENCRYPT_PEER_NUM = 6

_BCAST = b"\xff" * 6
_PKT_OVERHEAD = 13  # header (magic, len, time_ms, rssi) + sender mac, per frame in the buffer
_DEFAULT_RXBUF = 2 * (_PKT_OVERHEAD + MAX_DATA_LEN)
_DEFAULT_TIMEOUT_MS = 300000

_ERR = {"NOT_INIT": 12389, "ARG": 12390, "NO_MEM": 12391, "FULL": 12392, "NOT_FOUND": 12393,
        "EXIST": 12395, "IF": 12396}


def _err(name):
    return OSError(-_ERR[name], "ESP_ERR_ESPNOW_" + name)


def _mac(m):
    if not isinstance(m, (bytes, bytearray, memoryview)) or len(m) != 6:
        raise ValueError("invalid buffer length")
    return bytes(m)


def _ticks():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.monotonic() * 1000)


def _diff(a, b):
    return time.ticks_diff(a, b) if hasattr(time, "ticks_diff") else a - b


class ESPNow:
    _single = None
    _none_tuple = (None, None)

    def __new__(cls):
        if ESPNow._single is None:
            s = object.__new__(cls)
            s._init_state()
            ESPNow._single = s
        return ESPNow._single

    def __init__(self):
        pass

    def _init_state(self):
        self._rxbuf_size = _DEFAULT_RXBUF
        self._timeout = _DEFAULT_TIMEOUT_MS
        self._buf = None  # list of (mac, rssi, time_ms, msg) while active; None when not
        self._used = 0
        self._peers = {}  # mac -> (lmk, channel, ifidx, encrypt)
        self._stats = [0, 0, 0, 0, 0]
        self.peers_table = {}
        self._keys = {}
        self._cb = None
        self._in_cb = False
        self._data = [None, bytearray(MAX_DATA_LEN)]

    # -- configuration ---------------------------------------------------------------------
    def active(self, *args):
        if args:
            if args[0]:
                if self._buf is None:
                    self._buf = []
                    self._used = 0
                    self._cap = self._rxbuf_size
                    _simradio.link().on_frame = self._heard
            elif self._buf is not None:
                self._buf = None
                self._peers = {}
                _simradio.link().on_frame = None
        return self._buf is not None

    def init(self):
        self.active(True)

    def deinit(self):
        self.active(False)

    def config(self, *args, **kw):
        for k, v in kw.items():
            if k == "rxbuf":
                if v >= 0:
                    self._rxbuf_size = int(v)
            elif k == "timeout_ms":
                self._timeout = int(v)
            elif k in ("rate", "pm"):
                pass
            else:
                raise TypeError("unexpected keyword argument '%s'" % k)
        if args:
            if args[0] == "rxbuf":
                return self._rxbuf_size
            if args[0] == "timeout_ms":
                return self._timeout
            raise ValueError("unknown config param")
        return None

    def irq(self, callback):
        """callback(self) runs soon after each frame arrives (None to stop), like the device's
        scheduled callback: here when the link is next read (any recv, irecv, any, send or
        sleep), never inside another such callback."""
        if callback is not None and not callable(callback):
            raise ValueError("invalid handler")
        self._cb = callback

    def stats(self):
        return tuple(self._stats)

    # -- peers -------------------------------------------------------------------------------
    def _need_init(self):
        if self._buf is None:
            raise _err("NOT_INIT")

    def add_peer(self, mac, lmk=None, channel=None, ifidx=None, encrypt=None):
        self._need_init()
        mac = _mac(mac)
        if mac in self._peers:
            raise _err("EXIST")
        if len(self._peers) >= MAX_TOTAL_PEER_NUM:
            raise _err("FULL")
        enc = bool(encrypt if encrypt is not None else lmk)
        if enc and (mac == _BCAST or mac[0] & 1):
            raise _err("ARG")  # broadcast and multicast are never encrypted
        if lmk and len(lmk) != KEY_LEN:
            raise ValueError("invalid buffer length")
        self._peers[mac] = (bytes(lmk) if lmk else b"\x00" * KEY_LEN, channel or 0, ifidx or 0, enc)

    def del_peer(self, mac):
        self._need_init()
        mac = _mac(mac)
        if mac not in self._peers:
            raise _err("NOT_FOUND")
        del self._peers[mac]

    def get_peer(self, mac):
        self._need_init()
        mac = _mac(mac)
        if mac not in self._peers:
            raise _err("NOT_FOUND")
        return (mac,) + self._peers[mac]

    def get_peers(self):
        self._need_init()
        return tuple((m,) + p for m, p in self._peers.items() if m != _BCAST and not m[0] & 1)

    def peer_count(self):
        self._need_init()
        return (len(self._peers), sum(1 for p in self._peers.values() if p[3]))

    def mod_peer(self, mac, lmk=None, channel=None, ifidx=None, encrypt=None):
        old = self.get_peer(mac)
        self._peers[old[0]] = (bytes(lmk) if lmk else old[1], old[2] if channel is None else channel,
                               old[3] if ifidx is None else ifidx,
                               old[4] if encrypt is None else bool(encrypt))

    def set_pmk(self, pmk):
        if len(pmk) != KEY_LEN:
            raise ValueError("invalid buffer length")

    # -- sending ----------------------------------------------------------------------------
    def send(self, mac, msg=None, sync=True):
        self._need_init()
        if msg is None:  # send(msg)
            mac, msg = None, mac
        if isinstance(msg, str):
            msg = msg.encode()
        msg = bytes(msg)
        if len(msg) > MAX_DATA_LEN:
            raise ValueError("msg too long (max %d bytes)" % MAX_DATA_LEN)
        if mac:
            mac = _mac(mac)
            if mac not in self._peers:
                raise _err("NOT_FOUND")
            targets = (mac,)
        else:
            targets = [m for m in self._peers if m != _BCAST and not m[0] & 1]
        if not network.WLAN(network.STA_IF).active():
            raise _err("IF")
        link = _simradio.link()
        ok = True
        for dst in targets:
            self._stats[0] += 1
            group = dst == _BCAST or dst[0] & 1
            acked = link.send(dst, msg, sync and not group)
            if sync:
                self._stats[1] += 1
                if not (group or acked):
                    self._stats[2] += 1
                    ok = False
            elif not group:
                self._stats[1] += 1  # the response still comes; nobody waits for it
        return ok

    # -- receiving --------------------------------------------------------------------------
    def _heard(self, src, rssi, msg):
        cost = _PKT_OVERHEAD + len(msg)
        if self._buf is None or self._used + cost > self._cap:
            self._stats[4] += 1
            return
        self._buf.append((src, rssi, _ticks(), msg))
        self._used += cost
        self._stats[3] += 1
        if self._cb is not None and not self._in_cb:
            self._in_cb = True
            try:
                self._cb(self)
            finally:
                self._in_cb = False

    def _take(self, timeout_ms):
        self._need_init()
        if timeout_ms is None:
            timeout_ms = self._timeout
        link = _simradio.link()
        link.poll()
        if not self._buf and timeout_ms != 0:
            t0 = _ticks()
            while not self._buf:
                left = timeout_ms - _diff(_ticks(), t0) if timeout_ms > 0 else 1000
                if left <= 0:
                    break
                link.wait(min(left, 10))
        if not self._buf:
            return None
        src, rssi, t, msg = self._buf.pop(0)
        self._used -= _PKT_OVERHEAD + len(msg)
        src = self._keys.setdefault(src, src)  # hand out the table's own key, as the device does
        entry = self.peers_table.get(src)
        if entry is None:
            self.peers_table[src] = [rssi, t]
        else:
            entry[0] = rssi
            entry[1] = t
        return src, msg

    def any(self):
        self._need_init()
        _simradio.link().poll()
        return bool(self._buf)

    def recv(self, timeout_ms=None):
        got = self._take(timeout_ms)
        if got is None:
            return self._none_tuple
        return [bytes(got[0]), bytes(got[1])]

    def irecv(self, timeout_ms=None):
        got = self._take(timeout_ms)
        if got is None:
            return self._none_tuple
        d = self._data
        d[0] = got[0]
        d[1][:] = got[1]  # one bytearray, resized to each message, as on the device
        return d

    def recvinto(self, data, timeout_ms=None):
        got = self._take(timeout_ms)
        if got is None:
            return 0
        data[0] = got[0]
        data[1][:] = got[1]
        return len(got[1])

    def __iter__(self):
        return self

    def __next__(self):
        return self.irecv()
