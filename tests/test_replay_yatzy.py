"""The referee on Yatzy records, as a subprocess: exit 0 legal, 1 rule broken, 2 not a record."""
import json
import os

import pytest

from replaycheck import ROOT, assert_not_a_record, referee

GOOD = {"game": "yatzy", "variant": "standard", "options": {}, "players": 2,
        "turns": [{"p": 0, "rolls": [[1, 3, 3, 5, 6], [3, 3, 3, 2, 4]], "held": [[1, 2]],
                   "category": "three_of_a_kind"},
                  {"p": 1, "rolls": [[6, 6, 6, 6, 6]], "category": "yatzy"}]}


def with_turn(turn, **changes):
    rec = json.loads(json.dumps(GOOD))
    rec.update(changes)
    rec["turns"].append(turn)
    return json.dumps(rec)


def test_good_record_exits_0_with_the_spec_output():
    code, out, err = referee(json.dumps(GOOD))
    assert (code, err) == (0, "")
    res = json.loads(out)
    assert res["players"][0]["columns"] == [{"scores": {"three_of_a_kind": 9}, "upper": 0, "bonus": 0}]
    assert [p["total"] for p in res["players"]] == [9, 50]
    assert (res["finished"], res["next"], res["winners"], res["error"]) == (False, 0, [], None)


def test_good_record_from_a_file(tmp_path):
    f = tmp_path / "game.json"
    f.write_text(json.dumps(GOOD))
    assert referee("", str(f))[0] == 0


@pytest.mark.parametrize("turn,words", [
    ({"p": 1, "rolls": [[1, 1, 1, 1, 1]], "category": "ones"}, "wrong player"),
    ({"p": 0, "rolls": [[1, 1, 1, 1, 1]], "category": "three_of_a_kind"}, "already filled"),
    ({"p": 0, "rolls": [[1, 1, 1, 1, 1]] * 4, "category": "ones"}, "too many rolls"),
    ({"p": 0, "rolls": [[1, 2, 3, 4, 5], [2, 2, 3, 4, 5]], "held": [[0]], "category": "ones"},
     "held dice changed"),
    ({"p": 0, "rolls": [[1, 2, 3, 4, 8]], "category": "ones"}, "bad dice"),
    ({"p": 0, "rolls": [[1, 2, 3, 4]], "category": "ones"}, "bad dice"),
    ({"p": 0, "rolls": [[1, 2, 3, 4, 5]], "category": "castle"}, "castle"),
    ({"p": 0, "rolls": [[1, 2, 3, 4, 5]], "category": "ones", "column": 1}, "column"),
])
def test_rule_broken_exits_1_with_the_turn_and_reason(turn, words):
    code, out, err = referee(with_turn(turn))
    assert code == 1, err
    res = json.loads(out)
    assert res["error"]["turn"] == 2
    assert words in res["error"]["reason"]
    assert [p["total"] for p in res["players"]] == [9, 50]   # turns before it still count


@pytest.mark.parametrize("text,words", [
    ("{not json", "not JSON"),
    ("[]", "object"),
    (json.dumps(dict(GOOD, game="chess")), "unknown game"),
    (json.dumps(dict(GOOD, variant="poker")), "variant"),
    (json.dumps(dict(GOOD, players=9)), "players"),
    (json.dumps(dict(GOOD, colour="red")), "colour"),
    (json.dumps(dict(GOOD, options={"bonus": "75/50"})), "bonus"),
    (json.dumps(dict(GOOD, turns={"p": 0})), "turns"),
    (with_turn({"p": 0, "rolls": [[1, 2, 3, 4, 5]]}), "category"),
    (with_turn({"p": 0, "rolls": [["1", 2, 3, 4, 5]], "category": "ones"}), "integers"),
    (with_turn({"p": 0, "rolls": [[1, 2, 3, 4, 5]], "held": [[1]], "category": "ones"}), "held"),
    ("[" * 100000 + "]" * 100000, ""),
])
def test_not_a_record_exits_2_with_one_line(text, words):
    assert_not_a_record(text, words)


def test_missing_file_exits_2():
    code, _, err = referee("", os.path.join(ROOT, "no-such-record.json"))
    assert code == 2 and "cannot read" in err
