"""Attack (round 26): a Yatzy roller kept in a resync at its turn's start, while nobody claims past
its log, forfeits its turn.

Promise: Withholding never pays; a FORFEIT only of a seat that could act ("a fork that holds a
gate stops the table, and costs the held seat nothing", *One liar*); the round-24/25 argument (a
follower kept in the check after a fork "judges nobody meanwhile ... and no FORFEIT of the kept
seat is applied"; "a lying sequencer gains nothing by it beyond what a heartbeat showing another
chain at the follower's head already could"). docs/protocol.md.
Role: the sequencer (the creator, its own firmware). No radio. (host_tools/tablebus, Yatzy, three
handhelds, one scorecard each, lossless, seeded.)

How: 521a9a5 holds a follower in `_resync` once a gate's time has passed AND a member's heartbeat
claims past its log (`Snapshots._passed`). In Yatzy the only debt of a turn's first phase (P_TURN)
is the roller's reveal, and the reveal is gated (`agreed()` is False in `_resync`). So the
sequencer, in the step it logs the entry c that starts Bo's turn, sends Bo alone a heartbeat
claiming c with a chain that is not its own (`_on_forks`: x == leader -> NACK 0, `_resync`);
every later heartbeat to Bo says the same, and Bo's NACK 0s get no snapshot. It logs nothing else.
Nobody's heartbeat claims past c (Cy's says c, the sequencer's to Bo c), so `_passed()` is False:
Bo is never held, raises no flag, judges nobody, and cannot reveal. Bo's claim is c, the phase's
first entry, so `_disputed` spares nothing: at the deadline the sequencer's own (unchanged) code
logs a FORFEIT of Bo's turn and Cy applies it (its own clock says 27 s passed). Only then does a
claim pass Bo's log (Cy's), and Bo is held - after the fact. The sequencer then turns honest: it
answers Bo's next NACK 0 with its state, Cy vouches, the game ends with Bo's turn a forfeit turn.
Variant `low`: after that first one, the heartbeats to Bo claim c-1 with the real chain there (as
resync_below low).
Variant `snyd`: the same gap in Snyd (tablebus, 2 dice): a round only Anna and Bo play (Cy out);
at the call the fork heartbeat to Bo, the sequencer's own reveal held back, and at the deadline a
FORFEIT naming Bo's seat alone; then it reveals (see play_snyd).
Variant `table` (`fork-table`, `fork-every-table`): on attacks/_table3's real table.Table handhelds
(the pump; the person's press rolls), not tablebus.
Variant `every` (with fork or low: `fork-every`): the same at each of Bo's turns from round 2, once
Bo took the state after the last.
Control: the same game, no false heartbeat: Bo reveals and plays its turn.

Verdict: 0 if no honest handheld applies a FORFEIT of Bo's seat in the trick's turn (nor names
anyone honest); 1 with the evidence; 2 could not run.
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
from _resync import chain_at, emitter  # noqa: E402

ATK, BO, CY = 0, 1, 2
RUN_MS = 120000


class Bus:
    """host_tools/tablebus: the protocol modules alone."""

    def __init__(self, seed):
        self.t = tablebus.Table(seats=3, game="yatzy", seed=seed)
        assert self.t.start_game() == 0

    now = property(lambda self: self.t.now)

    def node(self, k):
        return self.t.hands[k].node

    def app(self, k):
        return self.t.hands[k].app

    def run(self, cond, ms):
        return self.t.run(cond, ms)

    def done(self):
        return self.t.done()

    def records(self):
        return self.t.records()


def yatzy_mover(tb):
    """The person's Yatzy move as the screens would hand it over (the bot protocol's choice)."""
    g = tb.game
    if g is None or tb.move is not None or g.phase not in (yatzytable.P_TURN, yatzytable.P_ROLL):
        return
    s = tb.my_seat()
    if s >= 0 and g.to_move(s) and not tb.node.pending(s):
        mv = g.bot_move(tb._bot(s), s, tb.now)
        if mv is not None:
            tb.submit_move(mv)


class Real:
    """attacks/_table3: three real table.Table handhelds (the pump, the person's press)."""

    def __init__(self, seed):
        from _table3 import Trio
        from dicecup.table.lobby import G_YATZY
        self.t = Trio(3, rules=("standard", None, 0), game=G_YATZY, mover=yatzy_mover, seed=seed)
        self.t.seat_all()
        self.t.start()

    now = property(lambda self: self.t.now)

    def node(self, k):
        return self.t.tables[k].node

    def app(self, k):
        return self.t.tables[k].game

    def run(self, cond, ms):
        return self.t.until(cond, ms)

    def done(self):
        return all(tb.saved_games for tb in self.t.tables)

    def records(self):
        return [r[-1] for r in self.t.records() if r]


def play(attack, variant, seed):
    t = Real(seed) if "table" in variant else Bus(seed)
    node = t.node(ATK)
    st = dict(c=None, at=None, round=None, phase=0, snaps_dropped=0, honest_at=None, last=1,
              cur=None,
              tricks=[])
    orig_emit = node._emit
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN

    def to_bo(f, first=False):
        keep = bytes(f.chain)
        c = st["cur"]
        if "low" in variant and not first and chain_at(node, c - 1) is not None:
            emit_to(BO, f, ack=c - 1, chain=chain_at(node, c - 1))
        else:
            emit_to(BO, f, ack=c, chain=fake)
        f.chain[:] = keep

    def emit(dest, f):
        if st["phase"] != 1:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            return to_bo(f)
        if f.type == wire.T_ACK and dest == BO:
            return to_bo(f)
        if f.type == wire.T_SNAP and dest == BO:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    # the trick's trigger: the sequencer applies the entry that starts Bo's turn (round 2 on)
    app = t.app(ATK)
    ap = app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        if attack and st["phase"] == 0 and app.round > st["last"] and \
                app.phase == yatzytable.P_TURN and app.roller() == BO:
            if st["c"] is None:
                st["c"] = seq
                st["at"] = t.now
                st["round"] = app.round
            st["last"] = app.round
            st["cur"] = seq
            st["tricks"].append((app.round, seq, t.now))
            st["phase"] = 1
            f2 = wire.Frame()
            f2.type = wire.T_ACK
            f2.flags = node.leader & log.F_LEADER_MASK
            to_bo(f2, True)  # at once, before any heartbeat of ours shows c
        return r
    app.apply = apply_

    forfeits, distrust = [], []
    for k in (BO, CY):
        happ, hnode = t.app(k), t.node(k)
        apk = happ.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << BO):
                forfeits.append((t.now, k, seq, f.who))
            return apk(f, seq)
        happ.apply = applyk
        dn = hnode._distrust

        def distrust_(x, k=k, dn=dn, nd=hnode):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        hnode._distrust = distrust_

    bo = t.node(BO)
    cy = t.node(CY)
    seen = dict(resync_from=None, resync_max=0, held_first=None, flag_first=None,
                cy_claim_past=None)

    def watch():
        if bo._resync:
            if seen["resync_from"] is None:
                seen["resync_from"] = t.now
            seen["resync_max"] = max(seen["resync_max"], t.now - seen["resync_from"])
        else:
            seen["resync_from"] = None
        if st["c"] is not None:
            if seen["held_first"] is None and bo.held(t.now) & (1 << BO):
                seen["held_first"] = t.now
            if seen["flag_first"] is None and cy._fflag & (1 << BO):
                seen["flag_first"] = t.now
            if seen["cy_claim_past"] is None and cy.applied > st["c"]:
                seen["cy_claim_past"] = t.now
            if st["phase"] == 1 and any(f[1] == CY and f[2] > st["tricks"][-1][1]
                                        for f in forfeits):
                st["phase"] = 2  # done: honest again (Bo's next NACK 0 gets our state)
                if st["honest_at"] is None:
                    st["honest_at"] = t.now
            elif st["phase"] == 2 and "every" in variant and not bo._resync:
                st["phase"] = 0  # Bo took our state: again at its next turn
        return False

    if attack:
        t.run(lambda: st["c"] is not None or t.done(), 3_600_000)
        if st["c"] is None:
            return None
        t.run(lambda: watch() or t.done(), 3_600_000)
    else:
        t.run(t.done, 3_600_000)
    recs = t.records()
    turns = recs[0]["turns"] if recs else []  # (none: the game stopped, held, before its end)
    fturns = [(i // 3 + 1, tn["p"]) for i, tn in enumerate(turns) if tn.get("forfeit")]
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, fturns=fturns,
                same=all(r == recs[0] for r in recs), done=t.done(),
                cheats=[t.app(k).cheats for k in range(3)],
                bo_conflict=bo.dropped[log.D_CONFLICT])


def show(tag, r):
    st = r["st"]
    print("%s: Bo's turn starts at entry %s (round %s) at %s ms; honest again at %s ms; tricks "
          "(round, entry, ms) %s" % (tag, st["c"], st["round"], st["at"], st["honest_at"],
                                     st["tricks"]))
    s = r["seen"]
    print("   Bo: longest resync %d ms; Bo held first at %s, Cy saw Bo's flag first at %s, "
          "Cy's log first past c at %s; snapshot frames to Bo dropped %d" % (
              s["resync_max"], s["held_first"], s["flag_first"], s["cy_claim_past"],
              st["snaps_dropped"]))
    print("   FORFEITs naming Bo's seat (time, handheld, entry, mask): %s" % r["forfeits"])
    print("   distrust (time, handheld, whom): %s" % r["distrust"])
    print("   forfeit turns in the records (round, scorecard): %s; records agree %s; game over %s;"
          " cheats %s" % (r["fturns"], r["same"], r["done"], r["cheats"]))

def play_snyd(attack, seed, dice=2):
    """`snyd`: the same gap in a Snyd round that only Anna (the sequencer) and Bo play (Cy out of
    the game). At the call c, the fork heartbeat to Bo; the sequencer holds its own reveal back
    (nothing past c is logged), and at the deadline logs a FORFEIT naming Bo's seat alone (its own
    seat, late too, left out: its firmware's choice), then reveals. Cy's police would depose it
    for its own reveal only 5 s past the deadline."""
    from dicecup.rules import snyd
    from dicecup.table import snyd as snydtable
    t = tablebus.Table(seats=3, seed=seed, rules=snyd.Rules(dice=dice))
    assert t.start_game() == 0
    a = t.hands[ATK]
    node, app = a.node, a.app
    st = dict(c=None, cur=None, at=None, round=None, phase=0, snaps_dropped=0, honest_at=None,
              tricks=[], dice_at_call=None)
    orig_emit = node._emit
    emit_to = emitter(node)
    fake = b"\x5a" * wire.CHAIN_LEN

    def to_bo(f):
        keep = bytes(f.chain)
        emit_to(BO, f, ack=st["cur"], chain=fake)
        f.chain[:] = keep

    def emit(dest, f):
        if st["phase"] != 1:
            return orig_emit(dest, f)
        if f.type == wire.T_ACK and dest == log.BROADCAST:
            orig_emit(CY, f)
            return to_bo(f)
        if f.type == wire.T_ACK and dest == BO:
            return to_bo(f)
        if f.type == wire.T_SNAP and dest == BO:
            st["snaps_dropped"] += 1
            return
        return orig_emit(dest, f)
    node._emit = emit

    sub = node.submit

    def submit(f, now):
        if st["phase"] == 1 and f.etype == wire.T_REVEAL:
            return None  # our own reveal waits until Bo's seat is forfeited
        return sub(f, now)
    node.submit = submit

    ov = app.overdue

    def overdue(f):
        r = ov(f)
        if r is not None and st["phase"] >= 1:
            f.who &= ~(1 << ATK)  # Bo's seat alone (ours is revealed right after it)
            if not f.who:
                return None
            if st["phase"] == 1:
                st["phase"] = 2
                st["honest_at"] = t.now
        return r
    app.overdue = overdue

    ap = app.apply

    def apply_(f, seq):
        r = ap(f, seq)
        g = app.game
        if attack and st["phase"] == 0 and app.phase == snydtable.P_REVEAL and \
                g.dice_left[CY] == 0 and g.dice_left[BO] > 0 and g.dice_left[ATK] > 0:
            st["c"] = st["cur"] = seq
            st["at"] = t.now
            st["round"] = app.round
            st["dice_at_call"] = list(g.dice_left)
            st["tricks"].append((app.round, seq, t.now))
            st["phase"] = 1
            f2 = wire.Frame()
            f2.type = wire.T_ACK
            f2.flags = node.leader & log.F_LEADER_MASK
            to_bo(f2)
        return r
    app.apply = apply_

    forfeits, distrust = [], []
    for k in (BO, CY):
        h = t.hands[k]
        apk = h.app.apply

        def applyk(f, seq, k=k, apk=apk):
            if f.etype == wire.T_FORFEIT and f.who & (1 << BO):
                forfeits.append((t.now, k, seq, f.who))
            return apk(f, seq)
        h.app.apply = applyk
        dn = h.node._distrust

        def distrust_(x, k=k, dn=dn, nd=h.node):
            if x >= 0 and not nd._bad & (1 << x):
                distrust.append((t.now, k, x))
            return dn(x)
        h.node._distrust = distrust_
    bo, cy = t.hands[BO].node, t.hands[CY].node
    seen = dict(resync_from=None, resync_max=0, held_first=None, flag_first=None,
                cy_claim_past=None)
    after = {}

    def watch():
        if bo._resync:
            if seen["resync_from"] is None:
                seen["resync_from"] = t.now
            seen["resync_max"] = max(seen["resync_max"], t.now - seen["resync_from"])
        else:
            seen["resync_from"] = None
        if st["c"] is not None:
            if seen["held_first"] is None and bo.held(t.now) & (1 << BO):
                seen["held_first"] = t.now
            if seen["flag_first"] is None and cy._fflag & (1 << BO):
                seen["flag_first"] = t.now
            if seen["cy_claim_past"] is None and cy.applied > st["c"]:
                seen["cy_claim_past"] = t.now
            if "cy" not in after and t.hands[CY].app.round > st["round"]:
                after["cy"] = list(t.hands[CY].app.game.dice_left)
        return False

    if attack:
        t.run(lambda: st["c"] is not None or t.done(), 3_600_000)
        if st["c"] is None:
            return None
    t.run(lambda: watch() or t.done(), 3_600_000)
    recs = t.records()
    return dict(st=st, forfeits=forfeits, distrust=distrust, seen=seen, done=t.done(),
                same=all(r == recs[0] for r in recs), after=after.get("cy"),
                cheats=[h.app.cheats for h in t.hands],
                dice_end=[list(h.app.game.dice_left) for h in t.hands])


def main_snyd(seeds):
    broke, ran = [], 0
    for seed in seeds:
        c = play_snyd(False, seed)
        if c["forfeits"] or not c["done"]:
            print("seed %d control failed: %s" % (seed, c))
            sys.exit(2)
        r = play_snyd(True, seed)
        if r is None:
            print("seed %d: no round with Anna and Bo in and Cy out" % seed)
            continue
        ran += 1
        st, s = r["st"], r["seen"]
        print("seed %d attack (snyd): the call is entry %s (round %s) at %s ms, dice %s; Bo: "
              "longest resync %d ms, held first at %s, Cy's log first past c at %s; FORFEITs of "
              "Bo's seat %s; dice at Cy after the round %s, at the end %s; records agree %s, "
              "game over %s; distrust %s; cheats %s" % (
                  seed, st["c"], st["round"], st["at"], st["dice_at_call"], s["resync_max"],
                  s["held_first"], s["cy_claim_past"], r["forfeits"], r["after"],
                  r["dice_end"][CY], r["same"], r["done"], r["distrust"], r["cheats"]))
        cy_f = [f for f in r["forfeits"] if f[1] == CY and f[2] > st["c"]]
        if cy_f or [d for d in r["distrust"] if d[2] != ATK]:
            broke.append((seed, cy_f, st["dice_at_call"], r["after"]))
    if not ran:
        print("COULD NOT RUN: no seed reached such a round")
        sys.exit(2)
    if broke:
        print("BROKEN: snyd, (seed, FORFEITs of Bo's seat Cy applied, dice at the call, dice "
              "after the round): %s" % broke)
        sys.exit(1)
    print("HELD: snyd")
    sys.exit(0)


def main():
    args = sys.argv[1:]
    variant = args[0] if args and not args[0].isdigit() else "fork"
    seeds = [int(x) for x in args if x.isdigit()] or [1, 2, 3]
    if variant == "snyd":
        main_snyd(seeds)
    broke = []
    for seed in seeds:
        c = play(False, variant, seed)
        show("seed %d control" % seed, c)
        if c["forfeits"] or c["fturns"] or not c["done"]:
            print("control failed")
            sys.exit(2)
        r = play(True, variant, seed)
        if r is None:
            print("seed %d: Bo's turn never came" % seed)
            sys.exit(2)
        show("seed %d attack (%s)" % (seed, variant), r)
        cy_f = [f for f in r["forfeits"] if f[1] == CY and f[2] > r["st"]["c"]]
        honest_blamed = [d for d in r["distrust"] if d[2] != ATK]
        print("   Bo's forfeit turns: control %d, attack %d" % (
            len([x for x in c["fturns"] if x[1] == BO]),
            len([x for x in r["fturns"] if x[1] == BO])))
        if cy_f or honest_blamed or (r["st"]["round"], BO) in r["fturns"]:
            broke.append((seed, cy_f, honest_blamed, r["fturns"]))
    if broke:
        print("BROKEN: variant %s, (seed, FORFEITs of Bo's turn Cy applied, honest handhelds "
              "blamed, forfeit turns in the record): %s" % (variant, broke))
        sys.exit(1)
    print("HELD: variant %s, no FORFEIT of Bo's turn applied by an honest handheld" % variant)
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
