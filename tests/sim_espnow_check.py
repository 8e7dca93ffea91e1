"""Checks the espnow/network fakes against the real modules' documented behaviour (MicroPython).

Run by tests/test_sim.py as handheld 0 of a simulator whose handheld 1 runs tests/sim_standin.py
(on channel 6). Prints `CHECK name ok` or `CHECK name FAIL detail` per check and `DONE` at the end.
"""
import time

import espnow
import network

PEER = b"\x02\xdc\x00\x00\x00\x01"    # handheld 1, present
GHOST = b"\x02\xdc\x00\x00\x00\x09"   # nobody
BCAST = b"\xff" * 6


def check(name, cond, detail=""):
    print("CHECK %s %s %s" % (name, "ok" if cond else "FAIL", detail))


def raises(fn, exc, text=None):
    try:
        fn()
    except exc as err:
        return text is None or text in str(err.args)
    except Exception as err:  # the wrong exception is a failure too
        print("   got", type(err).__name__, err)
        return False
    return False


sta = network.WLAN(network.STA_IF)
check("wlan_singleton", network.WLAN(network.STA_IF) is sta)
check("mac", sta.config("mac") == b"\x02\xdc\x00\x00\x00\x00", repr(sta.config("mac")))
e = espnow.ESPNow()
check("espnow_singleton", espnow.ESPNow() is e)
check("not_init", raises(lambda: e.send(BCAST, b"x"), OSError, "ESP_ERR_ESPNOW_NOT_INIT"))
e.active(True)
check("if_inactive", raises(lambda: (e.add_peer(BCAST), e.send(BCAST, b"x")), OSError,
                            "ESP_ERR_ESPNOW_IF"))
sta.active(True)
sta.config(channel=6, pm=sta.PM_NONE)
check("channel", sta.config("channel") == 6)
check("not_found", raises(lambda: e.send(PEER, b"x"), OSError, "ESP_ERR_ESPNOW_NOT_FOUND"))
check("exist", raises(lambda: e.add_peer(BCAST), OSError, "ESP_ERR_ESPNOW_EXIST"))
check("bad_mac", raises(lambda: e.add_peer(b"\x01\x02"), ValueError))
e.add_peer(PEER)
e.add_peer(GHOST)
# the peer is up once we hear its broadcast: only then can it acknowledge
got = None
t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < 2000:
    mac, msg = e.recv(50)
    if msg and msg[:2] == b"HI":
        got = (mac, msg)
        break
check("hears_broadcast", got is not None and got[0] == PEER, repr(got))
check("recv_bytes", got is not None and isinstance(got[1], bytes))
check("peers_table", PEER in e.peers_table and -100 < e.peers_table[PEER][0] < 0,
      repr(e.peers_table))
check("oversize", raises(lambda: e.send(BCAST, bytes(251)), ValueError))
check("max_size", e.send(BCAST, bytes(250)) is True)
check("bcast_true", e.send(BCAST, b"hello", True) is True)
check("unicast_acked", e.send(PEER, b"hello", True) is True)
check("ghost_not_acked", e.send(GHOST, b"hello", True) is False)
check("async_true", e.send(GHOST, b"hello", False) is True)
check("to_all_fails_on_ghost", e.send(None, b"all", True) is False)
sta.config(channel=7)
check("other_channel_not_acked", e.send(PEER, b"hello", True) is False)
sta.config(channel=6)
check("same_channel_acked", e.send(PEER, b"hello", True) is True)
check("get_peers", sorted(p[0] for p in e.get_peers()) == sorted([PEER, GHOST]))
a = e.irecv(1000)
b = e.irecv(1000)
check("irecv_reuses", a is b and isinstance(a[1], bytearray))
e.send(PEER, b"PING")
pong = False
t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < 2000 and not pong:
    mac, msg = e.irecv(50)
    pong = msg == b"PONG" and mac == PEER
check("ping_pong", pong)
fired = []
e.irq(lambda en: fired.append(en.any()))
e.send(PEER, b"PING")
time.sleep_ms(300)
e.irq(None)
check("irq_callback", fired and fired[0] is True and e.any(), repr(fired))
check("irq_bad_handler", raises(lambda: e.irq(5), ValueError))
# overflow: the default rxbuf holds two full frames; a burst of ten while we do not read drops
e.active(False)
e.active(True)
check("peers_forgotten", e.get_peers() == ())
e.add_peer(PEER)
s0 = e.stats()
e.send(PEER, b"BLAST")
time.sleep_ms(300)  # not reading: the burst lands in the buffer
n = 0
while True:
    mac, msg = e.irecv(0)
    if not msg:
        break
    if len(msg) == 250:
        n += 1
s1 = e.stats()
check("rxbuf_holds_at_most_two", 1 <= n <= 2, "kept %d" % n)
check("drops_counted", s1[4] - s0[4] >= 8, repr((s0, s1)))
print("DONE")
