"""Attack (round 14): one second of held flags from a stalled seat to two followers, a minute
before the honest sequencer's deserved reseat, stops the table for good: the two followers' holds
keep each other's move clocks restarting, so "until our own clock agrees" never comes.

Four handhelds: Anna (creator, honest sequencer), Bo (an ordinary seat, any firmware), Cy, Di.
Bo never bids on its turn. 60 s into its turn Bo's heartbeats carry the held flag (`F_HELD`) to
Cy and Di for FLIP_MS (1000: one or two heartbeats), plain to Anna; plain to everyone after. At Cy
and Di, `Table._hold_clock` restarts Bo's move clock (`TableGame.held_at`). 2 minutes into Bo's
turn Anna's pause names Bo and her person gives Bo's seat to a bot (Alive's promise). At Cy and
Di the reseat is not disputed (Bo's flag is long down; Bo claims the log), Bo is not stalled on
their clocks yet, and `held_lately` is true: round 13's fix holds it (RJ_WAIT), naming Bo, "until
this handheld's own clock agrees". Both Cy and Di now say held. Cy's `_hold_clock` counts Di's
flag (another handheld's word) and the game there still waits on Bo's seat (not the sequencer's),
so Bo's clock restarts at Cy every tick; the same at Di on Cy's flag. `held_lately` never turns
false on either; Bo never stalls on their clocks; the reseat is never applied. Anna applied it and
her screen names only the honest Cy and Di ("Logs differ"), never Bo.

Variant `other`: the stalled seat is the honest Di (its person away, its handheld on); Bo (firmware
otherwise honest, never stalled) flags to Cy and Di: the stop for good names Di at Cy, and Cy and
Di at Anna: the cheat Bo is named nowhere. `flip=ms`, `at=ms`, `after=ms` (how long to watch after
the reseat, default 600000), SEED; `restart` / `restart2`: 200 s after the reseat Cy (restart) or
Cy and Di (restart2) restart from their flash (tlog.bin), as a person would, and the watch goes on
600 s more.

Promises: Alive (a move awaited 2 minutes pauses the table, and the pause offers a bot for that
seat; every wait has a deadline); docs/protocol.md's "held ... until this handheld's own clock
agrees"; the stops name whom they can. Not the limit "A seat that says it is held stops the table
for good": the flag is down after 1 s and the table stays stopped 10 minutes later.
Role: ordinary seat (Bo). No radio, no loss. Control: the same game, Bo stalled, no flag: Anna's
reseat is applied everywhere.
Verdict: 0 if the reseat is applied at Cy and Di within `after`, or a record is written; 1 with the
evidence.
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
N = 4
ST = 3 if OTHER else BO  # the stalled handheld (other: Di, honest, its person away)
STN = "Di" if OTHER else "Bo"
FLIP = int(([a[5:] for a in sys.argv if a.startswith("flip=")] or [1000])[0])
AT = int(([a[3:] for a in sys.argv if a.startswith("at=")] or [60000])[0])
ALL = "all" in sys.argv
CLAIM = "claim" in sys.argv


AFTER = int(([a[6:] for a in sys.argv if a.startswith("after=")] or [600000])[0])


def play(attack, seed=1, after=None):
    if after is None:
        after = 200000 if "restart" in sys.argv or "restart2" in sys.argv else AFTER
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
            for k in range(CY, N):  # Cy and Di  # every follower but Anna's handheld
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
            st["reseat"] is None and st["t0"] is not None and t.now - st["t0"] > 300000, 1000000)
    if attack and ("restart" in sys.argv or "restart2" in sys.argv):
        from _table3 import FakeRadio, table
        for k in ([CY, 3] if "restart2" in sys.argv else [CY]):
            t.air.radios[:] = [r for r in t.air.radios if r.mac[-1] != k]
            t.cd(k)
            tb = table.Table(FakeRadio(t.air, k), t.NAMES[k], t.now)
            assert tb.resume(), "handheld %d did not resume" % k
            t.tables[k] = tb
        st["restart"] = t.now
        t.until(lambda: t.done(), 600000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    return t, st, distrust, hosts


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts = play(False, seed)
    if st["reseat"] is None or distrust or any(ST in hosts[k] for k in (CY, 3)):
        print("control failed:", st, distrust, hosts)
        sys.exit(2)
    print("control: " + STN + " stalls from %d ms; Anna reseats it at %d ms; applied everywhere "
          "(seat->handheld %s); nobody distrusts" % (st["t0"], st["reseat"], hosts))
    t, st, distrust, hosts = play(True, seed)
    if st["reseat"] is None:
        print("attack: Anna never logged the reseat", st)
        sys.exit(2)
    print("attack: " + STN + " stalls from %d ms; Bo's held flag to Cy and Di from %s ms; Anna logs "
          "the reseat at %d ms; Bo's heartbeats plain again from %s ms" % (
              st["t0"], st["on"], st["reseat"], st["off"]))
    print("  distrust (time, handheld, whom):", distrust)
    print("  seat->handheld per handheld:", hosts)
    sc = screens(t)
    for s in sc:
        print("  ", s)
    for k in (CY, 3):
        tb = t.tables[k]
        nd = tb.node
        print("  handheld %d: holds entry %s (RJ_WAIT), held_lately %s, held_at %d ms ago, held "
              "mask %s, stalled %s" % (k, nd._waiting, tb.game.held_lately(t.now),
                                       t.now - tb.game.held_at, bin(nd.held(t.now)),
                                       bin(tb.game.stalled(t.now))))
    recs = [len(r) for r in t.records()]
    stuck = all(ST in hosts[k] for k in (CY, 3)) and not any(recs)
    if not stuck:
        verdict(False, "seed %d: flag window %s-%s ms, reseat at %d ms: applied at Cy %s, Di %s; "
                "records %s" % (seed, st["on"], st["off"], st["reseat"], hosts[CY], hosts[3], recs))
    verdict(stuck,
            ("seed %d: %s stalled its turn from %d ms; Bo showed Cy and Di the held flag from %s ms "
             "to %s ms (plain to everyone after); the honest Anna gave %s's seat to a bot at %d ms; "
             "%d ms later Cy and Di still hold the reseat (seat->handheld at Cy %s, Di %s, Anna %s), "
             "held_lately at Cy/Di %s, leader at Cy/Di %s%s, records %s; "
             "screens name: Anna %s, Cy %s, Di %s") % (
                seed, STN, st["t0"], st["on"], st["off"], STN, st["reseat"], t.now - st["reseat"],
                hosts[CY], hosts[3], hosts[AN],
                [t.tables[k].game.held_lately(t.now) for k in (CY, 3)],
                [t.tables[k].node.leader for k in (CY, 3)],
                " (restarted at %d ms)" % st["restart"] if "restart" in st else "", recs,
                sc[AN]["names"], sc[CY]["names"],
                sc[3]["names"]))


if __name__ == "__main__":
    run(main)
