"""radio: the handheld's ESP-NOW link - the only firmware module besides hw that touches network/espnow.

Owns the radio's set-up and nothing of what frames mean (the facts below are the ESP-NOW driver's):
- WiFi is reset at boot (a soft reset keeps it as it was), the station interface is active and never
  connects, the channel is fixed, power save is off (pm=PM_NONE drops far fewer frames), and the
  receive buffer holds RXBUF bytes (eight handhelds answering one broadcast overflow the default two
  frames).
- poll(handler) hands on the frames waiting, each loop, with irecv (no allocation per frame: the mac
  and msg handed to handler are the driver's reused buffers; the handler copies what it keeps),
  until they took POLL_MS: the rest wait in the buffer for the next loop, so that frames that each
  cost the board tens of ms (a round's reveals) do not pile up into one long loop.
- send(mac, data) refuses frames over 250 bytes (counted), adds a unicast peer on first use (the
  oldest added one goes when the peer table is full) and never waits for the radio's ack: an ack is
  not a delivery, the table protocol acknowledges at the application level.
- rssi(mac) reads the signal strength of a sender from peers_table (None when never heard).
- wake() sets the channel again (a handheld that woke from light sleep must).
"""
import time

from dicecup.core.compat import const

CHANNEL = const(1)
MAX_LEN = const(250)
RXBUF = const(4096)       # ~15 full frames with their headers
POLL_MS = const(12)       # a loop takes frames for this long, then leaves the rest to the next
_MAX_PEERS = const(18)    # ESP-NOW allows 20; the broadcast peer and one spare
BROADCAST = b"\xff" * 6


class Radio:
    def __init__(self, channel=CHANNEL):
        import espnow
        import network
        self.channel = channel
        sta = network.WLAN(network.STA_IF)
        sta.active(False)   # reset: whatever the last run left behind
        sta.active(True)
        try:
            sta.disconnect()
        except OSError:
            pass
        sta.config(channel=channel)
        sta.config(pm=sta.PM_NONE)
        self.sta = sta
        self.mac = bytes(sta.config("mac"))
        e = espnow.ESPNow()
        e.active(False)
        e.config(rxbuf=RXBUF, timeout_ms=0)
        e.active(True)
        e.add_peer(BROADCAST)
        self.e = e
        self._peers = []    # unicast peers in the order they were added
        self.too_long = 0
        self.send_errors = 0
        self.frames_in = 0

    def wake(self):
        self.sta.config(channel=self.channel)

    def poll(self, handler, limit=32):
        """Hand waiting frames to handler(mac, msg): at most `limit` per call and none after
        POLL_MS of this call's time, so a flood of frames cannot starve the buttons and the
        screen, nor make one long loop (at least one frame a call, so the radio always moves on).
        (Called every loop: its locals and stack fit the 11 words MicroPython keeps off the heap.)"""
        t = time.ticks_ms()
        while limit:
            mac, msg = self.e.irecv(0)
            if msg is None:
                return
            self.frames_in += 1
            handler(mac, msg)
            limit -= 1
            if time.ticks_diff(time.ticks_ms(), t) >= POLL_MS:
                return

    def send(self, mac, data):
        if len(data) > MAX_LEN:
            self.too_long += 1
            return False
        if mac is None:
            mac = BROADCAST
        elif mac != BROADCAST and mac not in self._peers:
            self._add(mac)
        try:
            self.e.send(mac, data, False)
            return True
        except OSError:
            self.send_errors += 1
            return False

    def _add(self, mac):
        e = self.e
        if len(self._peers) >= _MAX_PEERS:
            try:
                e.del_peer(self._peers.pop(0))
            except OSError:
                pass
        mac = bytes(mac)
        try:
            e.add_peer(mac)
        except OSError:
            pass  # already known to the driver
        self._peers.append(mac)

    def rssi(self, mac):
        p = self.e.peers_table.get(bytes(mac))
        return p[0] if p else None
