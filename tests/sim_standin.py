"""A tiny stand-in handheld for the simulator's tests (MicroPython; NOT firmware).

It uses only what the real firmware uses (machine, ssd1306, network, espnow through the fakes) and
shows on its screen what the simulator's tests check: its id, the peers it heard on the radio, and
how often select was pressed. Every 100 ms it broadcasts b"HI" + its MAC; it answers a unicast
b"PING" with b"PONG", b"BLAST" with ten 250-byte frames, and logs each frame it hears to heard.log
in its flash folder (one write per frame: the power-cut test counts on that).
"""
import json
import time

import espnow
import machine
import network
import ssd1306

sta = network.WLAN(network.STA_IF)
sta.active(True)
sta.config(channel=6)
sta.config(pm=sta.PM_NONE)
mac = sta.config("mac")
e = espnow.ESPNow()
e.config(rxbuf=2048, timeout_ms=50)
e.active(True)
BCAST = b"\xff" * 6
e.add_peer(BCAST)

pm = json.load(open("pinmap.json"))  # the simulator copies the board's map into the flash folder
oled = ssd1306.SSD1306_I2C(128, 64, machine.I2C(0, scl=machine.Pin(pm["i2c"]["scl"]), sda=machine.Pin(pm["i2c"]["sda"])))
sel = machine.Pin(pm["buttons"]["select"], machine.Pin.IN, machine.Pin.PULL_UP)
ident = mac[5]
heard = {}
presses = 0
was = 1
dirty = True
last_hi = -1000
log = open("heard.log", "a")

while True:
    now = time.ticks_ms()
    if time.ticks_diff(now, last_hi) >= 100:
        e.send(BCAST, b"HI" + mac, False)
        last_hi = now
    host, msg = e.irecv(20)
    while msg:
        if msg[:2] == b"HI" and bytes(msg[2:8]) not in heard:
            heard[bytes(msg[2:8])] = 1
            dirty = True
        elif msg == b"PING" or msg == b"BLAST":
            if host not in [p[0] for p in e.get_peers()]:
                e.add_peer(host)
            if msg == b"PING":
                e.send(host, b"PONG")
            else:
                for i in range(10):  # ten full frames at once: more than a default rxbuf holds
                    e.send(host, bytes((i,)) * 250, False)
        log.write("%s %s\n" % (host.hex(), bytes(msg).hex()))
        log.flush()
        host, msg = e.irecv(0)
    v = sel.value()
    if v == 0 and was == 1:
        presses += 1
        dirty = True
    was = v
    if dirty:
        oled.fill(0)
        oled.text("ID %d" % ident, 0, 0, 1)
        oled.text("PEERS %d" % len(heard), 0, 16, 1)
        oled.text("SELECT %d" % presses, 0, 32, 1)
        oled.rect(0, 48, 128, 16, 1)
        oled.show()
        dirty = False
    time.sleep_ms(10)
