"""The referee on Snyd records, as a subprocess: exit 0 legal, 1 rule broken, 2 not a record."""
import json

import pytest

from replaycheck import assert_not_a_record, referee

# the spec's input example, verbatim
EXAMPLE = """{"game": "snyd",
 "rules": {"dice": 5, "jokers": true, "palifico": true, "calza": true,
           "open_on_ones": false, "calza_by": "others", "count_scope": "table", "open_die": false},
 "seats": 4,
 "first": 0,
 "rounds": [
   {"dice": [[2,2,2,3,4], [1,5,6,6,6], [3,3,4,4,6], [1,1,2,5,6]],
    "actions": [[0, "bid", 3, 2], [1, "bid", 4, 2], [2, "snyd"]]}
 ]}"""

# the spec's output example, except "count": the spec prints 6, but by its own rules the dice hold
# three 2s and four ones (jokers) = 7 (seat 0: 2,2,2; seat 1: 1; seat 3: 1,1,2)
EXPECTED = ('{"rounds": [{"opener": 0, "palifico": false, "call": "snyd", "caller": 2, "bidder": 1, '
            '"bid": [4, 2], "count": 7, "loser": 2, "gainer": null, "dice_left": [5, 5, 4, 5], '
            '"eliminated": []}], "next_opener": 2, "winner": null, "error": null}')


def changed(fn):
    rec = json.loads(EXAMPLE)
    fn(rec)
    return json.dumps(rec)


def test_spec_example_exits_0_with_the_exact_output():
    code, out, err = referee(EXAMPLE)
    assert (code, err) == (0, "")
    assert out.strip() == EXPECTED
    assert list(json.loads(out)["rounds"][0]) == ["opener", "palifico", "call", "caller", "bidder",
                                                   "bid", "count", "loser", "gainer", "dice_left",
                                                   "eliminated"]


def test_record_from_a_file(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(EXAMPLE)
    code, out, _ = referee("", str(f))
    assert code == 0 and out.strip() == EXPECTED


def test_a_whole_game_to_the_winner():
    rounds = [{"dice": [[3], [4], [5]], "actions": [[0, "bid", 1, 3], [1, "bid", 2, 4], [2, "snyd"]]},
              {"dice": [[3], [], [5]], "actions": [[2, "bid", 1, 5], [0, "snyd"]]}]
    code, out, _ = referee(json.dumps({"game": "snyd", "rules": {"dice": 1}, "seats": 3,
                                       "rounds": rounds}))
    assert code == 0
    res = json.loads(out)
    assert [r["loser"] for r in res["rounds"]] == [1, 0]
    assert (res["winner"], res["next_opener"]) == (2, None)


@pytest.mark.parametrize("mutate,rnd,act,words", [
    (lambda r: r["rounds"][0]["actions"].__setitem__(1, [1, "bid", 3, 2]), 0, 1, "higher"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "bid", 2, 1]), 0, 0, "ones"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(2, [3, "snyd"]), 0, 2, "turn"),
    (lambda r: r["rounds"][0]["actions"].append([3, "snyd"]), 0, 3, "over"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(2, [1, "calza"]), 0, 2, "bidder"),
    (lambda r: r["rounds"][0]["dice"][1].pop(), 0, None, "seat 1 has 5 dice left, but the record lists 4"),
    # values of the right type that the game does not allow break a rule, as a Yatzy die of 9 does
    (lambda r: r["rounds"][0]["dice"][0].__setitem__(0, 7), 0, None, "die values are 1..6"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "bid", 3, 7]), 0, 0, "face must be 1..6"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(2, [9, "snyd"]), 0, 2, "no such seat"),
    (lambda r: r["rounds"][0]["actions"].__setitem__(2, [-1, "forfeit"]), 0, 2, "no such seat"),
    (lambda r: r["rounds"].append({"dice": [[1] * 5] * 4, "actions": []}), 1, None, "seat 2"),
    (lambda r: r["rounds"].append({"dice": [[1] * 5, [1] * 5, [1] * 4, [1] * 5],
                                   "actions": [[2, "bid", 3, 3], [3, "bid", 2, 3]]}), 1, 1, "higher"),
])
def test_rule_broken_exits_1_with_round_action_and_reason(mutate, rnd, act, words):
    code, out, err = referee(changed(mutate))
    assert code == 1, err
    res = json.loads(out)
    assert (res["error"]["round"], res["error"]["action"]) == (rnd, act)
    assert words in res["error"]["reason"]
    assert len(res["rounds"]) == rnd


@pytest.mark.parametrize("text,words", [
    ("{not json", "not JSON"),
    ("", "not JSON"),
    ("[1, 2]", "object"),
    (changed(lambda r: r.update(game="chess")), "unknown game"),
    (changed(lambda r: r.pop("game")), "unknown game"),
    (changed(lambda r: r.update(colour="red")), "colour"),
    (changed(lambda r: r["rules"].update(wild=True)), "wild"),
    (changed(lambda r: r["rounds"][0].update(note="x")), "note"),
    (changed(lambda r: r.update(seats="4")), "seats"),
    (changed(lambda r: r.update(seats=True)), "seats"),
    (changed(lambda r: r.update(seats=1)), "seats"),
    (changed(lambda r: r.update(first=4)), "first"),
    (changed(lambda r: r["rules"].update(dice=True)), "rules.dice"),
    (changed(lambda r: r["rules"].update(jokers=1)), "rules.jokers"),
    (changed(lambda r: r["rules"].update(calza_by="all")), "calza_by"),
    (changed(lambda r: r.update(preset="pro")), "preset"),
    (changed(lambda r: r["rounds"][0]["dice"][0].__setitem__(0, True)), "dice"),
    (changed(lambda r: r["rounds"][0]["dice"][0].__setitem__(0, "6")), "dice"),
    (changed(lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "bid", 3, "2"])), "face"),
    (changed(lambda r: r["rounds"][0]["actions"].__setitem__(0, [None, "bid", 3, 2])), "seat"),
    (changed(lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "bid", "3", 2])), "count"),
    (changed(lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "bid", True, 2])), "count"),
    (changed(lambda r: r["rounds"][0]["actions"].__setitem__(0, [0, "raise", 3, 2])), "kind"),
    (changed(lambda r: r["rounds"][0].update(shown=[0, 0, 0, 0])), "open_die"),
    ("[" * 100000 + "]" * 100000, "nested"),
])
def test_not_a_record_exits_2_with_one_line(text, words):
    assert_not_a_record(text, words)


def test_preset_kids_end_to_end():
    rec = {"game": "snyd", "preset": "kids", "seats": 2,
           "rounds": [{"dice": [[1, 1, 2], [3, 4, 5]], "actions": [[0, "bid", 2, 1], [1, "snyd"]]}]}
    code, out, _ = referee(json.dumps(rec))
    assert code == 0  # kids: no jokers, so ones may open; two ones: seat 1 loses
    assert json.loads(out)["rounds"][0]["dice_left"] == [3, 2]
