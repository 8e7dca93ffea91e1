"""Attack (round 13): the sequencer raises its own held flag for a moment, then reseats a live,
honest seat to itself; the followers hold the illegal reseat for good instead of refusing it, so
the sequencer is never left, and the stop names only honest handhelds.

Anna (creator and sequencer, any firmware), in round 1 of a Snyd game while the game waits on
another seat, makes its own gate held (`_fheld`: its heartbeats say `_F_HELD`) once, for the 3.5 s
the flag lasts. Every follower's `Table._hold_clock` restarts the waited seat's move clock
(`TableGame.held_at`): it skips only the seat *of* the sequencer, not the sequencer's flag. DELAY
later (default 10 s) Anna logs a SEATS reseat that gives the live, heard, non-stalled Bo's seat to
Anna's own handheld (its firmware skips `_reseat_ok`). Honest followers: `_reseat_ok` fails (Bo is
heard and not stalled), but `TableGame.held_lately` is true, so `Node._valid` holds it for good
(RJ_WAIT, `_fheld`) instead of refusing it and leaving Anna.

Promise: the sequencer orders, nothing more ("a reseat moves only seats whose handheld every
follower itself sees gone or stalled ... anything else a follower refuses, and it stops following
that sequencer"); a stop names whom it can. Role: sequencer (creator). No radio, no loss.
Control: the same reseat with no flag first: every follower refuses it and leaves Anna.
Variants: SEED; `delay=ms` (default 1000); `cy`: the reseat takes Cy's seat (not the mover's): the same, left at 15.3 s.
Found (seed 1): held. The followers do hold the reseat for good (RJ_WAIT from 8.26 s) - but
`held_lately` was true without the flag too: `TableGame.held_at` starts at 0, so in the first
2 minutes of a handheld's clock (ticks_ms: since its boot) every failing reseat is held, not
refused. They still leave Anna 7 s later (15.3 s) as the censor of Bo's bids (the police), in the
control and in the attack alike.
Verdict: 0 if the honest followers refuse the reseat and leave Anna; 1 if they hold it and do not
leave Anna (evidence: screens, names, distrust); 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, snyd, screens  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
DELAY = int(([a[6:] for a in sys.argv if a.startswith("delay=")] or [1000])[0])


def play(attack, seed=1, after=120000):
    t = Trio(3, rules=snyd.Rules(dice=5), seed=seed)
    t.seat_all()
    st = {"flag": None, "reseat": None, "rc": None}
    distrust = []
    for k in (BO, CY):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_
    an = t.tables[AN]

    def an_mover(tb, m=t.movers[AN]):
        g = tb.game
        nd = tb.node
        if st["flag"] is None and g.round >= 1 and g.phase == snydtable.P_BID and \
                g.waits_on() >= 0 and g.hosts[g.waits_on()] != AN and nd.caught_up():
            st["flag"] = t.now
            if attack:
                nd._fheld = t.now  # Anna's own firmware: its heartbeats say held, 3.5 s
        if st["flag"] is not None and st["reseat"] is None and t.now >= st["flag"] + DELAY and \
                g.phase == snydtable.P_BID and nd.caught_up():
            ok0, dis0 = nd._reseat_ok, nd._reseat_disputed
            nd._reseat_ok = lambda f, now, also=0: True  # its firmware: no check of its own
            nd._reseat_disputed = lambda f, now: 0
            st["rc"] = tb.reseat_to_bot(CY if "cy" in sys.argv else BO, t.now)
            nd._reseat_ok, nd._reseat_disputed = ok0, dis0
            st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover
    t.start()
    t.until(lambda: st["reseat"] is not None and t.now - st["reseat"] > after, 600000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, distrust, hosts


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts = play(False, seed)
    left = sorted(set(d[1] for d in distrust if d[2] == AN))
    print("control: no flag; Anna reseats the live Bo at %s ms (rc %s); followers that left Anna:"
          " %s; seat->handheld %s" % (st["reseat"], st["rc"], left, hosts))
    if st["reseat"] is None or st["rc"] != 0 or left != [BO, CY]:
        print("control failed (the promise does not hold without the flag either)", distrust)
        sys.exit(2)
    t, st, distrust, hosts = play(True, seed)
    left = sorted(set(d[1] for d in distrust if d[2] == AN))
    sc = screens(t)
    for s in sc:
        print("  ", s)
    print("  distrust:", distrust)
    named_an = [x["k"] for x in sc if x["k"] != AN and "Anna" in x["names"]]
    # held: Cy left Anna, or Cy never applied the reseat and the stop names Anna on both honest
    # screens (a seat may stop the table, named; the reseat took nothing from Bo anywhere honest)
    applied_at_cy = hosts[CY] != [0, 1, 2][:len(hosts[CY])]
    stopped_named = not applied_at_cy and named_an == [BO, CY]
    verdict(CY not in left and not stopped_named,
            ("seed %d: Anna's own held flag at %d ms, then at %d ms a reseat of the live Bo's seat "
             "to Anna (rc %s); 120 s on, followers that left Anna: %s; seat->handheld %s; "
             "Cy's screen names %s, Bo's names %s; honest screens naming Anna: %s; records %s") % (
                seed, st["flag"], st["reseat"], st["rc"], left, hosts, sc[CY]["names"],
                sc[BO]["names"], named_an, [tb.saved_games for tb in t.tables]))


if __name__ == "__main__":
    run(main)
