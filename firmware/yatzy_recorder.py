"""yatzy_recorder: writes the record of a Yatzy game as it is played (../shared/spec/yatzy-record.md).

Recorder(variant, players, options=None, names=None, teams=None, meta=None): .turn(p, rolls, held,
category, column=0) after each scored turn; .write(f) streams the record's JSON text to an open
file a turn at a time, so saving never holds the whole record in memory; .record() gives it as a
Python dict (tests). A turn is a few bytes in one bytearray, reserved for the whole game at the
start: p, box, column, the number of rolls, then per roll the held mask and the dice. Replaying records is yatzy_record's job (the referee).
"""
import json

from yatzy import BOXES, VARIANTS


class Recorder:
    def __init__(self, variant, players, options=None, names=None, teams=None, meta=None):
        self._head = (("game", "yatzy"), ("version", 1), ("variant", variant),
                      ("options", dict(options or {})), ("players", players), ("names", names),
                      ("teams", teams), ("meta", meta))
        self._boxes = BOXES[VARIANTS.index(variant)]
        self._ndice = 6 if variant == "maxi" else 5
        # room for the whole game at three rolls a turn, taken at the start: a log grown turn by
        # turn needed ever larger pieces of a heap the game had cut up (Maxi saved rolls may add)
        cols = 3 if variant == "triple" else 1
        self._log = bytearray(players * cols * len(self._boxes) * (4 + 3 * (1 + self._ndice)))
        self._n = 0

    def turn(self, p, rolls, held, category, column=0):
        """rolls: the dice after each roll; held: for each re-roll the kept positions (or None);
        category: the box's name or index."""
        if isinstance(category, str):
            category = self._boxes.index(category)
        i = self._n
        need = i + 4 + len(rolls) * (1 + self._ndice)
        if need > len(self._log):
            self._log.extend(bytes(need - len(self._log) + 64))
        log = self._log
        log[i] = p
        log[i + 1] = category
        log[i + 2] = column
        log[i + 3] = len(rolls)
        i += 4
        for k, r in enumerate(rolls):
            mask = 0
            if k and held and k - 1 < len(held):
                for pos in held[k - 1]:
                    mask |= 1 << pos
            log[i] = mask
            log[i + 1:i + 1 + len(r)] = bytes(r)
            i += 1 + len(r)
        self._n = i

    def turns(self):
        """Each turn as the record's dict, one at a time (a game replayed from its record without
        holding the whole record: the table's snapshot and rebuild)."""
        return self._turns()

    def _turns(self):
        """Each turn as the record's dict, one at a time."""
        log, nd = self._log, self._ndice
        i = 0
        while i < self._n:
            p, box, column, n = log[i], log[i + 1], log[i + 2], log[i + 3]
            i += 4
            rolls, held = [], []
            for k in range(n):
                if k:
                    held.append([j for j in range(nd) if log[i] >> j & 1])
                rolls.append(list(log[i + 1:i + 1 + nd]))
                i += 1 + nd
            t = {"p": p, "rolls": rolls}
            if any(held):
                t["held"] = held
            t["category"] = self._boxes[box]
            if column:
                t["column"] = column
            yield t

    def write(self, f):
        """The record as JSON text, written to f piece by piece."""
        dumps = json.dumps
        sep = "{"
        for k, v in self._head:
            if v is not None:
                f.write(sep)
                f.write(dumps(k))
                f.write(": ")
                f.write(dumps(v))
                sep = ", "
        f.write(', "turns": [')
        sep = ""
        for t in self._turns():
            f.write(sep)
            f.write(dumps(t))
            sep = ", "
        f.write("]}")

    def record(self):
        rec = {}
        for k, v in self._head:
            if v is not None:
                rec[k] = v
        rec["turns"] = list(self._turns())
        return rec
