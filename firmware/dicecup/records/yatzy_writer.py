"""yatzy_writer: writes the record of a Yatzy game as it is played (docs/records.md,
format version 2).

Recorder(variant, players, options=None, names=None, teams=None, meta=None): .turn(p, rolls, held,
category, column=0, forfeit=False) after each scored turn (forfeit: the table's forfeit turn, rolls
may be empty; written {"p", "forfeit": true, "category"[, "column"]}, with the rolls if any);
.write(f) streams the record's JSON text to an open file a turn at a time, so saving never holds
the whole record in memory; .record() gives it as a Python dict (tests). A turn is a few bytes in
one bytearray, reserved for the whole game at the start: p (bit 7 set: a forfeit), box, column,
the number of rolls, then per roll three bytes, the held mask and the dice at three bits each
(about half of a byte per die: docs/memory.md). Replaying records is records.yatzy's job
(the referee).
"""
import json

from dicecup.rules.yatzy import BOXES, VARIANTS


class Recorder:
    def __init__(self, variant, players, options=None, names=None, teams=None, meta=None):
        self._head = (("game", "yatzy"), ("version", 2), ("variant", variant),
                      ("options", dict(options or {})), ("players", players), ("names", names),
                      ("teams", teams), ("meta", meta))
        self._boxes = BOXES[VARIANTS.index(variant)]
        self._ndice = 6 if variant == "maxi" else 5
        # room for the whole game at three rolls a turn, taken at the start: a log grown turn by
        # turn needed ever larger pieces of a heap the game had cut up (Maxi saved rolls may add)
        cols = 3 if variant == "triple" else 1
        self._log = bytearray(players * cols * len(self._boxes) * (4 + 3 * 3))
        self.n = 0

    def turn(self, p, rolls, held, category, column=0, forfeit=False):
        """rolls: the dice after each roll; held: for each re-roll the kept positions (or None);
        category: the box's name or index; forfeit: a forfeit turn (scored 0, rolls may be [])."""
        if isinstance(category, str):
            category = self._boxes.index(category)
        i = self.n
        need = i + 4 + len(rolls) * 3
        if need > len(self._log):
            self._log.extend(bytes(need - len(self._log) + 64))
        log = self._log
        log[i] = p | 0x80 if forfeit else p
        log[i + 1] = category
        log[i + 2] = column
        log[i + 3] = len(rolls)
        i += 4
        for k, r in enumerate(rolls):
            # a roll in three bytes: the held mask (6 bits), then each die less one (3 bits each)
            v = 0
            if k and held and k - 1 < len(held):
                for pos in held[k - 1]:
                    v |= 1 << pos
            for j in range(len(r)):
                v |= (r[j] - 1) << (6 + 3 * j)
            log[i] = v & 255
            log[i + 1] = v >> 8 & 255
            log[i + 2] = v >> 16
            i += 3
        self.n = i

    def turns(self):
        """Each turn as the record's dict, one at a time (a game replayed from its record without
        holding the whole record: the table's snapshot and rebuild)."""
        return self._turns()

    def _turns(self):
        """Each turn as the record's dict, one at a time."""
        log, nd = self._log, self._ndice
        i = 0
        while i < self.n:
            p, box, column, n = log[i], log[i + 1], log[i + 2], log[i + 3]
            i += 4
            forfeit = p & 0x80
            rolls, held = [], []
            for k in range(n):
                v = log[i] | log[i + 1] << 8 | log[i + 2] << 16
                if k:
                    held.append([j for j in range(nd) if v >> j & 1])
                rolls.append([(v >> 6 + 3 * j & 7) + 1 for j in range(nd)])
                i += 3
            if forfeit:
                t = {"p": p & 0x7F, "forfeit": True}
                if n:
                    t["rolls"] = rolls
            else:
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
