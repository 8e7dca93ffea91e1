"""Attack: the held flag freezes an honest seat's screen on its own turn until the table calls it
"stalled", and a reseat then takes its seat.

While any handheld it hears says "held" (0x20), a handheld shows the Paused screen ("Logs
differ", `table_watch._paused`: `Node.held(now) != 0`), which replaces the game screen: a follower's
Paused menu has no items and BACK does nothing, so its person cannot bid. A bid is a move, not a
deadline: the game waits for it, and after MOVE_MS (2 minutes) the seat is "stalled"
(`TableGame.stalled`), which `Node._reseat_ok` / `_absent` count as a gone handheld on every
handheld's own clock, the stalled one's too ("its own person has not moved either"). A reseat of
the stalled seat then passes every follower's check; the moved seat forfeits the round (a die) and
plays on as the reseating sequencer's bot.

Modes (Bo honest and on turn; in process the honest handhelds' movers stand still while their own
screen would be Paused, as a person in front of that screen must):
- `seq` (default): the cheat is the sequencer (Anna, the creator). On Bo's bidding turn its
  heartbeats say "held" to everyone; 2 minutes on it gives Bo's "stalled" seat to a bot it runs
  (`Table.reseat_to_bot`). Every follower applies it: Bo loses a die and its seat, Anna plays it.
- `seat1`: as `seat`, but Cy's flag goes to Bo alone: only Bo's screen is Paused ("Logs differ /
  At: Cy"); 2 minutes on the honest sequencer's screen pauses on Bo ("Missing: Bo", stalled), and
  its person's "give to a bot" (pressed when that pause shows) takes the seat of a Bo who only
  looked absent. (Near the open sim_flag_split, a unicast flag to one follower; another path: the
  frozen screen, not a held gate.)
- `seat`: the cheat is an ordinary seat (Cy): on Bo's turn its heartbeats say "held" to everyone;
  every screen shows "Logs differ / At: Cy". The honest sequencer's person takes the pause's one
  remedy, "give to a bot", when the pause shows and again every 30 s (`Paused.choose(1)`: every
  handheld in the pause mask). For Cy it is refused (heard, RJ_NOT_YOURS); once Bo is stalled the
  same press gives the honest Bo's seat away.

Promise: the sequencer orders, nothing more ("a reseat moves only seats whose handheld every
follower itself sees gone or stalled"); withholding never pays / no honest seat forfeited; the
stated limit (a seat that says it is held "stops the table") - here it does more than stop it.
Role: `seq` the creator (sequencer); `seat` an ordinary seat. No radio, no loss.

Control: the same game, honest: nobody reseated, the game ends.
Verdict: 0 if Bo keeps its seat (or the game ends with Bo's seat never moved); 1 with evidence.
Usage: flag_freezes_a_turn.py [SEED] [seq|seat]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402
from dicecup.ui import table_watch  # noqa: E402

AN, BO, CY = 0, 1, 2
THINK_MS = 1500


def play(mode, seed=1, limit=400000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    atk = {"seq": AN, "seat": CY, "seat1": CY}.get(mode)
    bo = seat_of(t.tables[AN], BO)
    st = {"flag": None, "reseat": [], "presses": [], "screens": {}}
    seats = []      # (time, handheld, hosts) when a SEATS entry is applied
    forfeits = []   # (time, handheld, round, Bo's dice after)

    # honest persons cannot move while their screen is Paused, and take THINK_MS to bid once
    # their turn shows (the harness's movers otherwise bid in the tick the turn arrives)
    since = {}

    def person(tb, m, k):
        g = tb.game
        turn = (g.round, g.game.on_turn, g.game.bid_count, g.game.bid_face) \
            if g.phase == snydtable.P_BID else None
        if since.get(k, (None,))[0] != turn:
            since[k] = (turn, t.now)
        if table_watch._paused(tb) or t.now - since[k][1] < THINK_MS:
            return None
        return m(tb)
    for k in range(3):
        if k != atk:
            t.movers[k] = (lambda tb, m=t.movers[k], k=k: person(tb, m, k))
    if atk is not None:
        node = t.tables[atk].node
        real_hb = node._heartbeat

        def hb(now):
            g = t.tables[atk].game
            on = g.phase == snydtable.P_BID and g.game.on_turn == bo and not g.showing and \
                not st["reseat"]
            if on and st["flag"] is None:
                st["flag"] = (t.now, g.round)
            if not on:
                return real_hb(now)
            f = node.tx
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = (node.leader if node.leader >= 0 else log.NO_LEADER) | \
                log.F_HELD
            f.missing = node.missing
            f.chain[:] = node.chain
            if mode == "seat1":
                # to Bo alone; to the others the heartbeat they always get
                node._emit(BO, f)
                f.flags &= ~log.F_HELD
                node._emit(AN, f)
            else:
                node._emit(log.BROADCAST, f)
            node._hb_at = now
        node._heartbeat = hb

    def flag_now():
        # the cheat's heartbeat the moment Bo's turn shows (then its periodic ones say it too)
        if atk is not None and t.now - node._hb_at >= 300:
            g = t.tables[atk].game
            if g.phase == snydtable.P_BID and g.game.on_turn == bo and not g.showing and \
                    not st["reseat"]:
                t.cd(atk)
                hb(t.now)
    for k in range(3):
        tb = t.tables[k]
        ap = tb.game.apply

        def apply_(f, seq, k=k, ap=ap, tb=tb):
            r = ap(f, seq)
            if f.etype == wire.T_SEATS and f.flags & wire.SEATS_RESEAT:
                seats.append((t.now, k, list(tb.game.hosts[:tb.game.n]),
                              list(tb.game.game.dice_left)))
            return r
        tb.game.apply = apply_
    a = t.tables[AN]

    def step():
        flag_now()
        c = t.tables[CY].game
        if st["reseat"] and "after" not in st and c.round > st["flag"][1]:
            st["after"] = (c.round, list(c.game.dice_left), list(c.hosts[:c.n]))
        if st["flag"] is not None and not st["reseat"]:
            for k in range(3):
                tb = t.tables[k]
                if table_watch._paused(tb):
                    st["screens"].setdefault(k, set()).add(
                        " ".join(tb.held_names() if tb.held_mask() else tb.missing_names()))
            t.cd(AN)
            if mode == "seq" and a.game.stalled(t.now) & (1 << BO):
                r = a.reseat_to_bot(BO, t.now)
                st["reseat"].append((t.now, r))
            if mode in ("seat", "seat1") and table_watch._paused(a) and a.node.is_leader() and \
                    (not st["presses"] or t.now - st["presses"][-1][0] >= 30000):
                # the person's "give to a bot" (table_watch.Paused.choose(1))
                res = []
                m = a.node.missing
                for h in range(8):
                    if m & (1 << h) and h != a.who:
                        res.append((h, a.reseat_to_bot(h, t.now)))
                st["presses"].append((t.now, res))
                if any(h == BO and r == 0 for h, r in res):
                    st["reseat"].append((t.now, 0))
        return t.done()
    t.until(step, limit)
    return {"flag": st["flag"], "reseat": st["reseat"], "presses": st["presses"][:8],
            "seats": seats, "screens": {k: sorted(v) for k, v in st["screens"].items()},
            "done": [bool(tb.saved_games) for tb in t.tables], "now": t.now,
            "hosts": [list(tb.game.hosts[:tb.game.n]) for tb in t.tables],
            "bo": bo, "forfeits": [tb.game.forfeits for tb in t.tables], "after": st.get("after")}


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    mode = "seat1" if "seat1" in sys.argv else "seat" if "seat" in sys.argv else "seq"
    o = play(None, seed)
    print("control: reseats %s, games ended %s, at %d s" % (o["seats"], o["done"], o["now"] // 1000))
    if not all(o["done"]) or o["seats"]:
        print("control failed")
        sys.exit(2)
    o = play(mode, seed)
    print("attack (%s):" % mode)
    print("  flag raised on Bo's turn at (time, round):", o["flag"])
    print("  screens while flagged (handheld: names shown):", o["screens"])
    print("  presses of give-to-a-bot (time, [(handheld, result)]):", o["presses"])
    print("  reseats of Bo (time, result):", o["reseat"])
    print("  reseats applied (time, handheld, hosts after, dice left after):", o["seats"][:3])
    print("  forfeits counted per handheld's game:", o["forfeits"], "; Cy's next round (round, "
          "dice left per seat, hosts):", o["after"])
    print("  hosts at the end per handheld:", o["hosts"], "games ended", o["done"],
          "at %d s" % (o["now"] // 1000))
    if o["flag"] is None:
        print("Bo never had a turn while the attack was ready")
        sys.exit(2)
    moved = [s for s in o["seats"] if s[1] in (BO, CY if mode == "seq" else AN) and
             s[2][o["bo"]] != BO]
    verdict(moved, "seed %d, %s: the flag went up on Bo's bidding turn at %s; Bo's screen could "
            "not move (%s); at %s the honest Bo's seat was given to a bot of Anna's and applied "
            "by %s (hosts %s); the next round starts with dice %s, hosts %s (Bo's seat %d)" % (
                seed, mode, o["flag"], o["screens"].get(BO), moved and moved[0][0],
                sorted({s[1] for s in moved}), moved and moved[0][2],
                o["after"] and o["after"][1], o["after"] and o["after"][2], o["bo"]))


if __name__ == "__main__":
    run(main)
