"""Host fake of MicroPython's `network` module: just the WLAN station the ESP-NOW radio needs.

Same names and calls as on the ESP32 (`WLAN(STA_IF)`, `active()`, `config(channel=, pm=)`,
`config('mac')`, `PM_NONE`), so the firmware cannot tell. The radio state (on/off, channel) is
reported to the simulator's radio bus through host_tools/fakes/_simradio.py: a handheld whose WLAN
is off, or on another channel, neither hears frames nor acknowledges them, as on the real radio.
"""
import _simradio

STA_IF = 0
AP_IF = 1

_CFG = ("mac", "channel", "pm", "txpower", "protocol", "reconnects", "ssid", "hostname")


class WLAN:
    IF_STA = STA_IF
    IF_AP = AP_IF
    PM_NONE = 0
    PM_PERFORMANCE = 1
    PM_POWERSAVE = 2

    _instances = {}

    def __new__(cls, interface=STA_IF):
        if interface not in (STA_IF, AP_IF):
            raise ValueError("invalid WLAN interface identifier")
        w = cls._instances.get(interface)
        if w is None:
            w = object.__new__(cls)
            w._if = interface
            w._active = False
            w._cfg = {"pm": WLAN.PM_PERFORMANCE, "txpower": 20, "reconnects": -1, "ssid": "",
                      "hostname": "dicecup", "protocol": 7}
            cls._instances[interface] = w
        return w

    def __init__(self, interface=STA_IF):
        pass

    def active(self, *args):
        if args:
            self._active = bool(args[0])
            if self._if == STA_IF:
                r = _simradio.link()
                r.active = self._active
                r.state()
        return self._active

    def config(self, *args, **kw):
        if args and kw:
            raise TypeError("either one positional or keyword args")
        r = _simradio.link()
        if args:
            name = args[0]
            if name == "mac":
                return r.mac
            if name == "channel":
                return r.channel
            if name not in self._cfg:
                raise ValueError("unknown config param")
            return self._cfg[name]
        for k, v in kw.items():
            if k == "channel":
                if not self._active:
                    raise OSError(-259, "Wifi Not Started")
                if not 1 <= int(v) <= 14:
                    raise ValueError("invalid channel")
                r.channel = int(v)
                r.state()
            elif k == "pm":
                if v not in (WLAN.PM_NONE, WLAN.PM_PERFORMANCE, WLAN.PM_POWERSAVE):
                    raise ValueError("invalid pm")
                self._cfg["pm"] = v
            elif k in _CFG and k != "mac":
                self._cfg[k] = v
            else:
                raise ValueError("unknown config param")
        return None

    def isconnected(self):
        return False

    def disconnect(self):
        return None

    def connect(self, *args, **kw):
        raise OSError(-1, "the simulator has no access points")

    def scan(self):
        return []

    def status(self, *args):
        return 1000 if not args else None  # STAT_IDLE

    def ifconfig(self, *args):
        return ("0.0.0.0", "0.0.0.0", "0.0.0.0", "0.0.0.0")


STAT_IDLE = 1000
