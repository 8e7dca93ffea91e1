"""Optimal solitaire Yatzy: the exact dynamic program and the value table the hard bot reads.

State between turns: the set of filled boxes, the upper sum capped at 63 and, in Yahtzee, whether the
yahtzee box holds 50. V(state) = the expected points still to come under optimal play. The turn
inside is the usual expectimax (three rolls, any hold, then the best box); the dice enumeration is the
firmware's (yatzy_turn.Dice) and every box score comes from the rules core (yatzy.Yatzy.scores_for on a
scratch scorecard), so the table and the bot cannot disagree about the rules. Vectorised with numpy
over the states of one popcount at a time.

    python -m host_tools.yatzy_table [--variant standard|yahtzee] [--out build/tables/...]
prints the optimal expected score (standard: 248.44, yahtzee: 254.59) and writes the table file.

Table file (little-endian; read with seeks by firmware/dicecup/bots/yatzy_values.py, which documents the layout):
the upper sums that lead to the same future (bonus won, bonus out of reach) share a class; per
(filled-box mask, yahtzee flag) a u16 base in 1/100 points, per class a u8 delta above it. That keeps
the standard table near 1 MB (the handheld's limit is 1.5 MB) at about 0.1 point resolution.
"""
import argparse
import os
import struct
import sys
import time

import numpy as np

from host_tools.paths import ROOT
from dicecup.rules import yatzy
from dicecup.bots.yatzy_turn import Dice

UCAP = 63
TABLES = os.path.join(ROOT, "build", "tables")
_VARIANT_NO = {"standard": 0, "yahtzee": 2}
_BONUS = {"standard": 50, "yahtzee": 35}  # docs/records.md
MAGIC = b"YVT1"


def path_for(variant):
    return os.path.join(TABLES, "yatzy_%s.yvt" % variant)


def scratch(variant, filled, y50=False):
    """A one-player core game whose card has exactly the boxes in the bit set `filled` filled.

    Only which boxes are free matters here (and whether the yahtzee box holds 50): that is all the
    core's scores_for needs for legality and the joker. Box scores themselves are chosen by the DP.
    """
    g = yatzy.Yatzy(variant, 1)
    nb = g.nbox
    ybox = g.nbox - 2 if variant == "yahtzee" else -1
    if ybox >= 0 and filled >> ybox & 1:
        g.roll(b"\x06\x06\x06\x06\x06" if y50 else b"\x01\x02\x03\x04\x06")
        g.fill(ybox)
    for b in range(nb):
        if filled >> b & 1 and b != ybox:
            g.roll(b"\x01\x02\x03\x04\x06")
            g.fill(b)
    g.roll(b"\x01\x02\x03\x04\x06")  # scores_for answers only after a roll
    return g


class Model:
    """The variant's rolls, transitions and score table, shared by the DP and its tests."""

    def __init__(self, variant):
        self.variant = variant
        self.d = Dice(5)
        self.nbox = yatzy.Yatzy(variant, 1).nbox
        self.ybox = self.nbox - 2 if variant == "yahtzee" else -1
        self.aux = 128 if variant == "yahtzee" else 64  # upper sum (+ 64 when yahtzee holds 50)
        self.bonus = _BONUS[variant]
        d = self.d
        self.rolls = np.zeros((d.nroll, 5), dtype=np.int8)
        buf = bytearray(5)
        for r in range(d.nroll):
            d.dice_of(d.first_roll + r, buf)
            self.rolls[r] = list(buf)
        # Dice.child holds byte offsets per keep size (yatzy_turn's docstring): keep indices here
        self.child = np.concatenate([
            (d.start[m + 1] + np.arange(d.start[m + 1] - d.start[m]))[:, None]
            + np.frombuffer(bytes(d.child[m]), np.uint8).reshape(-1, 6) for m in range(5)])
        # P(first roll = r): the empty keep rolled out
        p = np.zeros(d.nkeep)
        p[d.first_roll:] = 0
        probs = np.zeros((d.nkeep, d.nroll))
        probs[d.first_roll:] = np.eye(d.nroll)
        for i in range(d.first_roll - 1, -1, -1):
            probs[i] = probs[self.child[i]].mean(axis=0)
        self.p_first = probs[0]
        g = scratch(variant, 0)
        sc = np.zeros((self.nbox, d.nroll), dtype=np.int64)
        for r in range(d.nroll):
            sc[:, r] = list(g.scores_for(bytes(self.rolls[r])))
        self.score = sc  # with every box free: no joker applies
        self.yroll = [r for r in range(d.nroll) if len(set(self.rolls[r])) == 1]


def _turn(model, E3):
    """Expectimax over three rolls: E3[roll, W] value of scoring each roll -> expected value [W]."""
    d = model.d
    ch = model.child
    first = d.first_roll
    K = np.empty((d.nkeep,) + E3.shape[1:])
    K[first:] = E3
    for stage in range(2):
        if stage:
            M = K.copy()
            for i in range(first):
                for f in range(6):
                    np.maximum(M[ch[i, f]], M[i], out=M[ch[i, f]])
            K[first:] = M[first:]
        for i in range(first - 1, -1, -1):
            c = ch[i]
            K[i] = (K[c[0]] + K[c[1]] + K[c[2]] + K[c[3]] + K[c[4]] + K[c[5]]) / 6.0
    # the first roll: its best keep, then averaged over the first roll
    M = K.copy()
    for i in range(first):
        for f in range(6):
            np.maximum(M[ch[i, f]], M[i], out=M[ch[i, f]])
    return np.tensordot(model.p_first, M[first:], axes=(0, 0))


def solve(variant="standard", min_filled=0, log=None):
    """V[mask, aux] for every mask with at least min_filled boxes filled (others stay NaN)."""
    m = Model(variant)
    nb, A = m.nbox, m.aux
    full = (1 << nb) - 1
    V = np.full((1 << nb, A), np.nan)
    V[full] = 0.0
    u = np.arange(64)
    aux_u = np.tile(u, A // 64)            # upper sum of each aux index
    aux_y = np.repeat(np.arange(A // 64), 64)  # yahtzee-holds-50 flag of each aux index
    popc = np.array([bin(x).count("1") for x in range(1 << nb)])
    t0 = time.time()
    for filled in range(nb - 1, min_filled - 1, -1):
        masks = np.nonzero(popc == filled)[0]
        for lo in range(0, len(masks), 256):
            batch = masks[lo:lo + 256]
            V[batch] = _batch(m, V, batch, aux_u, aux_y)
        if log:
            log("filled %2d: %5d states groups, %.1fs" % (filled, len(masks), time.time() - t0))
    return V, m


def _batch(m, V, batch, aux_u, aux_y):
    nb, A = m.nbox, m.aux
    B = len(batch)
    nr = m.d.nroll
    E3 = np.full((nr, B, A), -np.inf)
    for b in range(nb):
        free = (batch >> b & 1) == 0
        if not free.any():
            continue
        idx = np.nonzero(free)[0]
        nxt = batch[idx] | (1 << b)
        s = m.score[b]  # (nr,)
        if b < 6:
            un = np.minimum(UCAP, aux_u[None, :] + s[:, None])  # (nr, A)
            bon = np.where((aux_u[None, :] < UCAP) & (aux_u[None, :] + s[:, None] >= UCAP), m.bonus, 0)
            na = un + 64 * aux_y[None, :]
            val = s[:, None] + bon + V[nxt][:, na]  # (k, nr, A)
            val = val.transpose(1, 0, 2)
        elif b == m.ybox:
            # 50 points move the yahtzee-holds-50 flag on
            na = np.where(s[:, None] == 50, aux_u[None, :] + 64, aux_u[None, :] + 64 * aux_y[None, :])
            val = (s[:, None] + V[nxt][:, na]).transpose(1, 0, 2)
        else:
            val = s[:, None, None] + V[nxt][None, :, :]
        np.maximum(E3[:, idx], val, out=val)
        E3[:, idx] = val
    if m.ybox >= 0:
        _jokers(m, V, batch, E3, aux_u, aux_y)
    return _turn(m, E3.reshape(nr, B * A)).reshape(B, A)


def _jokers(m, V, batch, E3, aux_u, aux_y):
    """Yahtzee rolls once the yahtzee box is filled: the core's joker legality and scores, +100
    bonus while the box holds 50 (the spec's joker rules)."""
    for j, mask in enumerate(batch):
        if not mask >> m.ybox & 1:
            continue
        games = (scratch(m.variant, mask, False), scratch(m.variant, mask, True))
        for r in m.yroll:
            dice = bytes(m.rolls[r])
            best = np.full(m.aux, -np.inf)
            for y in (0, 1):
                sel = aux_y == y
                sc = games[y].scores_for(dice)
                for b in range(m.nbox):
                    s = sc[b]
                    if s == yatzy.NOT_FREE:
                        continue
                    nxt = mask | (1 << b)
                    uu = aux_u[sel]
                    if b < 6:
                        un = np.minimum(UCAP, uu + s)
                        bon = np.where((uu < UCAP) & (uu + s >= UCAP), m.bonus, 0)
                    else:
                        un, bon = uu, 0
                    v = s + bon + 100 * y + V[nxt][un + 64 * y]
                    best[sel] = np.maximum(best[sel], v)
            E3[r, j] = best


def classes(m):
    """cls[um, u] -> slot, and the slots per upper mask: upper sums with the same future share one."""
    tops = [int(m.score[b].max()) for b in range(6)]
    steps = [sorted(set(int(x) for x in m.score[b])) for b in range(6)]
    cls = np.zeros((64, 64), dtype=np.int64)
    count = np.zeros(64, dtype=np.int64)
    reach = np.zeros((64, 64), dtype=bool)
    for um in range(64):
        sums = {0}
        for b in range(6):
            if um >> b & 1:
                sums = {min(UCAP, a + x) for a in sums for x in steps[b]}
        rem = sum(tops[b] for b in range(6) if not um >> b & 1)
        keys = {}
        for u in sorted(sums):
            key = -1 if u + rem < UCAP else u  # -1: the bonus is out of reach, u no longer matters
            keys.setdefault(key, len(keys))
            reach[um, u] = True
        last = 0
        for u in range(64):
            if u in sums:
                last = keys[-1 if u + rem < UCAP else u]
            cls[um, u] = last  # an unreachable sum reads its nearest reachable lower neighbour
        count[um] = len(keys)
    return cls, count, reach


def write(V, m, path):
    """Write the table file; returns (bytes written, worst quantisation error in points)."""
    nb, A = m.nbox, m.aux
    Y = A // 64
    cls, count, reach = classes(m)
    cbase = np.concatenate([[0], np.cumsum(count)[:-1]])
    ncls = int(count.sum())
    nlow = 1 << (nb - 6)
    # rep[c]: one reachable (um, u) standing for each global class
    rep_u = np.zeros(ncls, dtype=np.int64)
    rep_um = np.zeros(ncls, dtype=np.int64)
    for um in range(64):
        for u in range(63, -1, -1):
            if reach[um, u]:
                rep_u[cbase[um] + cls[um, u]] = u
                rep_um[cbase[um] + cls[um, u]] = um
    Vs = V.reshape(nlow, 64, Y, 64)  # [lower mask, upper mask, yb, u]
    # every reachable sum of a class must carry the same value, or the classes are wrong
    for um in range(64):
        us = np.nonzero(reach[um])[0]
        vals = Vs[:, um][:, :, us]
        reps = Vs[:, um][:, :, rep_u[cbase[um] + cls[um, us]]]
        assert np.nanmax(np.abs(vals - reps)) < 1e-6, "class merge changed a value"
    vals = Vs[:, rep_um, :, rep_u]  # (ncls, nlow, Y)
    vals = np.transpose(vals, (1, 2, 0))  # (nlow, Y, ncls)
    vals = np.nan_to_num(vals, nan=0.0)
    base = np.zeros((nlow, Y, 64))
    for um in range(64):
        seg = vals[:, :, cbase[um]:cbase[um] + count[um]]
        base[:, :, um] = np.floor(seg.min(axis=2) * 100) / 100
    span = max(float((vals[:, :, cbase[um]:cbase[um] + count[um]] - base[:, :, um:um + 1]).max())
               for um in range(64))
    scale = np.float32(254.0 / max(span, 1e-9))
    delta = np.empty((nlow, Y, ncls))
    for um in range(64):
        delta[:, :, cbase[um]:cbase[um] + count[um]] = vals[:, :, cbase[um]:cbase[um] + count[um]] - base[:, :, um:um + 1]
    dq = np.rint(delta * scale).astype(np.uint8)
    back = np.empty_like(delta)
    for um in range(64):
        sl = slice(cbase[um], cbase[um] + count[um])
        back[:, :, sl] = base[:, :, um:um + 1] + dq[:, :, sl] / float(scale)
    err = float(np.abs(back - vals).max())
    header = MAGIC + struct.pack("<BBHfB3x", _VARIANT_NO[m.variant], nb, ncls, float(scale), Y)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(header)
        f.write(cls.astype(np.uint8).tobytes())
        f.write(cbase.astype("<u2").tobytes())
        f.write(np.rint(base * 100).astype("<u2").tobytes())
        f.write(dq.tobytes())
    os.replace(tmp, path)  # never leave a half-written table behind
    return os.path.getsize(path), err


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.yatzy_table", description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="standard", choices=sorted(_VARIANT_NO))
    ap.add_argument("--out", default=None, help="table file (default build/tables/yatzy_VARIANT.yvt)")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    log = None if a.quiet else (lambda s: print(s, file=sys.stderr, flush=True))
    V, m = solve(a.variant, log=log)
    out = a.out or path_for(a.variant)
    size, err = write(V, m, out)
    print("optimal %s: %.4f points; table %s: %d bytes, worst rounding %.3f points"
          % (a.variant, V[0, 0], os.path.relpath(out), size, err))
    return 0


if __name__ == "__main__":
    sys.exit(main())
