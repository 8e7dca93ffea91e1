"""The hold solver (yatzy_turn) keeps 16-bit values and byte child tables: it must give exactly the
values, and so the moves, of the 32-bit solver it replaced, for 5 and 6 dice, with and without maxi
saved rolls, including turns whose values span too much for 16 bits. The 32-bit solver is a
recording (tests/fixtures/yatzy_solver.json, written by tests/fixtures/make_fixtures.py): its child
tables, and per turn the worth of every roll, then random positions with the holds and values it
gave, in 1/256 points (its unit: the values are exact)."""

from dicecup.bots import yatzy_turn
from mpcheck import eq, fixture as _fixture


def _runs(name):
    return [r for r in _fixture("yatzy_solver.json")["runs"] if r["name"] == name]


def _v(x):
    # a value in 1/256 points: an int when it is a whole number of them (as every recorded one is)
    y = x * 256
    return int(y) if y == int(y) else y


def _turn(s, turn, what=""):
    """begin() the solver on a recorded turn; its answers must be the recorded ones."""
    s.save = turn["save"]
    vals = [v / 100 for v in turn["final"]]
    s.begin(lambda i, dice: vals[i])
    for p in turn["pos"]:
        dice = bytes([int(c) for c in p[0]])
        rl = p[1]
        b = s.best_hold(dice, rl)
        eq([b[0], _v(b[1]), _v(b[2])], p[2], "%sbest_hold %r %d" % (what, dice, rl))
        if len(p) > 3:
            eq(_v(s.hold_value(dice, p[3], rl)), p[4], "%shold_value %r %d %d" % (what, dice, p[3], rl))
            eq(_v(s.now_value(dice, rl)), p[5], "%snow_value %r %d" % (what, dice, rl))


def _agree(run):
    s = yatzy_turn.Solver(run["n"])
    _turn(s, run["turns"][0], "%d dice, seed %d: " % (run["n"], run["seed"]))
    return s


def test_child_table_names_the_same_keeps():
    runs = _runs("child")
    eq([r["n"] for r in runs], [5, 6])
    for r in runs:
        n = r["n"]
        old = r["child"]
        new = yatzy_turn.Dice(n)
        eq(len(old), new.start[n] * 6)
        for m in range(n):
            for i in range(new.start[m + 1] - new.start[m]):
                k = new.start[m] + i
                for f in range(6):
                    eq(new.start[m + 1] + i + new.child[m][i * 6 + f], old[k * 6 + f])


def test_same_holds_and_values_as_the_32_bit_solver():
    runs = _runs("agree")
    eq(len(runs), 6)
    for r in runs:
        s = _agree(r)
        eq(s._max, 0xFFFF, "a 120-point turn fits 16 bits")


def test_a_turn_spanning_more_than_16_bits_widens():
    runs = _runs("wide")
    eq(len(runs), 2)
    s = _agree(runs[0])  # values 80 below to 320 above zero: over 256 points
    eq(s._max > 0xFFFF, True)
    # saved rolls that push the top over 16 bits only when many rolls are left
    _agree(runs[1])


def test_one_solver_through_many_turns_matches():
    # the bots keep one solver for the whole game: begin() again and again, widened or not
    run = _runs("many_turns")[0]
    s = yatzy_turn.Solver(run["n"])
    eq(len(run["turns"]), 6)
    for t in range(6):
        _turn(s, run["turns"][t], "turn %d: " % t)


def test_a_solver_takes_over_the_arrays_it_is_given():
    # the handheld keeps a game's solver arrays while the bots' code is dropped between turns
    mem = []
    first = yatzy_turn.Solver(6, mem)
    eq(len(mem), 4)
    again = yatzy_turn.Solver(6, mem)
    eq(again.now is first.now and again.k is first.k and again.d.child is first.d.child, True)
    run = _runs("kept_arrays")[0]
    eq(len(run["turns"]), 3)
    for turn in run["turns"]:  # 120, 400, 120 points: the widened arrays are handed on too
        _turn(yatzy_turn.Solver(6, mem), turn)
    eq(mem[3] > 0xFFFF, True)
