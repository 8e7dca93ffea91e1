"""Attack (round 15's Snyd variant, Fair / withholding never pays): a handheld that plays its
person's seat and a bot it hosts (the creator's handheld does, for a bot it adds) throws away every
poor hand of its person's seat, paying with its bot's dice.

Why: the round seed is the hash of the contributions of the seats still taking part when the last
one comes in (game._advance / _contribs). The handheld hosts both seats, so it knows its
person's secret s; it lets every other contribution in first, computes its person's dice under
seed(all), and when they are poor it withholds the bot's contribution. 30 s on, the bot is
forfeited before the deal: in Snyd that round ends at once (SnydTable._seeded), the bot loses a
die, and the person's seat is dealt fresh dice next round. The bot is the handheld's own; its
dice are spent to buy its person a new hand.

Harness: host_tools/tablebus (the protocol modules alone, seeded, lossless). Three handhelds:
the attacker (0, the creator/sequencer, or 1 with "follower") plays seat 0 and hosts the bot of
seat 2; the other handheld plays seat 1; the third handheld has no seat (a witness).

Usage: .venv/bin/python attacks/withhold_the_bots_contrib.py [games=2] [seed=1] [follower]
Exit 0 held, 1 broke (with evidence), 2 could not run.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import host_tools.paths  # noqa: F401,E402
from host_tools import tablebus  # noqa: E402
from dicecup.rules import fairdice  # noqa: E402
from dicecup.table.game import P_CONTRIB  # noqa: E402
from _table3 import run  # noqa: E402

PERSON, BOT = 0, 2


def quality(dice):
    """How good a Snyd hand is to bid on: the most of one face, ones (jokers) counted in."""
    ones = sum(1 for d in dice if d == 1)
    return max(sum(1 for d in dice if d == f) for f in range(2, 7)) + ones


def seed_with_all(app, mine):
    rs = []
    for s in range(app.n):
        if not app.part & (1 << s):
            continue
        rs.append(bytes(app._r[s * 16:(s + 1) * 16]) if app.contributed & (1 << s) else mine)
    return fairdice.round_seed(rs, app.tid, app.round)


def arm(hand, log):
    """The attacker's firmware: its bot contributes last, or never when its person's hand is poor."""
    app = hand.app
    orig = app._fair_request
    choice = {}

    def fair_request(f, s, rand):
        if app.phase == P_CONTRIB and s == BOT and not app.contributed & (1 << s) and \
                app.part & (1 << PERSON) and app.draw(PERSON) is not None:
            others = app.part & ~(1 << BOT)
            if app.contributed & others != others:
                return False  # everyone else first
            key = app.round
            if key not in choice:
                n = app.game.dice_left[PERSON]
                d = app.draw(PERSON)
                dice = fairdice.roll_dice(d.s, seed_with_all(app, app.draw(BOT).r), app.tid,
                                          app.round, PERSON, n, 0)
                poor = app.game.dice_left[BOT] > 1 and n >= 3 and quality(dice) * 3 < n + 2
                choice[key] = poor
                log.append((app.round, bytes(dice), poor))
            if choice[key]:
                return False  # withheld: the bot forfeits, its person gets a new hand
        return orig(f, s, rand)

    app._fair_request = fair_request


def play(games, seed, who=0):
    out = []
    for gno in range(games):
        t = tablebus.Table(seats=3, seed=seed * 1000 + gno)
        log = []
        arm(t.hands[who], log)
        assert t.start_game(hosts=[who, 1 - who, who]) == 0
        ok = t.run(t.done, 3_600_000)
        recs = t.records()
        out.append(dict(done=ok, same=all(r == recs[0] for r in recs), log=log, rec=recs[0]))
    return out


def forfeits_by_round(rec):
    """{round number (the table counts from 1): seats that forfeited it} from a Snyd record."""
    out = {}
    for i, rd in enumerate(rec["rounds"]):
        out[i + 1] = [a[0] for a in rd["actions"] if a[1] == "forfeit"]
    return out


def main():
    args = sys.argv[1:]
    games = int(args[0]) if args else 2
    seed = int(args[1]) if len(args) > 1 else 1
    who = 1 if "follower" in args else 0
    att = play(games, seed, who)
    withheld = unpaid = 0
    for g in att:
        fr = forfeits_by_round(g["rec"])
        for rnd, dice, poor in g["log"]:
            if not poor:
                continue
            withheld += 1
            seats = fr.get(rnd, [])
            print("round %d: person's dice %s withheld the bot's share; forfeits %s"
                  % (rnd, list(dice), seats))
            if BOT in seats and PERSON not in seats:
                unpaid += 1
    print("games done %s, records agree %s" % ([g["done"] for g in att], [g["same"] for g in att]))
    verdict = ("the attacker's handheld withheld its bot's contribution in %d rounds; its person's "
               "seat kept its dice (forfeited nothing) in %d of them" % (withheld, unpaid))
    if not withheld:
        print("COULD NOT RUN: the attacker never held a poor hand")
        sys.exit(2)
    if unpaid and all(g["done"] and g["same"] for g in att):
        print("BROKEN:", verdict)
        sys.exit(1)
    print("HELD:", verdict)
    sys.exit(0)


if __name__ == "__main__":
    run(main)
