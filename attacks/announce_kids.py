"""Attack (round 17, radio): a keyless radio repeats the creator's ANNOUNCE with other (valid)
rules; the joiner plays the table's game but its screens and its statistics take the copy's rules
for the whole table: Bo's handheld runs a 2-dice Snyd table in kids' mode (big dice, the win
counted as a kids' game, home to the kids' menu), and table.json keeps it across a reboot.
The copy's table name sticks the same way (tname).

Promise: Lobby (no radio steers a joiner; round 16's announce_rules fix: "a joiner takes the rules
its table played"). Role: a radio (no key, not seated).

How: since f515b34, _listed checks that an ANNOUNCE's rules unpack, but a copy with the same table
id, creator key and game still overwrites the row's rules (e[8]); Table.join sets `rules` and
`kids` from the row, and only _host (a joiner that comes to host) takes the played rules back:
a seated joiner keeps `kids` from the radio's copy for every game at the table (ui/snyd_table.py
passes tb.kids to the round screens; ui/snyd_over.py counts the game under "snyd_kids").

Control: the same table without the radio: Bo's kids flag is the creator's (False).
Exit 0 held, 1 broke, 2 could not run.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, snyd, table, mac  # noqa: E402
from dicecup.ui.table_lobby import game_letter  # noqa: E402

ATK_RADIO, BO = 7, 1


def radio(t, victim):
    c = wire.Codec()
    f = wire.Frame()
    n = [0]

    def hear(src, dst, data):
        if src == mac(0) and data[2] == wire.T_ANNOUNCE and dst == mac(victim):
            if c.decode(bytes(data), f) == 0:
                f.rules[0] = 3  # three dice: kids' Snyd (a valid rules byte: listed since f515b34)
                table.pack_name("Radio", f.name)  # and the table's name (kept likewise)
                c.seat_at(f.table)
                t.air.log.append((mac(ATK_RADIO), mac(victim), bytes(c.encode(f))))
                n[0] += 1
        return True
    t.filters.append(hear)
    return n


def play(attack):
    t = Trio(3, rules=snyd.Rules(dice=2))
    sent = radio(t, BO) if attack else [0]
    t.tick(100)
    bo = t.tables[BO]
    letters = [game_letter(e[2], e[8]) for e in bo.tables()]
    t.seat_all()
    t.start()
    t.until(lambda: all(tb.saved_games for tb in t.tables), 400000)
    g = bo.game
    t.cd(BO)
    import json
    with open("table.json") as fh:
        kept = json.load(fh)["kids"]
    # what the handheld plays by: kids_mode() where the firmware has it (since the fix: the played
    # rules for a joiner), else the flag the join took from the list
    kids = [tb.kids_mode() if hasattr(tb, "kids_mode") else tb.kids for tb in t.tables]
    return dict(sent=sent[0], letters=letters, kids=kids,
                tname=[tb.tname for tb in t.tables],
                dice=g.rules.dice, records=[tb.saved_games for tb in t.tables], kept=kept)


def main():
    c = play(False)
    if not all(c["records"]) or any(c["kids"]):
        print("control failed:", c)
        sys.exit(2)
    print("control:", c)
    a = play(True)
    print("attack:", a)
    broke = a["kids"][BO] and not a["kids"][0] and a["dice"] == 2
    verdict(broke, "a radio's %d copies of the creator's ANNOUNCE (dice 2 -> 3) listed the table as "
            "%s on Bo's join list; Bo played the %d-dice game (records %s) with kids=%s (the creator's "
            "%s), kept in table.json (kids=%s); the table's name on each handheld %s" % (
                a["sent"], a["letters"], a["dice"], a["records"], a["kids"][BO], a["kids"][0],
                a["kept"], a["tname"]))


if __name__ == "__main__":
    run(main)
