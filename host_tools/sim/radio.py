"""The simulated air between handhelds: who hears which ESP-NOW frame, when, and what gets lost.

Pure logic with no sockets or clocks of its own (the simulator calls it with the time), so it is
deterministic for a seed and unit-testable. Per frame and per receiver it draws, from one seeded
RNG: loss (`loss`), a duplicate (`dup`), a delay (uniform in `delay_ms` = (lo, hi)) and, with
`reorder`, an extra hold-back that lets later frames overtake it. Only radios that are on, on the
sender's channel and alive hear a frame. With `airtime_mbps`, each transmission also occupies its
channel for its airtime (PHY preamble and header, MAC header, the payload, at that bit rate; an
ESP-NOW unicast adds its acknowledgement), so frames sent at once queue behind each other like on
the real air; ESP-NOW sends at 1 Mbps by default. A unicast is acknowledged when its one receiver got it;
broadcasts (and multicasts) are never acknowledged. Every frame is recorded: time, sender, addressed
destination, receiver, bytes and fate ("ok", "dup", "lost", "absent").
"""
import heapq
import random

BROADCAST = b"\xff" * 6


def _mac_key(r):
    return r.mac


def mac_str(mac):
    return ":".join("%02x" % b for b in mac)


class Frame:
    """One transmission attempt to one receiver (or to nobody: receiver None, fate 'absent')."""
    __slots__ = ("t", "src", "dst", "to", "data", "fate")

    def __init__(self, t, src, dst, to, data, fate):
        self.t, self.src, self.dst, self.to, self.data, self.fate = t, src, dst, to, data, fate

    def as_dict(self):
        return {"t_ms": round(self.t, 3), "src": mac_str(self.src), "dst": mac_str(self.dst),
                "to": mac_str(self.to) if self.to else None, "len": len(self.data),
                "hex": self.data.hex(), "fate": self.fate}


class Radio:
    """A node's radio as the air sees it."""
    __slots__ = ("mac", "channel", "on", "alive")

    def __init__(self, mac):
        self.mac, self.channel, self.on, self.alive = mac, 1, False, True


class RadioBus:
    PREAMBLE_US = 192   # long PHY preamble and header at 1 Mbps (802.11b)
    MAC_BYTES = 43      # 802.11 action frame header, ESP-NOW vendor element, FCS
    ACK_US = 304        # SIFS and the acknowledgement frame of a unicast

    def __init__(self, seed=0, loss=0.0, dup=0.0, delay_ms=(0.0, 0.0), reorder=0.0, record=True,
                 airtime_mbps=None):
        for name, p in (("loss", loss), ("dup", dup), ("reorder", reorder)):
            if not 0.0 <= p <= 1.0:
                raise ValueError("%s must be a probability between 0 and 1, got %r" % (name, p))
        lo, hi = delay_ms
        if lo < 0 or hi < lo:
            raise ValueError("delay must be A:B with 0 <= A <= B milliseconds, got %r:%r" % (lo, hi))
        self.rng = random.Random(seed)
        self.loss, self.dup, self.delay, self.reorder = loss, dup, (lo, hi), reorder
        if airtime_mbps is not None and airtime_mbps <= 0:
            raise ValueError("airtime rate must be positive Mbit/s, got %r" % airtime_mbps)
        self.airtime_mbps = airtime_mbps
        self._busy = {}  # channel -> ms when the air is free again
        self.radios = {}  # mac -> Radio
        self.frames = [] if record else None
        self._queue = []  # (due_ms, n, receiver mac, src mac, rssi, data)
        self._n = 0
        self.counts = {"sent": 0, "delivered": 0, "lost": 0, "dup": 0, "absent": 0, "acked": 0,
                       "nacked": 0}

    # -- the nodes ---------------------------------------------------------------------------
    def radio(self, mac):
        r = self.radios.get(mac)
        if r is None:
            r = self.radios[mac] = Radio(mac)
        return r

    def set_state(self, mac, channel, on):
        r = self.radio(mac)
        r.channel, r.on, r.alive = channel, on, True

    def power_off(self, mac):
        """The handheld's process is gone (dropped, rebooting): it hears and acks nothing."""
        r = self.radios.get(mac)
        if r:
            r.alive = False
            r.on = False
        self._queue = [q for q in self._queue if q[2] != mac]
        heapq.heapify(self._queue)

    def rssi(self, a, b):
        """A fixed signal strength per pair of handhelds (a table is small: -35..-65 dBm)."""
        return -35 - (sum(a) * 7 + sum(b) * 13) % 31

    # -- the air -----------------------------------------------------------------------------
    def send(self, now, src, dst, data, sync):
        """A frame leaves src at now (ms). Returns the ack verdict for a sync unicast, else None."""
        self.counts["sent"] += 1
        me = self.radio(src)
        group = dst == BROADCAST or dst[0] & 1
        if group:
            # in MAC order, not in the order the radios first spoke: the draws below then follow
            # the same receivers for a seed however the handheld processes happened to boot
            receivers = sorted((r for r in self.radios.values() if r.mac != src), key=_mac_key)
        else:
            receivers = [self.radios[dst]] if dst in self.radios else []
        receivers = [r for r in receivers if r.alive and r.on and r.channel == me.channel]
        if self.airtime_mbps:
            # the frame waits for the channel, then takes its airtime; delivery counts from its end
            start = max(now, self._busy.get(me.channel, 0.0))
            us = self.PREAMBLE_US + (self.MAC_BYTES + len(data)) * 8 / self.airtime_mbps
            if not group:
                us += self.ACK_US
            self._busy[me.channel] = start + us / 1000.0
            now = start + us / 1000.0
        got_one = False
        if not receivers:
            self.counts["absent"] += 1
            self._record(now, src, dst, None, data, "absent")
        for r in receivers:
            if self.loss and self.rng.random() < self.loss:
                self.counts["lost"] += 1
                self._record(now, src, dst, r.mac, data, "lost")
                continue
            got_one = True
            self._schedule(now, r.mac, src, data)
            self._record(now, src, dst, r.mac, data, "ok")
            if self.dup and self.rng.random() < self.dup:
                self.counts["dup"] += 1
                self._schedule(now, r.mac, src, data)
                self._record(now, src, dst, r.mac, data, "dup")
        if group or not sync:
            return None
        self.counts["acked" if got_one else "nacked"] += 1
        return got_one

    def inject(self, now, src, data, channel=1):
        """A frame from a radio that is not a simulated handheld (a stranger, garbage, a replay)."""
        r = self.radio(src)
        r.channel, r.on, r.alive = channel, False, True  # it transmits but never listens
        return self.send(now, src, BROADCAST, data, False)

    def _schedule(self, now, to, src, data):
        lo, hi = self.delay
        due = now + (self.rng.uniform(lo, hi) if hi > 0 else 0.0)
        if self.reorder and self.rng.random() < self.reorder:
            due += hi - lo + 5.0
        self._n += 1
        heapq.heappush(self._queue, (due, self._n, to, src, self.rssi(to, src), data))

    def _record(self, now, src, dst, to, data, fate):
        if self.frames is not None:
            self.frames.append(Frame(now, src, dst, to, data, fate))

    def next_due(self):
        return self._queue[0][0] if self._queue else None

    def due(self, now):
        """Every frame whose time has come: list of (receiver mac, src mac, rssi, data)."""
        out = []
        while self._queue and self._queue[0][0] <= now:
            _, _, to, src, rssi, data = heapq.heappop(self._queue)
            r = self.radios.get(to)
            if r and r.alive and r.on:
                self.counts["delivered"] += 1
                out.append((to, src, rssi, data))
        return out
