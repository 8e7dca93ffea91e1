"""Attack: a hostile sequencer gets a kept-up follower that cannot hear the third handheld to take a
made-up state on its word, through the new "alone with its sequencer, sent a snapshot it did not
ask for: ask to start again" rule (log.Node._snap_tick, round 20), and the honest third handheld is
named the cheat on that follower's screen.

Promise: "A checked snapshot: no handheld takes a state the table did not reach, and none can be
crashed or named the cheat by one" (docs/protocol.md). The stated limit "A table of two" takes the
sender's word only "with only two handhelds", "and neither is named the cheat".
Role: the creator, the sequencer (Anna). Victim: Bo, which kept up all game. Cy: honest, alive,
playing, heard by Anna all along.
Radio: `jam` (default): Bo and Cy are out of each other's range for about 5 s (Anna between
them, or a radio that jams Cy near Bo and Bo near Cy; it forges nothing): both hear Anna.
`away`: Cy out of everyone's range that long, both ways (its person walked off), no radio at all
(Cy, hearing nobody, takes a term of its own after 3.5 s: the honest firmware's rule).
Steps (Snyd, 3 handhelds, tablebus): in a round's bidding, Cy's frames stop reaching Bo; 4 s on
Bo counts Cy gone (alive()). The next entry Anna logs goes to Cy alone (Anna's heartbeats claim it,
as always); in its place Anna streams Bo a snapshot of the real state at that entry, unasked. Bo
has no live witness and did not ask, so it waits VOUCH_WAIT_MS and then, new this round, sends
Anna a NACK 0 ("start again"). Anna answers it with a snapshot of the same entry and the real
chain in which Cy's commitment is replaced. Bo takes it on Anna's word (_asked: it asked, it is
"alone", Anna's heartbeats reached that entry; its own seat's secrets are untouched). Cy comes
back in range; every chain matches; at the call Cy's genuine REVEAL does not open the commitment
Bo holds: Bo marks Cy a cheat (cheats, "forfeit") while Anna and Cy count the call.
Control: the same dance with an honest second snapshot: nobody is named.
`old`: the attack with the round-20 NACK 0 taken out again (Bo never asks): held there?
Verdict: 0 if Bo names nobody the cheat; 1 if Bo names the honest Cy.
"""
import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import log, game as tgame  # noqa: E402

ANNA, BO, CY = 0, 1, 2
H = 16


def snapshot_bytes(node, app):
    buf = bytearray(log.SNAP_MAX)
    buf[:8] = node.chain
    buf[8] = node.members
    buf[9:17] = node.hosts
    end = app.snapshot(buf, 17)
    return bytes(buf[:end])


def forged(node):
    """Anna's state with Cy's commitment replaced (a made-up hash)."""
    shadow = copy.deepcopy(node.game)
    o = CY * H
    for i in range(H):
        shadow._hs[o + i] ^= 0x5A
    return snapshot_bytes(node, shadow)


def stream(anna, dest, data, seq):
    step = wire.SNAP_DATA_MAX
    total = (len(data) + step - 1) // step
    for k in range(total):
        part = data[k * step:(k + 1) * step]
        f = anna.tx
        f.type = wire.T_SNAP
        f.seq = seq
        f.k = k
        f.total = total
        f.data[:len(part)] = part
        f.dlen = len(part)
        anna._emit(dest, f)


def resume(t, decides):
    """Everyone decides again (a handheld asks its player once per applied entry)."""
    for h in t.hands:
        h.decide = decides[h.seat]
        for s in range(len(h.app._asked)):
            h.app._asked[s] = -1


def play(mode, seed=1):
    """mode: control, jam, away, old. Returns a dict of what Bo, Anna and Cy ended with."""
    t = Table(seats=3, seed=seed)
    anna_h, bo_h, cy_h = t.hands
    anna, bo = anna_h.node, bo_h.node
    st = dict(cut=False, hold=None, asked=0, first=False, sent=None, taken=None, nack0=[])

    # the radio: Cy's frames to Bo (or, `away`, to everyone) are lost while st["cut"]
    bus = t.bus
    send0 = bus.send

    def send(src, dest, data, now):
        if st["cut"] and mode != "away" and src == bo_h.addr:
            # Bo and Cy out of each other's range (distance; or a radio that jams): both ways
            if dest is None:
                send0(src, anna_h.addr, data, now)
                return
            if dest == cy_h.addr:
                bus.log.append((now, src, dest, bytes(data)))
                return
        if st["cut"] and src == cy_h.addr:
            if mode == "away":
                bus.log.append((now, src, dest, bytes(data)))
                return
            if dest is None:
                for h in (anna_h,):
                    send0(src, h.addr, data, now)
                return
            if dest == bo_h.addr:
                bus.log.append((now, src, dest, bytes(data)))
                return
        send0(src, dest, data, now)
    bus.send = send
    recv0 = cy_h.receive

    def receive(data, now):
        if st["cut"] and mode == "away":
            return  # out of range both ways
        return recv0(data, now)
    cy_h.receive = receive

    # Anna's firmware: entries past `hold` go to Cy alone; Bo's NACK 0 gets the second snapshot
    emit0 = anna._emit

    def emit(dest, f):
        if st["hold"] is not None and f.type == wire.T_ENTRY and f.seq > st["hold"]:
            if dest == log.BROADCAST:
                dest = CY
            elif dest == BO:
                return
        return emit0(dest, f)
    anna._emit = emit
    snd0 = anna._send_snapshot

    def send_snapshot(dest, now):
        if dest == BO and st["hold"] is not None and st["first"]:
            st["asked"] += 1
            if now - anna._snap_at[dest] < anna.snap_ms:
                return
            anna._snap_at[dest] = now
            data = snapshot_bytes(anna, anna.app) if mode == "control" else forged(anna)
            stream(anna, BO, data, anna.applied)
            st["sent"] = (t.now, anna.applied)
            return
        return snd0(dest, now)
    anna._send_snapshot = send_snapshot

    if mode == "old":  # round 20's NACK 0 from _snap_tick taken out again
        tick0, nack0 = bo._snap_tick, bo._nack
        inside = [False]

        def snap_tick(now):
            inside[0] = True
            try:
                return tick0(now)
            finally:
                inside[0] = False

        def nack(dest, lo, hi, now):
            if inside[0] and not lo:
                return
            return nack0(dest, lo, hi, now)
        bo._snap_tick, bo._nack = snap_tick, nack
    else:
        nack0 = bo._nack

        def nack(dest, lo, hi, now):
            if not lo and st["hold"] is not None:
                st["nack0"].append(t.now)
            return nack0(dest, lo, hi, now)
        bo._nack = nack

    assert t.start_game() == 0
    # round 2's bidding
    ok = t.run(lambda: anna_h.app.round >= 2 and anna_h.app.phase == tgame.P_PLAY and
               bo_h.app.phase == tgame.P_PLAY and cy_h.app.phase == tgame.P_PLAY, 600000)
    if not ok:
        raise RuntimeError("no round 2")
    decides = [h.decide for h in t.hands]
    for h in t.hands:
        h.decide = lambda g, s: None   # everyone thinks a while
    if mode == "away":  # the move first (Cy's frames reach nobody once its person walks off)
        st["hold"] = anna.applied
        resume(t, decides)  # one move, then everyone thinks again
        t.run(lambda: anna.applied > st["hold"], 60000)
        for h in t.hands:
            h.decide = lambda g, s: None
    st["cut"] = True
    t.run(lambda: False, 3600 if mode == "away" else 4200)
    if bo.alive(CY, t.now):
        raise RuntimeError("Bo still counts Cy alive")
    if mode != "away":
        st["hold"] = anna.applied
        resume(t, decides)  # one move, then everyone thinks again
        t.run(lambda: anna.applied > st["hold"], 60000)
        for h in t.hands:
            h.decide = lambda g, s: None
    # the first snapshot, unasked: the real state at Anna's newest entry
    snap_seq = anna.applied
    st["first"] = True
    stream(anna, BO, snapshot_bytes(anna, anna.game), snap_seq)
    anna._snap_at[BO] = t.now
    t.run(lambda: bo.applied >= snap_seq, 8000)
    st["taken"] = (t.now, bo.applied) if bo.applied >= snap_seq else None
    # Cy back in range, Anna sends Bo everything again, everyone plays on to the call and past it
    st["cut"] = False
    st["hold"] = None
    resume(t, decides)
    r = anna_h.app.round
    t.run(lambda: all(h.app.round > r or h.app.phase == tgame.P_OVER for h in t.hands), 120000)
    t.run(lambda: False, 3000)
    return dict(
        taken=st["taken"], sent=st["sent"], nack0=st["nack0"][:3],
        cheats=[h.app.cheats for h in t.hands],
        applied=[h.node.applied for h in t.hands],
        chains=len({bytes(h.node.chain) for h in t.hands}),
        dice=[list(h.app.game.dice_left[:3]) for h in t.hands],
        bad=[h.node._bad for h in t.hands],
        leaders=[h.node.leader for h in t.hands],
        round=[h.app.round for h in t.hands],
        over=[h.app.phase == tgame.P_OVER for h in t.hands],
        records_same=len({repr(h.app.rec.record()) for h in t.hands}) == 1)


def main():
    args = sys.argv[1:]
    mode = args[0] if args and not args[0].isdigit() else "jam"
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play("control", seed)
        print("seed %d control:" % seed, c)
        if c["cheats"][BO] or c["taken"] is None:
            print("control did not run as planned (Bo took no snapshot, or named a cheat)")
            sys.exit(2)
        a = play(mode, seed)
        print("seed %d %s:" % (seed, mode), a)
        if a["cheats"][BO] & (1 << CY) and not a["cheats"][ANNA] and not a["cheats"][CY]:
            broke.append(seed)
    verdict(bool(broke), "mode %s: Bo named the honest Cy a cheat (a false secret) on seeds %s of %s "
            "while Anna and Cy named nobody" % (mode, broke, seeds))


if __name__ == "__main__":
    run(main)
