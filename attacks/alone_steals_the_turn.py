"""Attack: alone_on_its_word's way in, used to make an honest seat pay: the sequencer gets Bo (which
cannot hear Cy for a few seconds) to take on its word the real state with one bid of Bo's own that
Bo never made. Bo's screen shows its turn gone (the next seat to bid); the table waits on Bo's
bid; 2 minutes on the sequencer's pause names Bo "stalled" and gives Bo's seat to its own bot.

Promise: the sequencer orders, nothing more ("cannot ... reseat ... anything a follower could not
check"); Alive: "a move awaited 2 minutes pauses the table naming who it waits for" (a seat that
stays away, not one kept from its turn); A checked snapshot. Stated limit *A table of two*: two
handhelds only.
Role: the creator, the sequencer (Anna). Victim: Bo. Cy: honest, alive.
Radio: `jam` (default): Bo and Cy are out of each other's range for about 5 s (Anna between
them, or a radio that jams Cy near Bo and Bo near Cy; it forges nothing): both hear Anna.
`away`: Cy out of everyone's range that long, both ways (its person walked off), no radio at all
(Cy, hearing nobody, takes a term of its own after 3.5 s: the honest firmware's rule).
Steps (Snyd, 3 handhelds, tablebus), round 2's bidding: Cy's frames stop reaching Bo; 4 s on Bo
counts Cy gone. The bids up to Bo's turn (Y) go to Cy alone; Anna streams Bo an unasked snapshot
at Y; Bo, "alone", asks to start again (NACK 0, round 20); Anna answers with the state at Y plus a
bid in Bo's name (the next step up), real chain. Bo takes it (log._asked, _alone; Bo's own
secrets untouched: a bid is no secret). Cy comes back in range; every chain matches. Nobody moves:
the table waits on Bo, Bo's screen on the next seat. At 125 s Anna's person takes the pause's "give
to a bot" for Bo (Table.reseat_to_bot as tablebus.give_to_bot).
Control: the same dance, honest snapshots: Bo bids, nothing stalls.
Verdict: 0 if Cy never moves Bo's seat off Bo; 1 if Cy applies the reseat (Bo's seat forfeits
the round and plays on as Anna's bot).
"""
import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from alone_on_its_word import snapshot_bytes, stream, resume  # noqa: E402
from alone_peek import bidder  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def bid_for_bo(node):
    """Anna's state with a made-up bid of Bo's (one step up)."""
    shadow = copy.deepcopy(node.game)
    g = shadow.game
    assert g.on_turn == BO
    nxt = g.first_bid() if not g.bid_face else g.step_bid(g.bid_count, g.bid_face, 1)
    f = wire.Frame()
    f.etype = wire.T_ACTION
    f.who = BO
    f.kind = wire.A_BID
    f.count, f.face = nxt
    shadow.apply(f, node.applied)
    return snapshot_bytes(node, shadow)


def play(mode, seed=1):
    t = Table(seats=3, seed=seed)
    anna_h, bo_h, cy_h = t.hands
    anna, bo = anna_h.node, bo_h.node
    st = dict(cut=False, hold=None, first=False, forged=None, taken=[])

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
            if mode == "away" or dest == bo_h.addr:
                bus.log.append((now, src, dest, bytes(data)))
                return
            if dest is None:
                send0(src, anna_h.addr, data, now)
                return
        send0(src, dest, data, now)
    bus.send = send
    recv0 = cy_h.receive

    def receive(data, now):
        if st["cut"] and mode == "away":
            return  # out of range both ways
        return recv0(data, now)
    cy_h.receive = receive

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
        if dest == BO and st["first"] and st["forged"] is None:
            anna._snap_at[dest] = now
            data = snapshot_bytes(anna, anna.app) if mode == "control" else bid_for_bo(anna)
            stream(anna, BO, data, anna.applied)
            st["forged"] = (t.now, anna.applied)
            return
        if dest == BO and st["hold"] is not None:
            return
        return snd0(dest, now)
    anna._send_snapshot = send_snapshot
    restore0 = bo_h.app.restore

    def restore(mv, seq):
        r = restore0(mv, seq)
        if r:
            st["taken"].append((t.now, seq, bo_h.app.game.on_turn))
        return r
    bo_h.app.restore = restore

    assert t.start_game() == 0
    ok = t.run(lambda: anna_h.app.round >= 2 and all(
        h.app.phase == snydtable.P_BID and not h.app.showing and h.app.game.on_turn != BO
        for h in t.hands), 600000)
    if not ok:
        raise RuntimeError("no round 2")
    decides = [h.decide for h in t.hands]

    def freeze():
        for h in t.hands:
            h.decide = lambda g, s: None

    def one_move():
        h0 = anna.applied
        who = anna_h.app.game.on_turn
        resume(t, [bidder if k == who else (lambda g, s: None) for k in range(3)])
        t.run(lambda: anna.applied > h0, 60000)
        freeze()

    freeze()
    if mode == "away":
        st["hold"] = anna.applied
        while anna_h.app.game.on_turn != BO:
            one_move()
    st["cut"] = True
    t.run(lambda: False, 3600 if mode == "away" else 4200)
    if bo.alive(CY, t.now):
        raise RuntimeError("Bo still counts Cy alive")
    if mode != "away":
        st["hold"] = anna.applied
        while anna_h.app.game.on_turn != BO:
            one_move()
    if anna_h.app.phase != snydtable.P_BID or anna.applied == st["hold"]:
        raise RuntimeError("not at Bo's turn")
    y = anna.applied
    st["first"] = True
    stream(anna, BO, snapshot_bytes(anna, anna.game), y)
    anna._snap_at[BO] = t.now
    t.run(lambda: bo.applied >= y, 8000)
    st["cut"] = False
    st["hold"] = None
    st["first"] = False
    resume(t, decides)
    rnd = anna_h.app.round
    t0 = t.now
    t.run(lambda: anna.applied > y, 125000)
    moved = anna.applied > y
    r = None
    if not moved:
        r = t.give_to_bot(BO, ANNA)   # the sequencer's person: the pause's "give to a bot"
    t.run(lambda: False, 10000)
    return dict(
        taken=st["taken"], forged=st["forged"], waited_s=(t.now - t0) / 1000, bo_moved=moved,
        reseat=r, hosts=[list(h.app.hosts[:3]) for h in t.hands],
        dice=[list(h.app.game.dice_left[:3]) for h in t.hands],
        forfeits=[h.app.forfeits for h in t.hands], round=[h.app.round for h in t.hands],
        rnd=rnd, bad=[h.node._bad for h in t.hands], leaders=[h.node.leader for h in t.hands],
        applied=[h.node.applied for h in t.hands],
        held=[h.node.held(t.now) for h in t.hands])


def main():
    args = sys.argv[1:]
    mode = args[0] if args and not args[0].isdigit() else "jam"
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play("control", seed)
        print("seed %d control:" % seed, c)
        if not c["bo_moved"]:
            print("control: Bo did not bid")
            sys.exit(2)
        a = play(mode, seed)
        print("seed %d %s:" % (seed, mode), a)
        if not a["bo_moved"] and a["hosts"][CY][BO] == ANNA:
            broke.append(seed)
    verdict(bool(broke), "mode %s: the honest Cy gave Bo's seat (kept from its turn by a made-up bid "
            "Bo took on the sequencer's word) to the sequencer's bot on seeds %s" % (mode, broke))


if __name__ == "__main__":
    run(main)
