"""Attack (round 12): a stalled seat turns the honest sequencer's deserved reseat of it into the
sequencer's "lie": a held flag shown to one follower for a few seconds, around the reseat.

Bo (an ordinary seat, any firmware) never bids on its turn. 2 minutes on, the honest sequencer's
pause names Bo (stalled) and its person gives Bo's seat to a bot (`Table.reseat_to_bot`), as the
Alive promise says. From just before that moment (115 s into its turn) Bo sends Cy ALONE heartbeats
with the held flag (`_F_HELD`); to Anna its heartbeats stay plain, so Anna's `log_local` finds
nothing disputed and logs the reseat (entry N). At Cy, `_reseat_disputed` counts Bo (held) and
holds N (RJ_WAIT, `_fheld`): Cy is held, and `Table._hold_clock` restarts, while Cy is held, the
move clock of the seat the game waits on: Bo's. FLIP_MS later Bo's heartbeats to Cy drop the flag.
Now N is no longer disputed at Cy, but Bo is no longer stalled on Cy's clock either (its clock was
restarted 2 s ago), and Bo is heard: `_reseat_ok` fails, the entry waits half the missing time
(`_held_at`), then Cy refuses it as the sequencer's invalid entry and distrusts the honest Anna
(`_apply_ready`: `_distrust(self._by[i])`). Bo's firmware refuses it too; Bo is the next seat after
Anna, takes the role (one step up, its turn), and Cy follows it: Bo keeps its seat, holds the
role, and the honest creator is left alone.

Promises: the sequencer orders, nothing more ("nobody takes the role out of turn"; "anything else
a follower refuses, and it stops following that sequencer": here an honest sequencer that logged
exactly what the pause offers); Alive ("the pause offers a bot for that seat"). Role: ordinary
seat (Bo, next after the creator). No radio, no loss.

Variants: SEED; `other`: four handhelds, the stalled seat is the honest Di (its person
away), Bo only shows Cy the flag around Di's reseat: Cy refuses it and leaves Anna the same; `four`: four handhelds (Bo shows Cy and Di the flag); `claim`: Bo's heartbeats to Cy claim one entry less (the other test of
`_reseat_disputed`) instead of the flag; `keep`: Bo's firmware applies the reseat (only Cy's
refusal); FLIP_MS=n as an argument `flip=n` (default 2000); `after=ms`: how long to watch
after the reseat (default 60000); at the end the script prints the records each handheld saved.
Control: the same game, Bo stalled, no flag: Anna's reseat is applied everywhere, nobody distrusts.
Verdict: 0 if no honest handheld distrusts Anna (or the reseat is applied at Cy); 1 with the
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
N = 4 if "four" in sys.argv or OTHER else 3
ST = 3 if OTHER else BO  # the stalled handheld (other: Di, honest, its person away)
STN = "Di" if OTHER else "Bo"
FLIP = int(([a[5:] for a in sys.argv if a.startswith("flip=")] or [2000])[0])
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
            st["t0"] + 115000 <= t.now and (st["reseat"] is None or t.now < st["reseat"] + FLIP)

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
            emit0(AN, f)  # plain to Anna
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
        if f.type == wire.T_ACK and dest == BC and st["reseat"] is not None and st["off"] is None \
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
    an_left = [d for d in distrust if d[1] == CY and d[2] == AN]
    verdict(bool(an_left) and ST in hosts[CY],
            ("seed %d: " + STN + " stalled its turn from %d ms; the honest Anna gave its seat to a bot at "
             "%d ms; Bo showed " + ("Cy alone" if N == 3 or OTHER else "Cy and Di (not Anna)") + " %s from %s ms to %s ms; Cy distrusted the honest Anna at "
             "%s ms; leaders (term, leader) per handheld %s; seat->handheld %s (" + STN + " kept "
             "its seat at Cy)") % (seed, st["t0"], st["reseat"],
                          "a claim one short" if CLAIM else "the held flag", st["on"], st["off"],
                          an_left[0][0] if an_left else None,
                          [(tb.node.term, tb.node.leader) for tb in t.tables], hosts))


if __name__ == "__main__":
    run(main)
