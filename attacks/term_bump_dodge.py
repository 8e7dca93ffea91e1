"""Attack (round 10): the sequencer withholds its own reveal and keeps the police away by raising
its own term one step every 3.6 s (what a reboot does; "allowed once per 3.5 s", `_entitled`).

Every follower's police (`Node._police`), censor check (`_judge`, via `_rewatch`) and starvation
check (`_starved`) count from when the sequencer "began to be followed" (`_lead_at`, set by
`_follow` at every new term, our own sequencer's too): they wait `censor_ms` (7 s) after it. A
new term every 3.6 s resets that clock before it runs out, so no follower ever judges the
sequencer; it never logs its own FORFEIT (its firmware: `nof` is implied), and the table waits on
its reveal with no pause and no name on any screen (its heartbeats' missing mask is 0, nobody is
held) until the last term, 8 hours on, after which nobody can take over at all.

Promise: withholding never pays, the sequencer's own included ("a sequencer that leaves its own
forfeit unlogged loses its role and its successor logs it"); Alive; a stop shown on every honest
screen naming someone (the brief). Role: the creator (sequencer). No radio, no loss.
Limits we know, *The last term*, names the term steps only as a way to reach the top.

Variants: `bid`: instead of a reveal it withholds its own bid on its turn (the 2-minute move
clock: the police's `stalled(...) & leader` check is skipped the same way). SEED.
Control: honest play; the game ends everywhere, nobody distrusted.
Verdict: 0 if the sequencer is deposed or forfeited, or every honest screen pauses naming it; 1
with the evidence 300 s on.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, watch_seat, screens  # noqa: E402
from equivocate import my_turn, request  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
NOFORFEIT = True  # the sequencer never logs its own FORFEIT
BUMP_MS = 3600
WITHHOLD_BID = "bid" in sys.argv  # the sequencer never logs its own FORFEIT
BC = log.BROADCAST


def play(mode, seed=1, limit=300000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[AN]
    node = a.node
    g = a.game
    an = seat_of(a, AN)
    st = {"held": None, "called": None}
    forfeits = []   # (time, handheld, seq, mask) FORFEITs naming the sequencer's seat
    distrust = []

    real_play = g._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if mode and not WITHHOLD_BID and ph == snydtable.P_REVEAL and s == an and \
                (mode != "hide" or st["called"]):
            if st["held"] is None:
                st["held"] = (t.now, g.round, g.gate_seq)
            return False     # never reveals
        return real_play(f, s, ph, nd, decide, rand)
    g._play_request = play_request
    if NOFORFEIT:
        real_due = g.overdue

        def overdue(f):  # the cheat never logs a FORFEIT of its own seat
            r = real_due(f)
            if r is not None and r.who & (1 << an):
                r.who &= ~(1 << an)
                if not r.who:
                    return None
            return r
        g.overdue = overdue

    emit = node._emit
    bump = {"at": None, "n": 0}

    def bump_mover(tb, m=t.movers[AN]):
        if mode and st["held"] is not None:
            if bump["at"] is None or t.now - bump["at"] >= BUMP_MS:
                if node.is_leader():
                    node._take_over(t.now)
                    bump["n"] += 1
                bump["at"] = t.now
        if mode and WITHHOLD_BID:
            gg = tb.game
            if gg.phase == snydtable.P_BID and gg.game.on_turn == an and gg.round >= 1:
                if st["held"] is None:
                    st["held"] = (t.now, gg.round, -1)
                return  # the sequencer's person never bids
        m(tb)
    t.movers[AN] = bump_mover

    def emit_patched(dest, f):
        if st["called"] and f.type == wire.T_ENTRY and f.seq >= st["called"][0]:
            if dest != BO and dest != BC:
                return
            if dest == BC:
                dest = BO
        return emit(dest, f)

    def heartbeat(now):
        f = node.tx
        f.type = wire.T_ACK
        f.seq = 0
        f.flags = node.leader | (log.F_HELD if mode == "self" else 0)
        f.missing = 0
        if mode in ("hide", "hidereveal"):
            seq, chain = st["called"][0], st["called"][3]
            keep = node.applied
            node.applied = seq - 1
            f.chain[:] = chain
            emit(BC, f)
            node.applied = keep
        elif mode in ("selfbo", "selfcy"):
            # the held flag to one follower alone, plain heartbeats to the other
            one = BO if mode == "selfbo" else CY
            f.chain[:] = node.chain
            for x in (BO, CY):
                f.type = wire.T_ACK
                f.seq = 0
                f.flags = node.leader | (log.F_HELD if x == one else 0)
                f.missing = 0
                emit(x, f)
        else:
            f.chain[:] = node.chain
            emit(BC, f)
        node._hb_at = now
    real_hb = node._heartbeat

    def hb(now):
        if mode in ("self", "selfbo", "selfcy") and st["held"] or mode in ("hide", "hidereveal") and st["called"]:
            return heartbeat(now)
        return real_hb(now)
    node._heartbeat = hb
    if mode in ("hide", "hidereveal"):
        node._emit = emit_patched

        def atk_mover(tb, m=t.movers[AN]):
            s = my_turn(tb)
            if not st["called"] and s >= 0 and tb.game.round >= 1:
                seq = node.applied + 1
                st["called"] = (seq, tb.game.round, t.now, bytes(node.chain))
                call = request(node, s, tb.game.round, wire.A_SNYD)
                node._store(seq, node.term, call, t.now, 1)
                node._apply_ready(t.now)
                node._send_entry(BC, seq)
                return
            m(tb)
        t.movers[AN] = atk_mover

    watch_seat(t, (BO, CY), an, forfeits, distrust)
    t.until(lambda: t.done(), limit)
    out = {"held": st["held"], "called": st["called"] and st["called"][:3], "forfeits": forfeits,
           "distrust": distrust, "bumps": bump["n"], "done": [bool(tb.saved_games) for tb in t.tables], "now": t.now,
           "screens": []}
    out["screens"] = screens(t)
    return out


def show(o):
    print("  own call hidden from Cy (entry, round, time):", o["called"])
    print("  the sequencer withholds its reveal from (time, round, gate entry):", o["held"])
    print("  FORFEITs of the sequencer's seat applied:", o["forfeits"][:4])
    print("  distrust events (time, handheld, whom, role):", o["distrust"][:6])
    for s in o["screens"]:
        print("  handheld %(k)d: term %(term)d leader %(leader)d applied %(applied)d round "
              "%(round)d phase %(phase)d dice %(dice)s records %(records)d screen %(heading)s "
              "%(names)s; late() seats mask %(late)d; distrusts %(bad)s" % s)
    print("  at %d s; games ended: %s; term raises: %s" % (o["now"] // 1000, o["done"], o.get("bumps")))


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    mode = "bump"
    o = play(None, seed)
    show(o)
    if not all(o["done"]) or o["distrust"]:
        print("control failed")
        sys.exit(2)
    print("control: honest play, the game ended everywhere, nobody distrusted")
    o = play(mode, seed)
    print("attack (%s):" % mode)
    show(o)
    if mode == "hidereveal":
        # the comparison: the same hidden call, the sequencer's own reveal made (to Bo alone)
        print("hidereveal: the table stops the same way without the withheld reveal:",
              not any(o["done"]), [(s["heading"], s["names"]) for s in o["screens"]])
        sys.exit(0)
    if o["held"] is None:
        print("the sequencer never owed a reveal")
        sys.exit(2)
    # replaced: an honest handheld follows another sequencer than Anna at the end (a distrust
    # that moves nobody is no replacement)
    deposed = [d for d in o["distrust"] if d[2] == AN and
               o["screens"][d[1]]["leader"] not in (AN, -1)]
    unnamed = [s["k"] for s in o["screens"][1:] if not o["done"][s["k"]] and
               "Anna" not in s["names"]]
    broke = not deposed and not o["forfeits"] and unnamed
    verdict(broke, "seed %d, %s: the sequencer withheld its reveal from %s; replaced by %s (distrusts: %s); "
            "forfeited %s times; honest handhelds whose game never ended and whose screen does "
            "not name the sequencer: %s (%s)" % (
                seed, mode, o["held"], deposed, o["distrust"], len(o["forfeits"]), unnamed,
                ["%s %s" % (o["screens"][k]["heading"], o["screens"][k]["names"])
                 for k in unnamed]))


if __name__ == "__main__":
    run(main)
