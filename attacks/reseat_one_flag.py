"""Attack (round 13): one held-flag heartbeat, to one follower, a minute before a stalled seat's
reseat, turns the deserved reseat into a stop for good that names only honest handhelds.

Bo (an ordinary seat, any firmware) never bids on its turn. 60 s into its turn Bo sends Cy ALONE
heartbeats with the held flag (`_F_HELD`) for FLIP_MS (default 1000: one heartbeat or two); to
Anna they stay plain, and from then on Bo's heartbeats are plain to everyone. At Cy,
`Table._hold_clock` restarts the waited seat's (Bo's) move clock (`TableGame.held_at`). 2 minutes
into Bo's turn the honest Anna's pause names Bo (stalled) and its person gives Bo's seat to a bot,
as the Alive promise says. At Cy the reseat is not disputed (Bo's flag is long down; Bo claims the
log), but Bo is not stalled on Cy's clock, and `TableGame.held_lately` is true, so the round-12
fix holds the reseat for good (RJ_WAIT, `_fheld`) without naming anybody (`_stopped` is not set on
that path). Cy's own held gate then keeps `_hold_clock` restarting `held_at` every tick, so
`held_lately` never turns false: the stop lasts for ever. Cy's heartbeats say held, so the other
screens name Cy (honest); Cy's own screen names nobody it is held on.

Promises: Alive ("the pause offers a bot for that seat"); the stated stops name whom they can
(docs/protocol.md, One liar / A seat that says it is held: the liar's flag, while it lasts, is
named). Role: ordinary seat (Bo). No radio, no loss.

Variants: SEED; `other`: four handhelds, the stalled seat is the honest Di (its person away), Bo
flags to Cy alone (Bo's firmware otherwise honest); `flip=ms` (flag window length); `at=ms` (when in Bo's turn the flag goes up,
default 60000); `all`: the flag to everyone (Anna too) for the same window; `after=ms`.
Control: the same game, Bo stalled, no flag: Anna's reseat is applied everywhere.
Verdict: 0 if Cy applies the reseat (or the stop names Bo); 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, screens  # noqa: E402
from dicecup.table import snyd as snydtable, log  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST
OTHER = "other" in sys.argv
N = 4 if "four" in sys.argv or OTHER else 3
ST = 3 if OTHER else BO  # the stalled handheld (other: Di, honest, its person away)
STN = "Di" if OTHER else "Bo"
FLIP = int(([a[5:] for a in sys.argv if a.startswith("flip=")] or [1000])[0])
AT = int(([a[3:] for a in sys.argv if a.startswith("at=")] or [60000])[0])
ALL = "all" in sys.argv
CLAIM = "claim" in sys.argv


AFTER = int(([a[6:] for a in sys.argv if a.startswith("after=")] or [60000])[0])


def play(attack, seed=1, after=AFTER):
    t = Trio(N, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    st = {"t0": None, "reseat": None, "on": None, "off": None, "hb": 0}
    distrust = []
    for k in [AN] + [k for k in range(CY, N) if k != ST or not OTHER]:
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_
    bo = t.tables[BO]
    bn = bo.node

    def window():
        return attack and st["t0"] is not None and \
            st["t0"] + AT <= t.now < st["t0"] + AT + FLIP

    emit0 = bn._emit
    chains = {}
    ch0 = bn._chain

    def chain_(i):
        ch0(i)
        chains[bn.applied] = bytes(bn.chain)
    bn._chain = chain_

    def emit(dest, f):
        if f.type == wire.T_ACK:
            chains[bn.applied] = bytes(bn.chain)
        if f.type == wire.T_ACK and dest == BC and window():
            st["hb"] += 1
            if st["on"] is None:
                st["on"] = t.now
            if not ALL:
                emit0(AN, f)  # plain to Anna
            for k in ([AN] if ALL else []):
                fl = f.flags
                f.flags = fl | log.F_HELD
                emit0(k, f)
                f.flags = fl
            for k in ([CY] if OTHER else range(CY, N)):  # every follower but Anna's handheld
                if CLAIM:
                    saved = bn.applied
                    bn.applied -= 1
                    f.chain[:] = chains[bn.applied]
                    emit0(k, f)
                    bn.applied = saved
                    f.chain[:] = bn.chain
                else:
                    fl = f.flags
                    f.flags = fl | log.F_HELD
                    emit0(k, f)
                    f.flags = fl
            return
        if f.type == wire.T_ACK and dest == BC and st["on"] is not None and st["off"] is None \
                and attack:
            st["off"] = t.now
        emit0(dest, f)
    bn._emit = emit

    valid0 = bn._valid

    def valid(f, now):
        if attack and not OTHER and "keep" not in sys.argv and f.etype == wire.T_SEATS and \
                f.flags & wire.SEATS_RESEAT:
            return log.RJ_NOT_YOURS  # Bo's firmware: no reseat of Bo
        return valid0(f, now)
    bn._valid = valid

    def bo_mover(tb, m=t.movers[ST]):
        g = tb.game
        if st["t0"] is None and g.phase == snydtable.P_BID and g.round >= 1 and \
                g.waits_on() == seat_of(tb, ST) and tb.node.caught_up():
            st["t0"] = t.now
        if st["t0"] is not None:
            return  # Bo never bids
        m(tb)
    t.movers[ST] = bo_mover

    def an_mover(tb, m=t.movers[AN]):
        if st["t0"] is not None and st["reseat"] is None and tb.game.stalled(t.now) & (1 << ST):
            if tb.reseat_to_bot(ST, t.now) == 0:
                st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover
    t.start()
    t.until(lambda: st["reseat"] is not None and t.now - st["reseat"] > after or
            st["reseat"] is None and st["t0"] is not None and t.now - st["t0"] > 300000, 800000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, distrust, hosts


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts = play(False, seed)
    if st["reseat"] is None or distrust or ST in hosts[CY]:
        print("control failed:", st, distrust, hosts)
        sys.exit(2)
    print("control: " + STN + " stalls from %d ms; Anna reseats it at %d ms; applied everywhere "
          "(seat->handheld %s); nobody distrusts" % (st["t0"], st["reseat"], hosts))
    t, st, distrust, hosts = play(True, seed)
    if st["reseat"] is None:
        print("attack: Anna never logged the reseat", st)
        sys.exit(2)
    print("attack: " + STN + " stalls from %d ms; %s to Cy alone from %s ms; Anna logs the reseat at %d "
          "ms; Bo's heartbeats to Cy plain again from %s ms" % (
              st["t0"], "a claim one short" if CLAIM else "held flag", st["on"], st["reseat"],
              st["off"]))
    print("  distrust (time, handheld, whom):", distrust)
    print("  seat->handheld per handheld:", hosts)
    for s in screens(t):
        print("  ", s)
    for k, recs in enumerate(t.records()):
        print("  records at handheld %d:" % k, [(r.get("players") or r.get("seats") or r.get("result"),) for r in recs] if recs else "none")
    sc = screens(t)
    named_bo = [x["k"] for x in sc if x["k"] not in (ST, BO) and "Bo" in x["names"]]
    stuck = ST in hosts[CY] and not any(t.records())
    verdict(stuck and not named_bo,
            ("seed %d: " + STN + " stalled its turn from %d ms; showed Cy alone the held flag from %s ms to "
             "%s ms (plain to everyone after)%s; the honest Anna gave " + STN + "'s seat to a bot at %d ms; "
             "%d ms later Cy still holds the reseat (seat->handheld at Cy %s, at Anna %s), no "
             "record anywhere (unless not stuck); screens name: Anna %s, Cy %s%s%s") % (
                seed, st["t0"], st["on"], st["off"], " (and Anna)" if ALL else "", st["reseat"],
                t.now - st["reseat"],
                hosts[CY], hosts[AN], sc[AN]["names"], sc[CY]["names"],
                " (Bo named on %s)" % named_bo if named_bo else " (nobody names Bo)",
                "" if stuck else "; not stuck"))


if __name__ == "__main__":
    run(main)
