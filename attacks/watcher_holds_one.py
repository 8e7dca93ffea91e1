"""Round 20, focus 1 (the gate waits on a Snyd player out of the game). Promises: no honest seat
forfeited or deposed; no reveal on a log not all hold; a stop names whom it can.

The cheat is a player with no dice left (a watcher): nothing to win or lose. Since round 20 every
gate waits on it. After each call its heartbeats to ONE honest player (V, not the sequencer)
claim the entry before the call (with that entry's chain: no fork, "behind"); to everyone else its
heartbeats are true. It never raises the held flag (flag_when_out's cheat named itself that way).

Harness: host_tools/tablebus, Snyd with two dice, four handhelds, lossless, seeded. The cheat is
whichever seat but the sequencer's goes out first; V the next player still in. Control: the same
game honest from there.

Looked for: an honest forfeit (FORFEIT of V applied anywhere), an honest handheld deposed
(distrust), a reveal of V's on a log the watcher does not show, and whom each screen names
(Table.held_mask's rule) while the table stands. Exit 1 on a forfeit of V, a distrust of an
honest handheld, or a stop for good where no screen with the pause's choices (the sequencer's)
names the cheat... the latter counted "stated" (docs/protocol.md: "a seat that ... never confirms
the sequencer's entry ... stops the table on 'Logs differ'") and reported, exit 0.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import wire, agree, log  # noqa: E402
from dicecup.rules import snyd  # noqa: E402

N = 4
LONG_MS = 120000


def shown(n, k, now):
    m = n.held(now)
    if m & (1 << k):
        m |= n.held_on()
    return m & ~(1 << k) | n.snap_named(now)


def play(seed, attack):
    t = Table(seats=N, seed=seed, rules=snyd.Rules(dice=2))
    assert t.start_game() == 0
    seq0 = t.hands[0].app

    def out_seat():
        g = seq0.game
        for s in range(1, N):
            if g.dice_left[s] == 0:
                return s
        return -1
    if not t.run(lambda: out_seat() >= 0 or t.done(), 3_600_000) or t.done():
        return None
    w = out_seat()
    g = seq0.game
    alive = [s for s in range(1, N) if s != w and g.dice_left[s]]
    if not alive:
        return None
    v = alive[0]
    wh = t.hands[w]
    nd = wh.node
    st = dict(short=0, beats=0)
    forfeits, distrust, reveals = [], [], []
    for k in range(N):
        if k == w:
            continue
        ap = t.hands[k].app.apply

        def apply_(f, sq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT:
                forfeits.append((t.now, k, sq, f.who))
            if f.etype == wire.T_REVEAL and k == v and f.who == v:
                reveals.append((t.now, sq, t.hands[v].app.gate_seq))
            return ap(f, sq)
        t.hands[k].app.apply = apply_
        dn = t.hands[k].node._distrust

        def distrust_(x, k=k, dn=dn, nd2=t.hands[k].node):
            if x >= 0 and not nd2._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        t.hands[k].node._distrust = distrust_
    if attack:
        def heartbeat(now):
            app = wh.app
            gs = app.gate_seq
            for x in range(N):
                if x == w or not nd.members & (1 << x):
                    continue
                real = nd.applied
                keep = bytes(nd.chain)
                if x == v and gs and real >= gs:
                    c = gs - 1
                    i = c % agree.CAP
                    if c > 0 and nd.agree._s[i] == c:
                        nd.applied = c
                        nd.chain[:] = nd.agree._h[i * agree._C:(i + 1) * agree._C]
                        st["short"] += 1
                f = nd.tx
                f.type = wire.T_ACK
                f.seq = 0
                f.flags = nd.leader if nd.leader >= 0 else 0x0F
                f.missing = 0
                f.chain[:] = nd.chain
                try:
                    nd._emit(x, f)
                finally:
                    nd.applied = real
                    nd.chain[:] = keep
            st["beats"] += 1
            nd._hb_at = nd._hb_sent = now
        nd._heartbeat = heartbeat
    t0 = t.now
    ended = t.run(t.done, LONG_MS)
    now = t.now
    names = {k: shown(t.hands[k].node, k, now) for k in range(N)}
    return dict(seed=seed, watcher=w, v=v, ended=ended, secs=(now - t0) / 1000.0,
                forfeits_v=[x for x in forfeits if x[3] & (1 << v) and x[0] >= t0],
                forfeits=[(x[0] - t0,) + x[1:] for x in forfeits if x[0] >= t0],
                distrust=[(x[0] - t0,) + x[1:] for x in distrust],
                v_reveals=[(x[0] - t0,) + x[1:] for x in reveals if x[0] >= t0],
                names=names, held={k: t.hands[k].node.held(now) for k in range(N)},
                applied=[h.node.applied for h in t.hands], st=st,
                dice=list(seq0.game.dice_left[:N]))


def main():
    seeds = [int(x) for x in sys.argv[1:]] or [1, 2, 3]
    broke = []
    for seed in seeds:
        ctl = play(seed, False)
        atk = play(seed, True)
        if ctl is None or atk is None:
            print("seed %d: nobody but the sequencer went out first" % seed)
            continue
        print("seed %d control: ended %s in %.1f s, forfeits %s, distrust %s" % (
            seed, ctl["ended"], ctl["secs"], ctl["forfeits"], ctl["distrust"]))
        print("seed %d attack: %s" % (seed, atk))
        if atk["forfeits_v"] or atk["distrust"]:
            broke.append(seed)
    if broke:
        print("BROKEN: seeds %s (see above)" % broke)
        sys.exit(1)
    print("HELD (or the stated stop: see names)")
    sys.exit(0)


if __name__ == "__main__":
    run(main)
