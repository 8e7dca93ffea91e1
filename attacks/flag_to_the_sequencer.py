"""Attack: flag_split turned round. An ordinary seat (Cy) that owes a reveal it would rather not
make never makes it, and sends its heartbeats unicast: to the handheld it follows (the sequencer)
with the "held" flag 0x20, to every other handheld without it. The honest sequencer spares Cy
(`Node._disputed`: no FORFEIT logged, the table paused on Cy); the honest follower hears no flag,
so its police (`Node._police`: `late()` names Cy 35 s on, `_disputed` finds nothing it heard)
take the sparing for a forfeit the sequencer leaves unlogged and stop following it. Cy flags to
whoever leads next.

Promise: the sequencer orders, nothing more / nobody takes the role out of turn (an honest
sequencer deposed on a seat's word); withholding never pays; Alive. docs/protocol.md, One liar:
"no follower deposes a sequencer for sparing a seat it too hears say so" - this is a seat it does
not hear say so, while the sequencer's own heartbeats say it pauses on Cy (`missing`).
Role: an ordinary seat (handheld 2). No radio, no loss.

Control: Cy plays honestly; the game ends on every handheld, nobody distrusted.
Variants: `low` (no flag: to the sequencer only, Cy's heartbeats claim the entry before the phase
began, with its true chain there: `_disputed`'s low claim).
Verdict: 0 if no honest handheld stops following an honest sequencer; 1 with evidence.
Usage: flag_to_the_sequencer.py [SEED] [low]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable, agree  # noqa: E402

AN, BO, CY = 0, 1, 2


def play(mode, seed=1, limit=400000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    c = t.tables[CY]
    node = c.node
    g = c.game
    cy = seat_of(c, CY)
    state = {"held": None}
    forfeits = []   # (time, handheld, seq, mask)
    distrust = []   # (time, who, whom, role)
    leads = []      # (time, handheld that became sequencer, term)

    real_play = g._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if mode and ph == snydtable.P_REVEAL and s == cy:
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
            flag = 0
            f.chain[:] = node.chain
            if k == node.leader:   # only the sequencer hears that Cy "is held"
                if mode == "low":
                    low = node._phase_seq - 1
                    i = (low % agree.CAP) * wire.CHAIN_LEN
                    node.applied = low
                    f.chain[:] = node.agree._h[i:i + wire.CHAIN_LEN]
                else:
                    flag = log.F_HELD
            f.flags = lead | flag
            f.missing = node.missing
            emit(k, f)
            node.applied = keep
        node._hb_at = now
    real_hb = node._heartbeat
    node._heartbeat = lambda now: heartbeat(now) if mode and state["held"] else real_hb(now)
    if mode:
        # Cy's firmware never polices (its own seat is the late one: an honest police would
        # depose whoever spares it, and Cy would lead, ending the trick)
        node._police = lambda now: None

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
    last = [None]

    def watch():
        ld = tuple((tb.node.leader, tb.node.term) for tb in t.tables)
        if ld != last[0]:
            last[0] = ld
            leads.append((t.now, ld))
        return t.done()
    t.until(watch, limit)
    out = {"forfeits": forfeits, "distrust": distrust, "held": state["held"], "leads": leads,
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
    print("  withheld reveal from (time, round, gate entry):", o["held"])
    print("  FORFEITs of Cy's seat applied (time, handheld, entry, mask):", o["forfeits"][:6])
    print("  distrust events (time, handheld, whom, role):", o["distrust"][:8])
    print("  (leader, term) of Anna, Bo, Cy over time:", o["leads"][:12])
    for s in o["screens"]:
        print("  handheld %(k)d: term %(term)d leader %(leader)d applied %(applied)d round "
              "%(round)d phase %(phase)d dice %(dice)s records %(records)d paused %(paused)s "
              "missing %(missing)s forks %(forks)s distrusts %(bad)s" % s)
    print("  at %d s; games ended: %s" % (o["now"] // 1000, o["done"]))


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    mode = "low" if "low" in sys.argv else "flag"
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
    honest_deposed = [d for d in o["distrust"] if d[2] != CY and d[3] == "its sequencer"]
    cy_led = any(ld[CY][0] == CY for _, ld in o["leads"])
    unseen = [k for k in (AN, BO) if not o["done"][k] and not o["screens"][k]["paused"]]
    verdict(honest_deposed or unseen,
            "seed %d, %s: Cy withheld its reveal from %s; honest sequencers deposed by an honest "
            "follower: %s; Cy became sequencer: %s; FORFEITs of Cy applied: %d; games ended %s; "
            "honest handhelds whose game never ended with no pause on screen: %s" % (
                seed, mode, o["held"], honest_deposed, cy_led, len(o["forfeits"]), o["done"],
                [t for t in unseen]))


if __name__ == "__main__":
    run(main)
