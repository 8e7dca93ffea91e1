"""Seeded Snyd tournaments between bots, on the rules core's own game loop; your own bot too.

    python -m host_tools.tournament [--games N] [--seats 2 4 6] [--levels kids easy normal hard]
                                    [--against random seed] [--seed S] [--jobs 2] [--rules JSON]
    python -m host_tools.tournament --game snyd --seats 4 --bot "python3 mybot.py" --against hard
    python -m host_tools.tournament --levels hard --seats 2 4 --against-bot "python3 tests/dicebot.py"

For each table size, level and opponent it plays N games of one bot of that level against seats-1
opponents, the bot's seat and the first opener rotating from game to game, and prints its win rate
with a 95% Wilson interval (chance is 1/seats). Every move goes through the bot protocol's views
(bots.view.snyd_view: each seat sees only its own dice) and is judged by snyd.Game; the dice come from
a bots.rng.Rng seeded per game, so a run is reproducible to the move. Games run on --jobs processes.
--bot CMD plays a command that speaks the bot protocol (docs/bots.md) in the levels' place: one
process for the whole run, one view per line to its standard input, one move per line back. A move
it gets wrong (not JSON, illegal, no answer in --bot-timeout seconds, the command ending) stops the
run with one line saying which view and why (exit 1). Bad options: one line, exit 2.
--against-bot CMD turns it round: each level plays against seats-1 seats of that command (one process
answers for all of them: a view says whose seat it is).

Out-of-turn calza: before the seat on turn acts, every other seat that may call calza (clockwise from
the seat on turn) is offered the view and answers a calza or lets it pass (None).
"""
import argparse
import json
import math
import multiprocessing
import os
import select
import shlex
import subprocess
import sys
import time

import host_tools.paths  # noqa: F401  (firmware/ on sys.path)
from dicecup.bots import rng as botrng
from dicecup.rules import snyd
from dicecup.bots import snyd as snyd_bot
from dicecup.bots import snyd_view as snyd_botview
from dicecup.bots import snyd_hard
from dicecup.bots.view import snyd_view
from dicecup.core.shape import Malformed
from host_tools import snyd_baselines
from host_tools.snyd_table import TABLES

snyd_hard.use_tables(TABLES)  # the hard bot's solved endgames (make tables); without them its heuristic

OPPONENTS = {"random": snyd_baselines.random_legal, "seed": snyd_baselines.seed}


class BotError(Exception):
    """Your bot (--bot) answered what the game cannot take; the message says which view and why."""


class External:
    """A bot command speaking the bot protocol, as a player: view, rng -> move (rng unused: the
    command has its own). One process serves every view of the run."""

    def __init__(self, cmd, timeout=10.0):
        self.cmd, self.timeout, self.buf = cmd, timeout, b""
        try:
            self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        except (OSError, ValueError) as e:
            raise BotError("--bot %r does not start: %s" % (cmd, getattr(e, "strerror", None) or e))

    def _line(self, view):
        fd = self.p.stdout.fileno()
        end = time.monotonic() + self.timeout
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise BotError("your bot gave no answer in %g s (--bot-timeout) to the view %s"
                               % (self.timeout, json.dumps(view)))
            more = os.read(fd, 65536)
            if not more:
                raise BotError("your bot ended (exit %s) without answering the view %s"
                               % (self.p.wait(), json.dumps(view)))
            self.buf += more
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def __call__(self, view, rng=None):
        self.last = view
        try:
            self.p.stdin.write(json.dumps(view).encode() + b"\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotError("your bot ended (exit %s) before the view %s" % (self.p.wait(), json.dumps(view)))
        line = self._line(view)
        try:
            mv = json.loads(line)
        except ValueError:
            raise BotError("your bot's answer %r is not JSON (one move per line, e.g. [\"snyd\"]), to the "
                           "view %s" % (line[:80], json.dumps(view)))
        if isinstance(mv, dict):
            raise BotError("your bot answered %s to the view %s" % (line[:200], json.dumps(view)))
        return mv

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def player(name):
    """A move function view, rng -> move for a level name or a baseline name."""
    if name in OPPONENTS:
        return OPPONENTS[name]
    if name in snyd_bot.LEVELS:
        return lambda view, rng: snyd_botview.decide(view, name, rng)
    raise ValueError("unknown player %r" % name)


def play(rules, players, seed, first=0, max_actions=5000):
    """One game; players[s](view, rng) -> move. Returns (winner, number of rounds)."""
    n = len(players)
    g = snyd.Game(rules, n, first)
    dice_rng = botrng.Rng(seed)
    rngs = [botrng.Rng(seed * 31 + s + 1) for s in range(n)]
    acts = 0
    while not g.over:
        hands = [bytes(dice_rng.die() for _ in range(g.dice_left[s])) for s in range(n)]
        shown = None
        if rules.open_die:
            shown = [dice_rng.below(g.dice_left[s]) if g.dice_left[s] >= 2 else None for s in range(n)]
        g.start_round(hands, shown)
        actions = []
        while g.in_round:
            acts += 1
            if acts > max_actions:
                raise RuntimeError("game did not end")
            if g.bid_face and rules.calza and g.rules.calza_by != snyd.CALZA_TURN:
                called = False
                s = g.on_turn
                for _ in range(n - 1):
                    s = (s + 1) % n
                    if s != g.on_turn and g.may_calza(s):
                        mv = players[s](snyd_view(g, s, actions), rngs[s])
                        if mv is not None:
                            _apply(g, s, mv, actions)
                            called = True
                            break
                if called:
                    break
            s = g.on_turn
            mv = players[s](snyd_view(g, s, actions), rngs[s])
            _apply(g, s, mv, actions)
    return g.winner(), g.round_no


def _apply(g, s, mv, actions):
    if mv is None:
        raise snyd.Illegal("no move (null) from seat %d on turn: null only lets an out-of-turn calza pass" % s)
    if not isinstance(mv, list) or not mv:
        raise snyd.Illegal("a move is [\"bid\", count, face], [\"snyd\"] or [\"calza\"], got %s"
                           % json.dumps(mv))
    if mv[0] == "bid" and len(mv) == 3 and all(type(x) is int for x in mv[1:]):
        g.bid(s, mv[1], mv[2])
        actions.append([s, "bid", mv[1], mv[2]])
    elif mv == ["snyd"]:
        g.snyd(s)
    elif mv == ["calza"]:
        g.calza(s)
    else:
        raise snyd.Illegal("unknown move %s" % json.dumps(mv))


def wilson(k, n, z=1.96):
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # no wins (all wins) puts an end at exactly 0 (1); the floats above miss it by a rounding
    return 0.0 if k == 0 else max(0.0, c - h), 1.0 if k == n else min(1.0, c + h)


def _chunk(args):
    rules_d, seats, hero, opp, seeds = args
    return duel(player(hero), player(opp), seats, seeds, rules_d)


def match(hero, opp, seats, games, seed=1, jobs=2, rules_d=None):
    """Win count of `hero` in `games` games against seats-1 `opp` players."""
    rules_d = rules_d or {}
    seeds = list(_seeds(seed, games))
    step = max(1, games // (jobs * 8))
    chunks = [(rules_d, seats, hero, opp, seeds[i:i + step]) for i in range(0, games, step)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return sum(pool.map(_chunk, chunks))
    return sum(_chunk(c) for c in chunks)


def duel(hero, other, seats, seeds, rules_d=None, blame=None):
    """Win count of the player `hero` against seats-1 `other` players, one game per seed, in this
    process: the seat and the opener rotate with the seed, as in every measure here. A move the
    rules refuse raises BotError(blame(error, seed, seat)) when blame is given."""
    rules = snyd.Rules.from_dict(rules_d or {})
    wins = 0
    for sd in seeds:
        seat = sd % seats
        ps = [other] * seats
        ps[seat] = hero
        try:
            w, _ = play(rules, ps, sd, first=(sd // seats) % seats)
        except snyd.Illegal as e:
            if blame is None:
                raise
            raise BotError(blame(e, sd, seat))
        wins += w == seat
    return wins


def _seeds(seed, games):
    return range(seed * 1000003, seed * 1000003 + games)


def match_bot(bot, opp, seats, games, seed=1, rules_d=None):
    """Win count of the External `bot` in `games` games against seats-1 `opp` players, in this
    process (the games and seats of match, so its numbers compare with a level's)."""
    return duel(bot, player(opp), seats, _seeds(seed, games), rules_d, lambda e, sd, seat:
                 "your bot's move is not allowed: %s; game seed %d, your seat %d, the view %s"
                 % (e, sd, seat, json.dumps(bot.last)))


def match_against_bot(level, bot, seats, games, seed=1, rules_d=None):
    """Win count of one bot of `level` in `games` games against seats-1 seats of the External `bot`
    (one process plays them all), in this process, on match's games and seats."""
    return duel(player(level), bot, seats, _seeds(seed, games), rules_d, lambda e, sd, seat:
                 "a move is not allowed: %s; game seed %d, %s on seat %d, your bot's last view %s"
                 % (e, sd, level, seat, json.dumps(getattr(bot, "last", None))))


NAMES = tuple(snyd_bot.LEVELS) + tuple(sorted(OPPONENTS))


def parser():
    ap = argparse.ArgumentParser(prog="python -m host_tools.tournament", description=__doc__.split("\n")[0],
                                 epilog="Your own bot: --bot \"python3 mybot.py\" --against hard (docs/bots.md "
                                        "has a bot to start from). Exit 0, 1 when --bot went wrong, 2 for "
                                        "bad options.")
    ap.add_argument("--game", default="snyd", help="snyd (the only tournament game; Yatzy alone: "
                    "python -m host_tools.yatzy_sim)")
    ap.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    ap.add_argument("--seats", type=int, nargs="+", default=[2, 4, 6], help="table sizes, 2..8")
    ap.add_argument("--levels", nargs="+", default=list(snyd_bot.LEVELS), metavar="LEVEL",
                    help="the project's bots to rate: %s (default all)" % ", ".join(snyd_bot.LEVELS))
    ap.add_argument("--bot", metavar="COMMAND", help="rate your own bot instead of the levels: a command "
                    "speaking the bot protocol, e.g. \"python3 mybot.py\"")
    ap.add_argument("--against-bot", metavar="COMMAND", help="the other seats are this command (speaking "
                    "the bot protocol; one process plays them all) instead of --against: rates the levels "
                    "against your bot, e.g. three of it at 4 seats")
    ap.add_argument("--bot-timeout", type=float, default=10.0, metavar="S",
                    help="seconds --bot may take for a move (default 10)")
    ap.add_argument("--against", nargs="+", default=sorted(OPPONENTS), metavar="NAME",
                    help="the opponents on the other seats: a level (%s) or a yardstick (random: random-legal "
                         "moves; seed: the classic heuristic); default %s" % (
                             ", ".join(snyd_bot.LEVELS), " ".join(sorted(OPPONENTS))))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="processes for the levels' games (--bot: one)")
    ap.add_argument("--rules", default="{}", help="the spec's rules object as JSON (defaults otherwise)")
    ap.add_argument("--json", action="store_true", help="one JSON object per result line")
    return ap


def option_problem(a):
    """The first bad option as one line, or None (then a.rules_d is the rules object)."""
    if a.game != "snyd":
        return ("--game %s: tournaments play Snyd (--game snyd); for Yatzy alone: python -m "
                "host_tools.yatzy_sim" % a.game)
    for opt, names, allowed in (("--against", a.against, NAMES), ("--levels", a.levels, snyd_bot.LEVELS)):
        for n in names:
            if n not in allowed:
                return "%s %s: no such bot; choose from %s" % (opt, n, ", ".join(allowed))
    bad = [n for n in a.seats if not 2 <= n <= 8]
    if bad:
        return "--seats %d: a table has 2 to 8 seats" % bad[0]
    if a.games < 1:
        return "--games must be at least 1"
    if a.bot is not None and not a.bot.strip():
        return "--bot needs a command, e.g. --bot \"python3 mybot.py\""
    if a.against_bot is not None and not a.against_bot.strip():
        return "--against-bot needs a command, e.g. --against-bot \"python3 mybot.py\""
    if a.bot is not None and a.against_bot is not None:
        return "--bot and --against-bot: one of them (--bot rates your bot, --against-bot the levels against it)"
    try:
        a.rules_d = json.loads(a.rules)
        snyd.Rules.from_dict(a.rules_d)
    except ValueError as e:
        return "--rules is not JSON: %s" % e
    except (Malformed, AttributeError, TypeError) as e:
        return "--rules: %s" % e
    return None


def main(argv=None):
    a = parser().parse_args(argv)
    problem = option_problem(a)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    rules_d = a.rules_d
    bot = None
    try:
        if a.bot is not None or a.against_bot is not None:
            bot = External(a.bot or a.against_bot, a.bot_timeout)
        rated = a.bot is not None
        heroes = ["bot"] if rated else a.levels
        if "hard" in heroes + a.against and not snyd_hard.has_table():
            print("tournament: no solved endgames in %s (make tables): the hard bot plays them by its "
                  "heuristic" % TABLES, file=sys.stderr)
        for seats in a.seats:
            for opp in (["bot"] if a.against_bot is not None else a.against):
                for lv in heroes:
                    t0 = time.time()
                    if a.against_bot is not None:
                        w = match_against_bot(lv, bot, seats, a.games, a.seed, rules_d)
                    elif rated:
                        w = match_bot(bot, opp, seats, a.games, a.seed, rules_d)
                    else:
                        w = match(lv, opp, seats, a.games, a.seed, a.jobs, rules_d)
                    lo, hi = wilson(w, a.games)
                    res = {"seats": seats, "level": lv, "against": opp, "games": a.games, "wins": w,
                           "rate": w / a.games, "ci95": [lo, hi], "chance": 1 / seats,
                           "seconds": round(time.time() - t0, 1)}
                    if bot:
                        res["bot"] = a.bot or a.against_bot
                    if a.json:
                        print(json.dumps(res), flush=True)
                    else:
                        print("%d seats  %-6s vs %-6s  %5.1f%%  [%4.1f, %4.1f]  (%d games, chance %.0f%%, %.0fs)"
                              % (seats, lv, opp, 100 * w / a.games, 100 * lo, 100 * hi, a.games,
                                 100 / seats, time.time() - t0), flush=True)
    except BotError as e:
        print("tournament: %s" % e, file=sys.stderr)
        return 1
    finally:
        if bot:
            bot.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
