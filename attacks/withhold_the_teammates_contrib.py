"""Attack (round 15, Fair / withholding never pays): a handheld that plays two seats of one team
Yatzy scorecard (its person's seat and a bot teammate it hosts, as the creator's handheld does for
a bot it adds) picks, every round, the better of two first rolls for its team, at no cost.

Why: the round seed is the hash of the contributions of the seats still taking part when the last
one comes in (tablegame._advance / _contribs). A seat that withholds its contribution past the
deadline is forfeited and simply dropped from the seed (TableGame._forfeit_mask). In team play only
one member of a scorecard rolls per round (yatzy.member), and a forfeit costs a turn only when the
forfeited seat is the one rolling (YatzyTable._forfeit_turns): the teammate that does not roll this
round forfeits for free. The handheld hosts both, so it knows the roller's secret s; it lets every
other contribution in first, computes the roller's roll 0 under seed(all) and seed(all but the
idle teammate), and withholds the teammate's contribution when the second is better.

Harness: host_tools/tablebus (the protocol modules alone, seeded, lossless). Three handhelds:
Anna (0, the creator/sequencer, the attacker) hosts seats 0 and 2 (scorecard 0); Bo (1) plays seat 1
(scorecard 1); Cy (2) is a third handheld at the table with no seat (so the sequencer is not the
only witness; it changes nothing here). The attacker's firmware differs in one thing only: when
(and whether) its idle team member sends its CONTRIB. Everything it logs is checked and applied by
the honest handhelds as usual.

Usage: .venv/bin/python attacks/withhold_the_teammates_contrib.py [games=2] [seed=1] [follower]
("solo": no teams; the bot plays a scorecard of its own and pays each withheld round with a forfeit
turn: the cost of withholding falls on the bot, the gain on the attacker's own scorecard.
"follower": the attacker plays from handheld 1, an ordinary follower; handheld 0, honest, is the
sequencer and logs the idle member's FORFEIT itself, 30 s on, as it must.)
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
from dicecup.rules import fairdice, yatzy  # noqa: E402
from dicecup.table import yatzy as yatzytable  # noqa: E402
from dicecup.table.game import P_CONTRIB  # noqa: E402

TEAM = (0, 2)   # the attacker's scorecard: seat 0 (its person) and seat 2 (its bot)
HOSTS = [0, 1, 0]


def best_free(g, p, dice):
    """The best score scorecard p could write for these dice (column 0)."""
    best = 0
    for b in range(g.nbox):
        if g.is_free(p, b):
            best = max(best, g.score(b, dice))
    return best


def team_roller(app):
    """The seat of scorecard 0 that rolls this round (as YatzyTable.roller computes it)."""
    g = app.game
    members = [s for s in range(app.n) if app.kinds[s] & 0x0F == 1]
    return members[g.member(0, len(members))]


def roll0(app, seat, seed):
    d = app.draw(seat)
    return fairdice.roll_dice(d.s, seed, app.tid, app.round, seat, app.game.ndice, 0)


def seed_of(app, extra_r, skip):
    rs = []
    for s in range(app.n):
        if not app.part & (1 << s) or s == skip:
            continue
        if app.contributed & (1 << s):
            rs.append(bytes(app._r[s * 16:(s + 1) * 16]))
        else:
            rs.append(extra_r)
    return fairdice.round_seed(rs, app.tid, app.round)


def arm(hand, log):
    """The attacker's firmware: its idle team member contributes last, or never."""
    app = hand.app
    orig = app._fair_request
    choice = {}

    def fair_request(f, s, rand):
        if app.phase == P_CONTRIB and s in TEAM and not app.contributed & (1 << s):
            r = team_roller(app)
            idle = TEAM[1] if r == TEAM[0] else TEAM[0]
            if s == idle:
                others = app.part & ~(1 << idle)
                if app.contributed & others != others:
                    return False  # everyone else first
                key = app.round
                if key not in choice:
                    mine = app.draw(idle).r
                    with_ = roll0(app, r, seed_of(app, mine, -1))
                    without = roll0(app, r, seed_of(app, mine, idle))
                    a, b = best_free(app.game, 0, with_), best_free(app.game, 0, without)
                    choice[key] = b > a
                    log.append((app.round, r, with_, a, without, b, b > a))
                if choice[key]:
                    return False  # withheld: the idle member forfeits, the roller keeps its turn
        return orig(f, s, rand)

    app._fair_request = fair_request


def play(games, seed, attack, who=0, solo=False):
    """Plays `games` team Yatzy games; returns per game (first-roll best scores of scorecard 0,
    of scorecard 1, records agree, forfeit turns of scorecard 0, attack log)."""
    out = []
    for gno in range(games):
        t = tablebus.Table(seats=3, seed=seed * 1000 + gno, game="yatzy", teams=[0, 1, 2] if solo else [0, 1, 0])
        log = []
        if attack:
            arm(t.hands[who], log)
        assert t.start_game(hosts=[who, 1 - who, who]) == 0
        firsts = {0: [], 1: [], 2: []}
        seen = set()
        watch = t.hands[1 - who].app  # the honest one's view

        def until():
            g = watch.game
            if g is not None and watch.phase == yatzytable.P_ROLL and len(watch.rolls) == 1:
                k = (watch.round, g.current)
                if k not in seen:
                    seen.add(k)
                    firsts[g.current].append(best_free(g, g.current, watch.rolls[0]))
            return t.done()

        ok = t.run(until, 3_600_000)
        recs = t.records()
        same = all(r == recs[0] for r in recs)
        rec = recs[0]
        ft = sum(1 for turn in rec.get("turns", []) if turn.get("player", turn.get("p")) == 0
                 and turn.get("forfeit"))
        out.append(dict(done=ok, firsts=firsts, same=same, log=log, rec=rec, forfeit_turns0=ft,
                        forfeits=[h.app.forfeits for h in t.hands],
                        seq=[h.node.is_leader() for h in t.hands],
                        totals=[rec_total(rec, p) for p in (0, 1)]))
    return out


def rec_total(rec, p):
    for k in ("totals", "scores", "total"):
        if k in rec:
            v = rec[k]
            try:
                return v[p]
            except Exception:  # noqa: BLE001
                return v
    return None


def main():
    args = sys.argv[1:]
    games = int(args[0]) if args else 2
    seed = int(args[1]) if len(args) > 1 else 1
    who = 1 if "follower" in args else 0  # the attacker plays from handheld 0 (the creator, the
    # sequencer) or, with "follower", from handheld 1 (an ordinary follower)
    solo = "solo" in args  # the bot is a scorecard of its own (no teams): it pays the turn
    ctl = play(games, seed, False, who, solo)
    att = play(games, seed, True, who, solo)
    print("attacker on handheld %d (sequencer: %s)" % (who, who == 0))

    def avg(xs):
        return sum(xs) / len(xs) if xs else 0.0

    c0 = [x for g in ctl for x in g["firsts"][0]]
    a0 = [x for g in att for x in g["firsts"][0]]
    a1 = [x for g in att for x in g["firsts"][1]]
    print("control: games done %s, records agree %s; scorecard 0 first rolls: mean best box %.2f"
          " (%d turns)" % ([g["done"] for g in ctl], [g["same"] for g in ctl], avg(c0), len(c0)))
    print("attack:  games done %s, records agree %s; scorecard 0 first rolls: mean best box %.2f"
          " (%d turns), scorecard 1 %.2f" % ([g["done"] for g in att], [g["same"] for g in att],
                                               avg(a0), len(a0), avg(a1)))
    withheld = [e for g in att for e in g["log"] if e[6]]
    decided = [e for g in att for e in g["log"]]
    print("attack: %d rounds decided, %d withheld (the idle teammate forfeited)" %
          (len(decided), len(withheld)))
    for e in withheld[:5]:
        print("  round %d roller seat %d: with the teammate's r %s (best %d) / without %s (best %d)"
              % (e[0], e[1], e[2], e[3], e[4], e[5]))
    # the record every handheld saved: scorecard 0's k-th turn is the k-th round decided; its first
    # roll must be the one the attacker chose, and no turn of it a forfeit turn
    match = forfeit = 0
    botlost = []
    for g in att:
        turns0 = [tn for tn in g["rec"]["turns"] if tn["p"] == 0]
        forfeit += sum(1 for tn in g["rec"]["turns"] if tn.get("forfeit") and tn["p"] == 0)
        botlost.append(sum(1 for tn in g["rec"]["turns"] if tn.get("forfeit") and tn["p"] != 0))
        for e, tn in zip(g["log"], turns0):
            if tn.get("rolls") and list(tn["rolls"][0]) == list(e[4] if e[6] else e[2]):
                match += 1
    honest = avg([e[3] for e in decided])
    chosen = avg([max(e[3], e[5]) for e in decided])
    print("the record's first roll of scorecard 0 is the one chosen in %d of %d rounds; forfeit "
          "turns in the records: %d" % (match, len(decided), forfeit))
    print("paired, same secrets: first-roll mean best box %.2f honest vs %.2f chosen (+%.0f %%)" %
          (honest, chosen, 100.0 * (chosen - honest) / honest if honest else 0))
    print("cross-run control (other dice): scorecard 0 %.2f" % avg(c0))
    print("forfeit turns of other scorecards (solo: the sacrificed bot's) per game:", botlost)
    broke = all(g["done"] and g["same"] for g in att) and len(withheld) > 0 and \
        match == len(decided) and forfeit == 0 and (solo or all(not any(g["forfeits"]) for g in att))
    verdict = ("withholding its idle teammate's contribution, the attacker's handheld chose its "
               "scorecard's first roll in %d of %d rounds (every record holds the chosen roll, no "
               "forfeit turn, records agree on every handheld); first-roll mean best box %.2f -> %.2f"
               % (len(withheld), len(decided), honest, chosen))
    if broke:
        print("BROKEN:", verdict)
        sys.exit(1)
    print("HELD:", verdict)
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
