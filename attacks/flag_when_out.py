"""Attack: a player already out of the game (a Snyd seat with no dice left, nothing more to win or
lose) raises the "held" flag 0x20 in every heartbeat to everyone, to stop the others' game.

It owes nothing (the gate waits on its log, as on every live handheld's), so no FORFEIT of it is ever due; but `Node.held` counts every member handheld whose
latest heartbeat says "held", and `table_watch._paused` puts the Paused screen ("Logs differ",
no moves) on every handheld while `held` is not 0. The sequencer also adds it to its pause mask
(`Node.tick`: `members & _fflag`). The pause's "give to a bot" is refused for a handheld that is
heard (RJ_NOT_YOURS) and "remove" only after it.

Promise: Alive ("no frame ... stops a game for good"); the stated limit "A seat that says it is
held stops the table for good ... every honest screen then shows "Logs differ" with its name".
Role: an ordinary seat, out of the game. No radio, no loss.
In process the movers play past the Paused screen (the harness has no screens), so the verdict
reads the screens' own predicate (`table_watch._paused`, `Table.held_names`) on the honest
handhelds from the moment the seat is out to the game's end, and tries the pause's remedies.

Control: the same game, the out player silent-honest: no pause after it is out.
Verdict: 0 if every honest screen that pauses names the out player (the stated limit) and the
sequencer's remedy works or the limit covers it; 1 if an honest screen pauses without naming it.
Usage: flag_when_out.py [SEED]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, seat_of  # noqa: E402
from dicecup.table import log  # noqa: E402
from dicecup.ui import table_watch  # noqa: E402


def play(attack, seed=1, limit=400000):
    t = Trio(3, rules=snyd.Rules(dice=2), seed=seed)
    t.seat_all()
    t.start()
    st = {"out": None}
    paused = {}     # handheld -> [ticks paused, ticks, names seen]
    bot = []

    def out_handheld():
        g = t.tables[0].game
        for k in (1, 2):
            if g.game.dice_left[seat_of(t.tables[0], k)] == 0:
                return k
        return None

    def flagging(k):
        node = t.tables[k].node
        real = node._heartbeat

        def hb(now):
            real(now)   # (the real one, then the same with the flag: the last one heard counts)
            f = node.tx
            f.type = wire.T_ACK
            f.seq = 0
            f.flags = (node.leader if node.leader >= 0 else log.NO_LEADER) | \
                log.F_HELD
            f.missing = node.missing
            f.chain[:] = node.chain
            node._emit(log.BROADCAST, f)
        node._heartbeat = hb

    def step():
        if st["out"] is None and t.tables[0].game.phase != 0:
            k = out_handheld()
            if k is not None and not t.done():
                st["out"] = (k, t.now)
                if attack:
                    flagging(k)
        if st["out"] is not None and not t.done():
            k = st["out"][0]
            for h in range(3):
                if h == k:
                    continue
                tb = t.tables[h]
                p = paused.setdefault(h, [0, 0, set()])
                p[1] += 1
                if table_watch._paused(tb):
                    p[0] += 1
                    p[2].add(" ".join(tb.held_names() if tb.held_mask() else
                                      tb.missing_names()))
            a = t.tables[0]
            if attack and a.node.is_leader() and a.node.missing & (1 << k) and len(bot) < 3 and \
                    (not bot or t.now - bot[-1][0] >= 5000):
                t.cd(0)
                bot.append((t.now, a.reseat_to_bot(k, t.now)))
        return t.done()
    t.until(step, limit)
    return {"out": st["out"], "paused": {h: (p[0], p[1], sorted(p[2])) for h, p in paused.items()},
            "bot": bot, "done": [bool(tb.saved_games) for tb in t.tables], "now": t.now,
            "name": st["out"] and t.NAMES[st["out"][0]]}


def main():
    seed = int(([a for a in sys.argv[1:] if a.isdigit()] or [1])[0])
    o = play(False, seed)
    print("control:", o)
    if not all(o["done"]) or o["out"] is None:
        print("control failed (no player out before the end, or no end)")
        sys.exit(2)
    if any(p[0] for p in o["paused"].values()):
        print("control paused honest screens after the player was out:", o["paused"])
        sys.exit(2)
    o = play(True, seed)
    print("attack:", o)
    k, at = o["out"]
    unnamed = [h for h, p in o["paused"].items() if p[0] and any(o["name"] not in n
                                                                   for n in p[2])]
    always = [h for h, p in o["paused"].items() if p[0] == p[1]]
    verdict(unnamed, "seed %d: %s out of the game at %d ms and flagging: honest screens paused "
            "(ticks paused, ticks, names shown) %s; paused the whole rest of the game: %s; the "
            "pause's give-to-a-bot for it (time, result; %d = RJ_NOT_YOURS): %s; the stated limit "
            "(a seat that says it is held stops the table for good, named) unless an honest screen "
            "names someone else: %s" % (
                seed, o["name"], at, o["paused"], always, log.RJ_NOT_YOURS, o["bot"],
                unnamed))


if __name__ == "__main__":
    run(main)
