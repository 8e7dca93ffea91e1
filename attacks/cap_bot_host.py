"""Check (round 38, defence 2): a follower that plays two seats (its own and a bot's, after the
creator gave a gone handheld's seat to it: tablebus give_to_bot; docs/protocol.md *A handheld plays
the bots it hosts*) sends, at a gate, its heartbeat and a request for each seat at once: three good
frames in one loop, and the sequencer reads two of them (pump._PER_LOOP; attacks/_loop.py `cap`).
Does cap=2 give that honest table a FORFEIT of a live honest seat, a distrust, a lag hold naming
the honest sequencer, a long pause or an unended game that cap=0 (the defence off) did not? Game
lengths and what the cap dropped (receiver, sender, frame type) are printed.

Snyd 4 (or Yatzy 3), the board's loop model (rule 1 on); at `at` ms the last handheld goes silent
for good and, once the table has paused on it (or after `wait` ms), its seat goes to handheld 1
(a follower: the sequencer is handheld 0). Control: the same seed, nobody leaves (cap=2).

Usage: .venv/bin/python attacks/cap_bot_host.py [snyd|yatzy] [loss=0.3] [at=3000] [seeds...]
Verdict: 0 held, 1 broke (evidence, cap=0 beside it), 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import _loop  # noqa: E402
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire  # noqa: E402

LIMIT_MS = 600_000


def play(game, seed, loss, cap, at, leave=True):
    _loop.install(True, cap=cap)
    n = 3 if game == "yatzy" else 4
    t = tablebus.Table(seats=n, loss=loss, seed=seed, game=game)
    gone = n - 1
    ev = dict(distrust=[], forfeits=[], lagged=0, paused=0, samples=0, left_at=None, bot_at=None,
              bot=None)
    for h in t.hands:
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x >= 0 and x != gone and not h.node._bad & (1 << x):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
        ap = h.app.apply

        def apply_(f, seq, h=h, ap=ap):
            if f.etype == wire.T_FORFEIT and ev["bot_at"] is not None and h.seat == 0:
                ev["forfeits"].append((t.now, seq, f.who, f.kind))
            return ap(f, seq)
        h.app.apply = apply_
    assert t.start_game() == 0

    def until():
        now = t.now
        if leave and ev["left_at"] is None and now >= at:
            ev["left_at"] = now
            t.kill(gone)
        if ev["left_at"] is not None and ev["bot_at"] is None and \
                (t.hands[0].node.paused() or now - ev["left_at"] >= 6000):
            ev["bot_at"] = now
            ev["bot"] = t.give_to_bot(gone, 1)
        if ev["bot_at"] is not None:
            ev["samples"] += 1
            for h in t.live():
                if h.node.is_leader() and h.node.held(now):
                    ev["paused"] += 1
                elif not h.node.is_leader() and h.node._lagged(now):
                    ev["lagged"] += 1
        return t.done()

    t.run(until, LIMIT_MS)
    live = t.live()
    recs = [h.app.rec.record() if h.app.rec is not None else None for h in live]
    ev.update(done=t.done(), ms=t.now, same=all(r == recs[0] for r in recs),
              capped=dict(_loop.STATE.get("capped", {})))
    return ev


def bad_of(e):
    out = []
    if not e["done"] or not e["same"]:
        out.append(("not over / records differ", e["done"], e["same"]))
    if e["distrust"]:
        out.append(("honest handheld left", e["distrust"][:3]))
    if e["forfeits"]:
        out.append(("FORFEIT after the bot took the seat", e["forfeits"][:3]))
    if e["lagged"]:
        out.append(("lag hold", e["lagged"]))
    if e["paused"] / max(1, e["samples"]) >= 0.05:
        out.append(("paused", round(e["paused"] / max(1, e["samples"]), 3)))
    return out


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    loss = float(([a.split("=")[1] for a in args if a.startswith("loss=")] or [0.3])[0])
    at = int(([a.split("=")[1] for a in args if a.startswith("at=")] or [3000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken = []
    for game in games:
        for seed in seeds:
            c = play(game, seed, loss, 2, at, leave=False)
            r0 = play(game, seed, loss, 0, at)
            r2 = play(game, seed, loss, 2, at)
            for tag, e in (("control cap=2", c), ("bot cap=0", r0), ("bot cap=2", r2)):
                print("%-5s seed %d loss %.1f %-13s: left %s, bot at %s (%s); over %s at %6.1f s, "
                      "one record %s; distrust %s; FORFEITs after %s; lag %d; paused %d/%d; "
                      "capped %s" % (game, seed, loss, tag, e["left_at"], e["bot_at"], e["bot"],
                                     e["done"], e["ms"] / 1000.0, e["same"], e["distrust"][:3],
                                     e["forfeits"][:3], e["lagged"], e["paused"], e["samples"],
                                     e["capped"]))
            if bad_of(c):
                print("   control did not end cleanly: not counted", bad_of(c))
                continue
            new = [x for x in bad_of(r2) if x[0] not in [y[0] for y in bad_of(r0)]]
            if new:
                broken.append((game, seed, new, "cap=0: %s" % (bad_of(r0) or "held")))
                print("   BREAK (cap=2 beyond cap=0): %s; cap=0: %s" % (new, bad_of(r0) or "held"))
            elif bad_of(r2):
                print("   cap=2 and cap=0 alike (not the new defence): %s" % bad_of(r2))
            sys.stdout.flush()
    if broken:
        print("BROKEN (a follower hosting a bot under the cap): %s" % broken)
        sys.exit(1)
    print("HELD: the cap added nothing to a table whose follower hosts a bot")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
