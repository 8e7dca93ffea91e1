"""The referee: `python -m host_tools.replay RECORD.json` (or `-` for standard input).

Replays a Snyd or Yatzy game record (docs/records.md, yatzy-record.md; format versions
1 and 2, the latter with the table's forfeit: docs/records.md) through the firmware's own rules cores and prints the spec's JSON result. Exit 0: every action legal; 1: the record
is well-formed but breaks a rule; 2: not a record (one-line message on stderr, never a traceback).
With --summary it prints one line for a person instead of the JSON (same exit status): who won,
the loser of each round (Snyd) or the totals (Yatzy), or the first broken rule.
"""
import argparse
import importlib
import json
import sys

import host_tools.paths  # noqa: F401  (puts firmware/ on sys.path)
from dicecup.core.shape import Malformed

GAMES = {"snyd": "dicecup.records.snyd", "yatzy": "dicecup.records.yatzy"}


def referee(record):
    """Replay a parsed record; returns (output dict, exit code). Raises Malformed."""
    if not isinstance(record, dict):
        raise Malformed("a record must be a JSON object")
    game = record.get("game")
    if game not in GAMES:
        raise Malformed("unknown game %r (expected %s)" % (game, " or ".join(sorted(GAMES))))
    mod = importlib.import_module(GAMES[game])
    out = mod.replay(record)
    return out, (0 if out["error"] is None else 1)


def _namer(record, what):
    """name(i): the record's name for seat/scorecard i (its `names`, or a Yatzy team's members),
    else "<what> i", numbered from 0 as in the record."""
    names = record.get("names")
    teams = record.get("teams")

    def name(i):
        if isinstance(names, list) and i < len(names) and isinstance(names[i], str) and names[i]:
            return names[i]
        if isinstance(teams, list) and i < len(teams) and isinstance(teams[i], list) and teams[i] \
                and all(isinstance(m, str) for m in teams[i]):
            return "+".join(teams[i])
        return "%s %d" % (what, i)
    return name


def _and(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _snyd_summary(record, out):
    name = _namer(record, "seat")
    head = "snyd, %d seats" % record["seats"]
    rounds = out["rounds"]
    losers = []
    for rd in rounds:
        if rd["call"] == "forfeit":
            losers.append("%s (forfeit)" % _and([name(s) for s in rd["forfeits"]]))
        elif rd["loser"] is not None:
            losers.append(name(rd["loser"]))
        elif rd["gainer"] is not None:
            losers.append("%s gains a die (calza)" % name(rd["gainer"]))
        elif rd["call"] == "calza":
            losers.append("nobody (%s's calza was right)" % name(rd["caller"]))
        else:
            losers.append("round in play")
    said = "round losers: %s" % ", ".join(losers) if losers else "no round played"
    err = out["error"]
    if err is not None:
        where = "round %d" % err["round"] + ("" if err["action"] is None else ", action %d" % err["action"])
        return "%s: %s breaks a rule: %s%s" % (head, where, err["reason"],
                                              " (%s before it)" % said if losers else "")
    n = len(rounds)
    if out["winner"] is not None:
        return "%s: %s won after %d round%s; %s" % (head, name(out["winner"]), n, "s" * (n != 1), said)
    if rounds and rounds[-1]["call"] is not None and out["next_opener"] is None:
        return "%s: nobody won: the last seats forfeited their last dice; %s" % (head, said)
    nxt = "" if out["next_opener"] is None else "; %s opens next" % name(out["next_opener"])
    return "%s: no winner yet after %d round%s; %s%s" % (head, n, "s" * (n != 1), said, nxt)


def _yatzy_summary(record, out):
    name = _namer(record, "player")
    players = out["players"]
    head = "yatzy (%s), %d player%s" % (record.get("variant"), len(players), "s" * (len(players) != 1))
    totals = "totals: %s" % ", ".join("%s %d" % (name(i), p["total"]) for i, p in enumerate(players))
    err = out["error"]
    if err is not None:
        return "%s: turn %d breaks a rule: %s (%s before it)" % (head, err["turn"], err["reason"], totals)
    if out["finished"]:
        w = out["winners"]
        best = players[w[0]]["total"] if w else 0
        if len(w) == 1:
            return "%s: %s won with %d points; %s" % (head, name(w[0]), best, totals)
        return "%s: %s tie with %d points; %s" % (head, _and([name(i) for i in w]), best, totals)
    n = len(record["turns"])
    nxt = "" if out["next"] is None else "; %s is next" % name(out["next"])
    return "%s: not finished after %d turn%s; %s%s" % (head, n, "s" * (n != 1), totals, nxt)


def summary(record, out):
    """One line a person can read for a record the referee replayed (out: referee(record)[0])."""
    return (_snyd_summary if record["game"] == "snyd" else _yatzy_summary)(record, out)


def read_source(arg):
    if arg == "-":
        return sys.stdin.read()
    with open(arg, encoding="utf-8") as f:
        return f.read()


def parser():
    p = argparse.ArgumentParser(
        prog="python -m host_tools.replay",
        description="The referee: replays a Snyd or Yatzy game record (docs/records.md) through the "
                    "handhelds' own rules code and prints the result as one JSON object.",
        epilog="exit status: 0 every move is legal; 1 a rule is broken (the first one is the JSON's "
               "\"error\"); 2 not a record, with a one-line message on standard error (2 also for "
               "bad options).")
    p.add_argument("record", metavar="RECORD.json", help="the game record, or - to read standard input")
    p.add_argument("--summary", action="store_true",
                   help="print one line a person can read instead of the JSON: who won and the loser "
                        "of each round (Snyd) or the totals (Yatzy), or the first broken rule; "
                        "the exit status is the same")
    return p


def main(argv=None):
    a = parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        text = read_source(a.record)
    except (OSError, UnicodeDecodeError) as e:
        print("replay: cannot read %s: %s" % (a.record, e), file=sys.stderr)
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
    print(summary(record, out) if a.summary else json.dumps(out))
    return code


if __name__ == "__main__":
    sys.exit(main())
