"""snyd_json: a snyd_writer.Recorder's log read back - each round as the record's dict, the
record's JSON text streamed to a file, the record as a dict (docs/records.md). Apart
from snyd_writer so that a game being played holds only the code that writes the log (the solo
games' heap). It never imports snyd_writer (whose Recorder loads it): the log's format bytes
below are the recorder's (tests/test_imports.py checks that they match).
"""
import json

from dicecup.core.compat import const

_KINDS = ("bid", "snyd", "calza", "forfeit")  # snyd_writer.KINDS
_ROUND = const(0xFE)         # snyd_writer.ROUND
_ROUND_SHOWN = const(0xFF)   # snyd_writer.ROUND_SHOWN
_NO_DIE = const(255)         # snyd_writer.NO_DIE
_NO_DICE = const(0xFD)       # snyd_writer.NO_DICE


def rounds(rc):
    """Each round of rc's log as the record's dict, one at a time."""
    at = rc.at
    n = rc.n
    seats = rc.seats
    i = 0
    while i < n:
        marker = at(i)
        i += 1
        dice = []
        for _ in range(seats):
            k = at(i)
            if k == _NO_DICE:
                dice.append(None)
                i += 1
                continue
            dice.append([at(j) for j in range(i + 1, i + 1 + k)])
            i += 1 + k
        shown = None
        if marker == _ROUND_SHOWN:
            shown = []
            for j in range(i, i + seats):
                v = at(j)
                shown.append(None if v == _NO_DIE else v)
            i += seats
        acts = []
        while i < n and at(i) < _ROUND:
            b = at(i)
            kind = _KINDS[b & 3]
            acts.append([b >> 2, kind, at(i + 1), at(i + 2)] if kind == "bid" else [b >> 2, kind])
            i += 3
        rd = {"dice": dice, "actions": acts}
        if shown is not None:
            rd["shown"] = shown
        yield rd


def text(rc):
    """rc's record as JSON text, a piece at a time (a round's at most): a table makes it a few
    rounds a loop (table.Table._end_step)."""
    dumps = json.dumps
    yield '{"game": "snyd", "version": 2, "rules": '
    yield dumps(rc.rules.to_dict())
    yield ', "seats": %d, "first": %d, "rounds": [' % (rc.seats, rc.first)
    sep = ""
    for rd in rounds(rc):
        yield sep
        yield dumps(rd)
        sep = ", "
    yield "]"
    if rc.names is not None:
        yield ', "names": '
        yield dumps(list(rc.names))
    yield "}"


def write(rc, f):
    """rc's record as JSON text, written to f piece by piece."""
    for s in text(rc):
        f.write(s)


def record(rc):
    rec = {"game": "snyd", "version": 2, "rules": rc.rules.to_dict(), "seats": rc.seats,
           "first": rc.first, "rounds": list(rounds(rc))}
    if rc.names is not None:
        rec["names"] = list(rc.names)
    return rec
