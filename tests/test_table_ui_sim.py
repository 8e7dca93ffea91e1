"""What the table's screens show when things go wrong, in the simulator with the real firmware:
a race lost, a cheating handheld, a handheld gone (pause: wait, a bot, remove), seats reordered in
the lobby, players leaving and joining between games, a handheld back after a bot took its seat.

Each test reads the screens (host_tools/readback, English: host_tools/sim/tabledrive names the
handhelds Anna, Bo, Cy ... and sets 2 dice each) and the records every handheld saved; records of
one game must be identical on every handheld that played it and replay cleanly with the referee.
Virtual clock throughout; autoplay plays whatever the test does not drive itself.
"""
import json

import pytest

from host_tools.sim.__main__ import _records, disagreements, replay_problems
from host_tools.sim.tabledrive import TableHarness, cheat_flash, en

NAMES = ("Anna", "Bo", "Cy", "Dan")


@pytest.fixture
def harness():
    made = []

    def make(n, seed=0, dice=2, **kw):
        t = TableHarness(n, NAMES[:n], dice=dice, seed=seed, **kw)
        made.append(t)
        return t
    yield make
    for t in made:
        t.close()


def records(t, tmp_path, who):
    """{handheld: [record, ...]} of the handhelds in `who`, all copies agreeing and clean."""
    got = _records(t.sim, str(tmp_path / "rec"))
    got = {i: got[i] for i in who}
    assert disagreements(got) == [] and replay_problems(got) == []
    return {i: [d for _, d in sorted(r.items())] for i, r in got.items()}


def one_game(recs):
    """The one shared game every handheld in recs saved."""
    bodies = {json.dumps(r[0], sort_keys=True) for r in recs.values()}
    assert all(len(r) == 1 for r in recs.values()) and len(bodies) == 1, recs
    return next(iter(recs.values()))[0]


def finish(t, ms=240000):
    """Autoplay every live handheld until each has saved its game."""
    live = [i for i in range(t.sim.n) if t.sim.handhelds[i].alive]
    for i in live:
        t.give(i)
    t.until(lambda: all(t.players[i].finished for i in live), ms, "every game saved")
    assert [t.players[i].failed for i in live if t.players[i].failed] == []


def turn_row(t, i):
    return t.lines(i)[0]


def bid_on_table(t, i):
    """'Bid 1x? Bo' on handheld i's round screen: (the bid text, the bidder) or None."""
    row = t.lines(i)[1]
    if not row.startswith(en("bid") + " "):
        return None
    parts = row.split(" ")
    return parts[1], parts[2]


# ---- (a) a race: a calza called while the next player bids ----------------------------------------

def _race_ready(t):
    """A bid stands, seat Y is on turn, and another seat Z (not the bidder) is offered calza:
    returns (Y, Z, bid, bidder) or None."""
    n = t.sim.n
    rows = [t.lines(i) for i in range(n)]
    on_turn = [i for i in range(n) if rows[i][0] == en("your_turn")]
    calza = [i for i in range(n) if rows[i][7] == en("hint_calza")]
    if len(on_turn) != 1 or not calza or any(bid_on_table(t, i) is None for i in range(n)):
        return None
    y = on_turn[0]
    z = [i for i in calza if i != y]
    if not z:
        return None
    bid, bidder = bid_on_table(t, y)
    return y, z[0], bid, bidder


def _open_moves(t, y, z):
    """Y opens the bid picker, Z the move menu with Calza! under the cursor."""
    t.take(y)
    t.take(z)
    t.press(y, "select")
    t.choose(y, en("mv_bid"))
    assert t.lines(y)[0] == en("your_bid"), t.screens()
    t.press(z, "select")
    assert t.lines(z)[1] == en("mv_calza"), t.screens()


def test_the_loser_of_a_race_sees_who_came_first(harness, tmp_path):
    """Round one: Y (on turn) bids and Z calls calza at the same moment: the table takes one, and
    the other's screen names the winner and the move. Later: Y picks a bid while Z's calza is
    already logged (Y's picker still shows the old bid); the bid is not played, not even in the
    next round, and Y is told who came first. The record holds exactly the moves that won."""
    t = harness(3, seed=7, dice=3)
    t.seat_all()
    order = t.seat_order()
    t.choose(0, en("start"))
    t.give(0)
    late = en("t_late")
    first = en("t_first")
    outcomes = []
    counted = [0]  # rounds counted so far: the summary after round N says "Round N"

    def follow():
        row = t.lines(0)[0]
        if row.startswith(en("round") + " "):
            counted[0] = max(counted[0], int(row.split(" ")[1]))
    t.watchers.append(follow)
    for race in ("same moment", "after the call"):
        ready = None
        while ready is None:
            t.until(lambda: _race_ready(t) is not None, 60000, "a bid with calza on offer")
            for i in range(3):
                t.take(i)
            t.run(300)  # every finger up, every screen settled
            ready = _race_ready(t)
            if ready is None:
                for i in range(3):
                    t.give(i)
        y, z, bid, bidder = ready
        _open_moves(t, y, z)
        if race == "same moment":
            for i in (y, z):
                t.sim.press(i, "select", True)
            t.run(60)
            for i in (y, z):
                t.sim.press(i, "select", False)
        else:
            t.press(z, "select")  # calza!
            # the call is logged on Y's handheld (the round ends) while its picker is open
            t.until(lambda: any(t.shows(i, en("mv_calza") + " " + NAMES[z]) or
                                t.shows(i, en("t_dealing")) for i in range(3) if i != y),
                    5000, "the calza logged")
            t.run(200)
            assert t.lines(y)[0] == en("your_bid"), t.screens()
            t.press(y, "select")  # the bid it picked before the call
        t.until(lambda: t.shows(y, late) or t.shows(z, late), 5000, "the loser told why")
        loser = y if t.shows(y, late) else z
        msg = " ".join(r for r in t.lines(loser) if r)
        if loser == y:
            assert "%s %s %s %s" % (late, NAMES[z], first, en("mv_calza")) in msg, msg
        else:
            assert msg.startswith("%s %s %s %s" % (late, NAMES[y], first, en("bid"))), msg
        if race == "after the call":
            assert loser == y
        outcomes.append((counted[0], loser, y, z, bid, bidder))
        assert not t.shows(y if loser == z else z, late), t.screens()
        t.press(loser, "select")  # the message goes; the game goes on
        for i in range(3):
            t.give(i)
        t.until(lambda: any(t.shows(i, en("t_dealing")) for i in range(3)), 60000, "the next round")
    finish(t)
    doc = one_game(records(t, tmp_path, range(3)))
    for rnd, loser, y, z, bid, bidder in outcomes:
        acts = [tuple(a) for a in doc["rounds"][rnd]["actions"]]
        count, face = int(bid.split("x")[0]), "⚀⚁⚂⚃⚄⚅".index(bid.split("x")[1]) + 1
        k = acts.index((order.index(bidder), "bid", count, face))
        y, z = t.seat_of(order, y), t.seat_of(order, z)
        loser = t.seat_of(order, loser)
        if loser == y:  # the calza won: the round ended with it, Y's bid is in no round
            assert acts[k + 1:] == [(z, "calza")], acts
        else:  # the bid won: Z's calza (on the bid before) is not in the round
            assert acts[k + 1][:2] == (y, "bid") and (z, "calza") not in acts[k + 1:k + 2], \
                (outcomes, doc["rounds"])
