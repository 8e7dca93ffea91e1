"""Attack (round 11): the sequencer keeps the entry that makes it Cy's turn from Cy alone, tells
Cy alone RJ_FORGED about the bid it heard, and 2 minutes on gives Cy's "stalled" seat to a bot of
its own. Cy's screen shows Bo's turn the whole time, and names nobody.

Anna (the creator, the sequencer) logs Bo's bid (entry N: now Cy's turn) and sends it to Bo alone
(unicast), her heartbeats to Bo as they are, her heartbeats to Cy claiming N-1 with the chain
there (Cy is `caught_up`, so `_starved` never counts; `_relayed` refuses Bo's copy since the
sequencer's claim to Cy is below N). Cy heard Bo's bid as a request and would hand it on and
depose Anna as a censor 7 s on (`_judge`): Anna sends Cy alone a REJECT(RJ_FORGED) naming Bo's
seat, once a second (the honest code broadcasts it at most twice a second per seat; nothing
checks that the sequencer said it to everyone, nor that the seat's request failed anywhere).
Cy drops its kept copy and marks Bo's seat disputed: it holds only a FORFEIT of Bo. Nobody is
held, nobody lags a claim. On Anna's and Bo's clocks Cy's seat waits for a move (`stalled`) from
N on; 2 minutes later Anna's pause names Cy and her "give to a bot" reseats Cy's seat to her own
handheld; Bo's `_reseat_ok` takes it (Cy stalled on Bo's clock), though Cy's own heartbeats
showed all along that Cy never had entry N.

Promise: "The sequencer orders, nothing more: it cannot ... reseat ... anything a follower could
not check for itself"; "a stop names whom it can"; Alive. Role: the sequencer. No radio, no loss.
The round-10 fix for a FORFEIT of a seat never asked (`_disputed`: a claim below the phase's
first entry) does not cover a reseat of a seat never shown its turn.

Variants: SEED; `four`: four handhelds (Di honest too; breaks alike); `noforged`: the same without the RJ_FORGED: Cy deposes Anna as a censor 7 s on and
its screen names her, but Bo still follows her, and the reseat of Cy 2 minutes on is still
applied at Bo (so that variant breaks the reseat promise too; RJ_FORGED only keeps Cy quiet).
Control: the same game honest; nobody reseated.
Verdict: 0 if Cy's seat stays Cy's at Bo; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = log.BROADCAST
FORGED = "noforged" not in sys.argv


def play(attack, seed=1, after=130000):
    t = Trio(4 if "four" in sys.argv else 3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    an = t.tables[AN]
    node = an.node
    st = {"N": None, "t0": None, "reseat": None, "rj": 0, "rj_at": -10000}
    chains = {}
    distrust = []
    for k in (BO, CY):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_

    seq0 = node._sequence

    def sequence(f, now):
        chains[node.applied] = bytes(node.chain)
        g = an.game
        pre = attack and st["N"] is None and f.rby == BO and f.etype == wire.T_ACTION and \
            f.kind == wire.A_BID and g.phase == snydtable.P_BID
        if pre:
            st["N"], st["t0"] = node.applied + 1, now  # (before it goes out: Bo's copy only)
        seq0(f, now)
        if pre and g.waits_on() != seat_of(an, CY):
            st["N"] = st["t0"] = None  # not Cy's turn after it: the next one (Cy's hole mends)
    node._sequence = sequence

    emit0 = node._emit
    others = [k for k in range(len(t.tables)) if k not in (AN, CY)]

    def emit(dest, f):
        if st["N"] is not None:
            if f.type == wire.T_ACK and dest == BC:
                for k in others:
                    emit0(k, f)
                saved = node.applied
                node.applied = st["N"] - 1
                f.chain[:] = chains[st["N"] - 1]
                emit0(CY, f)
                node.applied = saved
                f.chain[:] = node.chain
                return
            if f.type == wire.T_ENTRY and f.seq >= st["N"]:
                if dest == BC:
                    for k in others:
                        emit0(k, f)
                    return
                if dest == CY:
                    return
        emit0(dest, f)
    node._emit = emit

    def an_mover(tb, m=t.movers[AN]):
        if st["N"] is not None and st["reseat"] is None:
            if FORGED and t.now - st["rj_at"] >= 1000:
                st["rj_at"] = t.now
                st["rj"] += 1
                node._reject(CY, 0, seat_of(tb, BO), log.RJ_FORGED, 0)
            if tb.game.stalled(t.now) & (1 << CY):
                tb.reseat_to_bot(CY, t.now)
                st["reseat"] = t.now
        m(tb)
    t.movers[AN] = an_mover
    seen = {"named": set(), "held": set()}

    def look():
        if st["N"] is not None:
            for k in (BO, CY):
                tb = t.tables[k]
                if tb.waiting_mask():
                    seen["named"].add((k, tb.waiting_mask()))
                if tb.node.held(t.now):
                    seen["held"].add((k, tb.node.held(t.now)))
        return t.done() or st["N"] is not None and t.now - st["t0"] > after
    t.start()
    t.until(look, 400000)
    hosts = [list(tb.game.hosts[:tb.game.n]) for tb in t.tables]
    cy = t.tables[CY]
    st["cy_turn"] = cy.game.waits_on()
    st["cy_applied"] = cy.node.applied
    return t, st, distrust, hosts, seen


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, hosts, seen = play(False, seed)
    if not t.done() or distrust:
        print("control failed:", distrust, hosts, t.done())
        sys.exit(2)
    print("control: honest; the game ended everywhere; nobody distrusted; hosts", hosts)
    t, st, distrust, hosts, seen = play(True, seed)
    if st["N"] is None:
        print("no bid of Bo's made it Cy's turn")
        sys.exit(2)
    print("attack: entry %d (Bo's bid, Cy's turn) at %d ms to Bo alone; %d RJ_FORGED to Cy alone; "
          "reseat of Cy at %s ms" % (st["N"], st["t0"], st["rj"], st["reseat"]))
    print("  seat->handheld per handheld:", hosts)
    print("  Cy: applied %d, its game waits on seat %d (Cy is seat %d)" % (
        st["cy_applied"], st["cy_turn"], seat_of(t.tables[BO], CY) if CY in hosts[BO] else -1))
    print("  distrust (time, handheld, whom):", distrust)
    print("  names on Bo's/Cy's screens:", sorted(seen["named"]), "held:", sorted(seen["held"]))
    taken = st["reseat"] is not None and all(CY not in hosts[k] for k in range(len(hosts))
                                             if k not in (AN, CY))
    verdict(taken, ("seed %d: entry %d (Cy's turn) withheld from Cy alone with heartbeats to Cy "
                    "claiming %d%s; at %s ms (%.1f s on) Anna gave Cy's seat to a bot of her own "
                    "and Bo applied it (seat->handheld at Bo %s); Cy still at entry %d showing "
                    "Bo's turn; distrust (time, handheld, whom) %s; names on Bo's/Cy's screens: %s")
            % (seed, st["N"], st["N"] - 1,
               ", RJ_FORGED about Bo's bid to Cy alone (%d)" % st["rj"] if FORGED else "",
               st["reseat"], ((st["reseat"] or 0) - st["t0"]) / 1000.0, hosts[BO],
               st["cy_applied"], distrust or "none", sorted(seen["named"]) or "none"))


if __name__ == "__main__":
    run(main)
