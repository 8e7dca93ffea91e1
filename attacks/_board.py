"""_board: round 36's board-only speed switches, modelled in host_tools/tablebus.

`Delivery.busy` (table/flash.py sets it to Pump._busy on the board: the loop worked 30 ms) and
`Draws.defer` (table/flash.py on the board; Pump.tick's `g.draw_late(now) and g.ahead(rand, True)`
is then the loop's only work) are never on in CPython's tables. `install(mode, defer)` patches
tablebus.Handheld so every handheld made afterwards (a Table's, a reboot's) has them, like the
board:

  busy modes: None (off, as before dad7485), "always" (every loop busy: worst case),
  "k=N" (busy once N frames went out in this step: entries are the loop's cost),
  "flood" (busy in a step in which a frame arrived from an address no seat has: each frame of a
  stranger's radio costs a real board its time; `stranger(addr)` marks such addresses),
  "rx=N" (busy once N frames of any sender arrived in this step).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402

_orig_init = tablebus.Handheld.__init__
_orig_step = tablebus.Handheld.step
_orig_recv = tablebus.Handheld.receive
STATE = dict(mode=None, defer=False, strangers=set(), late_loops=0)


def _busy_for(h, mode):
    if mode is None:
        return None
    if mode == "always":
        return lambda: True
    if mode.startswith("k="):
        k = int(mode[2:])
        return lambda: h.node.frames_out - h._step_out >= k
    if mode == "flood":
        return lambda: h._step_strange > 0
    if mode.startswith("rx="):
        k = int(mode[3:])
        return lambda: h._step_rx >= k
    raise ValueError(mode)


def _init(self, *a, **kw):
    _orig_init(self, *a, **kw)
    self._step_out = 0
    self._step_rx = 0
    self._step_strange = 0
    self._rx_at = -1
    b = _busy_for(self, STATE["mode"])
    if b is not None:
        self.node.busy = b
    if STATE["defer"]:
        self.app.defer = True


def _receive(self, data, now):
    # frames of this step arrive before the step (Table.step: deliver, then every step): they are
    # the loop's work that makes it busy
    _new_loop(self, now)
    self._step_rx += 1
    if STATE["_src"] in STATE["strangers"]:
        self._step_strange += 1
    return _orig_recv(self, data, now)


def _new_loop(self, now):
    if now != self._rx_at:
        self._rx_at = now
        self._step_rx = 0
        self._step_strange = 0
        self._step_out = self.node.frames_out


def _step(self, now):
    _new_loop(self, now)
    if STATE["defer"]:
        self.now = now
        g = self.app
        if g.draw_late(now) and g.ahead(self.rand, True):
            STATE["late_loops"] += 1
            return  # Pump.tick: the loop's only table work
    return _orig_step(self, now)


_orig_deliver = tablebus.Bus.deliver


def _deliver(self, now):
    """Bus.deliver, remembering each frame's sender (the busy model's "flood" needs it)."""
    import heapq
    while self.q and self.q[0][0] <= now:
        t, n, d, data = heapq.heappop(self.q)
        h = self.nodes.get(d)
        STATE["_src"] = self._src.get(n) if hasattr(self, "_src") else None
        if h is not None and not h.dead:
            h.receive(data, now)


_orig_send = tablebus.Bus.send
_orig_inject = tablebus.Bus.inject


def _send(self, src, dest, data, now):
    if not hasattr(self, "_src"):
        self._src = {}
    n0 = self.n
    _orig_send(self, src, dest, data, now)
    for i in range(n0 + 1, self.n + 1):
        self._src[i] = src


def _inject(self, dest, data, t, src=None):
    if not hasattr(self, "_src"):
        self._src = {}
    _orig_inject(self, dest, data, t)
    self._src[self.n] = src


def install(mode=None, defer=False):
    STATE["mode"] = mode
    STATE["defer"] = defer
    STATE["_src"] = None
    tablebus.Handheld.__init__ = _init
    tablebus.Handheld.step = _step
    tablebus.Handheld.receive = _receive
    tablebus.Bus.deliver = _deliver
    tablebus.Bus.send = _send
    tablebus.Bus.inject = _inject


def stranger(addr):
    STATE["strangers"].add(addr)
