"""Attack (round 30, focus 1): round 14's reseat_mutual_hold `other`, and then the stalled seat's
person comes back and bids: the follower that holds the reseat keeps it held for good, naming only
the honest.

4edd3b7 added to `police._watch`: a request heard from a seat whose handheld is in `_stopped`
(and not the sequencer's) and valid by this handheld's state puts that seat in dispute for good
(`_fdisp`), meant for a FORFEIT held as disputed (`_dispute_asked`). But `_stopped` is also what a
held reseat names (`_reseat_why`: `_moved_off`, the handhelds it moves seats off). `_fdisp` is
cleared only when an entry of that seat is applied, and `_reseat_disputed` counts `_fdisp`: once
this handheld's own clock agrees with the reseat (round 14's fix: it then applies it), it holds it
as disputed instead (`_rdisp`), and nothing that seat does can be applied before the reseat.

Four handhelds: Anna (creator, honest sequencer), Bo (an ordinary seat, the cheat), Cy, Di (honest).
Di's person is away on Di's bidding turn. 60 s into it Bo's heartbeats carry the held flag to Cy
and Di for 1 s (plain to Anna; plain to everyone after): at Cy and Di `Table._hold_clock` restarts
Di's move clock. 2 minutes into the turn Anna's pause names Di and her person gives Di's seat to a
bot (Alive's promise, the same as in the control). Cy and Di hold the reseat (`held_lately`: Di is
not stalled on their clocks), naming Di (`_stopped`), "until this handheld's own clock agrees"
(~60 s more). Meanwhile Di's person comes back (BACK ms after the reseat) and bids: Di's game
still waits on its seat (it holds the reseat), the bid goes out, Anna refuses it (the seat is the
bot's). Cy hears it: valid by Cy's state, Di in `_stopped`: `_fdisp |= Di's seat`.
At Di's own clock Di applies the reseat and plays on with the others; at Cy's, `_reseat_disputed`
finds Di alive and `_fdisp`: held for good (RJ_WAIT), Cy says held for good (`_gate_held`:
`_fdisp`), naming Anna and Di; the others' gates wait on Cy and they stop too.

Promises: Alive ("every wait has a deadline"; a stalled seat goes to a bot); a stop names whom it
can: the brief's "the table stopped naming only honest handhelds" (the cheat Bo is named nowhere,
after its one second of flags). Not the limit "A seat that says it is held stops the table for
good": Bo's flag is down after 1 s.
Role: ordinary seat (Bo). No radio, no loss. (`_table3` Trio, 4 handhelds, Snyd, 3 dice.)
Bo's firmware never says F_HELD again after its flip (its own gate waits on the stuck Cy as the
others' do; `shown`: it says so as the honest code does, and is named for that).
Variants: `away` (Di's person never comes back: reseat_mutual_hold `other` on today's code, held
since round 14's fix), `noflag` (Bo honest; Di's person comes back as well: Di applied the reseat
at once, no bid goes out). `back=ms` (default 5000), `after=ms` (watch after the reseat, default
300000), seeds.
Usage: .venv/bin/python attacks/reseat_then_bid.py [away|noflag] [shown] [back=ms] [after=ms] [seeds...]
Verdict: 0 if the reseat is applied at every honest handheld (or a record is written) or a stop
names Bo; 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, screens  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402

AN, BO, CY, DI = 0, 1, 2, 3
BC = log.BROADCAST
N = 4
FLIP = 1000
SHOWN = "shown" in sys.argv
AT = 60000


def play(mode, seed=1, back=5000, after=300000):
    t = Trio(N, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    st = {"t0": None, "reseat": None, "on": None, "off": None, "bid": None, "fdisp": None,
          "applied_at": {}}
    distrust = []
    for k in (AN, CY, DI):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_
    bn = t.tables[BO].node

    def window():
        return mode != "noflag" and st["t0"] is not None and \
            st["t0"] + AT <= t.now < st["t0"] + AT + FLIP

    emit0 = bn._emit

    def emit(dest, f):
        if f.type == wire.T_ACK and dest == BC and window():
            if st["on"] is None:
                st["on"] = t.now
            emit0(AN, f)  # plain to Anna
            fl = f.flags
            f.flags = fl | log.F_HELD
            for k in (CY, DI):
                emit0(k, f)
            f.flags = fl
            return
        if f.type == wire.T_ACK and dest == BC and st["on"] is not None and st["off"] is None:
            st["off"] = t.now
        if f.type == wire.T_ACK and st["off"] is not None and not SHOWN:
            # Bo's firmware says it is never held after its flip (its gate waits on the stuck Cy
            # like everyone's; a cheat need not say so)
            fl, ms = f.flags, f.missing
            if fl & (log.F_HELD | log.F_SNAP):
                f.flags = fl & ~(log.F_HELD | log.F_SNAP)
                f.missing = bn.missing
                emit0(dest, f)
                f.flags, f.missing = fl, ms
                return
        emit0(dest, f)
    bn._emit = emit

    def di_mover(tb, m=t.movers[DI]):
        g = tb.game
        if st["t0"] is None and g.phase == snydtable.P_BID and g.round >= 1 and \
                g.waits_on() == seat_of(tb, DI) and tb.node.caught_up():
            st["t0"] = t.now
        if st["t0"] is not None and (mode == "away" or st["reseat"] is None or
                                     t.now - st["reseat"] < back or st["bid"] is not None):
            return  # the person is away (and, back, bids once)
        if st["t0"] is not None and g.phase == snydtable.P_BID and tb.my_seat() >= 0 and \
                g.game.on_turn == tb.my_seat() and tb.move is None:
            m(tb)
            if tb.move is not None:
                st["bid"] = t.now
            return
        if st["t0"] is None:
            m(tb)
    t.movers[DI] = di_mover

    def an_mover(tb, m=t.movers[AN]):
        if st["t0"] is not None and st["reseat"] is None and tb.game.stalled(t.now) & (1 << DI):
            if tb.reseat_to_bot(DI, t.now) == 0:
                st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover

    cyn = t.tables[CY].node
    t.start()

    def look():
        if st["fdisp"] is None and cyn._fdisp:
            st["fdisp"] = (t.now, cyn._fdisp)
        for k in (CY, DI):
            g = t.tables[k].game
            if k not in st["applied_at"] and st["t0"] is not None and \
                    DI not in list(g.hosts[:g.n]):
                st["applied_at"][k] = t.now
        return st["reseat"] is not None and t.now - st["reseat"] > after or \
            st["reseat"] is None and st["t0"] is not None and t.now - st["t0"] > 300000
    t.until(look, 1200000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, distrust, hosts


def main():
    args = sys.argv[1:]
    mode = ([a for a in args if a in ("away", "noflag")] or ["bid"])[0]
    back = int(([a[5:] for a in args if a.startswith("back=")] or [5000])[0])
    after = int(([a[6:] for a in args if a.startswith("after=")] or [300000])[0])
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2]
    broke = []
    for seed in seeds:
        t, st, distrust, hosts = play(mode, seed, back, after)
        if st["reseat"] is None:
            print("seed %d: Anna never logged the reseat" % seed, st)
            sys.exit(2)
        sc = screens(t)
        recs = [len(r) for r in t.records()]
        print("seed %d (%s): Di on turn from %d ms; Bo's flag to Cy and Di %s-%s ms; Anna's "
              "reseat %d ms; Di's person bids at %s ms (+%s); Cy's _fdisp first %s; reseat applied "
              "at (handheld: ms) %s" % (
                  seed, mode, st["t0"], st["on"], st["off"], st["reseat"], st["bid"],
                  st["bid"] - st["reseat"] if st["bid"] else "-", st["fdisp"], st["applied_at"]))
        print("   %d s after the reseat: distrust %s; seat->handheld %s; records %s" % (
            (t.now - st["reseat"]) // 1000, distrust, hosts, recs))
        for s in sc:
            print("   ", {k: s[k] for k in ("k", "term", "leader", "applied", "round", "dice",
                                             "paused", "heading", "names", "bad")})
        cyn = t.tables[CY].node
        print("   Cy: _fdisp %s _stopped %s _rdisp %s _waiting %s held_on %s; held_lately %s" % (
            bin(cyn._fdisp), bin(cyn._stopped), cyn._rdisp, cyn._waiting, bin(cyn.held_on()),
            t.tables[CY].game.held_lately(t.now)))
        stuck = any(DI in hosts[k] for k in (CY,)) and not any(recs)
        bo_named = any("Bo" in s["names"] for s in sc if s["k"] != BO)
        if stuck and not bo_named:
            broke.append((seed, mode, st["reseat"], st["bid"], st["fdisp"],
                          t.now - st["reseat"], hosts[CY], [(s["k"], s["heading"], s["names"])
                                                             for s in sc if s["k"] != BO]))
    verdict(broke, "(seed, mode, Anna's reseat ms, Di's bid ms, Cy's _fdisp (ms, mask), ms after "
            "the reseat, seat->handheld at Cy, screens (handheld, heading, names) but Bo's): %s"
            % broke)


if __name__ == "__main__":
    run(main)
