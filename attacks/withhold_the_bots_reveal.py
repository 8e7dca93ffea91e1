"""Attack (round 17, Fair / withholding never pays): round 15's Snyd variant moved past the deal.
A handheld that plays its person's seat and a bot it hosts (the creator's handheld does, for a bot
it adds) lets its bot pay every call its person would lose.

Why: the round-16 fix (83db47b) blames the handheld, not the seat, only for a FORFEIT while the
round's commitments or contributions are collected (TableGame._blame: P_COMMIT / P_CONTRIB). After
a call every seat reveals; the attacker waits until every other seat's reveal is logged (they are
public), computes the call's outcome with its own two seats' dice, and when its person's seat is
the loser it withholds its bot's reveal. 30 s on the bot is forfeited in P_REVEAL: SnydTable.apply
T_FORFEIT blames nobody (wrong phase), `withholders()` is empty, the bot loses a die, and the call
is not counted (snyd.Game.forfeit): the person keeps the die it lost on the call.

Variant "show" (rules with the open die): the seed is known once the contributions are in, so the
handheld sees its person's dice at the deal and withholds its bot's open die (A_SHOW, owed like a
reveal in P_BID) when the person's hand is poor: the bot is forfeited in P_BID, the round ends
unbid and the person is dealt a fresh hand - withhold_the_bots_contrib's attack one phase later.

Harness: host_tools/tablebus (the protocol modules alone, seeded, lossless). Three handhelds: the
attacker (0, the creator/sequencer, or 1 with "follower") plays seat 0 and hosts the bot of seat 2;
the other handheld plays seat 1.

What it buys (`rate`: 40 games, seed 5, three seats, the others playing tablebus's random bot):
the person's seat won 14 of 40 honest games and 33 of 40 with the bot paying its lost calls.

Variant "lie": instead of withholding, the bot reveals a secret that opens nothing: a "false
secret" forfeit at once (SnydTable._finish_round), the same outcome without the 30 s wait.

Usage: .venv/bin/python attacks/withhold_the_bots_reveal.py [games=2] [seed=1] [follower] [show|lie]
       .venv/bin/python attacks/withhold_the_bots_reveal.py rate [games=40] [seed=5]
Exit 0 held, 1 broke (with evidence), 2 could not run.
"""
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.rules import snyd  # noqa: E402
from dicecup.table.snyd import P_REVEAL, P_BID  # noqa: E402

from withhold_the_bots_contrib import BOT, PERSON, forfeits_by_round, quality  # noqa: E402,F401
from _table3 import run  # noqa: E402


def loser_of_call(app):
    """The call's loser as the attacker's handheld can compute it once every other seat revealed:
    its own two seats' dice (it hosts them) and the others' from their logged secrets."""
    g = copy.deepcopy(app.game)
    for s in range(app.n):
        n = g.dice_left[s]
        if not n:
            continue
        d = app.mine[s] if app.hosted & (1 << s) else app.verified(s, n)
        if d is None:
            return None
        for i in range(n):
            g.dice[s * snyd.MAX_DICE + i] = d[i]
    a = app.acts
    last = len(a) - 3
    r = g.snyd(a[last] >> 2) if a[last] & 3 == 1 else g.calza(a[last] >> 2)
    return r.loser


def arm(hand, log, show, lie=False):
    app = hand.app
    orig = app._play_request
    choice = {}

    def play_request(f, s, ph, node, decide, rand):
        if s == BOT and app.part & (1 << PERSON) and app.part & (1 << BOT):
            if not show and ph == P_REVEAL and not app.revealed & (1 << BOT):
                others = app.part & ~(1 << BOT) & ~(1 << PERSON)
                if app.revealed & others != others:
                    return False  # everyone else first (the person may reveal: its dice are its own)
                key = app.round
                if key not in choice:
                    lo = loser_of_call(app)
                    choice[key] = lo == PERSON
                    log.append((app.round, lo, choice[key]))
                if choice[key]:
                    if lie and orig(f, s, ph, node, decide, rand):
                        f.h1[0] ^= 1  # a secret that opens nothing: the bot pays at once
                        return True
                    return False  # withheld: the bot pays instead
            if show and ph == P_BID and app.showing & (1 << BOT):
                key = app.round
                if key not in choice:
                    dice = app.mine[PERSON]
                    n = app.game.dice_left[PERSON]
                    poor = dice is not None and n >= 3 and quality(dice) * 3 < n + 2
                    choice[key] = poor
                    log.append((app.round, bytes(dice or b""), poor))
                if choice[key]:
                    return False
        return orig(f, s, ph, node, decide, rand)

    app._play_request = play_request


def play(games, seed, who, show, lie=False):
    out = []
    for gno in range(games):
        rules = snyd.Rules(open_die=True) if show else None
        t = tablebus.Table(seats=3, seed=seed * 1000 + gno, rules=rules)
        log = []
        arm(t.hands[who], log, show, lie)
        assert t.start_game(hosts=[who, 1 - who, who]) == 0
        ok = t.run(t.done, 7_200_000)
        recs = t.records()
        out.append(dict(done=ok, same=all(r == recs[0] for r in recs), log=log, rec=recs[0]))
    return out


def rate(games, seed):
    """Games the person's seat wins, honest and attacking (the attacker is handheld 0)."""
    out = []
    for attack in (False, True):
        wins = 0
        for gno in range(games):
            t = tablebus.Table(seats=3, seed=seed * 1000 + gno)
            if attack:
                arm(t.hands[0], [], False)
            assert t.start_game(hosts=[0, 1, 0]) == 0
            if not t.run(t.done, 7_200_000):
                print("COULD NOT RUN: a game did not end")
                sys.exit(2)
            g = t.hands[0].app.game
            wins += [s for s in range(3) if g.dice_left[s]] == [PERSON]
        out.append(wins)
    print("the person's seat won %d of %d honest games, %d of %d with its bot paying its lost calls"
          % (out[0], games, out[1], games))
    # since the fix the person loses the die it would have lost (every seat of a handheld forfeits
    # together); what is left is the bot's die thrown away for its host's person: a handheld plays
    # the bots it hosts, and could throw their dice by its bids as well (protocol.md, Limits)
    print("LIMIT: a handheld plays the bots it hosts (docs/protocol.md, Limits): the person's "
          "seat won %d of %d games honest, %d with its bot's dice thrown" % (out[0], games, out[1]))
    sys.exit(0)


def main():
    args = sys.argv[1:]
    if "rate" in args:
        nums = [int(a) for a in args if a.isdigit()]
        rate(nums[0] if nums else 40, nums[1] if len(nums) > 1 else 5)
    nums = [a for a in args if a.isdigit()]
    games = int(nums[0]) if nums else 2
    seed = int(nums[1]) if len(nums) > 1 else 1
    who = 1 if "follower" in args else 0
    show = "show" in args
    lie = "lie" in args
    att = play(games, seed, who, show, lie)
    withheld = unpaid = 0
    for g in att:
        fr = forfeits_by_round(g["rec"])
        for rnd, what, chose in g["log"]:
            if not chose:
                continue
            withheld += 1
            seats = fr.get(rnd, [])
            print("round %d: %s -> withheld the bot's %s; forfeits %s"
                  % (rnd, ("person's dice %s" % list(what)) if show else "the call's loser is the person",
                     "open die" if show else "reveal", seats))
            if BOT in seats and PERSON not in seats:
                unpaid += 1
    print("games done %s, records agree %s" % ([g["done"] for g in att], [g["same"] for g in att]))
    verdict = ("the attacker's handheld withheld its bot's %s in %d rounds; its person's seat "
               "forfeited nothing in %d of them" % ("open die" if show else "reveal", withheld, unpaid))
    if not withheld:
        print("COULD NOT RUN: the attacker's person never stood to lose")
        sys.exit(2)
    if unpaid and all(g["done"] and g["same"] for g in att):
        print("BROKEN:", verdict)
        sys.exit(1)
    print("HELD:", verdict)
    sys.exit(0)


if __name__ == "__main__":
    run(main)
