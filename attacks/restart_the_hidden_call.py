"""Attack: withhold_the_call across a restart of every handheld. The sequencer (the creator, Anna)
logs its own call and sends it (and every later entry) to Bo alone; its heartbeats claim the entry
before the call. Since round 7 that gets it nothing: Bo's gate waits for Cy (alive, of its term,
confirming nothing) and, its sequencer claiming less than it sent, never opens; Bo's heartbeats say
"held" (0x20), a FORFEIT of Cy is held by Bo (Cy claims less than the entry that began the phase),
and the table stops on "Logs differ" screens. People whose table stopped reload it: every
handheld restarts at once (tlog.bin). Back from the boot, Bo takes up the heir's new term (the
sequencer's, one takeover up) a moment before Cy does; Cy's heartbeats still say it follows nobody
in the kept term 0, so Bo's gate counts Cy as a handheld that "still follows an older term"
(`Node.agreed`: `_tlast[x] >= term or _tfol[x] == leader` fails; `_split` was forgotten with the
boot) and opens at once: Bo's REVEAL goes out about a second after the boot while Cy's log still
bids, and the sequencer computes Bo's dice from it.

Promise: The same log everywhere ("none reveals a secret on a log that not all of them hold");
Private. Comes back ("[the heir] gains the role and nothing more"). Role: the creator (sequencer
before the restart, heir after it); the restart is the people's (a power strip, a reload), which a
stopped table invites. No radio, no loss.

Secondary (reported, not the verdict): after the restart every Node starts with `_phase_seq = 0`,
so until it applies an entry the low-claim check of `_disputed` disputes nothing; the sequencer
logs FORFEIT(Cy, too late) 30.5 s after the boot. Here Bo applies its own reveal first (which sets
`_phase_seq`), so Bo holds that FORFEIT.

Variant `forfeit`: after the boot the heir's heartbeats claim 3 entries past its log until Cy too
follows the new term (Bo, not caught up, makes no reveal meanwhile), then hide the call again: Bo's
gate now waits for Cy in the same term and holds, Bo applies nothing after the boot, so its
`_phase_seq` stays 0, and the low claim no longer disputes the heir's FORFEIT(Cy) 30.5 s on.
Verdict of `forfeit`: 1 if Bo applies a FORFEIT of the never-asked Cy.

Control: honest play with a restart at the same point of round 1: the game ends everywhere.
Variant `norestart`: the same hidden call without the restart (the round-7 fix: no reveal).
Verdict: 0 if no REVEAL of Bo's for the round is heard while Cy's log lacks the call; 1 with the
evidence (the dice the sequencer computes = Bo's own). Usage: restart_the_hidden_call.py [SEED]
[norestart]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from _restart import restart_all  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log as tablelog, snyd as snydtable  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402

AN, BO, CY = 0, 1, 2
BC = tablelog.BROADCAST
FORFEIT = "forfeit" in sys.argv


def patch(t, st):
    """The sequencer's firmware: entries from the call on go to Bo alone; once it leads, its
    heartbeats claim the entry before the call (with the chain every log holds there)."""
    node = t.tables[AN].node
    emit = node._emit

    def emit_patched(dest, f):
        if st["called"] and f.type == wire.T_ENTRY and f.seq >= st["called"][0]:
            if dest != BO and dest != BC:
                return
            if dest == BC:
                dest = BO
        return emit(dest, f)
    node._emit = emit_patched
    real_hb = node._heartbeat

    def hb(now):
        if not st["called"] or not node.is_leader():
            return real_hb(now)
        seq, chain = st["called"][0], st["called"][3]
        f = node.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = node.leader
        f.missing = 0
        keep = node.applied
        node.applied = seq - 1
        f.chain[:] = chain
        if FORFEIT and st["t0"] is not None and not st.get("together"):
            # `forfeit`: until Cy follows the new term too, claim past everyone (Bo, not caught
            # up, makes no reveal), so that Bo's gate then waits for Cy in the same term
            c = t.tables[CY].node
            if c.leader == AN and c.term == node.term:
                st["together"] = now
            else:
                node.applied = keep + 3
                f.chain[:] = node.chain
        emit(BC, f)
        node.applied = keep
        node._hb_at = now
    node._heartbeat = hb


def watch(t, cy, log):
    g = t.tables[BO].game
    ap = g.apply

    def apply_(f, seq):
        if f.etype == wire.T_FORFEIT and f.who & (1 << cy):
            c = t.tables[CY]
            log.append((t.now, seq, f.who, c.node.applied, c.game.phase, c.game.round))
        return ap(f, seq)
    g.apply = apply_


def hear(t, st, leaks):
    """The sequencer's firmware reads Bo's REVEAL of the hidden round and computes Bo's dice."""
    a = t.tables[AN]
    node = a.node
    onreq = node._on_request
    bo = seat_of(a, BO)

    def on_request(f, now):
        if f.type == wire.T_REVEAL and f.who == bo and st["called"] and \
                f.round == st["called"][1] and not leaks:
            c = t.tables[CY]
            g = a.game
            dice = fairdice.roll_dice(bytes(f.h1), g.seed, a.tid, f.round, bo,
                                      g.game.dice_left[bo])
            leaks.append((now, sorted(dice), sorted(t.tables[BO].game.mine[bo] or []),
                          c.node.applied, c.game.phase, c.game.round, c.node.leader, c.node.term))
        return onreq(f, now)
    node._on_request = on_request
    bnode = t.tables[BO].node
    sub = bnode.submit

    def submit(f, now):
        if f.etype == wire.T_REVEAL and st["called"] and not st.get("sent"):
            c = t.tables[CY].node
            st["sent"] = (now, c.applied, c.leader, c.term, bnode.leader, bnode.term)
        return sub(f, now)
    bnode.submit = submit


def play(attack, seed=1, restart=True):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    st = {"called": None, "forfeit": None, "t0": None}
    cy = seat_of(t.tables[AN], CY)
    forfeits = []
    if attack:
        patch(t, st)

    def atk_mover(tb, m=t.movers[AN]):
        s = my_turn(tb)
        if attack and not st["called"] and s >= 0 and tb.game.round >= 1:
            node = tb.node
            seq = node.applied + 1
            st["called"] = (seq, tb.game.round, t.now, bytes(node.chain))
            call = request(node, s, tb.game.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            node._apply_ready(t.now)
            node._send_entry(BC, seq)
            return
        if attack and st["called"] and st["forfeit"] is None and tb.node.is_leader() and \
                tb.node.ready and (st["t0"] is not None or not restart) and \
                t.now - (st["t0"] if restart else st["called"][2]) >= 30500:
            f = wire.Frame()
            f.etype = wire.T_FORFEIT
            f.round = tb.game.round
            f.who = 1 << cy
            f.kind = wire.F_LATE
            r = tb.node.log_local(f, t.now)
            if r == 0:
                st["forfeit"] = t.now
        m(tb)
    t.movers[AN] = atk_mover
    watch(t, cy, forfeits)
    leaks = []
    hear(t, st, leaks)
    if restart:
        # the restart point: 20 s into the stop (honest play: the same time into round 1)
        if attack:
            t.until(lambda: st["called"] is not None, 120000)
            t.until(lambda: False, 20000)
        else:
            t.until(lambda: t.tables[0].game.round >= 1 and
                    t.tables[0].game.phase == snydtable.P_REVEAL, 120000)
        restart_all(t)
        st["t0"] = t.now
        if attack:
            patch(t, st)
        watch(t, cy, forfeits)
        hear(t, st, leaks)
    t.until(lambda: t.done() or forfeits, 120000)
    t.until(lambda: t.done(), 5000)
    out = {"called": st["called"] and st["called"][:3], "t0": st["t0"], "logged": st["forfeit"],
           "forfeits": forfeits, "leaks": leaks, "sent": st.get("sent"), "done": [bool(tb.saved_games) for tb in t.tables],
           "now": t.now, "screens": []}
    for k in range(3):
        tb = t.tables[k]
        nd = tb.node
        out["screens"].append(dict(
            k=k, term=nd.term, leader=nd.leader, applied=nd.applied, round=tb.game.round,
            phase=tb.game.phase, dice=list(tb.game.game.dice_left), names=tb.held_names(),
            missing=tb.missing_names(), bad=[h for h in range(3) if nd._bad & (1 << h)]))
    return out


def show(o):
    print("  the call hidden from Cy (entry, round, time):", o["called"], "restart at", o["t0"])
    print("  Bo's REVEAL heard by the sequencer (time, dice it computes, Bo's own, Cy's applied, "
          "phase, round, leader, term):", o["leaks"][:1])
    print("  Bo's REVEAL first sent (time, Cy's applied, Cy's leader, Cy's term, Bo's leader, "
          "Bo's term):", o["sent"])
    print("  FORFEIT of Cy logged by the sequencer at", o["logged"])
    print("  FORFEITs of Cy applied by Bo (time, entry, mask, Cy's applied, phase, round):",
          o["forfeits"][:4])
    for s in o["screens"]:
        print("  handheld %(k)d: term %(term)d leader %(leader)d applied %(applied)d round "
              "%(round)d phase %(phase)d dice %(dice)s held %(names)s missing %(missing)s "
              "distrusts %(bad)s" % s)
    print("  at %d s; games ended: %s" % (o["now"] // 1000, o["done"]))


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    restart = "norestart" not in sys.argv
    o = play(False, seed, restart)
    show(o)
    if not all(o["done"]) or o["forfeits"]:
        print("control failed")
        sys.exit(2)
    print("control: honest play%s, the game ended everywhere, no forfeit of Cy" %
          (" with the restart" if restart else ""))
    o = play(True, seed, restart)
    print("attack (%s):" % ("restart" if restart else "norestart"))
    show(o)
    if not o["called"]:
        print("the sequencer never got its turn")
        sys.exit(2)
    seq = o["called"][0]
    leak = [x for x in o["leaks"] if x[3] < seq and x[1] == x[2]]
    unasked = [x for x in o["forfeits"] if x[3] < seq]
    if FORFEIT and restart:
        verdict(unasked, "seed %d, forfeit: the call (entry %d) hidden from Cy at %d ms, every "
                "handheld restarted at %d ms; Bo's REVEAL leaked: %s; Bo applied FORFEIT(Cy, too "
                "late) at %s while Cy's log stood at %s (phase %s, round %s: still bidding, never "
                "asked)" % (seed, seq, o["called"][2], o["t0"], bool(leak),
                            unasked and unasked[0][0], unasked and unasked[0][3],
                            unasked and unasked[0][4], unasked and unasked[0][5]))
    verdict(leak, "seed %d: the call (entry %d) hidden from Cy at %d ms%s; Bo's REVEAL of that "
            "round heard at %s ms while Cy's log stood at %s (phase %s, round %s; Cy following %s "
            "in term %s): the sequencer computed Bo's dice %s = Bo's own %s; FORFEITs of the "
            "unasked Cy applied by Bo: %d; Bo's REVEAL was first sent at %s (Cy's applied, leader, "
            "term then: %s)" % (
                seed, seq, o["called"][2],
                ", every handheld restarted at %d ms" % o["t0"] if restart else "",
                leak[0][0] if leak else "-", leak[0][3] if leak else "-",
                leak[0][4] if leak else "-", leak[0][5] if leak else "-",
                leak[0][6] if leak else "-", leak[0][7] if leak else "-",
                leak[0][1] if leak else "-", leak[0][2] if leak else "-", len(unasked),
                o["sent"] and o["sent"][0], o["sent"] and o["sent"][1:4]))


if __name__ == "__main__":
    run(main)
