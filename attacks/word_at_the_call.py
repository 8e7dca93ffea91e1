"""Attack (round 22, focus 1): a witness that keeps quiet makes a rebooted honest handheld take the
table's real state on its sender's word right at a call; since round 21 no secret goes out on a
phase begun in a state nobody vouched for, so the honest seat forfeits that round's reveal (a die)
although the call was genuine and somebody could have vouched.

Promise: withholding never pays (a withheld vouch, here); no honest seat pays for another's act.
Stated: "a seat whose table really asks it then forfeits that phase at its deadline, the price of
a restart with nobody to vouch" (protocol.md, *The gate*). Here a witness is alive, kept up and
able to vouch: it chooses not to, when that costs the rebooted seat the round.
Role: an ordinary seat (Cy), the only possible witness. Honest: Anna (sequencer), Bo.
Steps (Snyd, 3 handhelds, host_tools/tablebus.py): in a round's bidding with a bid standing and
Cy on turn, Bo's handheld reboots (battery; the attacker does not cause it, it only waits for it
or for any restart: every reboot at a table of three is its chance). Cy calls at once. Bo comes
back, asks to start again (NACK 0); the honest sequencer streams its state (the call in it); Bo
asks for a vouch; Cy ignores every VOUCH request (Node._on_vouch), so 1.5 s on Bo counts it mute
(Node._silent) and takes the state on Anna's word (`_asked`: Bo asked under 5 s ago, applied 0):
`Node._word_seq` = the snapshot's entry, at or past the call. `Node.agreed` refuses the gate for
the call, Bo never reveals, and the sequencer forfeits Bo's seat at the deadline: Bo loses a die,
the call is not counted.
`nan`: Cy answers "no word" (_NO_WORD) instead of keeping quiet (the same effect).
Control: the same reboot and call, Cy answering VOUCH honestly: Bo takes a vouched state and
reveals.
Verdict: 0 if Bo's seat is not forfeited in the attack round; 1 if it is while it was not in the
control.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import run, verdict, wire  # noqa: E402
from host_tools.tablebus import Table  # noqa: E402
from dicecup.table import snapshot  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

ANNA, BO, CY = 0, 1, 2


def play(mode, seed=1):
    t = Table(seats=3, seed=seed)
    cy = t.hands[CY]
    if mode != "control":
        answer = cy.node._on_vouch

        def on_vouch(f, now):
            if bytes(f.chain) == bytes(wire.CHAIN_LEN):
                if mode == "nan":
                    cy.node._vouch(f.seat, f.lo, snapshot._NO_WORD)
                return None   # a request for its word: kept quiet
            return answer(f, now)
        cy.node._on_vouch = on_vouch
    dec = cy.decide
    calls = []

    def call_once(game, seat):
        if not calls and game.on_turn == CY and t.hands[ANNA].node.applied > 40:
            if not st["armed"] or not game.bid_face:
                return None if game.bid_face else dec(game, seat)  # waits on its turn
            calls.append(t.now)
            return (wire.A_SNYD,)
        return dec(game, seat)
    st = dict(armed=False)
    cy.decide = call_once
    assert t.start_game() == 0
    anna = t.hands[ANNA]
    ok = t.run(lambda: anna.node.applied > 40 and all(
        h.app.phase == snydtable.P_BID and not h.app.showing and h.app.game.on_turn == CY and
        h.app.game.bid_face for h in t.hands), 600000)
    if not ok:
        return None
    rnd = anna.app.round
    dice_before = list(anna.app.game.dice_left)
    ap = anna.app.apply

    def apply(f, seq):
        if f.etype == wire.T_ACTION and f.kind == wire.A_SNYD and not logged:
            logged.append((t.now, seq))
        return ap(f, seq)
    logged = []
    anna.app.apply = apply
    t.reboot(BO)
    st["armed"] = True
    cy.app._asked[CY] = -1   # (the app asks a seat once per entry: ask it again now)
    words = []
    bo = t.hands[BO]
    acc = bo.node._accept_snap

    def accept(now):
        r = acc(now)
        if r and bo.node.applied:
            words.append((t.now, bo.node.applied, bo.node._word_seq))
        return r
    bo.node._accept_snap = accept
    t.run(lambda: anna.app.round > rnd or anna.app.phase == snydtable.P_OVER, 120000)
    t.run(lambda: False, 500)
    rec = anna.app.rec.record()
    rd = rec["rounds"][rnd - 1] if len(rec["rounds"]) >= rnd else None
    forfeits = [] if rd is None else [a[0] for a in rd["actions"] if a[1] == "forfeit"]
    return dict(cy_called=calls, call=logged[:1], words=words, forfeits=forfeits, dice_before=dice_before,
                dice_after=list(anna.app.game.dice_left), round=rnd,
                bo_applied=bo.node.applied, anna_applied=anna.node.applied)


def main():
    args = sys.argv[1:]
    mode = args[0] if args and not args[0].isdigit() else "quiet"
    seeds = [int(a) for a in args if a.isdigit()] or [1, 2, 3]
    broke = []
    for seed in seeds:
        c = play("control", seed)
        print("seed %d control:" % seed, c)
        if c is None:
            sys.exit(2)
        a = play(mode, seed)
        print("seed %d %s:" % (seed, mode), a)
        if a is None:
            sys.exit(2)
        if BO in a["forfeits"] and BO not in c["forfeits"]:
            broke.append((seed, a["round"], a["words"], a["dice_before"], a["dice_after"]))
    # the harness restarts a handheld from nothing (no tlog.bin): the stated limit "A restart with
    # nothing kept, at a call" (docs/protocol.md); word_at_the_call_table.py kept is the board's
    verdict(False, ("the stated limit (*A restart with nothing kept, at a call*): " if broke else "") +
            "mode %s: Bo, back from a reboot, took the real state at the call on the "
            "sequencer's word (Cy kept quiet) and forfeited the round (seed, round, (t, applied, "
            "word_seq), dice before, after): %s" % (mode, broke))


if __name__ == "__main__":
    run(main)
