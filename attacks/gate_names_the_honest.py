"""Attack (focus 1, round 21): round 20's held heartbeat names whom its gate waits for. The
sequencer makes the gate wait on an honest handheld and is named on no screen.

Promise: "a stop names whom it can" (round 19's behind_witness fix: where a laggard cannot tell
whether the sequencer or the witness holds it, the pause names the witness beside the sequencer,
"one of whom holds the table"); the pause's "give to a bot"/"remove" act only on whom the screen
names. Stated: a liar can stop the table (*One liar*; *A withheld entry*).
Role: the creator, the sequencer (Anna). Honest: Bo, Cy (`_table3`, real table.Table, Snyd, 3
handhelds, 3 dice).
Steps: withhold_the_call (held since round 7): on its turn Anna logs its call, sends it to Bo
alone, and its heartbeats claim the entry before it (with that entry's chain). Cy refuses Bo's copy
(`_relayed`), so it never confirms the call; Bo's gate waits on Cy, and 7 s on Bo's heartbeats say
held, naming (round 20) whom the gate waits for: Cy. Bo knows more than that: its sequencer sent it
entry N and claims N-1, so the sequencer is as likely the one holding the table as Cy.
Checked 60 s on: each screen's heading and names (`_table3.screens`), and whether Anna's person
can use the pause on a named handheld (`Table.reseat_to_bot`).
Verdict: 0 if some honest screen names Anna (or the table did not stop); 1 if the table stops with
only honest handhelds named everywhere.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, screens  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log  # noqa: E402

ATK, BO, CY = 0, 1, 2
BC = log.BROADCAST


def play(attack, seed=1):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[ATK]
    node = a.node
    called = []
    emit = node._emit

    def emit_patched(dest, f):
        if attack and called and f.type == wire.T_ENTRY and f.seq >= called[0][0]:
            if dest != BO and dest != BC:
                return
            if dest == BC:
                dest = BO
        if attack and called and f.type == wire.T_REVEAL:
            return
        return emit(dest, f)
    node._emit = emit_patched

    def heartbeat(now):
        seq, _, _, chain = called[0]
        keep = node.applied
        node.applied = seq - 1
        f = node.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = node.leader
        f.missing = 0
        f.chain[:] = chain
        emit(BC, f)
        node.applied = keep
        node._hb_at = now
    real_hb = node._heartbeat
    node._heartbeat = lambda now: heartbeat(now) if attack and called else real_hb(now)

    def atk_mover(tb, m=t.movers[ATK]):
        s = my_turn(tb)
        g = tb.game
        if not called and s >= 0 and g.round >= 1:
            seq = node.applied + 1
            called.append((seq, g.round, t.now, bytes(node.chain)))
            call = request(node, s, g.round, wire.A_SNYD)
            node._store(seq, node.term, call, t.now, 1)
            node._apply_ready(t.now)
            node._send_entry(BC, seq)
            return
        m(tb)
    t.movers[ATK] = atk_mover
    t.until(lambda: called or all(tb.saved_games for tb in t.tables), 400000)
    if not called:
        return None
    t.tick(3000)   # 60 s on
    sc = screens(t)
    r = None
    if attack:
        t.cd(ATK)
        r = a.reseat_to_bot(CY, t.now)  # the pause's "give to a bot" for the named Cy
        t.tick(250)
    return dict(screens=sc, reseat=r, hosts=[list(tb.game.hosts[:3]) for tb in t.tables],
                records=[tb.saved_games for tb in t.tables])


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    c = play(False, seed)
    if c is None or not all(c["records"]):
        print("control failed:", c)
        sys.exit(2)
    print("control: the game ended on every handheld")
    a = play(True, seed)
    if a is None:
        print("the attack never found its turn")
        sys.exit(2)
    for s in a["screens"]:
        print("  handheld %d: heading %s names %s paused %s leader %d applied %d bad %s" % (
            s["k"], s["heading"], s["names"], s["paused"], s["leader"], s["applied"], s["bad"]))
    print("  Anna's reseat_to_bot(Cy): %s; hosts %s" % (a["reseat"], a["hosts"]))
    stopped = not any(a["records"])
    anna_named = any("Anna" in s["names"] for s in a["screens"][1:])
    verdict(stopped and not anna_named,
            "seed %d: the table stopped on the hidden call; the names shown: %s; no honest screen "
            "names Anna" % (seed, [(s["k"], s["heading"], s["names"]) for s in a["screens"]]))


if __name__ == "__main__":
    run(main)
