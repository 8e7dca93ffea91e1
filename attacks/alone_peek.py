"""Attack: alone_on_its_word's way in, used to read a die: the sequencer gets Bo (which cannot hear
Cy for a few seconds) to take on its word a state in which the round was called, while the table
still bids; Bo's gate waits on nobody (Cy is "gone", the sequencer's own word is not counted), so
Bo reveals its secret at once; the sequencer then puts Bo back on the real state the same way, and
the table plays on with nothing to see.

Promise: Private ("no dice seen before the reveal"; "One liar ... cannot learn a hidden die"), and
"A checked snapshot: no handheld takes a state the table did not reach". The stated limit "A
table of two" covers "only two handhelds"; here three play, and Cy is alive all along.
Role: the creator, the sequencer (Anna). Victim: Bo, kept up all game. Cy: honest.
Radio: `jam` (default): Bo and Cy are out of each other's range for about 5 s (Anna between
them, or a radio that jams Cy near Bo and Bo near Cy; it forges nothing): both hear Anna.
`away`: Cy out of everyone's range that long, both ways (its person walked off), no radio at all
(Cy, hearing nobody, takes a term of its own after 3.5 s: the honest firmware's rule).
Steps (Snyd, 3 handhelds, tablebus), in round 2's bidding: Cy's frames stop reaching Bo; 4 s on
Bo counts Cy gone. The next entry (a bid, X) goes to Cy alone; Anna streams Bo the real state at
X, unasked; Bo waits VOUCH_WAIT_MS, then asks to start again (NACK 0, new in round 20); Anna
answers with the state at X after a made-up call (the seat on turn says "snyd"), with the real
chain. Bo takes it (log._asked: it asked, it is alone, Anna's heartbeats reached X) and its gate
(log.agreed) needs only Cy, not alive: Bo's REVEAL goes out. Anna reads Bo's secret and computes
Bo's dice. The next entry goes to Cy alone again, and its real state goes to Bo, which takes it on
Anna's word (it asked to start again under 5 s ago). Everyone plays on.
Control: the same dance with honest snapshots: Bo reveals nothing before the call.
`old`: round 20's NACK 0 taken out again. `gone`: Cy's battery out (killed, its seat not yet
given to a bot): the peek alone, no put-back.
Verdict: 0 if Anna never holds Bo's secret while the table bids; 1 if she computes Bo's dice
(equal to Bo's own) before the round is called.
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
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402
from alone_on_its_word import snapshot_bytes, stream, resume  # noqa: E402

ANNA, BO, CY = 0, 1, 2
H = 16


def called(node):
    """Anna's state with the seat on turn calling (a made-up entry)."""
    shadow = copy.deepcopy(node.game)
    f = wire.Frame()
    f.etype = wire.T_ACTION
    f.who = shadow.game.on_turn
    f.kind = wire.A_SNYD
    f.count = f.face = 0
    shadow.apply(f, node.applied)
    assert shadow.phase == snydtable.P_REVEAL
    return snapshot_bytes(node, shadow)


def bidder(game, seat):
    """A player that raises the bid one step on its turn (never calls)."""
    if game.on_turn != seat:
        return None
    nxt = game.first_bid() if not game.bid_face else game.step_bid(game.bid_count, game.bid_face, 1)
    return None if nxt is None else (wire.A_BID, nxt[0], nxt[1])


def play(mode, seed=1):
    t = Table(seats=3, seed=seed)
    anna_h, bo_h, cy_h = t.hands
    anna, bo = anna_h.node, bo_h.node
    st = dict(cut=False, hold=None, first=False, forged=None, secret=None, peek=None,
              taken=[], phase_then=None, nack0=[])

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
        if st.get("fake") and f.type == wire.T_ACK and dest == log.BROADCAST:
            emit0(CY, f)   # the truth to Cy, the far claim to Bo alone (encode below)
            dest = BO
        if st["hold"] is not None and f.type == wire.T_ENTRY and f.seq > st["hold"]:
            if dest == log.BROADCAST:
                dest = CY
            elif dest == BO:
                return
        return emit0(dest, f)
    anna._emit = emit
    enc0 = anna.codec.encode

    def encode(f, to=-1):
        if st.get("fake") and to == 1 << BO and f.type in (wire.T_ACK, wire.T_SNAP):
            f.ack = st["fake"]   # "I applied that far" (nobody can check)
        return enc0(f, to)
    anna.codec.encode = encode

    snd0 = anna._send_snapshot

    def send_snapshot(dest, now):
        if dest == BO and st["first"] and st["forged"] is None:
            if now - anna._snap_at[dest] < anna.snap_ms:
                return
            anna._snap_at[dest] = now
            data = snapshot_bytes(anna, anna.app) if mode == "control" else called(anna)
            stream(anna, BO, data, st["at"])
            st["forged"] = (t.now, st["at"])
            return
        if dest == BO and st["hold"] is not None:
            return
        return snd0(dest, now)
    anna._send_snapshot = send_snapshot

    req0 = anna._on_request

    def on_request(f, now):
        if f.etype == wire.T_REVEAL and f.who == BO and st["first"] and st["secret"] is None:
            app = anna_h.app
            st["secret"] = bytes(f.h1)
            st["phase_then"] = app.phase
            o = BO * H
            st["peek"] = fairdice.verify_dice(bytes(app._hs[o:o + H]), bytes(f.h1), app.seed,
                                             app.tid, app.round, BO, app.game.dice_left[BO])
            st["peek_at"] = t.now
        return req0(f, now)
    anna._on_request = on_request

    restore0 = bo_h.app.restore

    def restore(mv, seq):
        r = restore0(mv, seq)
        if r:
            st["taken"].append((t.now, seq, bo_h.app.phase))
        return r
    bo_h.app.restore = restore

    if mode in ("old", "far"):
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

    assert t.start_game() == 0
    ok = t.run(lambda: anna_h.app.round >= 2 and all(
        h.app.phase == snydtable.P_BID and not h.app.showing and h.app.game.on_turn == BO
        for h in t.hands), 600000)
    if not ok:
        raise RuntimeError("no round 2")
    rnd = anna_h.app.round
    decides = [h.decide for h in t.hands]

    def freeze():
        for h in t.hands:
            h.decide = lambda g, s: None

    def one_move():
        h0 = anna.applied
        who = anna_h.app.game.on_turn  # only that seat moves (one bid)
        resume(t, [bidder if k == who else (lambda g, s: None) for k in range(3)])
        t.run(lambda: anna.applied > h0, 60000)
        freeze()

    freeze()
    # Bo's bid (X+1) goes to Cy alone; Bo stays at X
    if mode in ("away", "gone"):
        st["hold"] = anna.applied
        one_move()
    st["cut"] = True
    if mode == "gone":  # Cy's battery is out (the seat not yet given to a bot)
        t.kill(CY)
    t.run(lambda: False, 3600 if mode in ("away", "gone") else 4200)
    if bo.alive(CY, t.now):
        raise RuntimeError("Bo still counts Cy alive")
    if mode not in ("away", "gone"):
        st["hold"] = anna.applied
        one_move()
    if anna_h.app.phase != snydtable.P_BID or anna.applied != st["hold"] + 1:
        raise RuntimeError("not one bid: phase %d, applied %d, hold %s, on_turn %d" % (
            anna_h.app.phase, anna.applied, st["hold"], anna_h.app.game.on_turn))
    at = st["hold"] + 1
    if mode == "far":
        # the pre-round-20 way: a snapshot further ahead than the 32-entry window, claimed to Bo
        # alone, is taken on the sender's word by a handheld alone with it (log._asked)
        st["fake"] = at + 40
        st["first"] = True
        st["at"] = st["fake"]
        st["forged"] = (t.now, st["fake"])
        stream(anna, BO, called(anna), st["fake"])
        t.run(lambda: st["secret"] is not None, 6000)
        st["fake"] = None
        st["cut"] = False
        st["hold"] = None
        resume(t, decides)
        t.run(lambda: all(h.app.round > rnd or h.app.phase == tgame.P_OVER for h in t.hands), 120000)
        return dict(secret=st["secret"] is not None, phase_then=st["phase_then"], peek=st["peek"],
                    taken=st["taken"], rounds=[h.app.round for h in t.hands],
                    applied=[h.node.applied for h in t.hands],
                    bad=[h.node._bad for h in t.hands], leaders=[h.node.leader for h in t.hands],
                    records=[len(h.app.rec.record()) for h in t.hands])
    # the first snapshot, unasked (Bo waits for a witness, then asks to start again)
    st["first"] = True
    st["at"] = at
    stream(anna, BO, snapshot_bytes(anna, anna.game), at)
    anna._snap_at[BO] = t.now
    t.run(lambda: st["secret"] is not None or len(st["taken"]) >= 1 and mode == "control", 6000)
    t.run(lambda: False, 100)
    if mode == "gone":  # nobody to bid after Bo but perhaps Cy: the peek alone
        return dict(secret=st["secret"] is not None, phase_then=st["phase_then"], peek=st["peek"],
                    peek_at=st.get("peek_at"), taken=st["taken"], forged=st["forged"])
    # put Bo back: the next move (X+2, the seat after Bo) to Cy alone, the real state at X+2 to
    # Bo, taken on Anna's word (Bo asked to start again under 5 s ago). `away`: Cy (the seat
    # after Bo) must be back to bid; then Cy, which holds the real state, vouches for it
    if mode == "away":
        st["cut"] = False
    one_move()
    want = anna.applied
    stream(anna, BO, snapshot_bytes(anna, anna.game), want)
    anna._snap_at[BO] = t.now
    t.run(lambda: bo.applied >= want, 8000)
    st["first"] = False
    back = bo.applied >= want and bo_h.app.phase == anna_h.app.phase
    bo_dice = None if bo_h.app.mine[BO] is None else list(bo_h.app.mine[BO])
    st["cut"] = False
    st["hold"] = None
    resume(t, decides)
    t.run(lambda: all(h.app.round > rnd or h.app.phase == tgame.P_OVER for h in t.hands), 120000)
    t.run(lambda: False, 2000)
    return dict(
        secret=st["secret"] is not None, phase_then=st["phase_then"], peek=st["peek"],
        peek_at=st.get("peek_at"),
        bo_dice=bo_dice, forged=st["forged"],
        taken=st["taken"], back=back,
        cheats=[h.app.cheats for h in t.hands],
        rounds=[h.app.round for h in t.hands],
        chains=len({bytes(h.node.chain) for h in t.hands}),
        applied=[h.node.applied for h in t.hands],
        bad=[h.node._bad for h in t.hands], leaders=[h.node.leader for h in t.hands],
        records_same=len({repr(h.app.rec.record()) for h in t.hands}) == 1)


def main():
    args = sys.argv[1:]
    mode = args[0] if args and not args[0].isdigit() else "jam"
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play("control", seed)
        print("seed %d control:" % seed, c)
        if c["secret"] and c["phase_then"] == snydtable.P_BID:
            print("control: Bo revealed while the table bid (should not)")
            sys.exit(2)
        a = play(mode, seed)
        print("seed %d %s:" % (seed, mode), a)
        if a["secret"] and a["phase_then"] == snydtable.P_BID and a["peek"] is not None:
            broke.append((seed, bytes(a["peek"]).hex()))
    verdict(bool(broke), "mode %s: the sequencer computed Bo's dice from its REVEAL while the table "
            "still bid (seed, dice): %s" % (mode, broke))


if __name__ == "__main__":
    run(main)
