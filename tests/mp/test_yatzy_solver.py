"""The hold solver (yatzy_turn) keeps 16-bit values and byte child tables: it must give exactly the
values, and so the moves, of the 32-bit solver it replaced (tests/mp/yatzy_turn_v1.py), for 5 and 6
dice, with and without maxi saved rolls, including turns whose values span too much for 16 bits."""
import yatzy_turn
import yatzy_turn_v1
from mpcheck import Rng, eq


def _final(seed, spread):
    # a made-up but fixed worth for every roll: negative and fractional values included
    r = Rng(seed)
    vals = [(r.below(spread * 100) - spread * 20) / 100 for _ in range(462)]
    return lambda i, dice: vals[i]


def _dice(r, n):
    return bytes(r.die() for _ in range(n))


def _agree(n, seed, spread, save, positions):
    new = yatzy_turn.Solver(n)
    old = yatzy_turn_v1.Solver(n)
    new.save = old.save = save
    final = _final(seed, spread)
    new.begin(final)
    old.begin(final)
    r = Rng(seed + 1)
    for _ in range(positions):
        dice = _dice(r, n)
        rl = 1 + r.below(4)
        eq(new.best_hold(dice, rl), old.best_hold(dice, rl), "best_hold %r %d" % (dice, rl))
        held = r.below(1 << n)
        eq(new.hold_value(dice, held, rl), old.hold_value(dice, held, rl), "hold_value")
        eq(new.now_value(dice, rl), old.now_value(dice, rl), "now_value")
    return new


def test_child_table_names_the_same_keeps():
    for n in (5, 6):
        new = yatzy_turn.Dice(n)
        old = yatzy_turn_v1.Dice(n)
        for m in range(n):
            for i in range(new.start[m + 1] - new.start[m]):
                k = new.start[m] + i
                for f in range(6):
                    eq(new.start[m + 1] + i + new.child[m][i * 6 + f], old.child[k * 6 + f])


def test_same_holds_and_values_as_the_32_bit_solver():
    for n in (5, 6):
        for seed, save in ((3, 0.0), (4, 2.0), (5, 0.5)):
            s = _agree(n, seed, 120, save, 60)
            eq(s._max, 0xFFFF, "a 120-point turn fits 16 bits")


def test_a_turn_spanning_more_than_16_bits_widens():
    s = _agree(6, 9, 400, 2.0, 30)  # values 80 below to 320 above zero: over 256 points
    eq(s._max > 0xFFFF, True)
    # saved rolls that push the top over 16 bits only when many rolls are left
    _agree(5, 11, 250, 2.0, 30)


def test_one_solver_through_many_turns_matches():
    # the bots keep one solver for the whole game: begin() again and again, widened or not
    new = yatzy_turn.Solver(6)
    old = yatzy_turn_v1.Solver(6)
    r = Rng(17)
    for turn in range(6):
        final = _final(turn, 400 if turn == 2 else 150)
        new.save = old.save = 2.0 if turn % 2 else 0.0
        new.begin(final)
        old.begin(final)
        for _ in range(15):
            dice = _dice(r, 6)
            rl = 1 + r.below(3)
            eq(new.best_hold(dice, rl), old.best_hold(dice, rl))


def test_a_solver_takes_over_the_arrays_it_is_given():
    # the handheld keeps a game's solver arrays while the bots' code is dropped between turns
    mem = []
    first = yatzy_turn.Solver(6, mem)
    eq(len(mem), 4)
    again = yatzy_turn.Solver(6, mem)
    eq(again.now is first.now and again.k is first.k and again.d.child is first.d.child, True)
    old = yatzy_turn_v1.Solver(6)
    r = Rng(23)
    for spread in (120, 400, 120):  # the widened arrays are handed on too
        final = _final(spread, spread)
        old.begin(final)
        s = yatzy_turn.Solver(6, mem)
        s.save = old.save = 2.0
        s.begin(final)
        for _ in range(10):
            dice = _dice(r, 6)
            eq(s.best_hold(dice, 3), old.best_hold(dice, 3))
    eq(mem[3] > 0xFFFF, True)
