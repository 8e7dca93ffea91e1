"""Attack (round 11): the sequencer withholds its own reveal and says RJ_FORGED about its own seat.

Anna (the creator, the sequencer) does not reveal in the first reveal phase (as when the call
goes against her) and logs no FORFEIT of herself. Alone, that is round 10's withhold: every
follower's police (`Node._police`, `TableGame.late`) sees her seat still owing 35 s into the phase
and leaves her; Bo takes over and forfeits her (the `plain` run below shows it). With ONE frame
more, a REJECT(RJ_FORGED) to everyone naming her OWN seat (the honest code never sends one for its
own requests: `sender != self.seat`), every follower sets `_fdisp` for her seat (`_receive`,
T_REJECT: any seat w, from the sequencer). `_disputed` then counts her handheld as disputed, and
`_police` spares every seat of a disputed handheld: her own late reveal deposes nobody. `_fdisp`
goes only when an entry of that seat is applied, which she never sends. Nobody is held (no gate,
no flag), her heartbeats name nobody missing, nobody deposed her: `Table.waiting_mask` and
`held` are 0 on every screen. The game stops for good, unnamed, on the withholder.

Promise: "withholding never pays (the sequencer's own included)"; "a stop names whom it can"
(round 9's withhold_behind_a_hold: the police spare only the disputed seats, "the sequencer's
own, late beside them, still deposes it"). Role: the sequencer. One frame, no radio, no loss.

Variants: SEED; `four`: four handhelds (Di honest too; breaks alike); `plain`: only the withholding, no RJ_FORGED (expected: held, Anna deposed).
`bo`: the brief's "censor an honest seat": Anna reveals, and answers each of Bo's reveals with
REJECT(RJ_FORGED) (at the honest pace, 2 a second) and logs no FORFEIT of Bo; Cy's kept copy goes,
Bo's seat is `_fdisp` (its late reveal spared by the police), and the round never ends either.
Control: the same game honest, ending everywhere.
Verdict: 0 if Anna is left (or forfeited; for `bo`, or the stop names her on both honest
screens: the stated limit, protocol.md "A request tagged for some handhelds only stops the
table"); 1 with the evidence.
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
WAIT = 300000


def play(mode, seed=1):
    t = Trio(4 if "four" in sys.argv else 3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    an = t.tables[AN]
    node = an.node
    st = {"t0": None, "rj": None, "forfeit": []}
    distrust = []
    for k in (BO, CY):
        nd = t.tables[k].node
        dn = nd._distrust

        def distrust_(x, k=k, dn=dn, nd=nd):
            if x >= 0 and x != nd.seat and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        nd._distrust = distrust_
    TARGET = BO if "bo" in sys.argv else AN
    if mode and TARGET == BO:
        onreq = node._on_request

        def on_request(f, now):
            g = an.game
            if f.rby == BO and f.type == wire.T_REVEAL and node.is_leader() and \
                    g.hosts[f.who] == BO and st.get("round", g.round) == g.round:
                if st["t0"] is None:
                    st["t0"], st["round"] = now, g.round
                if mode == "attack" and now - node._fj_at[f.who] >= 500:
                    node._fj_at[f.who] = now
                    node._reject(BC, f.seq, f.who, log.RJ_FORGED, 0)
                    st["rj"] = st["rj"] or now
                return
            return onreq(f, now)
        node._on_request = on_request
        log_local0 = node.log_local

        def log_local_b(f, now):
            if f.etype == wire.T_FORFEIT and f.who & (1 << seat_of(an, BO)):
                return log.RJ_NOT_YOURS  # Bo's reveal is never logged, nor its forfeit
            return log_local0(f, now)
        node.log_local = log_local_b
    elif mode:
        submit = node.submit
        log_local = node.log_local

        def submit_(f, now):
            g = an.game
            if f.etype == wire.T_REVEAL and g.hosts[f.who] == AN and st["t0"] is None or \
                    st["t0"] is not None and g.round == st["round"]:
                if st["t0"] is None:
                    st["t0"], st["round"] = now, g.round
                return True  # withheld
            return submit(f, now)
        node.submit = submit_

        def log_local_(f, now):
            g = an.game
            if f.etype == wire.T_FORFEIT and f.who & (1 << seat_of(an, AN)):
                return log.RJ_NOT_YOURS  # a withholder does not forfeit itself
            return log_local(f, now)
        node.log_local = log_local_

        def an_mover(tb, m=t.movers[AN]):
            if mode == "attack" and st["t0"] is not None and st["rj"] is None and \
                    node.is_leader():
                node._reject(BC, 0, seat_of(tb, AN), log.RJ_FORGED, 0)
                st["rj"] = t.now
            m(tb)
        t.movers[AN] = an_mover
    t.start()
    seen = {"named": set(), "held": set()}

    def look():
        if st["t0"] is not None:
            for k in (BO, CY):
                tb = t.tables[k]
                if tb.waiting_mask():
                    seen["named"].add((k, tb.waiting_mask()))
                if tb.node.held(t.now):
                    seen["held"].add((k, tb.node.held(t.now)))
                if tb.held_mask() & (1 << AN):
                    seen.setdefault("anna", set()).add(k)  # a screen that stops names her
        return t.done() or st["t0"] is not None and t.now - st["t0"] > WAIT
    t.until(look, 900000)
    for k in (BO, CY):
        g = t.tables[k].game
        st["forfeit"].append(bool(g.forfeited & (1 << seat_of(t.tables[k], TARGET))) if g.n else None)
    leads = [(tb.node.term, tb.node.leader) for tb in t.tables]
    return t, st, distrust, leads, seen


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    t, st, distrust, leads, seen = play(None, seed)
    if not t.done() or distrust:
        print("control failed:", distrust, leads, t.done())
        sys.exit(2)
    print("control: Anna reveals; the game ended everywhere; nobody distrusted")
    t, st, distrust, leads, seen = play("plain", seed)
    print("plain withholding (no RJ_FORGED) from %s ms: distrust %s; (term, leader) %s; game over "
          "everywhere: %s" % (st["t0"], distrust[:4], leads, t.done()))
    if "plain" in sys.argv:
        verdict(not [d for d in distrust if d[2] == AN], "plain: Anna deposed: %s" % distrust[:4])
    if "bo" in sys.argv:
        print("  (plain, bo: Anna ignores Bo's reveal without RJ_FORGED; distrust of Anna: %s)"
              % [d for d in distrust if d[2] == AN][:2])
    t, st, distrust, leads, seen = play("attack", seed)
    if st["t0"] is None:
        print("Anna never had a reveal to withhold")
        sys.exit(2)
    print("attack: Anna withheld %s reveal from %d ms and sent REJECT(RJ_FORGED) for that "
          "seat from %s ms" % ("Bo's" if "bo" in sys.argv else "her", st["t0"], st["rj"]))
    print("  %d s on: distrust %s; (term, leader) per handheld %s; Anna forfeited at Bo, Cy: %s"
          % (WAIT // 1000, distrust, leads, st["forfeit"]))
    print("  names on Bo's/Cy's screens (waiting_mask) meanwhile:", sorted(seen["named"]),
          "held:", sorted(seen["held"]))
    print("  game over on any handheld:", [bool(tb.saved_games) for tb in t.tables])
    # (a stop that every honest screen shows naming Anna is the stated limit, protocol.md: "A
    # request tagged for some handhelds only stops the table": Cy cannot tell her word from Bo's)
    named = seen.get("anna", set()) == {BO, CY}
    print("  honest screens whose stop names Anna:", sorted(seen.get("anna", ())))
    broke = not [d for d in distrust if d[2] == AN] and not any(st["forfeit"]) and \
        not t.done() and not ("bo" in sys.argv and named)
    verdict(broke, ("seed %d: Anna withheld " + ("Bo's reveal (each answered RJ_FORGED)"
                    if "bo" in sys.argv else "her own reveal and sent one REJECT(RJ_FORGED) naming "
                    "her own seat") + ": %d s on nobody left her (leaders %s), nobody forfeited " + ("Bo" if "bo" in sys.argv else "her") + ", "
                    "no game ended; names shown on Bo's and Cy's screens: %s, held: %s")
            % (seed, WAIT // 1000, leads, sorted(seen["named"]) or "none",
               sorted(seen["held"]) or "none"))


if __name__ == "__main__":
    run(main)
