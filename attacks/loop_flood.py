"""Attack (round 37, rule 1 and 2): the board's loop budget (d28d780: a loop whose requests the
last put off takes ONE frame from the radio; e2a4d64/f52e912: a cut serve's continuation, one
follower's at a time) under a flood, modelled in tablebus by attacks/_loop.py (frames wait in
ESP-NOW's 4096-byte buffer; a loop takes them for 12 ms, or one after a late loop; a loop that
worked 10 ms (sequencer) / 25 ms puts its requests off; busy at 30 ms).

Does a flood make an honest sequencer look lagging (a follower's lag hold names it), get it
deposed (distrust), make an honest seat FORFEIT, stall the game (not over in 20 min, records
differ) or pause the table over a twentieth of the time - where the same seed unflooded did not?

Kinds (`k=N`: frames a 5 ms step, default 4 = 800 frames a second):
- `garbage`: a stranger's radio (never seated) puts on the air, to the sequencer's address, the
  newest frame heard with its tag broken (cheap to refuse: `drop_ms`), k a step; they take airtime.
- `replay`: the same frames unbroken (refused as replays, or a relay of one the sequencer lost).
- `seat`: the last handheld, a cheat, sends the sequencer k fresh heartbeats of its own a step
  (valid tags: each costs the sequencer a full frame, `frame_ms`), tagged for it alone.
- `nack`: the cheat asks the sequencer for the last 8 entries k times a step (rule 2: each NACK
  cut by busy replaces the continuation an honest follower was given; `_resend` waits on it).
- `follower`: like `seat` but at an honest follower (seat 1), rule 1 for a non-sequencer.
Each seed is played: control (model, rule on, no flood), flooded with rule on, flooded with the
radio always polled for 32 (`rule off`, before d28d780; with `off=onat`: rule 1 on, and
`Delivery._go_on` as before e2a4d64, no `_on_at`). The cheat's own holds are not counted.

Usage: .venv/bin/python attacks/loop_flood.py [garbage|replay|seat|nack|follower] [k=4]
       [loss=0.3] [snyd|yatzy] [every=N (flood every Nth step)] [off=onat] [frame_ms=5] [out_ms=1] [cap=2 (the sequencer's good frames of one follower a loop: pump._PER_LOOP; 0 off)] [seeds...]
Verdict: 0 when no flooded run (rule on) has what its control did not; 1 with the evidence (and
whether the rule-off run had it too); 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _loop  # noqa: E402
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402
from dicecup.table.codes import NO_LEADER  # noqa: E402
from dicecup.table.delivery import Delivery  # noqa: E402

LIMIT_MS = 1_200_000
STRANGER = 200


def _go_on_old(self):
    """Delivery._go_on before e2a4d64 (no `_on_at`: the loop that cut a serve goes on with it)."""
    busy = self.busy
    while self._on_to >= 0:
        seq = self._on_lo
        if seq > self._on_hi or not self._send_entry(self._on_to, seq):
            self._on_to = -1
            return
        self._on_lo = seq + 1
        if busy is not None and busy():
            return


_GO_ON = Delivery._go_on


def play(game, seed, loss, kind, rule, k, costs, every=1, onat=True):
    Delivery._go_on = _GO_ON if onat else _go_on_old
    _loop.install(rule, **costs)
    if game == "yatzy":
        t = tablebus.Table(seats=3, loss=loss, seed=seed, game="yatzy")
    else:
        t = tablebus.Table(seats=4, loss=loss, seed=seed)
    cheat = t.hands[-1] if kind in ("seat", "nack", "follower") else None
    ev = dict(lagged=0, lag_first=None, paused=0, distrust=[], forfeits=[], samples=0,
              injected=0)
    for h in t.hands:
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x >= 0 and not h.node._bad & (1 << x) and h is not cheat and \
                    (cheat is None or x != cheat.seat):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
        ap = h.app.apply

        def apply_(f, seq, h=h, ap=ap):
            if f.etype == wire.T_FORFEIT and h is not cheat and \
                    (cheat is None or f.who & ~(1 << cheat.seat)):  # (the cheat's own: no break)
                ev["forfeits"].append((t.now, h.seat, seq, f.who, f.kind))
            return ap(f, seq)
        h.app.apply = apply_

    def watch():
        now = t.now
        ev["samples"] += 1
        lead = None
        for h in t.live():
            n = h.node
            if h is cheat:
                continue
            if n.is_leader():
                lead = h
                if n.held(now):
                    ev["paused"] += 1
            elif n._lagged(now):
                ev["lagged"] += 1
                if ev["lag_first"] is None:
                    ev["lag_first"] = (now, h.seat, "held on", n.leader, n.applied)
        if kind and lead is not None and (now // t.step_ms) % every == 0:
            _flood(t, kind, lead, cheat, k, now, ev)
        return t.done()

    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = t.records()
    ev["done"] = t.done()
    ev["ms"] = t.now
    ev["same"] = all(r == recs[0] for r in recs)
    ev["model"] = _loop.stats()
    air = _loop.STATE["air"]
    ev["air"] = sum(air.values()) / max(1, t.now)  # the channel's load (>= 1: jammed)
    ev["air_flood"] = (air.get(STRANGER, 0) if kind in ("garbage", "replay") else
                       air.get(t.hands[-1].addr, 0) if kind else 0) / max(1, t.now)
    return ev


def _flood(t, kind, lead, cheat, k, now, ev):
    bus = t.bus
    if kind in ("garbage", "replay"):
        if not bus.log:
            return
        for i in range(k):
            b = bytearray(bus.log[-1 - (i % 4)][3] if len(bus.log) > 4 else bus.log[-1][3])
            if kind == "garbage":
                b[-1] ^= 0x5A
            _loop.on_air(bus, STRANGER, lead.addr, b, now)
            ev["injected"] += 1
        return
    c = cheat.node
    if lead is cheat:
        return
    cheat.now = now
    if kind == "nack":
        hi = lead.node.applied
        if hi < 2:
            return
        for _ in range(k):
            c._nack_at = -10 ** 9
            c._nack(lead.seat, max(1, hi - 7), hi, now)
            ev["injected"] += 1
        return
    to = lead.seat if kind == "seat" else 1
    if kind == "follower" and t.hands[1] is lead:
        return
    for _ in range(k):
        f = c.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = c.leader if c.leader >= 0 else NO_LEADER
        f.missing = 0
        f.chain[:] = c.chain
        c._emit(to, f)
        ev["injected"] += 1


def bad_of(e):
    out = []
    if e["forfeits"]:
        out.append(("FORFEIT", e["forfeits"][:3]))
    if not e["done"] or not e["same"]:
        out.append(("over/one record", e["done"], e["same"]))
    if e["lagged"]:
        out.append(("lag hold on the honest sequencer", e["lagged"], e["lag_first"]))
    if e["distrust"]:
        out.append(("honest handheld left", e["distrust"][:3]))
    frac = e["paused"] / max(1, e["samples"])
    if frac >= 0.05:
        out.append(("paused", round(frac, 3)))
    return out


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd"]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.3]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    kind = ([a for a in args if a in ("garbage", "replay", "seat", "nack", "follower")] or
            ["garbage"])[0]
    k = int(([a.split("=")[1] for a in args if a.startswith("k=")] or [4])[0])
    off = "onat" if "off=onat" in args else "poll"  # what the "rule off" run switches off
    every = int(([a.split("=")[1] for a in args if a.startswith("every=")] or [1])[0])
    costs = {}
    for a in args:
        for c in ("frame_ms", "drop_ms", "out_ms", "base_ms", "cap"):
            if a.startswith(c + "="):
                costs[c] = float(a.split("=")[1])
    broken = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                c = play(game, seed, loss, None, True, k, costs, every)
                a = play(game, seed, loss, kind, True, k, costs, every)
                o = play(game, seed, loss, kind, False, k, costs, every) if off == "poll" else \
                    play(game, seed, loss, kind, True, k, costs, every, onat=False)
                for tag, e in (("control", c), ("flood/rule on", a), ("flood/rule off", o)):
                    print("%-5s seed %d loss %.1f %-14s: over %s at %6.1f s, one record %s; "
                          "lag-hold samples %d (first %s), paused %d/%d, distrust %s, FORFEITs "
                          "%s; injected %d, air %.2f (the flood's %.2f); model %s" % (
                              game, seed, loss, tag, e["done"], e["ms"] / 1000.0, e["same"],
                              e["lagged"], e["lag_first"], e["paused"], e["samples"],
                              e["distrust"][:3], e["forfeits"][:3], e["injected"], e["air"], e["air_flood"], e["model"]))
                cb = [x[0] for x in bad_of(c)]
                new = [x for x in bad_of(a) if x[0] not in cb]
                old = [x for x in bad_of(o) if x[0] not in cb]
                if new:
                    broken.append((game, seed, loss, new, "rule off too: %s" % bool(old)))
                    print("   BREAK (rule on): %s; rule off: %s" % (new, old or "held"))
                elif old:
                    print("   rule off only (not counted): %s" % old)
                sys.stdout.flush()
    if broken:
        print("BROKEN (%s flood, k=%d; beyond the unflooded control): %s" % (kind, k, broken))
        sys.exit(1)
    print("HELD: the %s flood (k=%d) added no hold on the honest sequencer, no distrust, FORFEIT, "
          "long pause or unended game" % (kind, k))
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
