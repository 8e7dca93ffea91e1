"""Round 16, radio (never joins). Promise: Alive ("no frame crashes a handheld or stops a game for
good") and Lobby ("no radio seats anyone elsewhere": the table a joiner sits at plays the creator's
rules).

A radio copies the creator's ANNOUNCE right after each real one with the same table id, creator key
and game (so `Table._listed` keeps one row and overwrites its rules, e[8]) but other rule bytes. The
WELCOME's proof covers the table, join number, handheld numbers and game, not the rules, so Bo is
seated normally; game 1 plays the creator's rules (they come in the SEATS entry). But Bo's
`Table.rules` stays what the radio said (`Table.join` only, never updated from a SEATS entry), and
`table.json` keeps it. When the creator is gone after a game, Bo hosts (`Table._host`) and every
ANNOUNCE and the next game's SEATS pack `self.rules`:

- default ("crash"): the rules bytes say 0 dice: `snydtable.unpack_rules` raises, `Table.join`
  swallows it and keeps rules None; once Bo hosts, `announce()` -> `snydtable.pack_rules(None)`
  raises AttributeError out of `Table.tick` (the App's loop: the handheld's "crashed" screen).
- "steer": the rules bytes say 5 dice, jokers off, calza off: Bo hosts the next game under the
  radio's rules, not the ones the people chose.

Control: the same, no radio: Bo hosts game 2 under the creator's rules.
Exit 1 when Bo crashes (crash) or game 2's SEATS rules differ from game 1's (steer).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":
    sys.excepthook = lambda *a: (sys.__excepthook__(*a), os._exit(2))
from _table3 import Trio, run, verdict, wire, mac  # noqa: E402
from dicecup.rules import snyd  # noqa: E402

CREATOR = snyd.Rules(dice=2)


def forged_rules(mode):
    if mode == "steer":
        return bytes((5, 0, 0, 0, 0, 0))  # 5 dice, no jokers/palifico/calza
    return bytes((0, 7, 0, 0, 0, 0))      # 0 dice: no rules at all


def play(mode, seed=1):
    t = Trio(3, rules=CREATOR, seed=seed)
    radio = wire.Codec()
    fr = wire.Frame()
    sent = [0]
    if mode:
        rb = forged_rules(mode)
        orig_deliver = t.deliver

        def deliver():
            extra = []
            for (src, dst, data) in t.air.log:
                if src == mac(0) and len(data) > 2 and data[2] == wire.T_ANNOUNCE:
                    if radio.decode(bytes(data), fr) == 0:
                        fr.rules[:] = rb
                        extra.append((mac(9), None, bytes(radio.encode(fr))))
            t.air.log.extend(extra)
            sent[0] += len(extra)
            orig_deliver()
        t.deliver = deliver
    t.seat_all()
    bo = t.tables[1]
    joined_rules = bo.rules
    t.start()
    g1 = bytes(t.tables[0].game.packed_rules())
    ok = t.until(lambda: all(tb.saved_games for tb in t.tables), 900000)
    if not ok:
        return dict(err="game 1 did not end")
    # the creator is gone (battery, or walked off) after game 1
    t.filters.append(lambda s, d, data: False if s == mac(0) or d == mac(0) else None)
    t.movers[0] = None
    tabs0 = t.tables[0]
    t.tables[0] = type("Off", (), {"tick": lambda self, now: None, "idle": lambda self: None,
                                   "saved_games": tabs0.saved_games, "mode": 0,
                                   "node": None, "game": None})()
    crash = None
    try:
        t.until(lambda: bo.mode == 1 and bo.node.is_leader(), 30000)  # HOSTING
        t.tick(200)
    except Exception as e:  # noqa: BLE001
        import traceback
        crash = "".join(traceback.format_exception_only(type(e), e)).strip()
        tb = traceback.extract_tb(e.__traceback__)[-3:]
        crash += " at " + " <- ".join("%s:%d %s" % (os.path.basename(x.filename), x.lineno, x.name)
                                      for x in reversed(tb))
    out = dict(joined_rules=None if joined_rules is None else
               bytes(bo.mod.pack_rules(joined_rules)).hex(),
               game1=g1.hex(), forged=sent[0], bo_mode=bo.mode,
               bo_leader=bo.node.is_leader(), crash=crash)
    if crash is not None:
        # the handheld resets (the crashed screen's button) and resumes its seat from table.json
        from _table3 import FakeRadio, table
        t.air.radios.remove(bo.radio)
        t.cd(1)
        nb = table.Table(FakeRadio(t.air, 1), "Bo", t.now)
        out["resumed"] = nb.resume()
        out["resumed_rules"] = nb.rules
        t.tables[1] = nb
        try:
            t.tick(1000)  # 20 s
        except Exception as e:  # noqa: BLE001
            out["crash_again"] = repr(e)
            # Bo crash-loops: off the air; Cy (who joined under the same forged ANNOUNCEs) is next
            t.air.radios.remove(nb.radio)
            t.tables[1] = t.tables[0]
            cy = t.tables[2]
            try:
                t.tick(1500)  # 30 s
                out["cy"] = "alive, mode %d, leader %s" % (cy.mode, cy.node.is_leader())
            except Exception as e2:  # noqa: BLE001
                out["cy"] = "crashed: " + repr(e2)
    if crash is None:
        # Bo's person starts game 2 (Cy is still there)
        t.cd(1)
        try:
            r = bo.start(t.now)
            t.tick(50)
            out["start"] = r
            out["game2"] = bytes(bo.game.packed_rules()).hex()
            out["cy_game2"] = bytes(t.tables[2].game.packed_rules()).hex()
        except Exception as e:  # noqa: BLE001
            out["crash"] = "start: " + repr(e)
    return out


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "crash"
    c = play(None)
    print("control:", c)
    assert c.get("crash") is None and c.get("game2") == c["game1"], c
    a = play(mode)
    print("attack (%s):" % mode, a)
    if a.get("crash"):
        verdict(True, "Bo (honest joiner) crashes as host after the creator left: %s; rules Bo "
                "joined with: %s (game 1 played %s); %d forged ANNOUNCEs" %
                (a["crash"], a["joined_rules"], a["game1"], a["forged"]) +
                "; after the reset and resume: %s; Cy then: %s" % (a.get("crash_again", "no crash in 20 s"),
                                                                    a.get("cy")))
    broke = a.get("game2") is not None and a["game2"] != a["game1"]
    verdict(broke, "game 1 rules %s, game 2 (hosted by the honest Bo) %s, Cy plays %s; "
            "%d forged ANNOUNCEs" % (a["game1"], a.get("game2"), a.get("cy_game2"), a["forged"]))


if __name__ == "__main__":
    run(main)
