"""Solved heads-up Snyd endgames: the strategy table the hard bot plays when two seats are left with
few dice (docs/bots.md "How the hard bot thinks").

A heads-up round (no calza and no palifico with two seats left, docs/records.md) is solved by
counterfactual regret minimisation over the bid sequence, as in Neller and Lanctot's work on Dudo:
fixed-strategy iteration CFR (FSICFR) on the imperfect-recall abstraction in which a player
remembers its own dice, its seat (opener or not) and the last bid. That abstraction is a small graph
(one node per last bid and player to act), so every hand pair is handled at once with numpy, not
sampled; regrets are CFR+'s (floored at 0), the average strategy weighted by iteration. A round is
worth what the state after it is worth: the game values W(opener's dice, other's dice) are solved
bottom-up, from one die each to the largest total in the table. Legality (which raises a bid
allows) comes from the rules core, the counting from snyd_odds.

    python -m host_tools.snyd_table [--total 3] [--iters 1500] [--out build/tables/snyd_endgame.svt]

prints each state's value for the opener and writes the table file. The rules are the default ones
(ones wild, no opening on ones); the bot uses the table only under them.

Table file (read with seeks by firmware/dicecup/bots/snyd_hard.py, which documents the layout):
b"SVT1", u8 largest total T, u8 flags (1 = ones wild, 2 = open on ones), 2 pad; then per total
N = 2..T, per opener's dice da = 1..N-1 (the other seat holds N-da): per role (0 opener, 1 the other
seat), per hand (sorted dice, in itertools.combinations_with_replacement order), per node (0 before
the first bid, 1 + (q-1)*6 + (f-1) after the bid of q f's) a row of 1 + 6N u8 weights: snyd, then a
bid on each (q, f) in the same order; 0 = never.
"""
import argparse
import itertools
import math
import os
import struct
import sys
import time

import numpy as np

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.rules import snyd, snyd_odds
from host_tools.paths import ROOT

TABLES = os.path.join(ROOT, "build", "tables")
PATH = os.path.join(TABLES, "snyd_endgame.svt")
MAGIC = b"SVT1"
FLAGS = 1   # ones wild, no opening on ones: the default rules


def hands(d):
    """The sorted hands of d dice and the chance of each."""
    hs = list(itertools.combinations_with_replacement(range(1, 7), d))
    ps = []
    for h in hs:
        m = math.factorial(d)
        for v in set(h):
            m //= math.factorial(h.count(v))
        ps.append(m / 6 ** d)
    return hs, np.array(ps)


def raises(da, db):
    """(first, succ): the legal opening bids and, per bid index j = (q-1)*6 + f-1, the legal raises
    after it, from the rules core (a two-seat game with da and db dice, the default rules)."""
    g = snyd.Game(snyd.Rules(), 2)
    g.dice_left[0], g.dice_left[1] = da, db
    g.start_round([bytes([2] * da), bytes([2] * db)])
    n = da + db
    allb = [(q, f) for q in range(1, n + 1) for f in range(1, 7)]

    def legal():
        return [(q - 1) * 6 + f - 1 for q, f in allb if g.min_raise(f) and q >= g.min_raise(f)]

    first = legal()
    succ = []
    for q, f in allb:
        g.bid_count, g.bid_face = q, f   # the state after the bid (q, f): min_raise reads these
        succ.append(legal())
    return first, succ


def solve_round(da, db, lose0, lose1, iters):
    """CFR+ on the round of an opener with da dice against db. lose0/lose1: the opener's game value
    when it / the other seat loses the round. Returns (value for the opener, average strategies
    {(role, node): array hands x (1 + 6N)})."""
    n = da + db
    nb = 6 * n
    first, succ = raises(da, db)
    H0, c0 = hands(da)
    H1, c1 = hands(db)
    cnt0 = np.array([[snyd_odds.own_count(h, f, True) for f in range(7)] for h in H0])
    cnt1 = np.array([[snyd_odds.own_count(h, f, True) for f in range(7)] for h in H1])
    # nodes: (role to act, node) with node 0 = before the first bid, 1 + j after bid j
    order = []
    seen = set()

    def visit(key):   # depth first, post-order: children before parents
        if key in seen:
            return
        seen.add(key)
        role, node = key
        for j in (first if node == 0 else succ[node - 1]):
            visit((1 - role, 1 + j))
        order.append(key)

    visit((0, 0))
    topo = order[::-1]   # parents first
    acts = {}
    term = {}
    for role, node in topo:
        kids = first if node == 0 else succ[node - 1]
        acts[role, node] = ([] if node == 0 else [-1]) + list(kids)
        if node:
            q, f = divmod(node - 1, 6)
            q, f = q + 1, f + 1
            true = (cnt0[:, f][:, None] + cnt1[:, f][None, :]) >= q
            loser0 = true if role == 0 else ~true   # the caller loses a true bid
            term[role, node] = np.where(loser0, lose0, lose1)
    reg = {k: np.zeros((len(H0) if k[0] == 0 else len(H1), len(acts[k]))) for k in topo}
    avg = {k: np.zeros_like(reg[k]) for k in topo}

    def strategy(r):
        pos = np.maximum(r, 0)
        s = pos.sum(axis=1, keepdims=True)
        return np.where(s > 0, pos / np.where(s > 0, s, 1), 1.0 / r.shape[1])

    for it in range(1, iters + 1):
        sig = {k: strategy(reg[k]) for k in topo}
        r0 = {k: np.zeros(len(H0)) for k in topo}
        r1 = {k: np.zeros(len(H1)) for k in topo}
        r0[0, 0][:] = 1
        r1[0, 0][:] = 1
        for k in topo:
            role, node = k
            for a, j in enumerate(acts[k]):
                if j < 0:
                    continue
                m = (1 - role, 1 + j)
                if role == 0:
                    r0[m] += r0[k] * sig[k][:, a]
                    r1[m] += r1[k]
                else:
                    r0[m] += r0[k]
                    r1[m] += r1[k] * sig[k][:, a]
        u = {}
        for k in reversed(topo):
            role, node = k
            ch = np.stack([term[k] if j < 0 else u[1 - role, 1 + j] for j in acts[k]])  # A x H0 x H1
            s = sig[k]
            if role == 0:
                u[k] = np.einsum("ha,ahg->hg", s, ch)
                gain = np.einsum("ahg,g->ha", ch - u[k][None], c1 * r1[k])
            else:
                u[k] = np.einsum("ga,ahg->hg", s, ch)
                gain = -np.einsum("ahg,h->ga", ch - u[k][None], c0 * r0[k])
            reg[k] = np.maximum(reg[k] + gain, 0)
            avg[k] += it * (r0[k] if role == 0 else r1[k])[:, None] * s
    strat = {k: strategy(avg[k]) for k in topo}
    # the value of the average strategies
    u = {}
    for k in reversed(topo):
        role, node = k
        ch = np.stack([term[k] if j < 0 else u[1 - role, 1 + j] for j in acts[k]])
        u[k] = np.einsum("ha,ahg->hg" if role == 0 else "ga,ahg->hg", strat[k], ch)
    value = float(c0 @ u[0, 0] @ c1)
    rows = {}
    for k in topo:
        role, node = k
        w = np.zeros((strat[k].shape[0], 1 + nb))
        for a, j in enumerate(acts[k]):
            w[:, 1 + j if j >= 0 else 0] = strat[k][:, a]
        rows[k] = w
    return value, rows


def quantise(w):
    """u8 weights of one row of chances: below 2 % dropped, the rest scaled to 255 at most."""
    w = np.where(w < 0.02, 0, w)
    if w.max() <= 0:
        return bytes(len(w))
    q = np.rint(w / w.sum() * 255).astype(int)
    if q.max() == 0:
        q[np.argmax(w)] = 1
    return bytes(np.minimum(q, 255).tolist())


def build(total=3, iters=1500, quiet=False):
    """Solve every heads-up state up to `total` dice; returns (values {(da, db): W}, file bytes)."""
    W = {}
    out = bytearray(MAGIC + bytes([total, FLAGS, 0, 0]))
    for n in range(2, total + 1):
        for da in range(1, n):
            db = n - da
            lose0 = W[da - 1, db] if da > 1 else 0.0
            lose1 = 1.0 - W[db - 1, da] if db > 1 else 1.0
            t0 = time.time()
            v, rows = solve_round(da, db, lose0, lose1, iters)
            W[da, db] = v
            if not quiet:
                print("opener %d dice vs %d: opener wins %.4f (%.1fs)" % (da, db, v, time.time() - t0), flush=True)
            for role, d in ((0, da), (1, db)):
                nh = len(hands(d)[0])
                for h in range(nh):
                    for node in range(1 + 6 * n):
                        r = rows.get((role, node))
                        out += quantise(r[h]) if r is not None else bytes(1 + 6 * n)
    return W, bytes(out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.snyd_table", description=__doc__.split("\n")[0])
    ap.add_argument("--total", type=int, default=3, help="solve every heads-up state up to this many dice")
    ap.add_argument("--iters", type=int, default=1500)
    ap.add_argument("--out", default=PATH)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.time()
    W, data = build(a.total, a.iters, a.quiet)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "wb") as f:
        f.write(data)
    print("%s: %d bytes, %d states, %.0fs" % (a.out, len(data), len(W), time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
