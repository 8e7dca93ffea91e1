"""Attack: when every handheld restarts at once during a phase that waits for reveals, the
sequencer forfeits an honest seat at once (its reveal heard and censored), or withholds its own
reveal for ever: no follower has a clock for a phase restored from flash.

Promise: withholding never pays, the sequencer's own included; the sequencer orders, nothing more
("a FORFEIT is applied only once the follower's own clock says the deadline passed ... and a
request of the named seat heard in time makes it the sequencer's lie"); Comes back ("[a cheat that
leads after the restart] gains the role and nothing more ... every entry it logs is checked by
every follower against its own log and clock (... deadlines, forfeits ...)").
Role: the creator, the sequencer before the restart and so the boot election's heir (an ordinary
seat becomes the heir by claiming a kept term one takeover up: restart_reseat.py).

How: keep.load restores the game through TableGame.restore, whose _set_fair sets
_phase_live = False: the phase in progress at the restart has "no clock" on every handheld. Then
_check_forfeit takes a FORFEIT at once (no RJ_WAIT), in_time() is False so no request heard makes it
a lie (Node._heard_from), and late() is 0 so no follower polices a debt the sequencer leaves
unlogged (Node._police). A whole-table restart leaves no handheld with a clock.

Variant "forfeit": the restart falls while Bo's and Cy's reveals are owed; the new sequencer drops
Bo's reveal and logs FORFEIT(Bo) as soon as it heard it (Bo loses a die, and the call is not
counted: a sequencer about to lose a call escapes it). Variant "withhold": the sequencer had not
revealed yet (it may wait up to 30 s); after the restart it never reveals and never forfeits
itself: the table waits for it for ever.
Control: the same restart played honestly: no forfeit, the round and the game finish.
Verdict: exit 0 if no follower applies an early forfeit of a seat it heard and the withheld reveal
is forfeited or its sequencer replaced; 1 with the evidence otherwise.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402
from _restart import restart_all  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

ATK, BO, CY = 0, 1, 2


def seat_of(t, k):
    g = t.tables[k].game
    return [s for s in range(g.n) if g.hosts[s] == k][0]


def reveal_phase(t, owing):
    """Every handheld in the reveal phase of round 2 or later, the seats of handhelds `owing`
    still unrevealed everywhere."""
    for tb in t.tables:
        g = tb.game
        if g.round < 2 or g.phase != snydtable.P_REVEAL:
            return False
        for k in owing:
            if g.revealed & (1 << seat_of(t, k)):
                return False
    return True


def withhold_reveals(node):
    sub = node.submit

    def submit(f, now):
        if f.etype == wire.T_REVEAL:
            return False
        return sub(f, now)
    node.submit = submit


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    if attack == "withhold":
        # the sequencer waits with its reveal (it may, for 30 s) when a round is called
        t.until(lambda: t.tables[0].game.round >= 2, 60000)
        withhold_reveals(t.tables[ATK].node)
        ok = t.until(lambda: reveal_phase(t, (ATK,)) and
                     t.tables[0].game.revealed == t.tables[0].game.part & ~(
                         1 << seat_of(t, ATK)), 120000)
    else:
        ok = t.until(lambda: reveal_phase(t, (BO, CY)), 120000)
    if not ok:
        print("could not reach the reveal phase")
        sys.exit(2)
    rnd = t.tables[CY].game.round
    t0 = t.now
    restart_all(t)
    bo, cy = seat_of(t, BO), seat_of(t, CY)
    log = {"heard": None, "forfeit": None}
    if attack == "withhold":
        withhold_reveals(t.tables[ATK].node)
        t.tables[ATK].game.overdue = lambda f: None  # and never logs a forfeit of its own
    if attack == "forfeit":
        a = t.tables[ATK].node
        onreq = a._on_request

        def on_request(f, now):
            if f.type == wire.T_REVEAL and f.who == bo:
                if log["heard"] is None:
                    log["heard"] = now - t0
                return  # censored
            return onreq(f, now)
        a._on_request = on_request

        def atk_mover(tb, m=t.movers[ATK]):
            if log["heard"] is not None and log["forfeit"] is None and tb.node.ready:
                f = wire.Frame()
                f.etype = wire.T_FORFEIT
                f.round = tb.game.round
                f.who = 1 << bo
                f.kind = wire.F_LATE
                if tb.node.log_local(f, t.now) == 0:
                    log["forfeit"] = t.now - t0
            m(tb)
        t.movers[ATK] = atk_mover
    # Cy's view: when Bo's seat is forfeited, and whether Cy had heard Bo's reveal then
    cyg = t.tables[CY].game
    ap = cyg.apply
    seen = {}

    def apply(f, seq):
        if f.etype == wire.T_FORFEIT and f.who & (1 << bo) and "at" not in seen:
            seen["at"] = t.now - t0
            seen["heard_bo"] = t.tables[CY].node._watched[bo].len != 0
        return ap(f, seq)
    cyg.apply = apply
    t.until(lambda: t.tables[CY].game.round > rnd, 300000)
    end = (t.tables[CY].game.round, t.tables[CY].game.phase, t.now - t0,
           [tb.node.leader for tb in t.tables], [tb.game.forfeits for tb in t.tables])
    return rnd, log, seen, end


def main():
    for ctl in ("forfeit", "withhold"):
        rnd, log, seen, end = play(None) if ctl == "forfeit" else play_withhold_control()
        if seen or end[0] <= rnd:
            print("control failed:", ctl, rnd, seen, end)
            sys.exit(2)
        print("control (%s restart point): round %d done after the restart, no forfeit of Bo: %s"
              % (ctl, rnd, end))
    out = []
    rnd, log, seen, end = play("forfeit")
    print("forfeit:", rnd, log, seen, end)
    if seen and seen["at"] < 27000:
        out.append("forfeit: %.1f s after the restart Cy applied the sequencer's FORFEIT of Bo "
                   "(its reveal heard by the sequencer %.1f s after the restart, and held by Cy's "
                   "watch: %s), the deadline being 30 s; forfeits per handheld %s" % (
                       seen["at"] / 1000, log["heard"] / 1000, seen["heard_bo"], end[4]))
    rnd, log, seen, end = play("withhold")
    print("withhold:", rnd, log, seen, end)
    if end[0] == rnd and end[3][1] == ATK and end[3][2] == ATK:
        out.append("withhold: %.0f s after the restart round %d still waits in phase %d for the "
                   "sequencer's reveal; it was never forfeited and Bo and Cy still follow it "
                   "(leaders %s)" % (end[2] / 1000, rnd, end[1], end[3]))
    verdict(out, " | ".join(out) or "no early forfeit, no endless wait")


def play_withhold_control():
    """The withhold variant's restart point (the sequencer's reveal still owed), played honestly
    afterwards: the sequencer reveals after the restart."""
    return play_honest_after("withhold")


def play_honest_after(kind):
    global withhold_reveals
    real = withhold_reveals
    calls = []

    def once(node):
        if not calls:  # before the restart only: the restarted handheld is honest
            calls.append(1)
            real(node)
    withhold_reveals = once
    try:
        return play(kind)
    finally:
        withhold_reveals = real


if __name__ == "__main__":
    run(main)
