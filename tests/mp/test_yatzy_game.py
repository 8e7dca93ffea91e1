"""yatzy: turns, rolls and holds, bonuses at the threshold, joker rules, saved rolls, end of game, teams."""
from mpcheck import Rng, eq, raises
from dicecup.rules.yatzy import NOT_FREE, Illegal, Yatzy


def play(g, dice, name, column=0):
    g.roll(dice)
    return g.fill(g.box_index(name), column)


def upper_game(variant, counts, players=1, options=None, column=0):
    """Fill the upper boxes of scorecard 0 with counts[f-1] dice of face f (others on that turn)."""
    g = Yatzy(variant, players, options)
    for f in range(1, 7):
        other = 1 if f != 1 else 2
        dice = [f] * counts[f - 1] + [other] * (g.ndice - counts[f - 1])
        play(g, dice, g.boxes()[f - 1], column)
        for p in range(1, players):
            play(g, [1] * g.ndice, g.boxes()[f - 1])
    return g


def test_turn_order_and_roll_limits():
    g = Yatzy("standard", 2)
    eq((g.current, g.roll_no, g.rolls_left), (0, 0, 3))
    raises(Illegal, g.fill, 0)                 # roll first
    raises(Illegal, g.toggle_hold, 0)          # nothing to hold yet
    for _ in range(3):
        g.roll([1, 2, 3, 4, 5])
    eq(g.rolls_left, 0)
    e = raises(Illegal, g.roll, [1, 2, 3, 4, 5])
    assert "too many rolls" in str(e)
    eq(g.fill(g.box_index("small_straight")), 15)
    eq((g.current, g.roll_no, g.rolls_left, g.held), (1, 0, 3, 0))
    play(g, [1, 2, 3, 4, 5], "small_straight")
    eq(g.current, 0)
    g.roll([1, 2, 3, 4, 5])
    e = raises(Illegal, g.fill, g.box_index("small_straight"))
    assert "already filled" in str(e)
    eq(g.why_not(g.box_index("small_straight")), str(e))
    eq(g.why_not(g.box_index("chance")), None)


def test_held_dice_must_stay():
    g = Yatzy("standard", 1)
    g.roll([1, 3, 3, 5, 6])
    g.toggle_hold(1)
    g.toggle_hold(2)
    eq(g.held, 6)
    e = raises(Illegal, g.roll, [3, 1, 3, 2, 4])
    assert "held dice changed" in str(e)
    eq(g.roll_no, 1)                            # a refused roll changes nothing
    eq(list(g.dice), [1, 3, 3, 5, 6])
    g.roll([2, 3, 3, 2, 4])
    g.toggle_hold(2)
    eq(g.held, 2)
    g.roll([5, 3, 1, 1, 1], held=0b10)
    raises(Illegal, g.toggle_hold, 5)


def test_bad_dice_are_refused():
    g = Yatzy("standard", 1)
    raises(Illegal, g.roll, [1, 2, 3, 4])
    raises(Illegal, g.roll, [1, 2, 3, 4, 5, 6])
    raises(Illegal, g.roll, [1, 2, 3, 4, 7])
    raises(Illegal, g.roll, [0, 2, 3, 4, 5])
    raises(Illegal, g.roll, [1, 2, 3, 4, 5], 1)  # hold before the first roll
    eq(g.roll_no, 0)
    raises(Illegal, Yatzy("maxi", 1).roll, [1, 2, 3, 4, 5])


def test_roll_with_keeps_held_dice():
    r = Rng(7)
    g = Yatzy("maxi", 1)
    g.roll_with(r.die)
    first = list(g.dice)
    for d in first:
        assert 1 <= d <= 6
    g.toggle_hold(0)
    g.toggle_hold(5)
    for _ in range(2):
        g.roll_with(r.die)
        eq((g.dice[0], g.dice[5]), (first[0], first[5]))
    eq(g.rolls_left, 0)


def test_roll_with_counts_rolls():
    g = Yatzy("standard", 1)
    r = Rng(3)
    for _ in range(3):
        g.roll_with(r.die)
    raises(Illegal, g.roll_with, r.die)


def test_upper_bonus_standard_and_yahtzee():
    g = upper_game("standard", [3, 3, 3, 3, 3, 3])
    eq((g.upper(0), g.bonus(0), g.total(0)), (63, 50, 113))
    g = upper_game("standard", [2, 3, 3, 3, 3, 3])
    eq((g.upper(0), g.bonus(0), g.total(0)), (62, 0, 62))
    g = upper_game("yahtzee", [3, 3, 3, 3, 3, 3])
    eq((g.upper(0), g.bonus(0), g.total(0)), (63, 35, 98))
    g = upper_game("yahtzee", [2, 3, 3, 3, 3, 3])
    eq((g.upper(0), g.bonus(0)), (62, 0))


def test_upper_bonus_maxi_options():
    g = upper_game("maxi", [4, 4, 4, 4, 4, 4])
    eq((g.upper(0), g.bonus(0), g.total(0)), (84, 100, 184))
    g = upper_game("maxi", [3, 4, 4, 4, 4, 4])
    eq((g.upper(0), g.bonus(0)), (83, 0))
    g = upper_game("maxi", [4, 4, 3, 4, 4, 3], options={"bonus": "75/50"})
    eq((g.upper(0), g.bonus(0), g.total(0)), (75, 50, 125))
    g = upper_game("maxi", [3, 4, 3, 4, 4, 3], options={"bonus": "75/50"})
    eq((g.upper(0), g.bonus(0)), (74, 0))


def test_bonus_counts_before_the_upper_section_is_complete():
    g = Yatzy("standard", 1)
    play(g, [6, 6, 6, 6, 6], "sixes")
    play(g, [5, 5, 5, 5, 5], "fives")
    play(g, [4, 4, 4, 4, 1], "fours")
    eq((g.upper(0), g.bonus(0), g.total(0)), (71, 50, 121))


def test_triple_columns_bonus_and_multipliers():
    g = upper_game("triple", [3, 3, 3, 3, 3, 3], column=1)
    eq((g.upper(0, 1), g.bonus(0, 1)), (63, 50))
    eq((g.upper(0, 0), g.bonus(0, 0), g.bonus(0, 2)), (0, 0, 0))
    eq(g.total(0), (63 + 50) * 2)
    g = upper_game("triple", [2, 3, 3, 3, 3, 3], column=2)
    eq((g.upper(0, 2), g.bonus(0, 2), g.total(0)), (62, 0, 62 * 3))
    play(g, [6, 6, 6, 6, 6], "yatzy", 0)
    play(g, [6, 6, 6, 6, 6], "yatzy", 2)
    eq(g.total(0), 62 * 3 + 50 + 150)
    g.roll([1, 1, 1, 1, 1])
    e = raises(Illegal, g.fill, 0, 3)
    assert "column" in str(e)
    raises(Illegal, g.fill, 0, -1)
    raises(Illegal, Yatzy("standard", 1).fill, 0, 1)


def test_joker_forced_upper_box_and_bonus():
    g = Yatzy("yahtzee", 1)
    eq(play(g, [3, 3, 3, 3, 3], "yahtzee"), 50)
    g.roll([3, 3, 3, 3, 3])
    e = raises(Illegal, g.fill, g.box_index("full_house"))
    assert "threes" in str(e)
    out = g.scores_for()
    for b in range(g.nbox):
        eq(out[b] == NOT_FREE, b != g.box_index("threes"), g.boxes()[b])
    eq(g.fill(g.box_index("threes")), 15)
    eq((g.yahtzee_bonus(0), g.total(0)), (100, 165))


def test_joker_lower_boxes_score_in_full():
    g = Yatzy("yahtzee", 1)
    play(g, [4, 4, 4, 4, 4], "yahtzee")
    play(g, [4, 4, 4, 1, 2], "fours")
    g.roll([4, 4, 4, 4, 4])
    e = raises(Illegal, g.fill, g.box_index("ones"))   # an upper box only when no lower box is free
    assert "lower" in str(e)
    out = g.scores_for()
    want = {"three_of_a_kind": 20, "four_of_a_kind": 20, "full_house": 25, "small_straight": 30,
            "large_straight": 40, "chance": 20}
    for b, name in enumerate(g.boxes()):
        eq(out[b], want.get(name, NOT_FREE), name)
    eq(g.fill(g.box_index("large_straight")), 40)
    eq(g.yahtzee_bonus(0), 100)
    for name in ("full_house", "small_straight", "three_of_a_kind", "four_of_a_kind", "chance"):
        eq(play(g, [4, 4, 4, 4, 4], name), want[name], name)
    eq(g.yahtzee_bonus(0), 600)
    # every lower box filled: a free upper box takes the Yahtzee for 0
    g.roll([4, 4, 4, 4, 4])
    eq(g.why_not(g.box_index("ones")), None)
    eq(g.fill(g.box_index("sixes")), 0)
    eq(g.yahtzee_bonus(0), 700)


def test_joker_without_bonus_when_yahtzee_box_holds_zero():
    g = Yatzy("yahtzee", 1)
    eq(play(g, [1, 2, 3, 4, 6], "yahtzee"), 0)
    g.roll([2, 2, 2, 2, 2])
    raises(Illegal, g.fill, g.box_index("chance"))       # the joker still forces the twos
    eq(g.fill(g.box_index("twos")), 10)
    eq(play(g, [2, 2, 2, 2, 2], "full_house"), 25)
    eq((g.yahtzee_bonus(0), g.total(0)), (0, 35))


def test_no_joker_while_yahtzee_box_is_free():
    g = Yatzy("yahtzee", 1)
    g.roll([5, 5, 5, 5, 5])
    eq(g.score(g.box_index("full_house")), 0)
    eq(g.fill(g.box_index("chance")), 25)
    eq(g.yahtzee_bonus(0), 0)


def test_maxi_saved_rolls():
    g = Yatzy("maxi", 2)
    eq(g.rolls_left, 3)
    play(g, [1, 2, 3, 4, 5, 6], "full_straight")      # one roll: two saved
    eq(list(g.saved_rolls), [2, 0])
    g.roll([1, 1, 1, 1, 1, 1])
    g.roll([1, 1, 1, 1, 1, 1])
    g.roll([1, 1, 1, 1, 1, 1])
    raises(Illegal, g.roll, [1, 1, 1, 1, 1, 1])
    g.fill(0)
    eq(list(g.saved_rolls), [2, 0])
    eq(g.rolls_left, 5)
    for _ in range(5):
        g.roll([2, 2, 2, 2, 2, 2])
    raises(Illegal, g.roll, [2, 2, 2, 2, 2, 2])
    g.fill(1)
    eq(list(g.saved_rolls), [0, 0])
    play(g, [6, 6, 6, 6, 6, 6], "yatzy")
    g.roll([6, 6, 6, 6, 6, 6])
    g.roll([6, 6, 6, 6, 6, 6])
    g.fill(5)
    eq(list(g.saved_rolls), [1, 2])
    eq(g.rolls_left, 5)


def test_maxi_saved_rolls_can_be_switched_off():
    g = Yatzy("maxi", 1, {"saved_rolls": False, "bonus": "75/50"})
    play(g, [1, 2, 3, 4, 5, 6], "full_straight")
    eq((g.saved_rolls[0], g.rolls_left), (0, 3))
    for v in ("standard", "yahtzee", "triple"):
        g = Yatzy(v, 1)
        play(g, [1, 2, 3, 4, 5], "chance")
        eq((g.saved_rolls[0], g.rolls_left), (0, 3))


def test_bad_construction():
    raises(ValueError, Yatzy, "poker", 2)
    raises(ValueError, Yatzy, "standard", 0)
    raises(ValueError, Yatzy, "standard", 9)
    raises(ValueError, Yatzy, "standard", 2, {"bonus": "84/100"})
    raises(ValueError, Yatzy, "maxi", 2, {"bonus": "63/50"})
    raises(ValueError, Yatzy, "maxi", 2, {"turbo": True})


def _play_out(g, rng):
    """Fill every box with random dice, the first free box that is legal; returns turns played."""
    n = 0
    while not g.finished:
        g.roll_with(rng.die)
        for col in range(g.columns):
            out = g.scores_for(None, col)
            free = [b for b in range(g.nbox) if out[b] != NOT_FREE]
            if free:
                g.fill(free[rng.below(len(free))], col)
                break
        n += 1
    return n


def test_end_of_game_every_variant():
    rng = Rng(11)
    for v, players in (("standard", 3), ("maxi", 2), ("yahtzee", 2), ("triple", 2)):
        g = Yatzy(v, players)
        n = _play_out(g, rng)
        eq(n, players * g.nbox * g.columns, v)
        assert g.finished
        eq(g.rolls_left, 0)
        raises(Illegal, g.roll, [1] * g.ndice)
        raises(Illegal, g.roll_with, rng.die)
        raises(Illegal, g.fill, 0)
        for p in range(players):
            eq(g.filled(p), g.nbox * g.columns)
        tops = [g.total(p) for p in range(players)]
        w = g.winners()
        assert w and all(tops[p] == max(tops) for p in w)
        eq(len(w), tops.count(max(tops)))


def test_triple_has_45_turns_per_player():
    g = Yatzy("triple", 1)
    eq(_play_out(g, Rng(5)), 45)


def test_ties_share_the_win_and_no_winner_before_the_end():
    g = Yatzy("standard", 2)
    eq(g.winners(), [])
    for name in g.boxes():
        for _ in range(2):
            eq(g.winners(), [])
            play(g, [6, 6, 6, 6, 6], name)
    assert g.finished
    eq(g.winners(), [0, 1])
    eq(g.total(0), g.total(1))


def test_eight_scorecards():
    g = Yatzy("triple", 8)
    for p in range(8):
        eq(g.current, p)
        play(g, [p % 6 + 1] * 5, "yatzy", p % 3)
    eq(g.current, 0)
    eq([g.total(p) for p in range(8)], [50 * (p % 3 + 1) for p in range(8)])


def test_team_play_members_take_turns():
    g = Yatzy("standard", 2)     # scorecard 0: a team of 3, scorecard 1: a team of 2
    seen = []
    for _ in range(4):
        seen.append((g.member(0, 3), g.member(1, 2)))
        play(g, [1, 2, 3, 4, 5], g.boxes()[g.filled(0)])
        play(g, [1, 2, 3, 4, 5], g.boxes()[g.filled(1)])
    eq(seen, [(0, 0), (1, 1), (2, 0), (0, 1)])
    eq(g.get(0, 0), 1)
    eq(g.get(0, 14), None)
