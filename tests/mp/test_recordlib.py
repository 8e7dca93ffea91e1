"""core.shape: the record shape checks shared by the Snyd and Yatzy records."""
from mpcheck import eq, raises
from dicecup.core.shape import Malformed, check_keys, get_bool, get_dice, get_int, get_str


def test_bool_is_not_an_int():
    raises(Malformed, get_int, True, 0, 5, "x")
    eq(get_int(3, 0, 5, "x"), 3)


def test_int_range_is_checked():
    e = raises(Malformed, get_int, 9, 1, 8, "seats")
    assert "seats" in str(e)


def test_unknown_and_missing_keys():
    raises(Malformed, check_keys, {"a": 1, "zz": 2}, ("a",), ("a",), "record")
    raises(Malformed, check_keys, {}, ("a",), ("a",), "record")
    raises(Malformed, check_keys, [1], ("a",), (), "record")
    check_keys({"a": 1}, ("a", "b"), ("a",), "record")


def test_dice_values_and_count():
    eq(get_dice([1, 6, 3], "d", 3), [1, 6, 3])
    raises(Malformed, get_dice, [1, 7], "d")
    raises(Malformed, get_dice, [1, 2], "d", 3)
    raises(Malformed, get_dice, "12", "d")


def test_bool_and_choice():
    eq(get_bool(False, "b"), False)
    raises(Malformed, get_bool, 0, "b")
    eq(get_str("any", ("any", "turn"), "c"), "any")
    raises(Malformed, get_str, "all", ("any", "turn"), "c")
