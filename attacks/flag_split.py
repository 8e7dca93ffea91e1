"""Attack: an ordinary seat (Cy) that owes a reveal it would rather not make never makes it, and
sends its heartbeats unicast: to the sequencer without the "held" flag (0x20), to every other
handheld with it. The honest sequencer, 30 s on, logs the FORFEIT Cy deserves; every follower
that heard Cy's flag refuses it (`Node._valid`: `_disputed`) as the sequencer's lie and stops
following the honest sequencer. Cy repeats it with each new sequencer.

Promise: the sequencer orders, nothing more / nobody takes the role out of turn (an honest
sequencer deposed by a seat's word); withholding never pays (a seat that owes a reveal dodges its
forfeit); Alive (a stop every honest screen shows). docs/protocol.md, The promises, and One liar
("a liar that raises the flag for itself is never forfeited either: it stops the table, paused on
its own name"): here it does not say so to the sequencer, which therefore never pauses.
Role: an ordinary seat (handheld 2). No radio, no loss.

Control: Cy plays honestly; the game ends on every handheld, nobody distrusted.
Variants: `once` (Cy withholds only round 1's reveal, then plays honestly); `low` (no flag: to all
but the sequencer Cy's heartbeats claim the entry before the phase began, with its true chain
there: `Node._unasked`); `flagall` (Cy's flag to everyone, the stated limit "paused on its own
name": but `Node._police` / `TableGame.late` ignore the flag, so the honest follower deposes the
honest sequencer that spared Cy, 35 s on, and the two honest handhelds end distrusting each other);
`flagbot` (flagall, and Anna's person takes the pause's "give to a bot" for Cy the moment it shows
and every 5 s after: `reseat_to_bot` is refused each time, RJ_NOT_YOURS, since Cy is heard, so the
remedy One liar names does not exist while the liar stays on the air); `remove` (once, and Anna's
person takes the pause's "remove" for whoever it names, the moment it shows: the pause names the
honest Bo, whose flag says it holds Cy's FORFEIT; the removal took Bo out of Anna's members while
Bo still played its seat, so its moves were dropped as a stranger's and it was forfeited every
round: sim_flag_split.py found it with the real firmware).
Verdict: 0 if no honest handheld stops following an honest sequencer over Cy's flag, and Cy's
withheld reveal is forfeited or the table pauses on Cy on every honest screen; 1 with evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable, agree  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(mode, seed=1, limit=400000):
    """mode: None (control), 'split' (flag to all but the sequencer), 'flagall'."""
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    c = t.tables[CY]
    node = c.node
    g = c.game
    cy = seat_of(c, CY)
    state = {"held": None}   # (time, round, gate_seq) when Cy started to withhold its reveal
    forfeits = []            # (time, handheld, seq, mask) FORFEITs applied naming Cy's seat
    distrust = []            # (time, who, whom, whom's role then)

    real_play = g._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if mode in ("once", "remove") and state["held"] and g.round != state["held"][1]:
            state["done"] = True     # once only: Cy plays honestly from the next round on
        if mode and ph == snydtable.P_REVEAL and s == cy and not state.get("done"):
            if state["held"] is None:
                state["held"] = (t.now, g.round, g.gate_seq)
            return False     # Cy never reveals
        return real_play(f, s, ph, nd, decide, rand)
    g._play_request = play_request

    emit = node._emit

    def heartbeat(now):
        f = node.tx
        lead = node.leader if node.leader >= 0 else log.NO_LEADER
        for k in range(3):
            if k == CY:
                continue
            f.type = wire.T_ACK
            f.seq = 0
            keep = node.applied
            if mode == "low":
                # to all but the sequencer: "I lack the entry that began the phase" (a true chain
                # of ours there), so none of them takes a FORFEIT of us (Node._unasked)
                flag = 0
                if k != node.leader:
                    low = node._phase_seq - 1
                    i = (low % agree.CAP) * wire.CHAIN_LEN
                    node.applied = low
                    f.chain[:] = node.agree._h[i:i + wire.CHAIN_LEN]
                else:
                    f.chain[:] = node.chain
            else:
                flag = log.F_HELD if (mode in ("flagall", "flagbot") or k != node.leader) else 0
                f.chain[:] = node.chain
            f.flags = lead | flag
            f.missing = node.missing
            emit(k, f)
            node.applied = keep
        node._hb_at = now
    real_hb = node._heartbeat
    node._heartbeat = lambda now: heartbeat(now) if mode and state["held"] and \
        not state.get("done") else real_hb(now)

    for k in (AN, BO):
        tb = t.tables[k]
        app = tb.game
        ap = app.apply

        def apply_(f, seq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT and f.who & (1 << cy):
                forfeits.append((t.now, k, seq, f.who))
            return ap(f, seq)
        app.apply = apply_
        dn = tb.node._distrust

        def distrust_(x, k=k, dn=dn, nd=tb.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x, "its sequencer" if x == nd.leader else "a seat"))
            return dn(x)
        tb.node._distrust = distrust_

    bot = []
    if mode == "flagbot":
        # the stated remedy: the sequencer's person takes the pause's "give to a bot" for Cy the
        # moment its screen pauses on Cy (table_watch.Paused.choose)
        an = t.tables[AN]
        t.until(lambda: an.node.missing & (1 << CY), limit)
        for _ in range(8):  # and again every 5 s while it still pauses on Cy
            if not (an.node.is_leader() and an.node.missing & (1 << CY)):
                break
            t.cd(AN)
            bot.append((t.now, an.reseat_to_bot(CY, t.now)))
            t.tick(250)
    removed = []
    if mode == "remove":
        # table_watch.Paused.choose(2) before it refused a heard handheld: a bot for each named
        # handheld, then out of the seat order (Table.remove_seat)
        an = t.tables[AN]
        t.until(lambda: an.node.missing & ~(1 << AN) or t.done(), limit)
        for h in range(3):
            if an.node.missing & (1 << h) and h != AN:
                t.cd(AN)
                removed.append((t.now, h, an.reseat_to_bot(h, t.now)))
                if h in an.order:
                    an.remove_seat(an.order.index(h))
    bo_out = []
    for k in (AN, BO):
        app = t.tables[k].game
        ap2 = app.apply
        bo_s = seat_of(t.tables[BO], BO)

        def apply2(f, seq, k=k, ap2=ap2, bo_s=bo_s):
            if f.etype == wire.T_FORFEIT and f.who & (1 << bo_s):
                bo_out.append((t.now, k, seq))
            return ap2(f, seq)
        app.apply = apply2
    t.until(lambda: t.done(), limit)
    out = {"bot": bot, "removed": removed, "bo_forfeits": bo_out, "forfeits": forfeits, "distrust": distrust, "held": state["held"],
           "done": [bool(tb.saved_games) for tb in t.tables], "now": t.now, "screens": []}
    for k in range(3):
        tb = t.tables[k]
        nd = tb.node
        out["screens"].append(dict(
            k=k, term=nd.term, leader=nd.leader, applied=nd.applied, round=tb.game.round,
            phase=tb.game.phase, dice=list(tb.game.game.dice_left), records=tb.saved_games,
            paused=bool(nd.missing) or nd.held(tb.now) != 0, missing=tb.missing_names(),
            forks=tb.held_names(), bad=[h for h in range(3) if nd._bad & (1 << h)]))
    return out


def show(o):
    if o.get("bot"):
        print("  Anna's person gave Cy's seat to a bot at (time, log_local):", o["bot"])
    if o.get("bot"):
        print("  (log_local 0: logged; %d: refused, log.RJ_NOT_YOURS)" % log.RJ_NOT_YOURS)
    print("  withheld reveal from (time, round, gate entry):", o["held"])
    print("  FORFEITs of Cy's seat applied (time, handheld, entry, mask):", o["forfeits"][:6])
    print("  distrust events (time, handheld, whom, role):", o["distrust"][:8])
    for s in o["screens"]:
        print("  handheld %(k)d: term %(term)d leader %(leader)d applied %(applied)d round "
              "%(round)d phase %(phase)d dice %(dice)s records %(records)d paused %(paused)s "
              "missing %(missing)s forks %(forks)s distrusts %(bad)s" % s)
    print("  at %d s; games ended: %s" % (o["now"] // 1000, o["done"]))


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    mode = ([m for m in ("flagbot", "flagall", "once", "low", "remove") if m in sys.argv] or ["split"])[0]
    o = play(None, seed)
    show(o)
    if not all(o["done"]) or o["distrust"]:
        print("control failed")
        sys.exit(2)
    print("control: honest Cy, the game ended everywhere, nobody distrusted")
    o = play(mode, seed)
    print("attack (%s):" % mode)
    show(o)
    if o["held"] is None:
        print("Cy never owed a reveal")
        sys.exit(2)
    # the honest sequencers: An, Bo. Any of them distrusted by an honest follower as its
    # sequencer is an honest sequencer deposed on Cy's word
    honest_deposed = [d for d in o["distrust"] if d[2] != CY and d[3] == "its sequencer"]
    honest = [o["screens"][k] for k in (AN, BO)]
    stopped_unseen = not all(o["done"][:2]) and not all(s["paused"] for s in honest)
    if o["removed"] or o["bo_forfeits"]:
        print("  Anna's person removed (time, handheld, log_local):", o["removed"],
              "; FORFEITs of the honest Bo (time, handheld, entry):", o["bo_forfeits"][:6])
    verdict(honest_deposed or stopped_unseen or o["bo_forfeits"],
            "seed %d, %s: Cy withheld its reveal from %s; honest sequencers deposed by an honest "
            "follower over Cy's flag: %s; FORFEITs of Cy applied: %d; honest games ended %s, "
            "honest screens paused %s; FORFEITs of the honest Bo: %d" % (
                seed, mode, o["held"], honest_deposed, len(o["forfeits"]), o["done"][:2],
                [s["paused"] for s in honest], len(o["bo_forfeits"])))


if __name__ == "__main__":
    run(main)
