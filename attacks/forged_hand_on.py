"""Attack (round 12): an ordinary seat stalls on its own turn for good and gets two honest handhelds
named for it, with ONE frame: a made-up request in another seat's name, "handed on" to the
sequencer.

Bo (an ordinary seat, any firmware) never bids on its turn. Instead it sends the sequencer an ENTRY
with seq 0 (the hand-on a follower makes of a request it heard: `Node._judge`) whose requester is
Cy (`rby` = Cy, `who` = Cy's seat) and whose requester tags are garbage (Bo signs it with its own
keys). The honest sequencer's `_on_entry` passes a hand-on to `_on_request` whoever handed it on;
Cy's tag for it fails, so it broadcasts REJECT(RJ_FORGED) naming Cy's seat, as if Cy had tagged a
request for all but the sequencer. Every follower (Cy's own handheld too) marks Cy's seat
disputed (`_fdisp`), says it is held, and `held_on` names Cy's handheld and the sequencer. The
dispute ends only when an entry of Cy's seat is applied; Cy cannot move while the game waits on
Bo. Every handheld's `Table._hold_clock` restarts Bo's move clock while anyone is held, so Bo's
seat is never "stalled", never named by the pause, never given to a bot. Bo drops the held flag
from its own heartbeats (its firmware), so no screen names Bo.

Promises: Alive ("every wait has a deadline: a move awaited 2 minutes pauses the table naming who
it waits for, and the pause offers a bot for that seat"); Authentic ("a frame counts as a seat's
only if that seat's handheld sent it": Bo's frame counts as Cy's failed request); a stop names
whom it can (here only honest handhelds). Not the stated limit "a request tagged for some
handhelds only": Cy tagged nothing; the sequencer knows the frame came from Bo.

Role: ordinary seat. No radio, no loss.
Variants: SEED; `four`: four handhelds (Di honest too); `flag`: Bo keeps its own held flag (the
honest code's), so it is named beside the others; `once`: Bo sends the forged hand-on only once;
`reveal`: Bo withholds its reveal of round 1 and sends the hand-on each second instead (does it
dodge its FORFEIT? held if it is forfeited).
Control: Bo never bids, nothing else: 2 minutes on the sequencer's pause names Bo and its "give to
a bot" (`reseat_to_bot`) moves Bo's seat; the game ends.
Verdict: 0 if Bo's seat is reseated (or forfeited) or named on a screen within 300 s; 1 with the
evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, screens, watch_seat  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
N = 4 if "four" in sys.argv else 3


def forged_hand_on(t):
    """Bo's one frame: a bid 'of Cy's' handed on to the sequencer, tags under Bo's own keys."""
    bo = t.tables[BO]
    nd = bo.node
    g = bo.game
    f = wire.Frame()
    f.etype = wire.T_ACTION
    f.kind = wire.A_BID
    f.who = seat_of(bo, CY)
    f.round = g.round
    f.count, f.face = 9, 6
    nd.codec.sign_request(f, BO, nd.applied, nd._everyone())  # Bo's tags: garbage for Cy's
    f.rby = CY  # ... now "Cy's" request
    f.type = wire.T_ENTRY
    f.seq = 0  # a hand-on
    f.eterm = nd.term
    nd._emit(nd.leader, f)


REVEAL = "reveal" in sys.argv


def play(attack, seed=1, after=300000):
    t = Trio(N, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    an = t.tables[AN]
    st = {"t0": None, "sent": 0, "sent_at": -10000, "reseat": None, "named_bo": [], "forfeit": []}
    bo = t.tables[BO]
    if attack and "flag" not in sys.argv:
        bo.node._gate_held = lambda now: False  # Bo's firmware: no held flag of its own
    if REVEAL:
        # Bo withholds its reveal of round 1 (in the control too: it forfeits 30 s on)
        sub = bo.node.submit

        def submit(f, now):
            if f.etype == wire.T_REVEAL:
                if st["t0"] is None:
                    st["t0"] = now
                return True
            return sub(f, now)
        bo.node.submit = submit

    def bo_mover(tb, m=t.movers[BO]):
        g = tb.game
        if REVEAL:
            if attack and st["t0"] is not None and not st["forfeit"] and \
                    t.now - st["sent_at"] >= 1000:
                st["sent_at"] = t.now
                st["sent"] += 1
                forged_hand_on(t)
            return m(tb)
        if st["t0"] is None and g.phase == snydtable.P_BID and g.round >= 1 and \
                g.waits_on() == seat_of(tb, BO) and tb.node.caught_up():
            st["t0"] = t.now
        if st["t0"] is not None:
            if attack and t.now - st["sent_at"] >= 1000 and \
                    ("once" not in sys.argv or not st["sent"]):
                st["sent_at"] = t.now
                st["sent"] += 1
                forged_hand_on(t)
            return  # Bo never bids again
        m(tb)
    t.movers[BO] = bo_mover

    def an_mover(tb, m=t.movers[AN]):
        if attack and st["t0"] is not None and "ui" not in st and t.now - st["t0"] >= 130000:
            # Anna's person, 130 s into the stop, picks "give to a bot" on her pause screen
            from dicecup.ui import table_watch

            class App:
                pass
            app = App()
            app.table, app.now = tb, t.now
            app.go = lambda scr: st.__setitem__("msg", scr)
            back = App()
            back.games = tb.game.games
            p = table_watch.Paused.__new__(table_watch.Paused)
            p.app, p.back_to, p.games, p.who = app, back, back.games, 0
            p.shown = tb.held_mask() << 8 | tb.waiting_mask()
            st["ui"] = (table_watch._paused(tb), tb.names_of(p.shown >> 8 or p.shown & 0xFF))
            p.choose(1)
            st["ui_msg"] = type(st.get("msg")).__name__ if st.get("msg") is not None else None
            st["ui_hosts"] = list(tb.game.hosts[:tb.game.n])
        # Anna's person: "give to a bot" as soon as the pause could offer it for Bo
        if st["t0"] is not None and st["reseat"] is None and tb.game.stalled(t.now) & (1 << BO):
            if tb.reseat_to_bot(BO, t.now) == 0:
                st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover

    def look():
        if st["t0"] is not None:
            for k in range(N):
                if k == BO:
                    continue
                tb = t.tables[k]
                m = tb.held_mask() or tb.waiting_mask()
                if m & (1 << BO) and not st["named_bo"]:
                    st["named_bo"].append((t.now, k, m))
        if REVEAL and st["forfeit"]:
            return True
        return t.done() or st["t0"] is not None and t.now - st["t0"] > after
    t.start()
    if REVEAL:
        watch_seat(t, [k for k in range(N) if k != BO], seat_of(bo, BO), st["forfeit"], [])
    t.until(look, 700000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, hosts


def main_reveal(seed):
    t, st, hosts = play(False, seed)
    if not st["forfeit"]:
        print("control failed: Bo's withheld reveal was not forfeited", st)
        sys.exit(2)
    print("control: Bo withholds its reveal from %d ms; forfeited at %s" % (st["t0"], st["forfeit"][:3]))
    t, st, hosts = play(True, seed)
    print("attack: %d forged hand-ons in Cy's name; Bo forfeited at %s" % (st["sent"], st["forfeit"][:3] or "never"))
    verdict(not st["forfeit"], "seed %d, reveal: Bo withholds its reveal and sends %d hand-ons in Cy's "
            "name; Bo's FORFEIT applied (time, handheld, entry, mask): %s" % (seed, st["sent"], st["forfeit"][:3] or "never"))


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    if REVEAL:
        return main_reveal(seed)
    t, st, hosts = play(False, seed)
    if st["t0"] is None or st["reseat"] is None or not t.done():
        print("control failed:", st, hosts, t.done())
        sys.exit(2)
    print("control: Bo never bids from %d ms; Anna's pause names Bo at %s; reseat at %d ms "
          "(%.1f s on); the game ended everywhere; hosts %s" % (
              st["t0"], st["named_bo"][:1], st["reseat"], (st["reseat"] - st["t0"]) / 1000.0, hosts))
    t, st, hosts = play(True, seed)
    if st["t0"] is None:
        print("Bo never had a bidding turn")
        sys.exit(2)
    sc = screens(t)
    names = {s["k"]: (s["heading"], s["names"]) for s in sc}
    print("attack: Bo's turn from %d ms; %d forged hand-ons in Cy's name; reseat %s; Bo named %s"
          % (st["t0"], st["sent"], st["reseat"], st["named_bo"] or "never"))
    print("  seat->handheld per handheld:", hosts)
    print("  Anna's pause at 130 s (paused, names):", st.get("ui"), "after 'give to a bot':",
          st.get("ui_msg"), "seat->handheld", st.get("ui_hosts"))
    for s in sc:
        print("  ", s)
    bo_kept = all(BO in hosts[k] for k in range(N))
    broke = bo_kept and st["reseat"] is None and not st["named_bo"] and not t.done()
    verdict(broke, ("seed %d: Bo stopped bidding on its turn at %d ms and sent %d hand-on(s) of a "
                    "made-up bid in Cy's name; the honest sequencer said RJ_FORGED about Cy's "
                    "seat; %.0f s on, Bo's seat is still Bo's on every handheld, never stalled, "
                    "never reseated, no game ended; screens (handheld: heading, names): %s; "
                    "Bo first named on another screen: %s")
            % (seed, st["t0"], st["sent"], (t.now - st["t0"]) / 1000.0, names,
               st["named_bo"] or "never"))


if __name__ == "__main__":
    run(main)
