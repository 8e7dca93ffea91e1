"""Attack (round 29, focus 1): a held flag to one follower, then a late reveal to it alone.

Today's fix (015128e) counts a held seat's deadline again from the hold's end: a follower keeps
when each handheld's heartbeat last said F_HELD (`gate._fheld_at`, set in log `_admit`), and its
police count a request heard after that as in time (`police._heard_from`: `game.in_time(t,
held)`). `_valid` asks `_heard_from` before `_disputed`: a FORFEIT of a seat whose request was
heard in time is the sequencer's lie (RJ_NOT_YOURS: the sequencer is not followed any more),
whereas a disputed one is only held.

Cy (an ordinary seat) owes round 1's reveal and withholds it. 10 s after the call it sends ONE
heartbeat with the held flag to Bo alone (to Anna, the sequencer, the same heartbeat without it:
flag_split's unicast heartbeats, for one heartbeat). Anna never heard Cy held: its deadline runs
from the call, and 30 s on her honest `overdue` logs the FORFEIT Cy deserves. 100 ms before that
Cy sends its reveal, to Bo alone (Anna never hears it first-hand; Bo's hand-on would come 1 s
later). Bo's `_heard_from`: the reveal was heard 19.9 s after Cy's "hold" (in time: 27 s from
it) and is still valid, so the honest sequencer's deserved FORFEIT is a lie and Bo distrusts Anna.

Promise: the sequencer orders, nothing more / an honest sequencer is deposed only for a lie; the
split flag's rule (One liar: a follower that gets a FORFEIT the seat disputes to it alone "holds
it instead of applying it, blames nobody"); withholding never pays. Role: ordinary seat. No radio,
no loss. (`_table3` Trio, Snyd, 3 dice, seeded.)
Variant `late`: no unicast reveal and no timing: Cy broadcasts its reveal 1 s AFTER Anna's FORFEIT.
Bo holds that FORFEIT (`_disputed`: Cy's flag 20 s ago is fresh, 27 s) and asks again each loop;
once it has heard the reveal (still valid: the FORFEIT is not applied at Bo), `_heard_from` says
in time, and Bo distrusts Anna. Anna refuses the late reveal.
Variant `keep`: round 8's flag_split itself (every heartbeat from 10 s on held to Bo, plain to
Anna: Bo holds the FORFEIT, "blames nobody"), and the reveal broadcast 1 s after the FORFEIT: a
reveal heard after the latest held heartbeat is "after the hold's end", in time.
Variants: `noflag` (no held heartbeat: the same late reveal to Bo; the control for the fix's part),
`flagall` (the held heartbeat to both; the reveal to Bo alone 100 ms before Anna's FORFEIT, which
now comes 30 s after the flag). Control: Cy honest, the game ends, nobody distrusted.
Usage: .venv/bin/python attacks/fresh_hold_frame.py [late|keep|noflag|flagall] [long=ms] [seeds...]
Verdict: 0 if no honest handheld distrusts the honest Anna; 1 with the evidence; 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of, mac, screens, watch_seat  # noqa: E402
from dicecup.table import log, snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
FLAG_AT = 10000    # ms after the call: Cy's one held heartbeat
EARLY = 100        # ms before Anna's FORFEIT is due: Cy's reveal, to Bo alone
LATE = 1000        # (`late`) ms after it: Cy's reveal, broadcast


def play(mode, seed=1, long=40000):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    c = t.tables[CY]
    an = t.tables[AN]
    node = c.node
    g = c.game
    cy = seat_of(c, CY)
    st = {"call": None, "flag": None, "reveal": None, "rnd": None}
    forfeits, distrust = [], []
    watch_seat(t, (AN, BO), cy, forfeits, distrust)
    real_play = g._play_request

    def due():
        # Anna's FORFEIT of Cy: 30 s from her phase's start (the call), or from the flag she heard
        base = st["call"]
        if mode == "flagall" and st["flag"] is not None:  # (Anna heard the flag too)
            base = max(base, st["flag"])
        return base + 30000

    def play_request(f, s, ph, nd, decide, rand):
        if mode and ph == snydtable.P_REVEAL and s == cy and st["rnd"] in (None, g.round):
            if st["call"] is None:
                st["call"], st["rnd"] = an.game.phase_at, g.round
            if t.now < due() + (LATE if mode in ("late", "keep") else -EARLY) or \
                    st["reveal"] is not None:
                return False  # withheld (and sent once, when Cy chooses)
            r = real_play(f, s, ph, nd, decide, rand)
            if r:
                st["reveal"] = t.now
            return r
        return real_play(f, s, ph, nd, decide, rand)
    g._play_request = play_request

    emit = node._emit
    real_hb = node._heartbeat

    def heartbeat(now):
        if not (mode in ("split", "flagall", "late", "keep") and st["call"] is not None and
                (st["flag"] is None or mode == "keep") and now - st["call"] >= FLAG_AT):
            return real_hb(now)
        if st["flag"] is None:
            st["flag"] = now
        f = node.tx
        lead = node.leader if node.leader >= 0 else log.NO_LEADER
        for k in (AN, BO):  # one heartbeat each: the held flag to Bo (`flagall`: both), not Anna
            f.type = wire.T_ACK
            f.seq = 0
            f.chain[:] = node.chain
            f.flags = lead | (log.F_HELD if k == BO or mode == "flagall" else 0)
            f.missing = node.missing
            emit(k, f)
        node._hb_at = now
    node._heartbeat = heartbeat
    judge = node._judge
    node._judge = lambda now: judge(now) if st["reveal"] is None else None  # no hand-on of its own

    def reveal_to_bo(src, dst, data):
        # Cy's reveal reaches Bo only (a frame tagged for Bo alone: Anna's decode, R_NOTME)
        return not (mode and mode not in ("late", "keep") and src == mac(CY) and dst == mac(AN) and
                    data[2] == wire.T_REVEAL)
    t.filters.append(reveal_to_bo)

    def cy_ignores(src, dst, data):
        # (`late`) Cy's firmware applies no entry of Anna's from just before the FORFEIT until it
        # has sent its reveal (an honest game would not build a reveal once forfeited)
        return not (mode in ("late", "keep") and st["call"] is not None and st["reveal"] is None and
                    t.now >= due() - 500 and src == mac(AN) and dst == mac(CY) and
                    data[2] == wire.T_ENTRY)
    t.filters.append(cy_ignores)
    cu = node.caught_up
    node.caught_up = lambda: cu() or mode in ("late", "keep") and st["reveal"] is None and \
        st["call"] is not None and t.now >= due()  # (and acts although the sequencer is ahead)
    t.until(lambda: t.done() or st["reveal"] is not None and t.now - st["reveal"] > long, 400000)
    bo = t.tables[BO].node
    st["bo_fheld_at"] = getattr(bo, "_fheld_at", [None] * 8)[CY]  # (none before 015128e)
    return st, forfeits, distrust, screens(t), t.done()


def main():
    args = sys.argv[1:]
    mode = ([m for m in ("noflag", "flagall", "late", "keep") if m in args] or ["split"])[0]
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        st, forfeits, distrust, sc, done = play(None, seed)
        if not done or distrust:
            print("seed %d control failed:" % seed, distrust, done)
            sys.exit(2)
        long = int(([a.split("=")[1] for a in args if a.startswith("long=")] or [40000])[0])
        st, forfeits, distrust, sc, done = play(mode, seed, long)
        if st["reveal"] is None:
            print("seed %d: Cy never sent its reveal (call %s)" % (seed, st["call"]))
            sys.exit(2)
        print("seed %d (%s): Anna's phase began %d ms; Cy's held heartbeat %s ms (+%s); Cy's "
              "reveal %d ms (+%d)" % (
                  seed, mode, st["call"], st["flag"],
                  st["flag"] - st["call"] if st["flag"] else "-", st["reveal"],
                  st["reveal"] - st["call"]))
        print("   FORFEITs of Cy applied (ms, handheld, entry, mask): %s" % forfeits[:6])
        print("   %d s after the reveal, per handheld:" % (long // 1000))
        print("   distrust (ms, handheld, whom, role): %s" % distrust[:6])
        for s in sc:
            print("   ", {k: s[k] for k in ("k", "term", "leader", "applied", "round", "dice",
                                             "records", "paused", "heading", "names", "bad")})
        framed = [d for d in distrust if d[2] == AN and d[1] == BO]
        if framed:
            broke.append((seed, mode, st["call"], st["flag"], st["reveal"], framed[0],
                          forfeits[:1]))
    verdict(broke, "(seed, mode, phase began, Cy's held heartbeat to Bo, Cy's reveal to Bo, "
            "Bo distrusts the honest Anna (ms, handheld, whom, role), FORFEIT of Cy applied): %s"
            % broke)


if __name__ == "__main__":
    run(main)
