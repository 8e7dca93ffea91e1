"""_loop: a model of the board's loop budget in host_tools/tablebus (attacker round 37).

What the board does and CPython's tables never do (table/pump.py `Pump.tick`, device/radio.py):
- frames wait in ESP-NOW's receive buffer (radio.RXBUF 4096 bytes, each frame with ~23 bytes of
  header): a frame that does not fit is dropped (counted: `STATE["rx_drop"]`, per receiver);
- a loop takes frames from the buffer for up to POLL_MS (12 ms; at least one, at most 32), or,
  with rule 1 (`rule=True`, d28d780, today), ONE frame when its requests were put off by the last
  loop (`_late`);
- its requests (`g.poll`: moves, commitments, reveals) are put off to the next loop when the loop
  has worked 10 ms (the sequencer) / 25 ms (the others) before them (25964b0, older);
- `Delivery.busy` is True once the loop has worked 30 ms (the cut serve, `_go_on`).
Costs (simulated ms of the loop): `frame_ms` per frame the node takes (decoded, tag good),
`drop_ms` per frame refused at once (bad magic, foreign, bad tag, a replay, not for me),
`out_ms` per frame this handheld sends (tagged), `base_ms` per loop (screen, buttons).
A loop lasts its cost: a handheld's next loop starts at the first 5 ms step after it ended (so a
long loop also takes fewer frames a second).

`install(rule)`: rule None = no model (tablebus as it is), False = the model with the radio
always polled for 32 (before d28d780), True = the model with today's one-frame loop.
`STATE["src"]` is each queued frame's sender address (`flood(...)` puts a stranger's on the air).
"""
import collections
import heapq
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

RXBUF = 4096
FRAME_HDR = 23
POLL_MS = 12
ASK_MS = 25
ASK_LEAD_MS = 10
SERVE_MS = 30
CHEAP = (wire.R_SHORT, wire.R_MAGIC, wire.R_VERSION, wire.R_TYPE, wire.R_LENGTH, wire.R_FOREIGN,
         wire.R_TAG, wire.R_FIELD, wire.R_REPLAY, wire.R_NOTME)

_orig = dict(init=tablebus.Handheld.__init__, step=tablebus.Handheld.step,
             receive=tablebus.Handheld.receive, deliver=tablebus.Bus.deliver,
             send=tablebus.Bus.send, inject=tablebus.Bus.inject)
STATE = dict(rule=None, cap=2, frame_ms=5.0, drop_ms=0.5, out_ms=1.0, base_ms=3.0, rx_drop={},
             late_loops=0, one_frame_loops=0, loops=0, max_q={}, skip=set())


def _init(self, *a, **kw):
    _orig["init"](self, *a, **kw)
    self._q = collections.deque()
    self._qbytes = 0
    self._late = False
    self._until = 0.0
    self._cost = 0.0
    self._out0 = 0
    self.node.busy = lambda h=self: _work(h) >= SERVE_MS


def _work(h):
    return h._cost + STATE["out_ms"] * (h.node.frames_out - h._out0)


def _receive(self, data, now):
    """The radio's driver: into the buffer if it fits, else dropped."""
    n = len(data) + FRAME_HDR
    if self._qbytes + n > RXBUF:
        d = STATE["rx_drop"]
        src = STATE.get("_src")
        key = (self.seat, src)  # (receiver, sender's address: >= 100 a stranger's radio)
        d[key] = d.get(key, 0) + 1
        return
    self._q.append(bytes(data))
    self._qbytes += n
    m = STATE["max_q"]
    m[self.seat] = max(m.get(self.seat, 0), len(self._q))


def _step(self, now):
    if now < self._until:
        return  # the last loop is still running
    self.now = now
    STATE["loops"] += 1
    self._cost = 0.0
    self._out0 = self.node.frames_out
    limit = 1 if (STATE["rule"] and self._late) else 32
    if limit == 1:
        STATE["one_frame_loops"] += 1
    cap = STATE["cap"]  # (pump.py's _PER_LOOP: the sequencer's share of one follower's frames)
    lead = self.node.is_leader() and self.node.ready  # (pump.py: the cap only once ready)
    seen = {}
    while limit and self._q:
        data = self._q.popleft()
        self._qbytes -= len(data) + FRAME_HDR
        s = data[7] if len(data) > 7 else 255
        if cap and lead and seen.get(s, 0) >= cap:
            code = CHEAP[0] if CHEAP else 1
            cd = STATE.setdefault("capped", {})  # (round 38: what the cap dropped, by whom/type)
            key = (self.seat, s, data[2] if len(data) > 2 else 255)
            cd[key] = cd.get(key, 0) + 1
            self._cost += STATE["drop_ms"]
            limit -= 1
            continue
        code = self.node.receive(data, now)
        if code == 0:
            seen[s] = seen.get(s, 0) + 1
        self._cost += STATE["drop_ms"] if code in CHEAP else STATE["frame_ms"]
        limit -= 1
        if self._cost >= POLL_MS:
            break
    self.node.tick(now)
    lead = self.node.is_leader()
    if self._late or _work(self) < (ASK_LEAD_MS if lead else ASK_MS):
        self._late = False
        if self.seat not in STATE["skip"]:
            self.app.poll(self.node, now, self.decide, self.rand)
    else:
        self._late = True
        STATE["late_loops"] += 1
    self._until = now + _work(self) + STATE["base_ms"]


def _deliver(self, now):
    while self.q and self.q[0][0] <= now:
        t, n, d, data = heapq.heappop(self.q)
        h = self.nodes.get(d)
        STATE["_src"] = self._srcs.pop(n, None) if hasattr(self, "_srcs") else None
        if h is not None and not h.dead:
            h.receive(data, now)


def _send(self, src, dest, data, now):
    if not hasattr(self, "_srcs"):
        self._srcs = {}
    n0 = self.n
    air = STATE.setdefault("air", {})
    air[src] = air.get(src, 0.0) + (tablebus.AIRTIME_US_FIXED +
                                    tablebus.AIRTIME_US_PER_BYTE * len(data)) / 1000.0
    _orig["send"](self, src, dest, data, now)
    for i in range(n0 + 1, self.n + 1):
        self._srcs[i] = src


def install(rule, **costs):
    """rule None: tablebus as it is; False: the model, poll 32 always; True: today's rule 1."""
    STATE.update(rule=rule, rx_drop={}, air={}, capped={}, late_loops=0, one_frame_loops=0, loops=0, max_q={},
                 skip=set(), frame_ms=5.0, drop_ms=0.5, out_ms=1.0, base_ms=3.0)
    STATE.update(costs)
    if rule is None:
        tablebus.Handheld.__init__ = _orig["init"]
        tablebus.Handheld.step = _orig["step"]
        tablebus.Handheld.receive = _orig["receive"]
        tablebus.Bus.deliver = _orig["deliver"]
        tablebus.Bus.send = _orig["send"]
        return
    tablebus.Handheld.__init__ = _init
    tablebus.Handheld.step = _step
    tablebus.Handheld.receive = _receive
    tablebus.Bus.deliver = _deliver
    tablebus.Bus.send = _send


def on_air(bus, src, dest, data, now):
    """A frame a radio puts on the air (it takes airtime like anyone's; loss as any frame)."""
    _send(bus, src, dest, data, now)


def stats():
    return dict(air_ms={k: round(v) for k, v in STATE["air"].items()}, rx_drop=dict(STATE["rx_drop"]), late=STATE["late_loops"],
                one=STATE["one_frame_loops"], loops=STATE["loops"], max_q=dict(STATE["max_q"]))
