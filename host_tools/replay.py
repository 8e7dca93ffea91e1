"""The referee: `python -m host_tools.replay RECORD.json` (or `-` for standard input).

Replays a Snyd or Yatzy game record (../shared/spec/snyd-record.md, yatzy-record.md; format versions
1 and 2, the latter with the table's forfeit: docs/records.md) through the firmware's own rules cores and prints the spec's JSON result. Exit 0: every action legal; 1: the record
is well-formed but breaks a rule; 2: not a record (one-line message on stderr, never a traceback).
"""
import json
import sys

import host_tools.paths  # noqa: F401  (puts firmware/ on sys.path)
from recordlib import Malformed

GAMES = {"snyd": "snyd_record", "yatzy": "yatzy_record"}


def referee(record):
    """Replay a parsed record; returns (output dict, exit code). Raises Malformed."""
    if not isinstance(record, dict):
        raise Malformed("a record must be a JSON object")
    game = record.get("game")
    if game not in GAMES:
        raise Malformed("unknown game %r (expected %s)" % (game, " or ".join(sorted(GAMES))))
    mod = __import__(GAMES[game])
    out = mod.replay(record)
    return out, (0 if out["error"] is None else 1)


def read_source(arg):
    if arg == "-":
        return sys.stdin.read()
    with open(arg, encoding="utf-8") as f:
        return f.read()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print("usage: python -m host_tools.replay RECORD.json|-", file=sys.stderr)
        return 2
    try:
        text = read_source(argv[0])
    except (OSError, UnicodeDecodeError) as e:
        print("replay: cannot read %s: %s" % (argv[0], e), file=sys.stderr)
        return 2
    try:
        record = json.loads(text)
    except ValueError as e:
        print("replay: not JSON: %s" % str(e).splitlines()[0], file=sys.stderr)
        return 2
    except RecursionError:
        print("replay: not JSON: nested too deeply", file=sys.stderr)
        return 2
    try:
        out, code = referee(record)
    except Malformed as e:
        print("replay: malformed record: %s" % e, file=sys.stderr)
        return 2
    except RecursionError:
        print("replay: malformed record: nested too deeply", file=sys.stderr)
        return 2
    print(json.dumps(out))
    return code


if __name__ == "__main__":
    sys.exit(main())
