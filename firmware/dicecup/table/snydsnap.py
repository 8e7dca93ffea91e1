"""snydsnap: a Snyd table's state as a snapshot and back (snydtable's rare half). Pure.

Loaded only when a handheld that missed too much needs the state (snydtable.SnydTable.snapshot and
_restore call it), so a table without faults never holds this code. `self` is the SnydTable.
Layout: a version byte, first seat, voided, caller, round count, the rules, the seats' kinds, the
fair-dice state
(tablegame), every counted round (per seat: number of dice, the dice; the actions, 3 bytes each),
then this round's actions.
"""
from dicecup.core.compat import const
from dicecup.records.snyd_recorder import KINDS, NO_DICE, Recorder
from dicecup.table.tablegame import P_IDLE, Out

# It never imports snydtable (which loads it): the SnydTable's phases are mirrored here (tests/
# test_imports.py checks them), its rules codec comes with the call.
_P_BID = const(3)     # snydtable.P_BID
_P_REVEAL = const(4)  # snydtable.P_REVEAL


def snapshot(self, buf, off, pack_rules):
    out = Out(buf, off)
    if self.rules is None:
        out.put(b"\x00")
        return out.off
    nr = 0
    for _ in self.rec.rounds():
        nr += 1
    out.put(bytes((1, self.first, self.voided & 0xFF, self.call_seat & 0xFF, nr & 0xFF,
                   nr >> 8)))
    out.put(pack_rules(self.rules))
    out.put(self.kinds)
    self._put_fair(out)
    for r in self.rec.rounds():  # a round at a time, never the whole record as dicts
        for d in r["dice"]:
            if d is None:  # never revealed: the seat forfeited
                out.put(bytes((NO_DICE,)))
                continue
            out.put(bytes((len(d),)))
            out.put(bytes(d))
        out.put(bytes((len(r["actions"]),)))
        for a in r["actions"]:
            out.put(bytes((a[0] << 2 | KINDS.index(a[1]), a[2] if len(a) > 2 else 0,
                           a[3] if len(a) > 3 else 0)))
    out.put(bytes((len(self.acts) // 3,)))
    out.put(self.acts)
    return out.off


def restore(self, b, seq, unpack_rules):
    if b[0] == 0:
        self.phase = P_IDLE
        return True
    _, first, voided, call, c0, c1 = b[:6]
    rules = unpack_rules(b[6:12])
    kinds = bytearray(b[12:20])
    fields, arrs, i = self._get_fair(b, 20)
    n = fields[3]
    rec = Recorder(rules, n, first)
    for _ in range(c0 | c1 << 8):
        dice = []
        for _s in range(n):
            k = b[i]
            if k == NO_DICE:
                dice.append(None)
                i += 1
                continue
            dice.append(list(b[i + 1:i + 1 + k]))
            i += 1 + k
        rec.round(dice)
        na = b[i]
        i += 1
        for _a in range(na):
            rec.action(b[i] >> 2, KINDS[b[i] & 3], b[i + 1], b[i + 2])
            i += 3
    na = b[i]
    acts = bytearray(b[i + 1:i + 1 + 3 * na])
    if i + 1 + 3 * na != len(b):
        raise ValueError("snapshot length")
    self.rules, self.first, self.rec = rules, first, rec
    self.kinds[:] = kinds
    self.n = n
    self.game = self._rebuild()
    self._set_fair(fields, arrs)
    self.voided = voided
    self.call_seat = call if call != 0xFF else -1
    self.acts = acts
    self.last_action = seq  # unknown: a restored sequencer refuses requests made before
    for s in range(8):
        self.mine[s] = None
    if self.phase in (_P_BID, _P_REVEAL):
        g = self.game
        g.start_round([b"\x01" * g.dice_left[s] for s in range(n)])
        for j in range(0, len(acts), 3):
            if acts[j] & 3 == 0:
                g.bid(acts[j] >> 2, acts[j + 1], acts[j + 2])
        self._my_dice()
    return True
