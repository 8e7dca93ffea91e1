"""Attack (round 29, focus 1): the sequencer puts its own reveal off for ever with one held
heartbeat every 20 s, while the screens name nobody.

Today's fix (015128e): every handheld keeps when each handheld's heartbeat last said F_HELD
(`gate._fheld_at`, log `_admit`: the sequencer's own heartbeats too), and `_disputed` spares that
handheld's seats for a whole deadline after it (`fresh_from_hold`: a follower 27 s). A follower's
police (`_police` -> `_spare` -> `_disputed`) therefore spare the sequencer's own late reveal for
27 s after each held heartbeat it sends. The stated cost of a self-flag is a stop "paused on its
name" (One liar: "A liar that raises the flag itself gains a deadline more each time it lowers it,
while the table stops paused on its name: the same stall as keeping the flag up"). But what names
the sequencer is its flag in its latest heartbeat (`Node.held`), and its own pause byte (which
it writes): one held heartbeat in 20 s shows on the followers' screens for one heartbeat period
(750 ms), and its "missing" byte names nobody.

Anna (the creator, sequencer) withholds her round-1 reveal, never logs her own FORFEIT, and from
10 s after the call sends every 20 s ONE heartbeat with the held flag (to everyone, the same
heartbeat); nothing else changes. Control `noflag`: the same without the flag: Bo and Cy's police
depose her 35 s after the call and the next sequencer forfeits her reveal.
Promise: withholding never pays (a forfeit the cheat owes put off for ever); "a stall that names
the cheater is the stated cost of a flag; a stall that names an honest handheld, or none, is a
break" (the brief). Role: sequencer. No radio, no loss. (`_table3` Trio, Snyd, 3 dice.)
Variant `overdue`: the sequencer's own `overdue` left as it is (it spares itself after its own
flag, `_spared`, and its pause byte names it: the stated cost).
Variant `turn` (pre-dates 015128e, the same kind: a flag's effect outlives what names it): an
ordinary seat (Cy) never bids on its bidding turn and sends one held heartbeat every 60 s; each
restarts every handheld's move clock (pump `_hold_clock`), so the seat never stalls, the pause
that names a staller and offers a bot never comes, and the screens name Cy only while its latest
heartbeat says held (`turn noflag`: the control, Cy silent: paused on Cy 2 minutes on).
Usage: .venv/bin/python attacks/flicker_own_reveal.py [turn] [noflag] [overdue] [long=ms] [seeds...]
Verdict: 0 if Anna's reveal is forfeited (or she is deposed) or the followers' screens name her
most of the time; 1 with the evidence (no FORFEIT, nobody deposed, the share of 100 ms samples in
which Bo's and Cy's screens name Anna); 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, snyd, seat_of, screens, watch_seat  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

AN, BO, CY = 0, 1, 2
FIRST = 10000      # ms after the call: Anna's first held heartbeat
EVERY = 20000      # ... and again this often (under a follower's 27 s)


def play(mode, seed=1, long=200000, keep=False):
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    a = t.tables[AN]
    node = a.node
    g = a.game
    me = seat_of(a, AN)
    st = {"call": None, "flags": [], "rnd": None}
    forfeits, distrust = [], []
    watch_seat(t, (BO, CY), me, forfeits, distrust)
    real_play = g._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if mode and ph == snydtable.P_REVEAL and s == me and st["rnd"] in (None, g.round):
            if st["call"] is None:
                st["call"], st["rnd"] = t.now, g.round
            return False  # Anna never reveals (round 1)
        return real_play(f, s, ph, nd, decide, rand)
    g._play_request = play_request
    over = g.overdue
    g.overdue = lambda f: None if mode and st["call"] is not None and not keep else over(f)  # no
    # own FORFEIT (`overdue`: the sequencer's unchanged code, which spares itself after its own
    # flag and so names itself in its pause byte)

    real_hb = node._heartbeat
    real_held = node._gate_held
    force = [False]
    node._gate_held = lambda now: force[0] or real_held(now)

    def heartbeat(now):
        c = st["call"]
        if mode == "flicker" and c is not None and now - c >= FIRST and \
                (not st["flags"] or now - st["flags"][-1] >= EVERY):
            st["flags"].append(now)
            force[0] = True  # this one heartbeat says F_HELD
            real_hb(now)
            force[0] = False
            return
        real_hb(now)
    node._heartbeat = heartbeat
    t.until(lambda: st["call"] is not None, 100000)
    named = {BO: 0, CY: 0}
    paused = {BO: 0, CY: 0}
    n = 0
    end = t.now + long
    while t.now < end and not forfeits and not t.done():
        t.tick(5)
        n += 1
        for k in (BO, CY):
            tb = t.tables[k]
            m = tb.held_mask() | tb.waiting_mask()
            named[k] += bool(m & (1 << AN))
            paused[k] += bool(m & ~(1 << k))
    return st, forfeits, distrust, screens(t), n, named, paused


def play_turn(mode, seed=1, long=300000, every=60000):
    """`turn`: an ordinary seat (Cy) never bids on its turn and sends one held heartbeat every
    `every` ms from 10 s into it (`noflag`: silent only). What restarts a move clock is seeing
    the table held (pump `_hold_clock`: `Node.held`, the latest heartbeat's flag)."""
    t = Trio(3, rules=snyd.Rules(dice=3), seed=seed)
    t.seat_all()
    t.start()
    c = t.tables[CY]
    node = c.node
    g = c.game
    me = seat_of(c, CY)
    st = {"call": None, "flags": [], "rnd": None}
    real_play = g._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if ph == snydtable.P_BID and s == me and g.game.on_turn == me and \
                st["rnd"] in (None, g.round):
            if st["call"] is None:
                st["call"], st["rnd"] = t.now, g.round
            return False  # Cy never bids
        return real_play(f, s, ph, nd, decide, rand)
    g._play_request = play_request
    real_hb = node._heartbeat
    real_held = node._gate_held
    force = [False]
    node._gate_held = lambda now: force[0] or real_held(now)

    def heartbeat(now):
        c0 = st["call"]
        if mode == "flicker" and c0 is not None and now - c0 >= FIRST and \
                (not st["flags"] or now - st["flags"][-1] >= every):
            st["flags"].append(now)
            force[0] = True
            real_hb(now)
            force[0] = False
            return
        real_hb(now)
    node._heartbeat = heartbeat
    t.until(lambda: st["call"] is not None, 200000)
    named = {AN: 0, BO: 0}
    stalled = {AN: 0, BO: 0}
    n = 0
    end = t.now + long
    first_named = None
    while t.now < end and not t.done():
        t.tick(5)
        n += 1
        for k in (AN, BO):
            tb = t.tables[k]
            m = tb.held_mask() | tb.waiting_mask()
            named[k] += bool(m & (1 << CY))
            stalled[k] += bool(tb.game.stalled(t.now) & (1 << CY))
            if k == AN and tb.waiting_mask() & (1 << CY) and first_named is None:
                first_named = t.now
    waits = [t.tables[k].game.waits_on() for k in range(3)]
    return st, n, named, stalled, first_named, waits, me, screens(t)


def main_turn(args):
    mode = "noflag" if "noflag" in args else "flicker"
    long = int(([x.split("=")[1] for x in args if x.startswith("long=")] or [300000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        st, n, named, stalled, first, waits, me, sc = play_turn(mode, seed, long)
        if st["call"] is None:
            print("seed %d: Cy never had a bidding turn" % seed)
            sys.exit(2)
        c = st["call"]
        print("seed %d (turn, %s): Cy's bidding turn from %d ms; held heartbeats at +%s s" % (
            seed, mode, c, [round((x - c) / 1000.0, 1) for x in st["flags"][:8]]))
        print("   100 ms samples: %d; Anna's screen names Cy in %d (stalled by her clock in %d), "
              "Bo's in %d (%d); Anna's pause first named Cy (missing, or its flag) at %s; the game waits on "
              "seat %s per handheld (Cy's %d)" % (n, named[AN], stalled[AN], named[BO],
                                                   stalled[BO], first, waits, me))
        for s in sc:
            print("   ", {k: s[k] for k in ("k", "term", "leader", "applied", "round", "phase",
                                             "paused", "heading", "names")})
        if not max(stalled.values()) and waits[AN] == me and max(named.values()) * 2 < n:
            broke.append((seed, c, len(st["flags"]), n, named[AN], named[BO]))
    verdict(broke, "(seed, Cy's turn from ms, held heartbeats, 100 ms samples, samples Anna's / "
            "Bo's screen named Cy): %s; the game still waits on Cy's bid, never stalled, no "
            "pause offered a bot" % broke)


def main():
    args = sys.argv[1:]
    if "turn" in args:
        return main_turn(args)
    mode = "noflag" if "noflag" in args else "flicker"
    keep = "overdue" in args
    long = int(([x.split("=")[1] for x in args if x.startswith("long=")] or [200000])[0])
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        st, forfeits, distrust, sc, n, named, paused = play(mode, seed, long, keep)
        if st["call"] is None:
            print("seed %d: Anna never owed a reveal" % seed)
            sys.exit(2)
        c = st["call"]
        print("seed %d (%s): Anna owes her reveal from %d ms; held heartbeats at +%s s" % (
            seed, mode, c, [round((x - c) / 1000.0, 1) for x in st["flags"][:12]]))
        print("   FORFEITs of Anna applied (ms, handheld, entry, mask): %s" % forfeits[:3])
        print("   distrust (ms, handheld, whom, role): %s" % distrust[:4])
        print("   100 ms samples: %d; Bo's screen names Anna in %d (any pause %d), Cy's in %d "
              "(any pause %d)" % (n, named[BO], paused[BO], named[CY], paused[CY]))
        for s in sc:
            print("   ", {k: s[k] for k in ("k", "term", "leader", "applied", "round", "phase",
                                             "dice", "paused", "heading", "names", "late", "bad")})
        if not forfeits and not distrust and max(named.values()) * 2 < n:
            broke.append((seed, c, len(st["flags"]), n, named[BO], named[CY], sc[BO]["late"]))
    verdict(broke, "(seed, Anna's reveal owed from ms, held heartbeats sent, 100 ms samples, "
            "samples Bo's / Cy's screen named Anna, seats Bo's clock finds late at the end): %s; "
            "no FORFEIT of Anna, nobody deposed" % broke)


if __name__ == "__main__":
    run(main)
