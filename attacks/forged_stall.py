"""Attack (round 11): the sequencer answers an honest seat's every bid with REJECT(RJ_FORGED), lets
its 2-minute move clock run out, and gives the seat to a bot of its own.

Anna (the creator, the sequencer) runs firmware that, on Bo's bidding turn, answers each of Bo's
genuine, correctly tagged bids with what an honest sequencer says for a request whose tag for it
fails: REJECT(RJ_FORGED) to everyone (at most 2 a second per seat, as the honest code does), and
does not log it. Every follower then watches that request no more (`Node._receive`, T_REJECT:
`_watched[w].len = 0`, `_fdisp |= 1 << w`): nobody hands it on, nobody deposes Anna as a censor. Bo's
move clock (`TableGame.stalled`: phase, last move, last held) runs on every handheld, Bo's own
too; `_fdisp` stops only a FORFEIT (`_disputed`), not a reseat, and holds no gate (so
`Table._hold_clock` never restarts the clock). 2 minutes on, Anna's pause names Bo (stalled),
and its "give to a bot" (`Table.reseat_to_bot`) logs a reseat of Bo's seat to a bot on Anna's
handheld; every follower's `_reseat_ok` takes it (Bo is stalled on its own clock).

Promise: "The sequencer orders, nothing more: it cannot ... reseat ... anything a follower could
not check for itself"; "A request tagged for some handhelds only stops the table" (Limits): here
it does not stop, it moves the honest seat to the sequencer. Role: the sequencer. No radio, no
loss; the only frames Anna changes are her answers to Bo's bids.

Variants: SEED; `four`: four handhelds (Di honest too; breaks alike). `ui`: the reseat is the pause screen's own choice (ui.table_watch.Paused.choose(1))
instead of a direct call.
Control: the same game honest (Anna logs Bo's bids): nobody reseated, the game ends everywhere.
Verdict: 0 if Bo's seat stays Bo's (or the reseat is refused); 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(attack, seed=1, limit=400000):
    t = Trio(4 if "four" in sys.argv else 3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    an = t.tables[AN]
    node = an.node
    st = {"t0": None, "rj": 0, "reseat": None, "stalled": None}
    distrust = []
    for k in (BO, CY):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_

    onreq = node._on_request

    def on_request(f, now):
        g = an.game
        if attack and f.rby == BO and f.type == wire.T_ACTION and node.is_leader() and \
                g.hosts[f.who] == BO and g.phase == snydtable.P_BID:
            if st["t0"] is None:
                st["t0"] = now
            if now - node._fj_at[f.who] >= 500:  # the honest code's own pace
                node._fj_at[f.who] = now
                node._reject(BC, f.seq, f.who, log.RJ_FORGED, 0)
                st["rj"] += 1
            return
        return onreq(f, now)
    node._on_request = on_request

    def an_mover(tb, m=t.movers[AN]):
        if attack and st["t0"] is not None and st["reseat"] is None and \
                tb.game.stalled(t.now) & (1 << BO):
            st["stalled"] = t.now
            if "ui" in sys.argv:
                from dicecup.ui import table_watch

                class App:
                    pass
                app = App()
                app.table = tb
                app.now = t.now
                app.go = lambda scr: st.setdefault("msg", scr)
                back = App()
                back.games = tb.game.games
                p = table_watch.Paused.__new__(table_watch.Paused)
                p.app, p.back_to, p.games, p.who = app, back, back.games, 0
                p.shown = tb.held_mask() << 8 | tb.waiting_mask()
                st["shown"] = p.shown
                p.choose(1)
            else:
                tb.reseat_to_bot(BO, t.now)
            st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover
    t.start()
    t.until(lambda: t.done() or attack and st["reseat"] is not None and
            t.now - st["reseat"] > 5000, limit)
    hosts = []
    for k in range(3):
        g = t.tables[k].game
        hosts.append(list(g.hosts[:g.n]))
    bos = seat_of(t.tables[CY], BO) if any(h == BO for h in hosts[CY]) else None
    return t, st, distrust, hosts, bos


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts, bos = play(False, seed)
    if not t.done() or distrust:
        print("control failed:", distrust, hosts, t.done())
        sys.exit(2)
    print("control: Anna logs Bo's bids; the game ended everywhere; nobody distrusted; hosts:", hosts)
    t, st, distrust, hosts, bos = play(True, seed)
    if st["t0"] is None:
        print("Bo never had a bidding turn")
        sys.exit(2)
    print("attack: Bo's first bid at %d ms answered RJ_FORGED (%d rejects in all); Bo stalled on "
          "Anna's clock at %s ms; reseat at %s ms" % (st["t0"], st["rj"], st["stalled"], st["reseat"]))
    print("  shown by the pause:", st.get("shown"), "message:", st.get("msg"))
    print("  seat -> handheld per handheld:", hosts)
    print("  distrust (time, handheld, whom):", distrust)
    print("  leaders:", [(tb.node.term, tb.node.leader) for tb in t.tables])
    bo_seats = [[s for s, h in enumerate(hs) if h == BO] for hs in hosts]
    taken = st["reseat"] is not None and not bo_seats[CY] and not bo_seats[BO] and \
        not [d for d in distrust if d[2] == AN]
    verdict(taken, ("seed %d: Anna answered each of Bo's bids RJ_FORGED (%d times) from %d ms; at "
                    "%s ms (%.1f s on) Bo's seat was stalled and Anna gave it to a bot of her own: "
                    "Cy and Bo applied it (seat->handheld at Cy %s, at Bo %s); nobody distrusted "
                    "Anna") % (seed, st["rj"], st["t0"], st["reseat"],
                               ((st["reseat"] or 0) - st["t0"]) / 1000.0, hosts[CY], hosts[BO]))


if __name__ == "__main__":
    run(main)
