"""Round 20, focus 3 (Yatzy reseats). Promise: withholding never pays, the sequencer's own
included; the sequencer cannot forfeit anything a follower could not check ("a FORFEIT only after
the follower's own deadline"); no honest seat pays for what another did.

`YatzyTable._lose` (a reseat mid-turn) gives a shake owed by a MOVED seat a fresh deadline
(`_set_phase(P_ROLL)`), but the reseat can change who shakes without moving the shaker: the
shaker is a seat on another handheld than the roller's (`shaker()`), and `Table.reseat_to_bot`
gives the gone roller's seat to the sequencer's own handheld. When the sequencer's seat was the
shaker, the roller now sits on its handheld, so another seat becomes the shaker, with the
deadline of the hold: if the hold is 30 s old, the sequencer's `overdue` forfeits the new
shaker at once and every follower's clock agrees (its request was never in time).

Role: the sequencer (creator, handheld 0), the shaker of an honest roller's re-roll. Its
firmware delays its shake (free within the 30 s deadline). The honest roller's handheld goes
silent after its hold (a battery: the one event the cheat waits for). 30.5 s after the hold the
sequencer gives the gone seat to itself (what its person's pause offers).

Harness: host_tools/tablebus, Yatzy, 4 handhelds, one scorecard each, lossless, seeded.
Control: the same, but the sequencer shakes at 29 s (in time) before the reseat.

Mode `seat` (`python attacks/reseat_moves_the_shake.py seat [SEEDS]`): every handheld honest but
one ordinary seat C. The honest sequencer rolls and holds; from the hold on C's heartbeats to the
shaker (s1) and to the seat X that shakes once s1's seat sits on the roller's handheld claim the
entry before the hold (behind, no fork, no flag). s1's gate holds (7 s on it says so and is
spared); its handheld goes silent 10 s after the hold (a battery); 24 s after the hold the honest
creator's person gives the missing seat to a bot (the pause has offered it since 3.5 s). X
becomes the shaker with the hold's deadline; its gate (held by C from the reseat on) says nothing
for 7 s, and at 30 s the honest sequencer forfeits X. Control: C honest, s1 silent from the hold
(never shook), the same reseat at 24 s: X shakes at once, nobody honest forfeits.
Exit 1 when an honest seat that never owed anything in time loses a turn while the sequencer's
seat, which withheld, loses none.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))

import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire, yatzy, agree  # noqa: E402

ATK = 0
N = 4


def shaker_if(app, hosts):
    """The shaker the game would name with these hosts (the reseat's), chains as they are."""
    keep = bytes(app.hosts[:app.n])
    app.hosts[:app.n] = bytes(hosts)
    try:
        return app.shaker()
    finally:
        app.hosts[:app.n] = keep


def target(t):
    a = t.hands[ATK].app
    if a.phase != yatzy.P_ROLL or a.shaking < 0 or a.stage or a.shaker() != ATK:
        return False
    r = a.roller()
    if r == ATK:
        return False
    hosts = list(a.hosts[:a.n])
    hosts[r] = ATK
    s2 = shaker_if(a, hosts)
    return s2 >= 0 and s2 != ATK


def play(seed, attack):
    t = tablebus.Table(seats=N, seed=seed, game="yatzy")
    h = t.hands[ATK]
    a, node = h.app, h.node
    state = {"on": False}
    pr = a._play_request

    def play_request(f, s, ph, nd, decide, rand):
        if state["on"] and s == ATK and a.shaking >= 0 and not a.stage and \
                t.now - state["t0"] < state["shake_at"]:
            return False  # the cheat's firmware: its shake waits (free within the deadline)
        return pr(f, s, ph, nd, decide, rand)
    a._play_request = play_request
    od = a.overdue

    def overdue(f):
        if state["on"] and a.owed() & (1 << ATK):
            return None  # never its own forfeit
        return od(f)
    a.overdue = overdue
    forfeits = []
    for k in range(N):
        ap = t.hands[k].app.apply

        def apply_(f, seq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT and k != ATK:
                forfeits.append((t.now, k, seq, f.who))
            return ap(f, seq)
        t.hands[k].app.apply = apply_
    assert t.start_game() == 0
    if not t.run(lambda: target(t), 3_600_000):
        return None
    r = a.roller()
    state.update(on=True, t0=t.now, shake_at=29_000 if not attack else 10 ** 9)
    pen0 = a.penalty
    t.run(lambda: False, 5_000)
    t.kill(r)               # the honest roller's handheld goes silent after its hold
    t.run(lambda: t.now - state["t0"] >= 30_500, 40_000)
    stage_at_reseat = a.stage
    rs = t.give_to_bot(r, ATK)
    s2 = a.shaker() if a.shaking >= 0 else -1
    state["on"] = False  # the cheat plays honestly from here on
    t.run(lambda: False, 6_000)
    out = dict(seed=seed, roller=r, reseat=rs, stage_at_reseat=stage_at_reseat, new_shaker=s2,
               forfeits=[(x[0] - state["t0"],) + x[1:] for x in forfeits if x[0] >= state["t0"]],
               penalty=[h2.app.penalty for h2 in t.live()], pen0=pen0,
               bad=[[x for x in range(N) if h2.node._bad & (1 << x)] for h2 in t.live()],
               t_after_hold=t.now - state["t0"])
    t.run(t.done, 3_600_000)
    recs = t.records()
    out["same"] = all(x == recs[0] for x in recs)
    turns = recs[0]["turns"]
    out["forfeit_turns"] = {p: sum(1 for tn in turns if tn["p"] == p and tn.get("forfeit"))
                            for p in range(N)}
    return out


def play_seat(seed, attack, reseat_after=24_000, die_after=10_000):
    """Mode `seat`: an honest sequencer rolls; its shaker's handheld (s1) goes silent; the honest
    creator's person gives that seat to a bot `reseat_after` ms after the hold (the pause offers
    it from 3.5 s on). The cheat is an ordinary seat C: from the hold on, its heartbeats to s1 and
    to the seat X that will shake after the reseat claim the entry before the hold (behind, no
    fork, no flag), so neither's gate opens. X's deadline is the hold's: X forfeits at 30 s."""
    t = tablebus.Table(seats=N, seed=seed, game="yatzy")
    st = {"c": -1}
    a0 = t.hands[ATK].app
    ap0 = a0.apply

    def apply0(f, seq):
        r = ap0(f, seq)
        if st["c"] < 0 and "done" not in st and f.etype == wire.T_YATZY and f.kind == wire.Y_HOLD \
                and a0.roller() == ATK and a0.shaking >= 0 and not a0.stage:
            s1 = a0.shaker()
            hosts = list(a0.hosts[:a0.n])
            hosts[s1] = ATK
            x = shaker_if(a0, hosts)
            if s1 > 0 and x > 0 and x != s1:
                c = [k for k in range(1, N) if k not in (s1, x)][0]
                st.update(c=c, s1=s1, x=x, t0=t.now, hold=seq)
        return r
    a0.apply = ap0 if False else apply0
    forfeits = []
    for k in range(N):
        h = t.hands[k]
        ap = h.app.apply

        def apply_(f, seq, k=k, ap=ap):
            if f.etype == wire.T_FORFEIT and k != ATK:
                forfeits.append((t.now, k, seq, f.who))
            return ap(f, seq)
        h.app.apply = apply_
        if k == ATK:
            continue
        nd = h.node
        beat = nd._heartbeat

        def heartbeat(now, k=k, nd=nd, beat=beat, h=h):
            if not attack or st["c"] != k or "done" in st or nd.applied < st["hold"]:
                return beat(now)
            for x in range(N):
                if x == k or not nd.members & (1 << x):
                    continue
                real, keep = nd.applied, bytes(nd.chain)
                if x in (st["s1"], st["x"]):
                    c = st["hold"] - 1
                    i = c % agree.CAP
                    if nd.agree._s[i] == c:
                        nd.applied = c
                        nd.chain[:] = nd.agree._h[i * agree._C:(i + 1) * agree._C]
                f = nd.tx
                f.type = wire.T_ACK
                f.seq = 0
                f.flags = nd.leader if nd.leader >= 0 else 0x0F
                f.missing = 0
                f.chain[:] = nd.chain
                try:
                    nd._emit(x, f)
                finally:
                    nd.applied, nd.chain[:] = real, keep
            nd._hb_at = nd._hb_sent = now
        nd._heartbeat = heartbeat
    assert t.start_game() == 0
    if not t.run(lambda: st["c"] >= 0, 3_600_000):
        return None
    t0, s1, x = st["t0"], st["s1"], st["x"]
    if die_after:
        t.run(lambda: t.now - t0 >= die_after, 60_000)
    shook = t.hands[ATK].app.stage != 0 or t.hands[ATK].app.shaking < 0
    t.kill(s1)               # the shaker's handheld goes silent (a battery)
    t.run(lambda: t.now - t0 >= reseat_after, 60_000)
    rs = t.give_to_bot(s1, ATK)   # the honest creator's "give to a bot" on its pause
    t.run(lambda: t.now - t0 >= 40_000, 60_000)
    st["done"] = True
    out = dict(seed=seed, cheat=st["c"], shaker=s1, new_shaker=x, shook_before_death=shook,
               reseat=rs, forfeits=[(y[0] - t0,) + y[1:] for y in forfeits if y[0] >= t0])
    t.run(t.done, 3_600_000)
    recs = t.records()
    out["same"] = all(y == recs[0] for y in recs)
    turns = recs[0]["turns"]
    out["forfeit_turns"] = {p: sum(1 for tn in turns if tn["p"] == p and tn.get("forfeit"))
                            for p in range(N)}
    return out


def main_seat(seeds):
    broke = False
    for seed in seeds:
        ctl = play_seat(seed, False, die_after=0)  # the shaker dies with the hold: never shook
        atk = play_seat(seed, True)
        if ctl is None or atk is None:
            print("seed %d: no fitting turn" % seed)
            continue
        print("seed %d control: %s" % (seed, ctl))
        print("seed %d attack:  %s" % (seed, atk))
        x = atk["new_shaker"]
        if [y for y in atk["forfeits"] if y[3] & (1 << x)] and \
                atk["forfeit_turns"][x] > ctl["forfeit_turns"][x]:
            broke = True
    if broke:
        print("BROKEN (seat): the honest sequencer's honest reseat of a gone shaker moved the shake "
              "to a seat whose gate the cheat held; it forfeited at the hold's deadline")
        sys.exit(1)
    print("HELD (seat)")
    sys.exit(0)


def main():
    if sys.argv[1:2] == ["seat"]:
        main_seat([int(x) for x in sys.argv[2:]] or [1, 2, 3])
    seeds = [int(x) for x in sys.argv[1:]] or [1, 2, 3]
    broke = False
    for seed in seeds:
        ctl = play(seed, False)
        atk = play(seed, True)
        if ctl is None or atk is None:
            print("seed %d: no turn with the sequencer shaking for another roller" % seed)
            continue
        print("seed %d control: %s" % (seed, ctl))
        print("seed %d attack:  %s" % (seed, atk))
        s2 = atk["new_shaker"]
        fz = [x for x in atk["forfeits"] if x[3] & (1 << s2)] if s2 >= 0 else []
        if fz and atk["forfeit_turns"][s2] > ctl["forfeit_turns"][s2] and \
                atk["forfeit_turns"][ATK] <= ctl["forfeit_turns"][ATK]:
            broke = True
            print("  -> seat %d (honest, shaker only since the reseat at %d ms after the hold) "
                  "forfeited at %s; its forfeit turns %d (control %d); the sequencer's seat %d "
                  "(control %d)" % (s2, 30500, [(x[0], x[1]) for x in fz],
                                    atk["forfeit_turns"][s2], ctl["forfeit_turns"][s2],
                                    atk["forfeit_turns"][ATK], ctl["forfeit_turns"][ATK]))
    if broke:
        print("BROKEN: a reseat moved the shake to an honest seat with the hold's deadline; it "
              "forfeited a turn at once, the sequencer that withheld paid nothing")
        sys.exit(1)
    print("HELD")
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
