"""Attack (round 27, focus 1): a sequencer keeps a Yatzy roller in a resync at its turn's start
in spells shorter than a gate's time, and the roller forfeits its turn.

Promise: Withholding never pays; a FORFEIT only of a seat that could act ("a fork that holds a
gate stops the table, and costs the held seat nothing", *One liar*); round 26's fix ("a follower
in a resync is held once another member claims its log's length", `Snapshots._passed`) and the
round-24/25 argument ("no FORFEIT of the kept seat is applied"). docs/protocol.md.
Role: the sequencer (the creator, its own firmware). No radio. (host_tools/tablebus, Yatzy, three
handhelds, one scorecard each, lossless, seeded.)

How: the resync hold needs `now - _resync_from >= gate_ms` (7 s) AND another member's claim at or
past our log. `_resync_from` restarts whenever `_resync` is False at an `_ask_snap`, i.e. whenever
the follower took a snapshot. So, in the step it logs the entry c that starts Bo's turn, the
sequencer sends Bo alone a heartbeat claiming c (its head) with a chain not its own (`_on_forks`,
x == leader: `_resync`; a claim below Bo's head finds no chain to compare once Bo took a state);
every heartbeat to Bo says the same and Bo's snapshot frames are dropped, but every ~6 s (offsets
`REL` from c) the sequencer streams Bo its true state at c. Cy (honest, at c) vouches; Bo takes
it (`_resync` False, `_split` cleared); the next step the sequencer's heartbeat to Bo forks it again
(the harness reads Bo's `_resync` as the stand-in for hearing Cy's VOUCH answer to Bo on the air).
No spell of `_resync` lasts 7 s, so `_sheld` never goes up; in the step between the state and the
fork Bo's gate waits for Cy (agree.forget()), which raises `_fheld` once 7 s past the first such
step, for 3.5 s: the last state is given at 24.5 s so that both flags are down at the deadline.
Bo's claim stays c, the phase's first entry, so `_disputed` spares nothing: at 30 s the sequencer's
unchanged code logs the FORFEIT of Bo's turn and Cy applies it (its own clock says 27 s).
Then the sequencer turns honest and the game ends.
Variant `hold` (no state given: resync_turn low on today's code): Bo is held 7 s on (expected held).
Variant `blind`: the sequencer never looks at Bo's state, only at the air: once it hears Cy's VOUCH
answer to Bo it sends the fork heartbeat a step (5 ms) later: Bo takes the state in the tick after
the answer arrives, and a fork heartbeat that came with the answer makes the sequencer a witness
that differs (nothing taken). `blind-every` too.
Variant `every`: again at each of Bo's turns from round 2 (once Bo took the state after the last).
Variant `snyd` (`snyd-blind`, `snyd-every`): tablebus Snyd, 3 dice, 3 handhelds: the trick at the
call of a round from round 2 that Bo plays (the sequencer and Cy reveal as usual; each state given
is the head then); the FORFEIT is of Bo's reveal, a die.
Variant `table` (`table-blind`, `table-every`): Yatzy on attacks/_table3's real table.Table
handhelds (the pump, a person's press rolls; 20 ms loops), not tablebus.
Variant `loss` (with any other: `blind-loss`): 10 % of frames lost per receiver (the control too).
Control: the same game, no false heartbeat.

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in a trick's turn (nor blames an
honest handheld); 1 with the evidence; 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.table import wire, log  # noqa: E402
from dicecup.table import yatzy as yatzytable  # noqa: E402
from _resync import emitter  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402
from dicecup.rules import snyd  # noqa: E402

ATK, BO, CY = 0, 1, 2
REL = (6000, 12000, 18000, 24500)   # ms after c: the sequencer gives Bo its true state
AFTER_MS = 90000                    # how long the run goes on after the (last) trick


class _Hand:
    def __init__(self, trio, k):
        self.trio, self.k = trio, k

    node = property(lambda self: self.trio.tables[self.k].node)
    app = property(lambda self: self.trio.tables[self.k].game)


class _Air:
    log = None


class Real:
    """attacks/_table3: three real table.Table handhelds (the pump, the person's press), with the
    face tablebus.Table shows this script; `bus.log` is what the air carried (as heard)."""
    step_ms = 20

    def __init__(self, seed):
        from _table3 import Trio, mac
        from resync_turn import yatzy_mover
        from dicecup.table.lobby import G_YATZY
        self.t = Trio(3, rules=("standard", None, 0), game=G_YATZY, mover=yatzy_mover, seed=seed)
        self.t.seat_all()
        self.t.start()
        self.hands = [_Hand(self.t, k) for k in range(3)]
        self.bus = _Air()
        self.bus.log = []
        macs = {mac(k): k for k in range(3)}

        def heard(src, dst, data):
            self.bus.log.append((self.t.now, macs.get(src), macs.get(dst), bytes(data)))
            return True
        self.t.filters.append(heard)

    now = property(lambda self: self.t.now)

    def run(self, cond, ms):
        return self.t.until(cond, ms)

    def done(self):
        return all(tb.saved_games for tb in self.t.tables)

    def records(self):
        return [r[-1] for r in self.t.records() if r]


def play(attack, variant, seed):
    sn = "snyd" in variant
    loss = 0.1 if "loss" in variant else 0.0
    if "table" in variant:
        t = Real(seed)
    elif sn:
        t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=3), loss=loss)
    else:
        t = tablebus.Table(seats=3, game="yatzy", seed=seed, loss=loss)
    if "table" not in variant:
        assert t.start_game() == 0
    A, B, C = t.hands[ATK], t.hands[BO], t.hands[CY]
    node, app = A.node, A.app
    bo, cy = B.node, C.node
    st = dict(c=None, at=None, round=None, phase=0, last=1, cur=None, rel=0, release=False, rel_at=0, air=0, fork_at=None,
              given=[], snaps_dropped=0, honest_at=None, tricks=[])
    orig_emit = node._emit
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN

    def to_bo(f):
        keep = bytes(f.chain)
        emit_to(BO, f, ack=node.applied, chain=fake)  # (our head: c in Yatzy, nothing logged after)
        f.chain[:] = keep

    def fork_bo():
        f2 = wire.Frame()
        f2.type = wire.T_ACK
        f2.flags = node.leader & log.F_LEADER_MASK
        to_bo(f2)

    def emit(dest, f):
        if st["phase"] != 1:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            return to_bo(f)
        if f.type == wire.T_ACK and dest == BO:
            return to_bo(f)
        if f.type == wire.T_SNAP and dest == BO and not st["release"]:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    ap = app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        if sn:
            trick = app.phase == snydtable.P_REVEAL and app.part & (1 << BO) and \
                app.game.dice_left[BO] and not app.revealed
        else:
            trick = app.phase == yatzytable.P_TURN and app.roller() == BO
        if attack and st["phase"] == 0 and app.round > st["last"] and trick:
            if st["c"] is None:
                st["c"] = seq
                st["at"] = t.now
                st["round"] = app.round
            st["last"] = app.round
            st["cur"] = seq
            st["rel"] = 0
            st["tricks"].append((app.round, seq, t.now))
            st["phase"] = 1
            fork_bo()  # at once, before any heartbeat of ours shows c
        return r
    app.apply = apply_

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << BO):
                forfeits.append((t.now, k, seq, f.who, bool(cy.held(t.now) & (1 << BO))))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        h.node._distrust = distrust_

    seen = dict(resync_from=None, resync_max=0, held=[], held_on=None, bo_reveal=None,
                after2=None)

    def watch():
        now = t.now
        if sn and seen["after2"] is None and C.app.round > 2:
            seen["after2"] = list(C.app.game.dice_left)  # (Cy's dice count after round 2)
        if bo._resync and st["phase"] == 1:  # (the spells before the FORFEIT)
            if seen["resync_from"] is None:
                seen["resync_from"] = now
            seen["resync_max"] = max(seen["resync_max"], now - seen["resync_from"])
        else:
            seen["resync_from"] = None
        hb = bool(bo.held(now) & (1 << BO))
        if hb and seen["held_on"] is None:
            seen["held_on"] = now
        elif not hb and seen["held_on"] is not None:
            seen["held"].append((seen["held_on"], now))
            seen["held_on"] = None
        if st["phase"] == 1:
            c0 = st["tricks"][-1][2]
            if "blind" in variant:
                # no look at Bo: what the sequencer's radio hears. Cy's VOUCH answer to Bo is on
                # the air; Bo takes our state in the tick after it arrives (a fork heartbeat that
                # came with it would make us a witness that differs), so ours goes a step later
                if st["release"] and st["fork_at"] is not None and now >= st["fork_at"]:
                    st["release"] = False
                    st["fork_at"] = None
                    fork_bo()
                elif st["release"] and st["fork_at"] is None:
                    for (_, src, dst, d) in t.bus.log[st["air"]:]:
                        if src == CY and dst in (BO, None) and d[2] == wire.T_VOUCH:
                            st["given"].append(now - c0)
                            st["fork_at"] = now + t.step_ms
                            break
                    st["air"] = len(t.bus.log)
            elif st["release"] and not bo._resync:
                st["release"] = False  # Bo took our state (Cy's VOUCH answer heard): fork again
                st["given"].append(now - c0)
                fork_bo()
            if variant != "hold" and st["rel"] < len(REL) and now - c0 >= REL[st["rel"]] and \
                    (bo._resync or "blind" in variant) and not st["release"]:
                st["rel"] += 1
                st["release"] = True
                st["rel_at"] = now
                st["air"] = len(t.bus.log)
                node._snap_at[BO] = now - 10 ** 6
                node._send_snapshot(BO, now)
            if any(f[1] == CY and f[2] > st["tricks"][-1][1] for f in forfeits):
                st["phase"] = 2
                st["release"] = False
                if st["honest_at"] is None:
                    st["honest_at"] = now
        elif st["phase"] == 2 and "every" in variant and not bo._resync:
            st["phase"] = 0
        if st["c"] is not None and now - st["tricks"][-1][2] > AFTER_MS:
            return True
        return False

    if attack:
        t.run(lambda: st["c"] is not None or t.done(), 3_600_000)
        if st["c"] is None:
            return None
        t.run(lambda: watch() or t.done(), 3_600_000)
    else:
        t.run(lambda: watch() or t.done(), 3_600_000)
    recs = t.records()
    if sn:
        return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, fturns=[],
                    same=all(r == recs[0] for r in recs), done=t.done(),
                    cheats=[h.app.cheats for h in t.hands],
                    dice=[list(h.app.game.dice_left) for h in t.hands],
                    rounds=[h.app.round for h in t.hands])
    turns = recs[0]["turns"] if recs else []
    fturns = [(i // 3 + 1, tn["p"]) for i, tn in enumerate(turns) if tn.get("forfeit")]
    if seen["held_on"] is not None:
        seen["held"].append((seen["held_on"], None))
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, fturns=fturns,
                same=all(r == recs[0] for r in recs), done=t.done(),
                cheats=[h.app.cheats for h in t.hands])


def show(tag, r):
    st = r["st"]
    print("%s: Bo's turn starts at entry %s (round %s) at %s ms; tricks (round, entry, ms) %s;"
          " honest again at %s ms" % (tag, st["c"], st["round"], st["at"], st["tricks"],
                                      st["honest_at"]))
    s = r["seen"]
    print("   Bo took our state at (ms after its turn began) %s; longest resync spell %d ms; Bo "
          "held (its own view, from-to ms) %s; snapshot frames to Bo dropped %d" % (
              st["given"], s["resync_max"], s["held"][:12], st["snaps_dropped"]))
    print("   FORFEITs naming Bo's seat (ms, handheld, entry, mask, Cy saw Bo held): %s" %
          r["forfeits"])
    print("   distrust (ms, handheld, whom): %s" % r["distrust"])
    print("   forfeit turns in the records (round, scorecard): %s; records agree %s; game over %s;"
          " cheats %s" % (r["fturns"], r["same"], r["done"], r["cheats"]))


def main():
    args = sys.argv[1:]
    variant = args[0] if args and not args[0].isdigit() else "cycle"
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play(False, variant, seed)
        show("seed %d control" % seed, c)
        if "snyd" in variant:
            print("   dice at the end %s" % c["dice"][0])
        if c["forfeits"] or c["fturns"] or not c["done"]:
            print("control failed")
            sys.exit(2)
        r = play(True, variant, seed)
        if r is None:
            print("seed %d: Bo's turn never came" % seed)
            sys.exit(2)
        show("seed %d attack (%s)" % (seed, variant), r)
        if "snyd" in variant:
            print("   dice at the end %s (control %s); at Cy after round 2 %s (control %s)" % (
                r["dice"][0], c["dice"][0], r["seen"]["after2"], c["seen"]["after2"]))
        trick_entries = [x[1] for x in r["st"]["tricks"]]
        cy_f = [f for f in r["forfeits"] if f[1] == CY and f[2] > trick_entries[0]]
        honest_blamed = [d for d in r["distrust"] if d[2] != ATK]
        tr = {x[0] for x in r["st"]["tricks"]}
        lost = [x for x in r["fturns"] if x[1] == BO and x[0] in tr]
        print("   Bo's forfeit turns: control %d, attack %d (in trick rounds %d)" % (
            len([x for x in c["fturns"] if x[1] == BO]),
            len([x for x in r["fturns"] if x[1] == BO]), len(lost)))
        if cy_f or honest_blamed or lost:
            broke.append((seed, cy_f[:3], honest_blamed, lost))
    if broke:
        print("BROKEN: variant %s, (seed, FORFEITs of Bo's turn Cy applied, honest handhelds "
              "blamed, Bo's forfeit turns in trick rounds): %s" % (variant, broke))
        sys.exit(1)
    print("HELD: variant %s, no FORFEIT of Bo's turn applied by an honest handheld" % variant)
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
