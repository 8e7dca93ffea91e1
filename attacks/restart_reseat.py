"""Attack: after every handheld restarts at once, the sequencer gives an honest, present handheld's
seat to itself (a SEATS reseat) - and that seat forfeits the round in progress.

Promise: the sequencer orders, nothing more: "a reseat moves only seats whose handheld every
follower itself sees gone or stalled" (docs/protocol.md, The log); and "Comes back ... [a cheat
that leads after the restart] gains the role and nothing more ... every entry it logs is checked by
every follower against its own log and clock (... forfeits and reseats)" (Every handheld restarts
at once, Against a seated cheat).
Role: the creator, which leads before the restart and so is the boot election's heir (any seat can
be the heir: restart_any_seat_leads.py).

How: a handheld back from a boot sets Node._back, and while it is set _reseat_ok takes any reseat
("it saw nothing of the time it replays: it takes what the others checked live"). After a
restart of the whole table nobody checked anything live: every follower is back. _back clears only
once the follower has caught up to its sequencer's heartbeat claim, so the new sequencer's first
heartbeat claims one entry more than it has, and that entry is a reseat of Bo's seat to the
creator's handheld. Bo and Cy apply it; Bo's seat forfeits the round (a die) and the creator plays
it from then on.

Control: the same game and the same restart, honest: every seat stays with its handheld, no
forfeit. Verdict: exit 0 if no follower moves Bo's seat; 1 with the evidence if one does.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd  # noqa: E402
from _restart import restart_all, hosts  # noqa: E402
from dicecup.table import snyd as snydtable  # noqa: E402

ATK, BO = 0, 1


def lie_then_reseat(t, atk, victim, to):
    """The new sequencer (atk, caught up, its heartbeats claiming one entry more than it has: lie())
    logs that entry: a reseat of victim's seats to handheld `to`. Returns the seats moved."""
    tb = t.tables[atk]
    node, g = tb.node, tb.game
    f = wire.Frame()
    f.etype = f.type = wire.T_SEATS
    f.flags = wire.SEATS_RESEAT
    f.n = g.n
    f.kinds[:] = g.kinds
    moved = []
    for s in range(g.n):
        f.hosts[s] = g.hosts[s]
        if g.hosts[s] == victim:
            f.hosts[s] = to
            moved.append(s)
    node._heartbeat(t.now)  # the claim once more, ahead of the entry
    node.game.now = t.now
    assert node.game.check(f) == 0
    node.codec.sign_request(f, node.seat, node.applied, node._everyone())
    node._sequence(f, t.now)
    return moved


def lie(node):
    """From the boot on, every heartbeat of this handheld claims one entry more than any handheld
    said it applied: a follower back from the boot is never caught up to its sequencer's claim, so
    it stays `_back` until it applies that entry."""
    hb = node._heartbeat

    def heartbeat(now):
        real = node.applied
        node.applied = max([real] + [node._acked[s] for s in range(8) if s != node.seat]) + 1
        try:
            hb(now)
        finally:
            node.applied = real
    node._heartbeat = heartbeat


def play(attack, atk=ATK):
    t = Trio(3, rules=snyd.Rules(dice=3))
    t.seat_all()
    t.start()
    t.until(lambda: t.tables[0].game.round >= 2 and t.tables[0].game.phase == snydtable.P_BID,
            60000)
    before = [hosts(t, k) for k in range(3)]
    dice_before = list(t.tables[BO].game.game.dice_left) if hasattr(
        t.tables[BO].game.game, "dice_left") else None
    restart_all(t)
    if attack and atk != 0:
        # an ordinary seat: it says it kept a term one takeover above the table's, naming itself
        # (believed: "the kept terms of a table that restarted at once differ by a takeover under
        # way at most"), so it is the heir (restart_any_seat_leads.py checks that part alone)
        n = t.tables[atk].node
        n.term = n._btop = (((n.term >> 3) + 1) << 3) | atk
    done, alive = [], []
    if attack:
        def atk_mover(tb, m=t.movers[atk]):
            n = tb.node
            if not done and n.is_leader() and n.ready and n.term >> 3 >= 1:
                # Bo is there: Cy heard it within the last half of the missing time
                alive.append(t.now - t.tables[2 if atk != 2 else 0].node._heard[BO])
                done.append(lie_then_reseat(t, atk, BO, atk))
            m(tb)
        t.movers[atk] = atk_mover
        lie(t.tables[atk].node)
    t.tick(200)  # 4 s: the election and what follows
    after = [hosts(t, k) for k in range(3)]
    bo_alive = "the other honest handheld last heard Bo %s ms before the reseat" % alive
    forf = [t.tables[k].game.forfeits for k in range(3)]
    t.until(lambda: all(tb.game.phase == snydtable.P_OVER for tb in t.tables), 400000)
    return before, after, done, bo_alive, forf, dice_before, t


def main():
    before, after, _, _, forf, _, t = play(False)
    if after != before or any(forf):
        print("control failed: seats moved or forfeits in an honest restart:", before, after, forf)
        sys.exit(2)
    print("control: seats", before, "->", after, "forfeits", forf)
    out = []
    for atk, who in ((0, "the creator (heir as the last sequencer)"),
                     (2, "Cy, an ordinary seat (heir by a kept term one takeover up)")):
        before, after, moved, bo_alive, forf, dice, t = play(True, atk)
        print("attack by %s: seats before" % who, before, "after", after, "moved", moved,
              bo_alive, "forfeits", forf)
        broke = [k for k in range(3) if k != atk and after[k] != before[k]]
        if broke:
            out.append("attacker %s: after the restart, honest handhelds %s gave Bo's seat %s to "
                       "handheld %d (seats %s -> %s) while Bo was present (%s); forfeits counted "
                       "at each handheld: %s; game over at every handheld 400 s later: %s" % (
                           who, broke, moved, atk, before[BO], after[BO], bo_alive, forf,
                           all(tb.game.phase == snydtable.P_OVER for tb in t.tables)))
    verdict(out, " | ".join(out) or "no honest handheld moved Bo's seat")


if __name__ == "__main__":
    run(main)
