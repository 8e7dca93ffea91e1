"""Attack: a keyless radio repeats the creator's ANNOUNCE with the game changed (Snyd -> Yatzy); the
joiner sits at the real table believing it plays Yatzy, runs a Yatzy game on the Snyd log, refuses
the creator's entries, stops following the honest creator and never plays.

Promise: Lobby ("no radio seats anyone elsewhere"); Alive (no frame stops a game for good); only
a rule-breaker is left (an honest creator is never distrusted). docs/protocol.md, The promises.
Role: a radio (no key, not seated).

How: a join list entry is a table id and its creator's public key (table._listed: "a copycat is
listed apart"), but a radio copies both from the real ANNOUNCE; _listed then overwrites the
entry's name, game, rules and counts with the copy's. Table.join takes the game (and rules) from
the entry, and nothing keyed ever checks them: the WELCOME's proof covers the table, the join
number and the two handheld numbers, ROSTER and SEATS carry no game id. The radio sends its copy
right after each real ANNOUNCE (it hears them), so the entry shows its version nearly all the
time. table.json keeps the game, so a reboot brings the same mistake back.

Control: the same table without the radio: the game ends with a record on every handheld.
Verdict: exit 0 if the joiner plays the creator's game; 1 with the evidence.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # an import that fails means "could not run": 2, never 0 or 1
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, table, mac  # noqa: E402
from dicecup.table import log  # noqa: E402

ATK_RADIO, BO = 7, 1


def radio(t, victim, game):
    """The radio: after every ANNOUNCE of the creator's that reaches victim, a copy with `game`."""
    c = wire.Codec()
    f = wire.Frame()
    n = [0]

    def hear(src, dst, data):
        if src == mac(0) and data[2] == wire.T_ANNOUNCE and dst == mac(victim):
            if c.decode(bytes(data), f) == 0:
                f.game = game
                c.seat_at(f.table)
                t.air.log.append((mac(ATK_RADIO), mac(victim), bytes(c.encode(f))))
                n[0] += 1
        return True
    t.filters.append(hear)
    return n


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=2))
    sent = radio(t, BO, table.G_YATZY) if attack else [0]
    t.seat_all()
    gids = [tb.gid for tb in t.tables]

    def tolerant(tb, m=t.movers[BO]):
        try:
            m(tb)
        except AttributeError:  # (the harness's Snyd player at a Yatzy game: it makes no move)
            pass
    t.movers[BO] = tolerant
    t.start()
    t.until(lambda: all(tb.saved_games for tb in t.tables), 400000)
    out = []
    for k, tb in enumerate(t.tables):
        out.append((k, tb.gid, type(tb.game).__module__.split(".")[-1], tb.node.applied,
                    tb.node.leader, [h for h in range(8) if tb.node._bad & (1 << h)],
                    [(n, v) for n, v in zip(log.DROP_NAMES, tb.node.dropped)
                     if v and n in ("invalid", "seize")], tb.saved_games))
    return gids, sent[0], out, t.now


def main():
    gids, _, out, now = play(False)
    if any(not o[7] for o in out) or len(set(gids)) != 1:
        print("control failed:", gids, out)
        sys.exit(2)
    print("control: games", gids, "every handheld saved its record by", now // 1000, "s")
    gids, sent, out, now = play(True)
    print("attack: forged ANNOUNCEs", sent, "games", gids)
    for o in out:
        print("  handheld %d: game %d (%s), applied %d, follows %d, distrusts %s, drops %s, "
              "records %d" % o)
    bo = out[BO]
    broke = gids[BO] != gids[0] or not bo[7] or bo[5]
    verdict(broke, "a radio's %d copies of the creator's ANNOUNCE (game id changed) made Bo join "
            "the Snyd table as game %d; %d s after the start Bo has no record, applied %d "
            "entries, follows %d and distrusts %s (the honest creator); records per handheld %s" % (
                sent, gids[BO], now // 1000, bo[3], bo[4], bo[5], [o[7] for o in out]))


if __name__ == "__main__":
    run(main)
