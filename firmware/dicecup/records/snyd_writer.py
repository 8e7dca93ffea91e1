"""snyd_writer: writes the record of a Snyd game as it is played (docs/records.md,
format version 2).

Recorder(rules, seats, first=0, names=None): .round(dice, shown=None) (a seat's dice None: never
revealed, written null; only for a seat that forfeits that round), .action(seat, kind, count=0,
face=0) with kind "bid"/"snyd"/"calza"/"forfeit"; .write(f) streams the record's JSON text to an
open file, a round at a time, so saving a long game never holds the whole record in memory;
.record() gives it as a Python dict (tests, the table's replays). The game so far is a list of
256-byte bytearrays, as many as a typical whole game needs taken at the start, one more at a time
past that: a log grown action by action needed ever larger pieces of a heap the game had cut up,
and left the old ones as holes; one bytearray for the whole game was the largest piece a game
asked for, and a long game's growth of it (the old one still live) the first to fail
(docs/memory.md). at(i) is the log's byte i. A round is its marker byte, then per seat the number of dice and
the dice (NO_DICE alone for null), then (open_die) per seat the index of the die laid open (255
for none); an action is three bytes, seat << 2 | kind (KINDS' index, 2 bits), count, face.
Reading and replaying records is records.snyd's job (the referee), which this module never loads.
Reading the log back (rounds, write, text, record) is snyd_json's, loaded when a record is written or
read: a game being played holds only the writing half.
"""
from dicecup.core.compat import const

KINDS = ("bid", "snyd", "calza", "forfeit")  # index = the kind's 2 bits in an action's first byte
_CHUNK = const(256)         # bytes per piece of the log (at() shifts by 8)
ROUND = const(0xFE)         # a round without shown dice
ROUND_SHOWN = const(0xFF)   # a round with a shown die per seat
NO_DIE = const(255)         # no die laid open
NO_DICE = const(0xFD)       # in place of a seat's number of dice: never revealed (null, a forfeit)


class Recorder:
    def __init__(self, rules, seats, first=0, names=None):
        self.rules = rules
        self.seats = seats
        self.first = first
        self.names = names
        # a round per die lost; each: marker, counts, half the dice on average, the open dice, and
        # about one bid a seat (what a 6-seat game logged: docs/memory.md)
        per_round = 1 + seats + seats * rules.dice // 2 + 3 * seats + (seats if rules.open_die else 0)
        self._log = [bytearray(_CHUNK) for _ in range((seats * rules.dice * per_round + _CHUNK - 1) // _CHUNK)]
        self.n = 0  # bytes in the log (at(i) reads byte i)

    def _put(self, v):
        n = self.n
        if n >> 8 == len(self._log):
            self._log.append(bytearray(_CHUNK))
        self._log[n >> 8][n & 255] = v
        self.n = n + 1

    def at(self, i):
        return self._log[i >> 8][i & 255]

    def round(self, dice, shown=None):
        put = self._put
        put(ROUND if shown is None else ROUND_SHOWN)
        for d in dice:
            if d is None:
                put(NO_DICE)
                continue
            put(len(d))
            for v in d:
                put(v)
        if shown is not None:
            for i in shown:
                put(NO_DIE if i is None else i)

    def action(self, seat, kind, count=0, face=0):
        put = self._put
        put(seat << 2 | KINDS.index(kind))
        put(count)
        put(face)

    def rounds(self):
        """Each round as the record's dict, one at a time (a game replayed from its record without
        holding the whole record: the table's snapshot and rebuild)."""
        from dicecup.records import snyd_json
        return snyd_json.rounds(self)

    def write(self, f):
        """The record as JSON text, written to f piece by piece."""
        from dicecup.records import snyd_json
        snyd_json.write(self, f)

    def text(self):
        """The record's JSON text a piece at a time (snyd_json.text)."""
        from dicecup.records import snyd_json
        return snyd_json.text(self)

    def record(self):
        from dicecup.records import snyd_json
        return snyd_json.record(self)
