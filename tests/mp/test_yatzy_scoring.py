"""yatzy: every box of every variant, with the corner cases the spec names."""
from mpcheck import eq, raises
from dicecup.rules.yatzy import BOXES, VARIANTS, Yatzy, Illegal


def sc(variant, name, dice):
    g = Yatzy(variant, 1)
    return g.score(g.box_index(name), dice)


def check(variant, cases):
    for name, dice, want in cases:
        eq(sc(variant, name, dice), want, "%s %s %r" % (variant, name, dice))


def test_box_lists():
    eq(len(BOXES[VARIANTS.index("standard")]), 15)
    eq(len(BOXES[VARIANTS.index("maxi")]), 20)
    eq(len(BOXES[VARIANTS.index("yahtzee")]), 13)
    eq(Yatzy("triple", 2).boxes(), Yatzy("standard", 2).boxes())
    for v in VARIANTS:
        g = Yatzy(v, 1)
        eq(g.boxes()[:6], ("ones", "twos", "threes", "fours", "fives", "sixes"))
        for i, name in enumerate(g.boxes()):
            eq(g.box_index(name), i)
    assert "yahtzee" in Yatzy("yahtzee", 1).boxes() and "yatzy" not in Yatzy("yahtzee", 1).boxes()
    raises(Illegal, Yatzy("standard", 1).box_index, "three_pairs")
    raises(Illegal, Yatzy("maxi", 1).box_index, "yahtzee")


def test_upper_boxes_all_variants():
    for v in VARIANTS:
        n = 6 if v == "maxi" else 5
        dice = ([1, 1, 2, 6, 1, 4])[:n]
        eq(sc(v, "ones", dice), 3, v)
        eq(sc(v, "twos", dice), 2, v)
        eq(sc(v, "threes", dice), 0, v)
        eq(sc(v, "sixes", dice), 6, v)
        eq(sc(v, "fives", [5] * n), 5 * n, v)


def test_standard_pairs():
    for v in ("standard", "triple"):
        check(v, [
            ("one_pair", [2, 2, 5, 5, 1], 10),     # the highest pair
            ("one_pair", [1, 2, 3, 4, 6], 0),
            ("one_pair", [4, 4, 4, 4, 4], 8),
            ("two_pairs", [2, 2, 5, 5, 1], 14),
            ("two_pairs", [3, 3, 3, 3, 1], 0),     # two pairs need different faces
            ("two_pairs", [2, 2, 2, 5, 5], 14),    # a full house counts as two pairs
            ("two_pairs", [6, 6, 6, 6, 6], 0),
            ("two_pairs", [1, 1, 2, 3, 4], 0),
        ])


def test_standard_kinds():
    check("standard", [
        ("three_of_a_kind", [4, 4, 4, 1, 2], 12),
        ("three_of_a_kind", [4, 4, 4, 4, 4], 12),    # five equal still count
        ("three_of_a_kind", [4, 4, 1, 2, 3], 0),
        ("four_of_a_kind", [5, 5, 5, 5, 1], 20),
        ("four_of_a_kind", [5, 5, 5, 5, 5], 20),
        ("four_of_a_kind", [5, 5, 5, 1, 1], 0),
        ("yatzy", [3, 3, 3, 3, 3], 50),
        ("yatzy", [3, 3, 3, 3, 2], 0),
        ("chance", [1, 2, 6, 6, 3], 18),
    ])


def test_standard_straights_are_exact():
    check("standard", [
        ("small_straight", [5, 4, 3, 2, 1], 15),
        ("small_straight", [2, 3, 4, 5, 6], 0),
        ("small_straight", [1, 2, 3, 4, 4], 0),
        ("large_straight", [6, 2, 5, 3, 4], 20),
        ("large_straight", [1, 2, 3, 4, 5], 0),
        ("large_straight", [2, 3, 4, 5, 5], 0),
    ])


def test_standard_full_house():
    check("standard", [
        ("full_house", [3, 3, 3, 2, 2], 13),
        ("full_house", [1, 6, 1, 6, 6], 20),
        ("full_house", [6, 6, 6, 6, 6], 0),    # five equal dice are not a full house
        ("full_house", [3, 3, 3, 3, 2], 0),
        ("full_house", [3, 3, 2, 2, 1], 0),
    ])


def test_maxi_pairs_need_different_faces():
    check("maxi", [
        ("one_pair", [2, 2, 6, 6, 6, 1], 12),
        ("two_pairs", [1, 1, 2, 2, 6, 6], 16),      # the best two
        ("two_pairs", [5, 5, 5, 5, 2, 3], 0),
        ("two_pairs", [5, 5, 5, 5, 2, 2], 14),
        ("two_pairs", [4, 4, 4, 4, 4, 4], 0),
        ("three_pairs", [1, 1, 3, 3, 6, 6], 20),
        ("three_pairs", [3, 3, 3, 3, 1, 1], 0),
        ("three_pairs", [2, 2, 2, 2, 2, 2], 0),
        ("three_pairs", [1, 1, 2, 2, 3, 4], 0),
        ("three_pairs", [1, 1, 1, 2, 2, 2], 0),
    ])


def test_maxi_kinds_and_yatzy():
    check("maxi", [
        ("three_of_a_kind", [6, 6, 6, 6, 6, 6], 18),
        ("four_of_a_kind", [6, 6, 6, 6, 6, 6], 24),
        ("four_of_a_kind", [2, 6, 6, 2, 6, 2], 0),
        ("five_of_a_kind", [3, 3, 3, 3, 3, 1], 15),
        ("five_of_a_kind", [3, 3, 3, 3, 3, 3], 15),
        ("five_of_a_kind", [3, 3, 3, 3, 1, 1], 0),
        ("yatzy", [6, 6, 6, 6, 6, 6], 100),
        ("yatzy", [6, 6, 6, 6, 6, 5], 0),
        ("chance", [6, 6, 6, 1, 2, 3], 24),
    ])


def test_maxi_straights():
    check("maxi", [
        ("small_straight", [1, 2, 3, 4, 5, 5], 15),   # the sixth die is ignored
        ("small_straight", [6, 5, 4, 3, 2, 1], 15),
        ("small_straight", [2, 3, 4, 5, 6, 6], 0),
        ("large_straight", [2, 3, 4, 5, 6, 6], 20),
        ("large_straight", [1, 2, 3, 4, 5, 6], 20),
        ("large_straight", [1, 2, 3, 4, 5, 5], 0),
        ("full_straight", [3, 1, 6, 2, 5, 4], 21),
        ("full_straight", [1, 2, 3, 4, 5, 5], 0),
    ])


def test_maxi_full_house_picks_the_best_five():
    check("maxi", [
        ("full_house", [6, 6, 6, 5, 5, 1], 28),
        ("full_house", [1, 1, 1, 6, 6, 6], 20),      # 6+6+6+1+1 beats 1+1+1+6+6
        ("full_house", [2, 2, 2, 2, 6, 6], 18),      # three 2s and two 6s
        ("full_house", [2, 2, 6, 6, 6, 6], 22),
        ("full_house", [5, 5, 5, 3, 3, 3], 21),
        ("full_house", [4, 4, 4, 4, 4, 1], 0),
        ("full_house", [5, 5, 5, 5, 5, 5], 0),
        ("full_house", [1, 1, 2, 2, 3, 3], 0),
    ])


def test_maxi_castle_and_tower():
    check("maxi", [
        ("castle", [1, 1, 1, 6, 6, 6], 21),
        ("castle", [6, 6, 6, 6, 6, 6], 0),
        ("castle", [2, 2, 2, 2, 3, 3], 0),
        ("tower", [2, 2, 2, 2, 3, 3], 14),
        ("tower", [4, 4, 4, 4, 4, 4], 0),
        ("tower", [5, 5, 5, 5, 5, 1], 0),
        ("tower", [4, 4, 4, 4, 1, 2], 0),
        ("tower", [1, 1, 1, 6, 6, 6], 0),
    ])


def test_yahtzee_fixed_scores():
    check("yahtzee", [
        ("three_of_a_kind", [2, 2, 2, 5, 6], 17),     # the sum of all dice
        ("three_of_a_kind", [4, 4, 4, 4, 4], 20),
        ("three_of_a_kind", [2, 2, 5, 5, 6], 0),
        ("four_of_a_kind", [3, 3, 3, 3, 1], 13),
        ("four_of_a_kind", [3, 3, 3, 1, 1], 0),
        ("full_house", [2, 2, 3, 3, 3], 25),
        ("full_house", [4, 4, 4, 4, 4], 0),           # not a full house by itself
        ("full_house", [4, 4, 4, 4, 1], 0),
        ("small_straight", [1, 2, 3, 4, 6], 30),
        ("small_straight", [3, 4, 5, 6, 6], 30),
        ("small_straight", [2, 3, 4, 5, 5], 30),
        ("small_straight", [1, 2, 3, 5, 6], 0),
        ("small_straight", [4, 4, 4, 4, 4], 0),
        ("large_straight", [1, 2, 3, 4, 5], 40),
        ("large_straight", [6, 5, 4, 3, 2], 40),
        ("large_straight", [1, 2, 3, 4, 6], 0),
        ("small_straight", [1, 2, 3, 4, 5], 30),
        ("yahtzee", [5, 5, 5, 5, 5], 50),
        ("yahtzee", [5, 5, 5, 5, 1], 0),
        ("chance", [1, 1, 2, 3, 6], 13),
    ])


def test_score_uses_the_current_dice_and_changes_nothing():
    g = Yatzy("standard", 1)
    g.roll([3, 3, 3, 2, 2])
    eq(g.score(g.box_index("full_house")), 13)
    eq(g.score(g.box_index("full_house"), [1, 2, 3, 4, 5]), 0)
    eq(list(g.dice), [3, 3, 3, 2, 2])
    assert g.is_free(0, g.box_index("full_house"))
    out = g.scores_for()
    eq(out[g.box_index("full_house")], 13)
    eq(out[g.box_index("two_pairs")], 10)
    eq(out[g.box_index("yatzy")], 0)
    assert g.scores_for() is out   # reused, not allocated per call
