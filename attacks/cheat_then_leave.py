"""Attack (round 18, focus 3: "the seats of one handheld forfeit together", TableGame.party).
Promise: a reseat's seats were withheld (or cheated) by the handheld that left, not by the one they
move to (TableGame._blame's docstring; round 16's reseat_blames_the_taker fix); no honest seat is
forfeited for what another did.

A handheld that plays two seats (its person and a bot it hosts) answers a call by revealing its
person's seat with a secret that opens nothing, withholds its bot's reveal (the round waits for it:
the 30 s deadline), and switches off. The honest creator's pause shows it missing and offers its
seats to a bot; the creator's person takes it (Table.reseat_to_bot: every seat of the gone handheld
to the sequencer's own handheld). SnydTable.apply(SEATS_RESEAT) loses only the seats that had not
revealed (`_reseat(f) & part & ~revealed`): the bot's seat. The person's seat revealed (falsely)
and stays in the round, now hosted by the creator. Every other seat has revealed, so the round
finishes at once: `_finish_round` finds the false secret (cheat) and takes `party(cheat)` out of
the round - computed with the hosts AFTER the reseat: the creator's own seat. The honest creator's
person loses a die for taking a cheat's seat; the cheat's false secret is recorded against the
seat, which now belongs to the creator's bot.

Roles: the cheat is an ordinary seat (handheld 2, seats 2 and 3); the sequencer (creator, seat 0)
and Bo (seat 1) are honest. Nothing is forged; no radio is needed.

Harness: host_tools/tablebus (the protocol modules alone, seeded, lossless), Snyd, 3 handhelds,
4 seats. Control: the same departure with the person's reveal honest (only the bot's withheld):
the reseat costs the creator nothing.

Usage: .venv/bin/python attacks/cheat_then_leave.py [seed=1]
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
from dicecup.table import wire  # noqa: E402
from dicecup.table.snyd import P_REVEAL  # noqa: E402

CHEAT = 2           # the handheld
PERSON, BOT = 2, 3  # its seats


def arm(hand, lie, state):
    app = hand.app
    orig = app._play_request

    def play_request(f, s, ph, node, decide, rand):
        if ph == P_REVEAL and state["round"] is None and app.part == 0b1111:
            state["round"] = app.round  # the first call with every seat in: the one it spoils
        if ph == P_REVEAL and app.round == state["round"]:
            if s == BOT:
                return False  # withheld: the round waits for it
            if s == PERSON and orig(f, s, ph, node, decide, rand):
                if lie:
                    f.h1[0] ^= 1  # a secret that opens nothing
                state["sent"] = True
                return True
            return False
        return orig(f, s, ph, node, decide, rand)

    app._play_request = play_request


def play(seed, lie, reseat=True):
    t = tablebus.Table(seats=3, seed=seed)
    t.seats = 4  # three handhelds, four seats: the cheat's handheld hosts its person and a bot
    state = dict(round=None, sent=False)
    arm(t.hands[CHEAT], lie, state)
    anna = t.hands[0].app
    assert t.start_game(hosts=[0, 1, CHEAT, CHEAT]) == 0
    ok = t.run(lambda: state["sent"] and anna.revealed & (1 << PERSON), 600_000)
    if not ok:
        return None
    dice_before = list(anna.game.dice_left[:4])
    t.kill(CHEAT)  # switched off
    t.run(lambda: False, 4000)  # 4 s: missing on every clock, well within the 30 s deadline
    rnd = state["round"]
    out = dict(round=rnd, before=dice_before, revealed=anna.revealed, part=anna.part)
    if reseat:
        # the creator's person takes "give to a bot" on the pause: every seat of the gone
        # handheld to the sequencer's own handheld (Table.reseat_to_bot)
        out["reseat"] = t.start_game(hosts=[0, 1, 0, 0], flags=wire.SEATS_RESEAT)
    t.run(lambda: all(h.app.round > rnd for h in t.live()) and
          len({h.node.applied for h in t.live()}) == 1, 120_000)
    out["after"] = list(anna.game.dice_left[:4])
    rec = anna.rec.record()
    rd = rec["rounds"][rnd - 1]
    out["forfeits"] = [a[0] for a in rd["actions"] if a[1] == "forfeit"]
    out["cheats"] = anna.cheats
    recs = [h.app.rec.record()["rounds"][:rnd] for h in t.live()]
    out["same"] = all(r == recs[0] for r in recs)
    return out


def main():
    nums = [int(a) for a in sys.argv[1:] if a.isdigit()]
    seed = nums[0] if nums else 1
    ctl = play(seed, lie=False)
    att = play(seed, lie=True)
    if ctl is None or att is None:
        print("COULD NOT RUN: no round reached a call with every seat in")
        sys.exit(2)
    print("control (honest reveal, bot's withheld, seats given to the creator's bot):", ctl)
    print("attack  (false secret, bot's withheld, seats given to the creator's bot):", att)
    lost_ctl = ctl["before"][0] - ctl["after"][0]
    lost_att = att["before"][0] - att["after"][0]
    if 0 in att["forfeits"] and 0 not in ctl["forfeits"] and att["same"]:
        print("BROKEN: the creator's own seat 0 forfeited round %d (dice %d -> %d) for a false "
              "secret revealed by handheld %d, whose seats it took over by 'give to a bot'; "
              "control: seat 0 forfeited nothing (dice %d -> %d); every handheld's record agrees"
              % (att["round"], att["before"][0], att["after"][0], CHEAT,
                 ctl["before"][0], ctl["after"][0]))
        sys.exit(1)
    print("HELD: creator's seat lost %d die/dice (control %d), forfeits %s"
          % (lost_att, lost_ctl, att["forfeits"]))
    sys.exit(0)


if __name__ == "__main__":
    from _cli import run
    run(main)
