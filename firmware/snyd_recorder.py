"""snyd_recorder: writes the record of a Snyd game as it is played (../shared/spec/snyd-record.md).

Recorder(rules, seats, first=0, names=None): .round(dice, shown=None), .action(seat, kind, count=0,
face=0) with kind "bid"/"snyd"/"calza"; .write(f) streams the record's JSON text to an open file,
a round at a time, so saving a long game never holds the whole record in memory; .record() gives
it as a Python dict (tests, the table's replays). The game so far is one bytearray, reserved for a
typical whole game at the start (grown only past that): a log grown action by action needed ever
larger pieces of a heap the game had cut up, and left the old ones as holes. A round is its
marker byte, then per seat the number of dice and the dice, then (open_die) per seat the index of
the die laid open (255 for none); an action is three bytes, seat << 2 | kind, count, face.
Reading and replaying records is snyd_record's job (the referee), which this module never loads.
"""
import json

from compat import const

KINDS = ("bid", "snyd", "calza")
_ROUND = const(0xFE)         # a round without shown dice
_ROUND_SHOWN = const(0xFF)   # a round with a shown die per seat
_NONE = const(255)           # no die laid open


class Recorder:
    def __init__(self, rules, seats, first=0, names=None):
        self.rules = rules
        self.seats = seats
        self.first = first
        self.names = names
        # a round per die lost; each: marker, counts, half the dice on average, the open dice, and
        # about one bid a seat (a 6-seat game of 5 dice logged 1200 bytes)
        per_round = 1 + seats + seats * rules.dice // 2 + 3 * seats + (seats if rules.open_die else 0)
        self._log = bytearray(seats * rules.dice * per_round)
        self._n = 0

    def _put(self, v):
        n = self._n
        if n == len(self._log):
            self._log.extend(bytes(64))
        self._log[n] = v
        self._n = n + 1

    def round(self, dice, shown=None):
        put = self._put
        put(_ROUND if shown is None else _ROUND_SHOWN)
        for d in dice:
            put(len(d))
            for v in d:
                put(v)
        if shown is not None:
            for i in shown:
                put(_NONE if i is None else i)

    def action(self, seat, kind, count=0, face=0):
        put = self._put
        put(seat << 2 | KINDS.index(kind))
        put(count)
        put(face)

    def rounds(self):
        """Each round as the record's dict, one at a time (a game replayed from its record without
        holding the whole record: the table's snapshot and rebuild)."""
        return self._rounds()

    def _rounds(self):
        """Each round as the record's dict, one at a time."""
        log = self._log
        n = self._n
        i = 0
        while i < n:
            marker = log[i]
            i += 1
            dice = []
            for _ in range(self.seats):
                k = log[i]
                dice.append(list(log[i + 1:i + 1 + k]))
                i += 1 + k
            shown = None
            if marker == _ROUND_SHOWN:
                shown = [None if v == _NONE else v for v in log[i:i + self.seats]]
                i += self.seats
            acts = []
            while i < n and log[i] < _ROUND:
                b = log[i]
                kind = KINDS[b & 3]
                acts.append([b >> 2, kind, log[i + 1], log[i + 2]] if kind == "bid" else [b >> 2, kind])
                i += 3
            rd = {"dice": dice, "actions": acts}
            if shown is not None:
                rd["shown"] = shown
            yield rd

    def write(self, f):
        """The record as JSON text, written to f piece by piece."""
        dumps = json.dumps
        f.write('{"game": "snyd", "version": 1, "rules": ')
        f.write(dumps(self.rules.to_dict()))
        f.write(', "seats": %d, "first": %d, "rounds": [' % (self.seats, self.first))
        sep = ""
        for rd in self._rounds():
            f.write(sep)
            f.write(dumps(rd))
            sep = ", "
        f.write("]")
        if self.names is not None:
            f.write(', "names": ')
            f.write(dumps(list(self.names)))
        f.write("}")

    def record(self):
        rec = {"game": "snyd", "version": 1, "rules": self.rules.to_dict(), "seats": self.seats,
               "first": self.first, "rounds": list(self._rounds())}
        if self.names is not None:
            rec["names"] = list(self.names)
        return rec
