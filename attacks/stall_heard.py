"""Attack (round 10): a seat that stays in touch and never moves, against the pause's "give to a bot".

Cy's firmware is honest (heartbeats, reveals, everything), but on its bidding turn its person never
bids (a loser who will not play on, or a cheat's firmware that never sends its move). 2 minutes on,
the sequencer's pause names Cy (stalled: `TableGame.stalled`, the sequencer's missing mask). Its
person then picks "give to a bot" on the pause (`table_watch.Paused.choose(1)`, called as the menu
does). Round 9's fix makes the pause act only on whom it names, and refuse a handheld that is
still heard ("Still heard: Cy. Wait, or leave the table"): Cy is heard, so nothing is reseated.

Promise: Alive ("every wait has a deadline (a move awaited 2 minutes pauses the table naming who
it waits for, and the pause offers a bot for that seat)"; `TableGame.stalled`: "a seat that stays
in touch but never moves does not hold the table for ever (the pause offers a bot for it)").
Role: an ordinary seat (no change to its firmware but never moving). No radio, no loss.

`direct` (a comparison, exit 0): the sequencer's Table.reseat_to_bot(Cy) itself, past the pause:
the log takes it (every follower sees Cy stalled, `_absent`), and the game goes on with a bot.

Control: Cy plays; the game ends everywhere.
Verdict: 0 if "give to a bot" gives Cy's seat to a bot (the game goes on); 1 if it is refused and
the table stays stopped (300 s on).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.ui import table_watch  # noqa: E402

AN, BO, CY = 0, 1, 2


class FakeApp:
    """What Paused needs of the App: its table, the time, and go(screen)."""

    def __init__(self, tb, now):
        self.table = tb
        self.now = now
        self.shown = []

    def go(self, scr):
        self.shown.append(scr)


class Back:
    games = 0


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    st = {"stall": None, "chose": None, "msg": None, "named": None}

    def cy_mover(tb, m=t.movers[CY]):
        g = tb.game
        if attack and g is not None and g.phase == snydtable.P_BID and g.round >= 1 and \
                CY in g.hosts[:g.n] and g.game.on_turn == seat_of(tb, CY):
            if st["stall"] is None:
                st["stall"] = t.now
            return   # never bids
        m(tb)
    t.movers[CY] = cy_mover
    t.start()
    a = t.tables[AN]

    def paused_on_cy():
        return st["stall"] is not None and a.node.missing & (1 << CY)
    t.until(lambda: t.done() or paused_on_cy(), 400000)
    if attack and paused_on_cy():
        st["named"] = (t.now, a.missing_names(), table_watch._paused(a))
        app = FakeApp(a, t.now)
        back = Back()
        back.games = a.game.games
        p = table_watch.Paused(app, back)
        st["chose"] = (t.now, p.count(), p.heading())
        p.choose(1)   # "give to a bot"
        st["msg"] = [getattr(s, "text", type(s).__name__) for s in app.shown]
        st["hosts_after"] = list(a.game.hosts[:a.game.n])
        if "direct" in sys.argv:
            # the comparison: the log itself takes that reseat (every follower sees Cy stalled)
            st["direct"] = a.reseat_to_bot(CY, t.now)
            t.tick(50)
            st["hosts_direct"] = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
        t.until(lambda: t.done(), 300000)
    return st, t.done(), [tb.saved_games for tb in t.tables], t.now


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    st, done, recs, now = play(False, seed)
    if not done:
        print("control failed")
        sys.exit(2)
    print("control: Cy plays; the game ended everywhere")
    st, done, recs, now = play(True, seed)
    if st["named"] is None:
        print("the pause never named Cy", st)
        sys.exit(2)
    print("attack: Cy's turn from %d ms, never a bid; the sequencer's pause at %d ms names %s "
          "(shown: %s)" % (st["stall"], st["named"][0], st["named"][1], st["named"][2]))
    print("  the sequencer's person picks give-to-a-bot (%s items, %s): the screen answers %s; "
          "hosts after %s" % (st["chose"][1], st["chose"][2], st["msg"], st["hosts_after"]))
    print("  %d s on: games ended %s, records %s" % (now // 1000, done, recs))
    if "direct" in sys.argv:
        print("  direct: Table.reseat_to_bot(Cy) -> %s; hosts per handheld after: %s" % (
            st["direct"], st["hosts_direct"]))
        sys.exit(0)
    verdict(not done and st["msg"], "seed %d: Cy never bids and stays in touch; 2 minutes on the "
            "pause names it, and its give-to-a-bot answers %s; %d s on no handheld's game ended "
            "(records %s): the table is stopped for good by one seat that only waits" % (
                seed, st["msg"], now // 1000, recs))


if __name__ == "__main__":
    run(main)
