"""A tournament for your own bot (issue 24): --bot COMMAND in the levels' place, --against names
listed in --help, one line and exit 2 for a bad option, one line and exit 1 for a bot that answers
what the game cannot take; docs/bots.md's example works as pasted, its views on one line each."""
import json
import re
import shlex
import subprocess
import sys

import pytest

from host_tools.paths import ROOT

DOC = open(ROOT + "/docs/bots.md").read()


def tournament(*args, timeout=120):
    r = subprocess.run([sys.executable, "-m", "host_tools.tournament"] + list(args), cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def test_the_docs_example_runs_as_pasted():
    line = [ln.strip() for ln in DOC.splitlines() if "host_tools.tournament --game snyd" in ln
            and "--bot" in ln][0]
    argv = shlex.split(line)
    assert argv[0] == ".venv/bin/python" and argv[1:3] == ["-m", "host_tools.tournament"], argv
    code, out, err = tournament(*(argv[3:] + ["--games", "12"]))   # the same, fewer games
    assert code == 0, err
    rows = out.strip().splitlines()
    assert len(rows) == 1 and re.match(r"4 seats  bot +vs hard +\d+\.\d%", rows[0]), out


def test_the_docs_views_are_one_line_each_and_the_bot_takes_them():
    start = DOC.index("## The bot protocol")
    blocks = re.findall(r"```json\n(.*?)```", DOC[start:], re.S)
    assert len(blocks) >= 2
    for block, game in zip(blocks, ("snyd", "yatzy")):
        assert block.count("\n") == 1, block          # one line: pasted, it is one view
        r = subprocess.run([sys.executable, "-m", "host_tools.bot", "--game", game, "--level", "normal"],
                           input=block, cwd=ROOT, capture_output=True, text=True, timeout=60)
        move = json.loads(r.stdout)
        assert r.returncode == 0 and isinstance(move, list), r.stdout + r.stderr


def test_help_names_every_opponent_and_the_bot_option():
    code, out, _ = tournament("--help")
    text = " ".join(out.split())
    assert code == 0 and "--bot COMMAND" in text and '--bot "python3 mybot.py" --against hard' in text
    for name in ("kids", "easy", "normal", "hard", "random", "seed"):
        assert name in text[text.index("--against NAME"):]


@pytest.mark.parametrize("args,said", [
    (["--against", "foo"], "--against foo: no such bot; choose from kids, easy, normal, hard, random, seed"),
    (["--levels", "expert"], "--levels expert: no such bot; choose from kids, easy, normal, hard"),
    (["--game", "yatzy"], "--game yatzy: tournaments play Snyd"),
    (["--seats", "9"], "--seats 9: a table has 2 to 8 seats"),
    (["--rules", "{dice: 3}"], "--rules is not JSON"),
    (["--rules", '{"dice": 9}'], "--rules: "),
    (["--bot", " "], "--bot needs a command"),
])
def test_a_bad_option_is_one_line_and_exit_2(args, said):
    code, out, err = tournament(*args)
    assert code == 2 and out == "" and err.startswith(said) and err.count("\n") == 1, err


BOTS = {
    "not JSON": ("print('bid 3 4', flush=True); input()", "is not JSON"),
    "illegal": ("import sys\nfor l in sys.stdin: print('[\"bid\", 0, 9]', flush=True)",
                "your bot's move is not allowed: "),
    "null on turn": ("import sys\nfor l in sys.stdin: print('null', flush=True)", "no move (null) from seat"),
    "gone": ("pass", "your bot ended (exit 0)"),
    "silent": ("import time; time.sleep(30)", "no answer in 0.5 s"),
    "error": ("import sys\nfor l in sys.stdin: print('{\"error\": \"bad view\"}', flush=True)",
              'your bot answered {"error": "bad view"}'),
}


@pytest.mark.parametrize("case", sorted(BOTS))
def test_a_bot_that_goes_wrong_stops_the_run_in_one_line(case, tmp_path):
    code_text, said = BOTS[case]
    script = tmp_path / "bot.py"
    script.write_text(code_text + "\n")
    cmd = "%s %s" % (shlex.quote(sys.executable), shlex.quote(str(script)))
    code, out, err = tournament("--seats", "2", "--against", "random", "--games", "3", "--bot", cmd,
                                "--bot-timeout", "0.5")
    assert code == 1 and err.startswith("tournament: ") and said in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_a_bot_command_that_does_not_start():
    code, out, err = tournament("--seats", "2", "--against", "random", "--bot", "no-such-command-here")
    assert code == 1 and "--bot 'no-such-command-here' does not start" in err and err.count("\n") == 1, err
