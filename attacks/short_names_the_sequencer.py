"""Attack (round 22, focus 3): since round 21 a follower whose gate waits on a handheld that shows
the log only short of the entry names its sequencer too (and any sequencer it left for it). An
ordinary seat shows the log one entry short after a call: can it get the honest sequencer deposed,
its seat given to a bot, or itself left unnamed?

Promise: "a stop names whom it can"; the sequencer orders, nothing more (an honest one is never
left for a seat's lie); Alive (a reseat only of a gone or stalled seat). Stated: a liar that never
confirms may stop the table, named (*The gate*, *One liar*); a seat that says it is held stops it.
Role: an ordinary seat (Cy). Honest: Anna (creator, sequencer), Bo (`_table3`, Snyd, 3 dice).
Steps: at the first call, Cy's heartbeats claim the entry before the call, with that entry's
chain, for good; Cy never reveals. Bo's gate waits on Cy (claim short, no fork): 7 s on, Bo says
held, naming Cy and Anna. Anna's gate (a sequencer's) waits on Cy too. 150 s on: who distrusts
whom, whose seat moved, what each screen names; then Anna's person picks "give to a bot" on her
pause (`Paused.choose(1)`'s loop: `reseat_to_bot` for each named handheld but her own).
Verdict: 1 if an honest handheld is deposed or distrusted, a seat moves, or Cy is missing from an
honest screen while the table stops; 0 otherwise.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, screens, watch_seat  # noqa: E402
from dicecup.table import log  # noqa: E402

ANNA, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(attack, seed=1, watch_ms=150000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    cy = t.tables[CY]
    node = cy.node
    hist = {}
    st = dict(call=None)
    ap = cy.game.apply

    def apply(f, seq):
        if f.etype == wire.T_ACTION and f.kind == wire.A_SNYD and st["call"] is None and attack:
            st["call"] = (seq, hist.get(seq - 1), t.now)
        r = ap(f, seq)
        hist[seq] = bytes(node.chain)
        return r
    cy.game.apply = apply
    emit = node._emit

    def emit_patched(dest, f):
        if st["call"] is not None and f.type == wire.T_REVEAL:
            return None   # Cy never reveals
        return emit(dest, f)
    node._emit = emit_patched
    real_hb = node._heartbeat

    def heartbeat(now):
        if st["call"] is None or st["call"][1] is None:
            return real_hb(now)
        seq, chain, _ = st["call"]
        keep, kc = node.applied, bytes(node.chain)
        node.applied = seq - 1
        node.chain[:] = chain
        try:
            return real_hb(now)
        finally:
            node.applied = keep
            node.chain[:] = kc
    node._heartbeat = heartbeat
    forfeits, distrust = [], []
    for seat in range(3):
        watch_seat(t, [ANNA, BO], seat, forfeits, distrust)
    if not t.until(lambda: st["call"] is not None or all(tb.saved_games for tb in t.tables),
                   400000):
        return None
    if not attack:
        t.until(lambda: all(tb.saved_games for tb in t.tables), 400000)
        return dict(records=[tb.saved_games for tb in t.tables])
    t.tick(watch_ms // 20)
    sc = screens(t)
    a = t.tables[ANNA]
    t.cd(ANNA)
    tried = {}
    m = a.held_mask() or a.waiting_mask()
    for h in range(3):
        if m & (1 << h) and h != ANNA:
            tried[h] = (a.reseat_to_bot(h, t.now), a.node.alive(h, t.now))
    t.tick(250)
    return dict(call=st["call"][0], screens=sc, forfeits=forfeits, distrust=distrust, tried=tried,
                hosts=[list(tb.game.hosts[:3]) for tb in t.tables],
                records=[tb.saved_games for tb in t.tables],
                leaders=[tb.node.leader for tb in t.tables])


def main():
    seeds = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        c = play(False, seed)
        if c is None or not all(c["records"]):
            print("control failed:", c)
            sys.exit(2)
        a = play(True, seed)
        if a is None or a.get("call") is None:
            print("the attack never found a call")
            sys.exit(2)
        print("seed %d: call at %d; distrust %s; forfeits %s; leaders %s; hosts %s; records %s; "
              "Anna's bot for the named (result, alive): %s" % (
                  seed, a["call"], a["distrust"], a["forfeits"], a["leaders"], a["hosts"],
                  a["records"], a["tried"]))
        for s in a["screens"]:
            print("  handheld %d: heading %s names %s paused %s leader %d applied %d bad %s" % (
                s["k"], s["heading"], s["names"], s["paused"], s["leader"], s["applied"],
                s["bad"]))
        honest_hosts = all(h == [0, 1, 2] or sorted(h) == [0, 1, 2] for h in a["hosts"][:2])
        moved = a["hosts"][ANNA] != c.get("hosts", a["hosts"][ANNA]) or not honest_hosts
        unnamed = any(s["paused"] and "Cy" not in s["names"] for s in a["screens"][:2])
        dist = [d for d in a["distrust"] if d[2] in (ANNA, BO)]
        if dist or moved or unnamed:
            broke.append((seed, dist, moved, unnamed))
    verdict(bool(broke), "(seed, honest handhelds distrusted, a seat moved, an honest screen "
            "without Cy): %s" % broke)


if __name__ == "__main__":
    run(main)
