"""The referee's command line: a real --help, and --summary, one line a person can read, with the
exit status of the JSON output (issue 16). The JSON and its keys are the other replay tests'."""
import json
import subprocess
import sys

import pytest

from replaycheck import ROOT, referee
from test_replay_snyd import EXAMPLE, EXPECTED
from test_replay_yatzy import GOOD

STANDARD = ("ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs", "three_of_a_kind",
            "four_of_a_kind", "small_straight", "large_straight", "full_house", "chance", "yatzy")


def replay(*args, text=""):
    r = subprocess.run([sys.executable, "-m", "host_tools.replay"] + list(args), input=text, cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def summary(record):
    """(exit code, the one line) of --summary; the exit code is checked against the JSON run's."""
    text = record if isinstance(record, str) else json.dumps(record)
    code, out, err = replay("--summary", "-", text=text)
    assert code == referee(text)[0], (code, out, err)
    assert err == "" and out.count("\n") == 1 and not out.lstrip().startswith("{"), out
    return code, out.strip()


def test_help_exits_0_and_says_the_options_and_exit_status():
    code, out, err = replay("--help")
    assert code == 0 and err == ""
    assert "RECORD.json" in out and "--summary" in out and "standard input" in out
    assert "exit status: 0" in " ".join(out.split())
    assert replay("-h")[0] == 0


@pytest.mark.parametrize("args", [[], ["a.json", "b.json"], ["--no-such-option", "-"]])
def test_bad_usage_still_exits_2(args):
    code, out, err = replay(*args)
    assert code == 2 and out == "" and "usage:" in err


def test_without_summary_the_json_is_unchanged():
    code, out, _ = replay("-", text=EXAMPLE)
    assert code == 0 and out.strip() == EXPECTED


def test_snyd_round_losers_and_who_opens_next():
    assert summary(EXAMPLE) == (0, "snyd, 4 seats: no winner yet after 1 round; round losers: seat 2; "
                                   "seat 2 opens next")


def test_snyd_names_and_a_forfeit():
    rounds = [{"dice": [[3, 3], [4, 4], [5, 5]], "actions": [[0, "bid", 2, 3], [1, "snyd"]]},
              {"dice": [[3, 3], [4], [5, 5]], "actions": [[1, "bid", 1, 5], [2, "forfeit"]]},
              {"dice": [[3, 3], [4], [5]], "actions": [[2, "bid", 2, 3], [0, "snyd"]]},
              {"dice": [[3], [4], [5]], "actions": [[0, "bid", 1, 6], [1, "snyd"]]}]
    rec = {"game": "snyd", "rules": {"dice": 2, "jokers": False, "palifico": False, "calza": False},
           "seats": 3, "names": ["Anna", "Bo", "Cy"], "rounds": rounds}
    assert summary(rec) == (0, "snyd, 3 seats: no winner yet after 4 rounds; round losers: Bo, "
                               "Cy (forfeit), Anna, Anna; Bo opens next")


def test_snyd_calza_and_a_game_nobody_won():
    calza = {"game": "snyd", "rules": {"dice": 2, "calza_by": "any", "jokers": False}, "seats": 3,
             "rounds": [{"dice": [[3, 3], [4, 4], [5, 5]], "actions": [[0, "bid", 2, 3], [1, "calza"]]},
                        {"dice": [[3, 3], [4, 4], [5, 5]], "actions": [[1, "bid", 1, 5], [0, "calza"]]}]}
    assert summary(calza) == (0, "snyd, 3 seats: no winner yet after 2 rounds; round losers: nobody "
                                 "(seat 1's calza was right), seat 0; seat 0 opens next")
    calza["rules"]["dice"] = 3
    calza["rounds"] = [{"dice": [[3, 3, 1], [4, 4, 4], [5, 5, 5]], "actions": [[0, "bid", 1, 4], [1, "snyd"]]},
                       {"dice": [[3, 3, 1], [4, 4], [5, 5, 5]],
                        "actions": [[1, "bid", 1, 2], [2, "bid", 2, 3], [1, "calza"]]}]
    assert "round losers: seat 1, seat 1 gains a die (calza); seat 1 opens next" in summary(calza)[1]
    gone = {"game": "snyd", "rules": {"dice": 1}, "seats": 2,
            "rounds": [{"dice": [[3], [4]], "actions": [[0, "forfeit"], [1, "forfeit"]]}]}
    assert summary(gone) == (0, "snyd, 2 seats: nobody won: the last seats forfeited their last dice; "
                                "round losers: seat 0 and seat 1 (forfeit)")


def test_snyd_first_broken_rule():
    rec = json.loads(EXAMPLE)
    rec["rounds"][0]["actions"][1] = [1, "bid", 3, 2]
    code, line = summary(rec)
    assert code == 1
    assert line.startswith("snyd, 4 seats: round 0, action 1 breaks a rule: ") and "higher" in line, line


def test_snyd_a_whole_game_names_its_winner():
    rounds = [{"dice": [[3], [4], [5]], "actions": [[0, "bid", 1, 3], [1, "bid", 2, 4], [2, "snyd"]]},
              {"dice": [[3], [], [5]], "actions": [[2, "bid", 1, 5], [0, "snyd"]]}]
    rec = {"game": "snyd", "rules": {"dice": 1}, "seats": 3, "rounds": rounds}
    assert summary(rec) == (0, "snyd, 3 seats: seat 2 won after 2 rounds; round losers: seat 1, seat 0")


def _game(players, rolls):
    """A whole standard game: every scorecard fills its boxes in order, each from one roll."""
    turns = [{"p": p, "rolls": [rolls[p]], "category": box} for box in STANDARD for p in range(players)]
    return {"game": "yatzy", "variant": "standard", "options": {}, "players": players, "turns": turns}


def test_yatzy_winner_tie_and_totals():
    rec = dict(_game(2, [[6, 6, 6, 6, 6], [1, 2, 3, 4, 5]]), names=["Anna", "Bo"])
    code, line = summary(rec)
    assert code == 0
    assert line.startswith("yatzy (standard), 2 players: Anna won with ") and "totals: Anna " in line, line
    tie = dict(_game(2, [[2, 2, 3, 3, 3]] * 2), teams=[["Anna", "Bo"], ["Cy"]])
    code, line = summary(tie)
    assert code == 0 and line.startswith("yatzy (standard), 2 players: Anna+Bo and Cy tie with "), line


def test_yatzy_unfinished_and_broken():
    assert summary(GOOD) == (0, "yatzy (standard), 2 players: not finished after 2 turns; "
                                "totals: player 0 9, player 1 50; player 0 is next")
    bad = json.loads(json.dumps(GOOD))
    bad["turns"].append({"p": 1, "rolls": [[1, 1, 1, 1, 1]], "category": "ones"})
    code, line = summary(bad)
    assert code == 1
    assert line.startswith("yatzy (standard), 2 players: turn 2 breaks a rule: ") and "wrong player" in line
    assert line.endswith("(totals: player 0 9, player 1 50 before it)"), line


def test_summary_of_what_is_not_a_record_exits_2_as_before(tmp_path):
    for text, words in (("not json", "not JSON"), ('{"game": "chess"}', "unknown game")):
        code, out, err = replay("--summary", "-", text=text)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err
    code, out, err = replay("--summary", str(tmp_path / "missing.json"))
    assert code == 2 and out == "" and "cannot read" in err
