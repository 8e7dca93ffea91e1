"""Round 38: both new defences against their absence, on honest tables under loss alone and under
round 37's seated floods (attacks/loop_flood.py seat / nack / follower), the board's loop budget
modelled (attacks/_loop.py, rule 1 on).

"on":  today (a4f89ab): pump's cap (`cap=2`) and Delivery._serves (serve_ms 25, the NACK served
       from past the handheld's last heartbeat).
"off": cap=0 and Delivery._rx_nack / _serves as before a4f89ab (every NACK served from f.lo).

`loss` mode: each seed with no flood, on against off. Break: "on" has a lag hold naming the honest
sequencer, a distrust, a FORFEIT of an honest seat, a pause over 5 %, an unended game or records
that differ, that "off" did not (the defences made an honest table worse).
`seat`/`nack`/`follower` mode: control (on, no flood), flood with on, flood with off. Break: the
flood (on) has any of the above that the control did not, or a game at least twice as long as the
control's (round 37 counted a game four times as long as a break). Game lengths printed.

Usage: .venv/bin/python attacks/r38_defences_off.py [loss|seat|nack|follower] [snyd|yatzy]
       [loss=0.3] [k=4] [seeds...]
Verdict: 0 held, 1 broke (evidence, and whether "off" had it too), 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import loop_flood  # noqa: E402
from dicecup.table.delivery import Delivery  # noqa: E402

_RX_NACK = Delivery._rx_nack
_SERVES = Delivery._serves


def _rx_nack_old(self, f, now):
    """Delivery._rx_nack before a4f89ab."""
    s = f.seat
    self._loss_at = now
    if f.lo == 0:
        if self.is_leader() or self.applied and not (
                self._word_seq or self._back or self._resync or self._snap is not None):
            self._send_snapshot(s, now)
    else:
        self._serve(s, f.lo, f.hi, now)
    return 0


def defences(on):
    Delivery._rx_nack = _RX_NACK if on else _rx_nack_old
    Delivery._serves = _SERVES if on else (lambda self, dest, now: True)
    return {"cap": 2 if on else 0}


def run(game, seed, loss, kind, on, k):
    costs = defences(on)
    try:
        return loop_flood.play(game, seed, loss, kind, True, k, costs)
    finally:
        defences(True)


def line(game, seed, loss, tag, e):
    print("%-5s seed %d loss %.1f %-12s: over %s at %6.1f s, one record %s; lag-hold samples %d "
          "(first %s), paused %d/%d, distrust %s, FORFEITs %s; injected %d" % (
              game, seed, loss, tag, e["done"], e["ms"] / 1000.0, e["same"], e["lagged"],
              e["lag_first"], e["paused"], e["samples"], e["distrust"][:3], e["forfeits"][:3],
              e["injected"]))


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("loss", "seat", "nack", "follower")] or ["loss"])[0]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    losses = [float(a.split("=")[1]) for a in args if a.startswith("loss=")] or \
        ([0.3, 0.5] if mode == "loss" else [0.3])
    k = int(([a.split("=")[1] for a in args if a.startswith("k=")] or [4])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken = []
    lengths = []
    for loss in losses:
        for game in games:
            for seed in seeds:
                if mode == "loss":
                    off = run(game, seed, loss, None, False, 0)
                    on = run(game, seed, loss, None, True, 0)
                    line(game, seed, loss, "off", off)
                    line(game, seed, loss, "on", on)
                    base = [x[0] for x in loop_flood.bad_of(off)]
                    new = [x for x in loop_flood.bad_of(on) if x[0] not in base]
                    lengths.append((game, seed, loss, round(off["ms"] / 1000.0, 1),
                                    round(on["ms"] / 1000.0, 1)))
                    if new:
                        broken.append((game, seed, loss, new))
                        print("   BREAK (defences on beyond off): %s" % new)
                else:
                    c = run(game, seed, loss, None, True, k)
                    a = run(game, seed, loss, mode, True, k)
                    o = run(game, seed, loss, mode, False, k)
                    for tag, e in (("control on", c), ("flood on", a), ("flood off", o)):
                        line(game, seed, loss, tag, e)
                    cb = [x[0] for x in loop_flood.bad_of(c)]
                    new = [x for x in loop_flood.bad_of(a) if x[0] not in cb]
                    old = [x for x in loop_flood.bad_of(o) if x[0] not in cb]
                    ratio = a["ms"] / max(1, c["ms"])
                    ratio_o = o["ms"] / max(1, c["ms"])
                    lengths.append((game, seed, loss, round(c["ms"] / 1000.0, 1),
                                    round(a["ms"] / 1000.0, 1), round(o["ms"] / 1000.0, 1)))
                    if ratio >= 2:
                        new.append(("game %.1fx the control's" % ratio,))
                    if ratio_o >= 2:
                        old.append(("game %.1fx the control's" % ratio_o,))
                    if new:
                        broken.append((game, seed, loss, new, "off too: %s" % bool(old)))
                        print("   BREAK (flood, defences on): %s; off: %s" % (new, old or "held"))
                    elif old:
                        print("   off only (not counted): %s" % old)
                sys.stdout.flush()
    print("lengths (s): %s %s" % ("(game, seed, loss, off, on)" if mode == "loss" else
                                  "(game, seed, loss, control, flood on, flood off)", lengths))
    if broken:
        print("BROKEN (%s): %s" % (mode, broken))
        sys.exit(1)
    print("HELD (%s): the new defences added nothing an honest table did not have without them"
          % mode if mode == "loss" else
          "HELD (%s flood, k=%d): nothing beyond the control, no game twice as long" % (mode, k))
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
