"""Attack (round 36): a stranger's radio keeps the sequencer's every loop busy (dad7485's
`Delivery.busy`: a loop that worked 30 ms serves a NACK's first entry only and `_resend` resends
nothing), so that honest followers at a lossy table fall behind: does an honest follower then
say it is held on the honest sequencer (gate `_lagged`, F_HELD: the table pauses on the honest
sequencer), leave it (distrust: a deposed honest sequencer), get a seat FORFEITed, or does the
table stall?

Threat: a radio that never joins, sends any frame with any sender address. It sends, to the
sequencer's address, the newest frame heard on the air (its tag broken), once every 5 ms step (200 frames a
second; each authentic-looking frame costs a real board a tag check and more: on the board a
loop that takes such frames works its 30 ms sooner). Model (attacks/_board.py "flood"): the
sequencer's loop is busy in a step in which a stranger's frame arrived; otherwise busy is never
True (so the control, without the flood, is the table as before dad7485). Loss on every honest
frame (default 0.3 and 0.5); Snyd 4 handhelds and Yatzy 3, whole games, the same seeds with and
without the flood.

`nack`: not a stranger but a seated cheat (the last handheld): a NACK for the last 8 entries
to the sequencer every step, and busy modelled as "k=2" (the sequencer's loop is busy once it
sent 2 frames: each NACK costs it an entry served, first ones always), the cheat's own lag not
counted.

The flood's frames: `garbage` (default: the newest frame on the air with its tag broken, so
the flood relays nothing) or `replay` (that frame as it was: a stranger's replay; it also relays
frames the sequencer lost, so those games are shorter).

`busy=off`: the verdict is about the flood on the table before dad7485 (busy never on).

Usage: .venv/bin/python attacks/busy_flood.py [garbage|replay|nack] [busy=off] [loss=0.5] [snyd|yatzy] [seeds...]
Each seed is also flooded with busy switched off (the table before dad7485): what that run has
too is not counted.

Verdict: 0 when no flooded run has, beyond its own controls (the same seed unflooded, and
flooded with busy off): a lag hold
naming the honest sequencer, a distrust of it (the stated 7 s-without-an-entry limit, reached only
because of the flood), a FORFEIT, a game that does not end with one record, or a table paused over
a twentieth of the time; 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _board  # noqa: E402
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

LIMIT_MS = 1_200_000
STRANGER = 200


def play(game, seed, loss, flood, busy=True):
    """flood: False (control), "garbage" (the newest frame on the air, its tag broken), "replay"
    (that frame as it was: a stranger's replay, which may also relay a frame the sequencer lost)."""
    _board.install(("k=2" if flood == "nack" else "flood") if busy else None)
    _board.stranger(STRANGER)
    if game == "yatzy":
        t = tablebus.Table(seats=3, loss=loss, seed=seed, game="yatzy")
    else:
        t = tablebus.Table(seats=4, loss=loss, seed=seed)
    ev = dict(lagged=0, lag_first=None, paused=0, distrust=[], forfeits=[], samples=0,
              injected=0, busy_serves=0)
    for h in t.hands:
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x >= 0 and not h.node._bad & (1 << x) and not (flood == "nack" and
                                                            h is t.hands[-1]):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
        ap = h.app.apply

        def apply_(f, seq, h=h, ap=ap):
            if f.etype == wire.T_FORFEIT:
                ev["forfeits"].append((t.now, h.seat, seq, f.who, f.kind))
            return ap(f, seq)
        h.app.apply = apply_

    def watch():
        now = t.now
        ev["samples"] += 1
        lead = None
        for h in t.live():
            n = h.node
            if flood == "nack" and h is t.hands[-1]:
                continue  # the cheat's own holds are not counted
            if n.is_leader():
                lead = h
                if n.held(now):
                    ev["paused"] += 1
            elif n._lagged(now):
                ev["lagged"] += 1
                if ev["lag_first"] is None:
                    ev["lag_first"] = (now, h.seat, "held on", n.leader, n.applied)
        if flood == "nack" and lead is not None and lead is not t.hands[-1]:
            c = t.hands[-1].node  # a seated cheat's firmware: a NACK for the window's last 8
            c._nack_at = -10 ** 9  # entries to the sequencer every step (its nack_ms ignored)
            hi = lead.node.applied
            if hi >= 2:
                t.hands[-1].now = now
                c._nack(lead.seat, max(1, hi - 7), hi, now)
                ev["injected"] += 1
        elif flood and lead is not None and t.bus.log:
            b = bytearray(t.bus.log[-1][3])
            if flood == "garbage":
                b[-1] ^= 0x5A  # its tag broken: checked and refused (never a relay of the frame)
            t.bus.inject(lead.addr, b, now + 1, src=STRANGER)
            ev["injected"] += 1
        return t.done()

    assert t.start_game() == 0
    t.run(watch, LIMIT_MS)
    recs = t.records()
    ev["done"] = t.done()
    ev["ms"] = t.now
    ev["same"] = all(r == recs[0] for r in recs)
    return ev


def bad_of(e, pauses=True):
    out = []
    if e["forfeits"]:
        out.append(("FORFEIT", e["forfeits"][:3]))
    if not e["done"] or not e["same"]:
        out.append(("over/one record", e["done"], e["same"]))
    if e["lagged"]:
        out.append(("lag hold on the honest sequencer", e["lagged"], e["lag_first"]))
    if e["distrust"]:
        out.append(("honest sequencer left", e["distrust"][:3]))
    frac = e["paused"] / max(1, e["samples"])
    if pauses and frac >= 0.05:
        out.append(("paused", round(frac, 3)))
    return out


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or [0.3, 0.5]
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3, 4]
    kind = ([a for a in args if a in ("garbage", "replay", "nack")] or ["garbage"])[0]
    old = "busy=off" in args  # the attack itself on the table before dad7485
    pz = kind != "nack"  # (a seated cheat may say it is held at will: its pauses are no break)
    broken = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                c = play(game, seed, loss, False)
                o = play(game, seed, loss, kind, busy=False)  # the flood, before dad7485
                a = o if old else play(game, seed, loss, kind)
                for tag, e in (("control", c), ("flooded", a), ("flood/busy-off", o)):
                    print("%-5s seed %d loss %.1f %-14s: over %s at %6.1f s, one record %s; "
                          "lag-hold samples %d (first %s), paused %d/%d, distrust %s, FORFEITs "
                          "%s; frames injected %d" % (
                              game, seed, loss, tag, e["done"], e["ms"] / 1000.0, e["same"],
                              e["lagged"], e["lag_first"], e["paused"], e["samples"],
                              e["distrust"][:3], e["forfeits"][:3], e["injected"]))
                cb = [x[0] for x in bad_of(c, pz) + ([] if old else bad_of(o, pz))]
                new = [x for x in bad_of(a, pz) if x[0] not in cb]
                if not old and [x for x in bad_of(o, pz) if x[0] not in bad_of(c, pz)]:
                    print("   OLDER THAN TODAY: the same flood with busy off broke: %s" %
                          bad_of(o, pz))
                if new:
                    broken.append((game, seed, loss, new))
                sys.stdout.flush()
    if broken:
        print("BROKEN (the flood (%s, busy %s); what the same seed unflooded did not have): %s" %
              (kind, "off" if old else "on", broken))
        sys.exit(1)
    print("HELD: the flood added no hold on the honest sequencer, no distrust, FORFEIT, long "
          "pause or unended game")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
