"""Host fake of MicroPython's `network` module: just the WLAN station the ESP-NOW radio needs.

Same names and calls as on the ESP32 for what the firmware uses (`WLAN(STA_IF)`, one object per
interface; `active()`, `config(channel=, pm=)`, `config('mac')`, `config('channel')`, `PM_NONE`,
`disconnect()`), so the firmware cannot tell. The station's radio state (on/off, channel) goes to
the simulator's radio bus over the host link (hostlink.py): a handheld whose WLAN is off, or on
another channel, neither hears frames nor acknowledges them, as on the real radio. Other
interfaces and settings raise ValueError, as the device does for unknown ones.

Environment: DICECUP_MAC (12 hex digits) names this handheld's station MAC; by default it is
02:dc:00:00:00:<DICECUP_ID>, locally administered and unique per simulated handheld.

Message types added to the host link (payload layouts; MACs are 6 bytes):
  handheld -> PC  b"N" RADIO   mac, channel (1), flags (1; bit 0: WLAN interface active)
                  b"S" SEND    seq (2, big-endian), sync (1), dst mac, message (0..250 bytes)
  PC -> handheld  b"R" HEARD   src mac, rssi (1, signed dBm), message
                  b"K" ACK     seq (2, big-endian), ok (1): the radio-level verdict on a sync SEND
espnow.py sends SEND and takes HEARD and ACK; the bus answers a sync SEND at once (the verdict is
drawn when the frame leaves), so waiting for it never advances the virtual clock.
"""
import os

import hostlink

STA_IF = 0
_sta = []


class WLAN:
    PM_NONE = 0
    PM_PERFORMANCE = 1
    PM_POWERSAVE = 2

    def __new__(cls, interface=STA_IF):
        if interface != STA_IF:
            raise ValueError("invalid WLAN interface identifier")
        if not _sta:
            w = object.__new__(cls)
            m = os.getenv("DICECUP_MAC")
            w.mac = bytes.fromhex(m) if m and len(m) == 12 else \
                b"\x02\xdc\x00\x00\x00" + bytes((int(os.getenv("DICECUP_ID") or "0") & 255,))
            w.channel = 1
            w.on = False
            w.pm = WLAN.PM_PERFORMANCE
            _sta.append(w)
            hostlink.connect()
        return _sta[0]

    def __init__(self, interface=STA_IF):
        pass

    def _state(self):
        b = hostlink.tx
        b[0:6] = self.mac
        b[6] = self.channel
        b[7] = self.on
        hostlink.send(78, b, 8)         # RADIO

    def active(self, *args):
        if args:
            self.on = bool(args[0])
            self._state()
        return self.on

    def config(self, *args, **kw):
        if args and kw:
            raise TypeError("either one positional or keyword args")
        if args:
            if args[0] == "mac":
                return self.mac
            if args[0] == "channel":
                return self.channel
            if args[0] == "pm":
                return self.pm
            raise ValueError("unknown config param")
        for k, v in kw.items():
            if k == "channel":
                if not self.on:
                    raise OSError(-259, "Wifi Not Started")
                if not 1 <= v <= 14:
                    raise ValueError("invalid channel")
                self.channel = v
                self._state()
            elif k == "pm" and 0 <= v <= 2:
                self.pm = v
            else:
                raise ValueError("unknown config param")

    def disconnect(self):
        pass
