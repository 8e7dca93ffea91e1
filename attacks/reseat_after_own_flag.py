"""Attack (round 14): the sequencer's own held flag, for a moment, buys it an illegal reseat that is
never refused: the table stops for good, naming the honest handheld it tried to unseat.

Anna (the creator, the sequencer; any firmware) waits for the game to wait on Bo's seat (Bo is
honest and present; its person takes THINK ms per move). Then her gate says held for one instant
(`Node._fheld = now`: her heartbeats carry `F_HELD` for the 3.5 s missing time, as after any
fork), and GAP ms later she logs a reseat of Bo's seat to herself (her firmware skips its own
`_reseat_ok`). Bo is live and heard: before round 12 every follower refused such a reseat and
left the sequencer ("a sequencer that reseats a seat we still hear is not followed"). Now the
followers' `Table._hold_clock` restarted Bo's move clock on Anna's flag (the waited seat is not
the sequencer's), so `TableGame.held_lately` is true at Bo and Cy, and `log._valid` holds
the reseat (RJ_WAIT, `_fheld`) "until our own clock agrees", naming the handhelds it moves seats
off: Bo. Each follower's hold is a held flag in its heartbeats, which restarts the other
follower's move clock (`_hold_clock`: another handheld's word), so `held_lately` never turns
false: the two honest followers hold each other for good. Nobody leaves Anna, no record.

Promises: the sequencer orders, nothing more (a reseat only of a seat the follower sees absent;
one it refuses is not followed); Alive ("followers refuse a bad entry and stop following its
sequencer"). Not the stated limit "A seat that says it is held stops the table for good": Anna's
flag is down 3.5 s later, and the screens name the honest Bo, not Anna.
Role: creator / sequencer. No radio, no loss.

Variants: SEED; `gap=ms` (flag to reseat, default 2000); `think=ms` (Bo's person, default 8000);
`cy`: the reseat takes Cy's seat (live, not the waited one) instead of Bo's. The reseat gives the
seat to a bot that Anna's handheld runs, as the pause's "give to a bot" does.
Control: the same game and the same reseat, no flag: Bo and Cy refuse it and leave Anna.
Verdict: 0 if Bo and Cy refuse the reseat (leave Anna) or apply nothing and name Anna; 1 with
the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, screens  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402

AN, BO, CY = 0, 1, 2
GAP = int(([a[4:] for a in sys.argv if a.startswith("gap=")] or [2000])[0])
THINK = int(([a[6:] for a in sys.argv if a.startswith("think=")] or [8000])[0])
RUN_MS = 300000
VICTIM = CY if "cy" in sys.argv else BO  # whose seat the reseat takes
VN = "Cy" if VICTIM == CY else "Bo"


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    st = {"t0": None, "flag": None, "reseat": None, "why": None}
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
    # Anna's firmware: her own reseat checks say yes
    an.node._reseat_ok = lambda f, now, also=0: True
    an.node._reseat_disputed = lambda f, now: 0

    def an_mover(tb, m=t.movers[AN]):
        g = tb.game
        if st["t0"] is None and g.phase == snydtable.P_BID and g.round >= 1 and \
                g.waits_on() == seat_of(tb, BO) and tb.node.caught_up() and tb.node.is_leader():
            st["t0"] = t.now
            if attack:
                tb.node._fheld = t.now  # one instant of "held": 3.5 s of flagged heartbeats
                st["flag"] = t.now
        if st["t0"] is not None and st["reseat"] is None and t.now - st["t0"] >= GAP:
            r = tb.reseat_to_bot(VICTIM, t.now)  # (a bot run by Anna: her handheld plays it)
            st["why"] = r
            if r == 0:
                st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover

    last = {"at": None}

    def bo_mover(tb, m=t.movers[BO]):
        g = tb.game
        if g.phase and g.waits_on() >= 0 and g.hosts[g.waits_on()] == BO:
            if last["at"] is None:
                last["at"] = t.now
            if t.now - last["at"] < THINK:
                return  # Bo's person thinks
            m(tb)
            return
        last["at"] = None
        m(tb)
    t.movers[BO] = bo_mover
    t.start()
    t.until(lambda: st["reseat"] is not None and t.now - st["reseat"] > RUN_MS or t.done(),
            RUN_MS + 200000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, distrust, hosts


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts = play(False, seed)
    left = sorted(set(k for (_, k, x) in distrust if x == AN))
    if st["reseat"] is None or left != [BO, CY]:
        print("control failed:", st, distrust, hosts)
        sys.exit(2)
    print("control: Anna logs a reseat of the live %s's seat at %d ms (no flag); Bo and Cy leave "
          "her: %s; seat->handheld %s; records %s" % (
              VN, st["reseat"], distrust, hosts, [len(r) for r in t.records()]))
    t, st, distrust, hosts = play(True, seed)
    if st["reseat"] is None:
        print("attack: Anna never logged the reseat", st)
        sys.exit(2)
    sc = screens(t)
    print("attack: game waits on Bo from %d ms; Anna's flag at %s ms; reseat of %s's seat to "
          "Anna logged at %d ms" % (st["t0"], st["flag"], VN, st["reseat"]))
    print("  distrust (time, handheld, whom):", distrust)
    print("  seat->handheld per handheld:", hosts)
    for s in sc:
        print("  ", s)
    for k in (BO, CY):
        nd = t.tables[k].node
        print("  handheld %d: waiting on entry %s, _stopped %s, held_lately %s, held %s" % (
            k, nd._waiting, bin(nd._stopped), t.tables[k].game.held_lately(t.now),
            bin(nd.held(t.now))))
    recs = [len(r) for r in t.records()]
    left = [k for (_, k, x) in distrust if x == AN]
    stuck = not left and not any(recs) and all(VICTIM in hosts[k] for k in (BO, CY))
    named_anna = [s["k"] for s in sc if s["k"] != AN and "Anna" in s["names"]]
    if not stuck or named_anna:
        verdict(False, "seed %d: Anna's flag at %s ms, her reseat of the live %s at %d ms: left by %s "
                "(distrust %s); Anna named on %s. The hold lasted until the first follower's "
                "censor police (a heard valid request of the moved seat, unlogged) left her" % (
                    seed, st["flag"], VN, st["reseat"], sorted(set(left)), distrust, named_anna))
    verdict(stuck and not named_anna,
            "seed %d: Anna (sequencer) raised her held flag for one instant at %s ms on Bo's turn "
            "and logged a reseat of the live, heard %s's seat to herself at %d ms; %d ms later "
            "neither Bo nor Cy has refused it or left Anna (distrust %s), the table is stopped "
            "(records %s), Bo's screen names %s, Cy's names %s (Anna named on %s)" % (
                seed, st["flag"], VN, st["reseat"], t.now - st["reseat"], distrust, recs,
                sc[BO]["names"], sc[CY]["names"], named_anna))


if __name__ == "__main__":
    run(main)
