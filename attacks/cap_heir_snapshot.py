"""Attack (round 38, defence 2: the cap applies to a new sequencer catching up, too). A cheating
sequencer (handheld 0) sends its entries to everyone but the heir (handheld 1: unicast to the
others; modelled by handheld 1 never getting an ENTRY frame of handheld 0's) for `hide` ms, logging
well past the 32 entries a log keeps (LOG_CAP), then goes silent for good. The heir takes over and
must fetch the furthest log from an honest follower: entries it lacks are past the window, so that
follower sends a snapshot, 6-9 SNAP chunks at once, and the new sequencer reads 2 of them a loop.
Does the honest heir catch up and lead (the others follow it, nobody distrusts it), as with cap=0?

tablebus with attacks/_loop.py's model (rule 1 on), loss `loss` (default 0). Control: the same
seed, no cheat (cap=2), ends. Break: cap=2 run never settles (a ready sequencer all live handhelds
follow at one applied, within 60 s of the cheat leaving) or an honest handheld is distrusted,
where cap=0 settled cleanly.

Usage: .venv/bin/python attacks/cap_heir_snapshot.py [snyd|yatzy] [loss=0.0] [hide=1500] [seeds...]
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

START = 600


def play(game, seed, loss, cap, hide, cheat=True):
    _loop.install(True, cap=cap)
    n = 3 if game == "yatzy" else 4
    t = tablebus.Table(seats=n, loss=loss, seed=seed, game=game)
    ev = dict(distrust=[], gone_at=None, settled=None, lag_at_gone=None)
    for h in t.hands:
        dn = h.node._distrust

        def distrust_(x, h=h, dn=dn):
            if x > 0 and not h.node._bad & (1 << x):
                ev["distrust"].append((t.now, h.seat, x))
            return dn(x)
        h.node._distrust = distrust_
    heir = t.hands[1]
    rcv = heir.receive

    def receive(data, now):
        if cheat and START <= now and ev["gone_at"] is None and len(data) > 7 and \
                data[7] == 0 and data[2] == wire.T_ENTRY:
            return
        return rcv(data, now)
    heir.receive = receive
    assert t.start_game() == 0

    def until():
        if cheat and ev["gone_at"] is None and t.now >= START + hide:
            ev["gone_at"] = t.now
            ev["lag_at_gone"] = (heir.node.applied, t.hands[0].node.applied)
            t.kill(0)
        if ev["gone_at"] is not None and ev["settled"] is None:
            live = t.live()
            if any(h.node.is_leader() and h.node.ready for h in live) and \
                    len({h.node.leader for h in live}) == 1 and \
                    len({h.node.applied for h in live}) == 1 and \
                    live[0].node.applied >= ev["lag_at_gone"][1]:
                ev["settled"] = t.now
        if ev["gone_at"] is not None:
            return ev["settled"] is not None or t.now - ev["gone_at"] > 60000
        return t.done()
    t.run(until, 600_000)
    ev["done"] = t.done()
    ev["ms"] = t.now
    ev["nodes"] = [(h.seat, h.node.leader, h.node.applied, h.node.ready) for h in t.live()]
    ev["capped"] = dict(_loop.STATE.get("capped", {}))
    return ev


def bad_of(e, cheat=True):
    out = []
    if cheat and e["settled"] is None:
        out.append(("no sequencer caught up and followed in 60 s", e["nodes"]))
    if not cheat and not e["done"]:
        out.append(("control not over",))
    if e["distrust"]:
        out.append(("honest handheld left", e["distrust"][:4]))
    return out


def main():
    args = sys.argv[1:]
    games = [a for a in args if a in ("snyd", "yatzy")] or ["snyd", "yatzy"]
    loss = float(([a.split("=")[1] for a in args if a.startswith("loss=")] or [0.0])[0])
    hide = int(([a.split("=")[1] for a in args if a.startswith("hide=")] or [1500])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broken, counted = [], 0
    for game in games:
        for seed in seeds:
            c = play(game, seed, loss, 2, hide, cheat=False)
            r0 = play(game, seed, loss, 0, hide)
            r2 = play(game, seed, loss, 2, hide)
            for tag, e in (("control cap=2", c), ("cheat cap=0", r0), ("cheat cap=2", r2)):
                print("%-5s seed %d loss %.1f %-13s: gone at %s (heir / sequencer applied %s), "
                      "settled at %s; distrust %s; over %s at %.1f s; nodes (seat, leader, applied,"
                      " ready) %s; capped %s" % (game, seed, loss, tag, e["gone_at"],
                                                 e["lag_at_gone"], e["settled"], e["distrust"][:4],
                                                 e["done"], e["ms"] / 1000.0, e["nodes"],
                                                 e["capped"]))
            lag = r2["lag_at_gone"] and r2["lag_at_gone"][1] - r2["lag_at_gone"][0]
            if bad_of(c, False) or r0["lag_at_gone"] is None or not lag or lag <= 32:
                print("   not counted (the heir lagged %s entries: the snapshot path needs more "
                      "than 32; the game waits for the heir's own moves)" % lag)
                continue
            counted += 1
            new = [x for x in bad_of(r2) if x[0] not in [y[0] for y in bad_of(r0)]]
            if new:
                broken.append((game, seed, new, "cap=0: %s" % (bad_of(r0) or "held")))
                print("   BREAK (cap=2 beyond cap=0): %s; cap=0: %s" % (new, bad_of(r0) or "held"))
            elif bad_of(r2):
                print("   cap=2 and cap=0 alike (not the new defence): %s" % bad_of(r2))
            sys.stdout.flush()
    if not counted:
        print("COULD NOT RUN: no seed got the heir past the window (32 entries behind)")
        sys.exit(2)
    if broken:
        print("BROKEN (an honest heir's catch-up by snapshot under the cap): %s" % broken)
        sys.exit(1)
    print("HELD: the cap kept no honest heir from catching up that cap=0 did not")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
