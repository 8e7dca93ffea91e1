"""The referee (host_tools.replay) run as a subprocess, as the Snyd and Yatzy replay tests use it."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def referee(text, path="-"):
    """(exit code, stdout, stderr) of `python -m host_tools.replay path` with text on stdin."""
    r = subprocess.run([sys.executable, "-m", "host_tools.replay", path], input=text, cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def assert_not_a_record(text, words):
    """The spec's answer to input that is not a record: exit 2, nothing on stdout, one line on
    stderr (no traceback) containing words."""
    code, out, err = referee(text)
    assert code == 2, (code, out, err)
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert words in err, err
