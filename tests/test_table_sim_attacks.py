"""The table against a hostile handheld in the simulator: handheld 2 runs firmware the test changed
(a wrapper script patches a firmware class before main.py starts), the other two run it as built.
Its autoplay plays through its buttons like everyone's. The honest handhelds must finish the game
with identical records that replay cleanly, and the attack must show in them or in their counters.
Virtual clock throughout; the in-process versions of these attacks are in test_table_attacks.py.
"""
import pytest

from host_tools.sim import autoplay
from dicecup.rules import snyd
from host_tools.sim.__main__ import _records, disagreements, replay_problems, write_rules
from host_tools.sim.hub import MAIN, Sim

RUN_MAIN = """
import sys
_main = sys.argv[1]
sys.argv.pop(0)
with open(_main) as f:
    _code = f.read()
exec(_code, {"__name__": "__main__", "__file__": _main})
"""

# modified firmware: it bids and calls, and never reveals its dice (it would learn the count first)
NEVER_REVEALS = """
from dicecup.table import game
game.TableGame._reveal_request = lambda self, f, s, rand: False
"""

# modified firmware: every heartbeat claims a takeover it never made (it wants to sequence)
SEIZES = """
from dicecup.table import log
_hb = log.Node._heartbeat
def _seize(self, now):
    t = self.term
    self.term = (((t >> 3) + 1) << 3) | self.seat
    _hb(self, now)
    self.term = t
log.Node._heartbeat = _seize
"""

# modified firmware: under the open_die rule it lays open a value its die does not show
FALSE_OPEN_DIE = """
from dicecup.table import snyd
_show = snyd.SnydTable.show_move
def _lie(self, s, i, bot=None):
    mv = _show(self, s, i, bot)
    return mv and [mv[0], mv[1], mv[2] % 6 + 1]
snyd.SnydTable.show_move = _lie
"""


def _hostile_sim(tmp_path, patch, n=3, rules=None, **kw):
    scripts = []
    for i in range(n):
        path = str(tmp_path / ("run%d.py" % i))
        with open(path, "w") as f:
            f.write((patch if i == n - 1 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(n, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], **kw)
    if rules is not None:
        write_rules(sim, rules)
    sim.start()
    return sim


def _play(sim, limit_ms):
    players = [autoplay.Player(sim, i, "snyd", 1, seed=70 + i) for i in range(sim.n)]
    while sim.now() < limit_ms and not all(p.finished or p.failed for p in players[:-1]):
        for p in players:
            p.act()
        sim.step()
    return players


@pytest.mark.parametrize("attack", ["never_reveals", "seizes", "false_open_die"])
def test_a_hostile_handheld_at_the_table(tmp_path, attack):
    patch = {"never_reveals": NEVER_REVEALS, "seizes": SEIZES, "false_open_die": FALSE_OPEN_DIE}
    sim = _hostile_sim(tmp_path, patch[attack], seed=5, loss=0.05,
                       rules=snyd.Rules(open_die=True) if attack == "false_open_die" else None)
    try:
        players = _play(sim, 1_800_000)
        assert [p.failed for p in players[:2]] == [None, None], sim.consoles()
        got = _records(sim, str(tmp_path / "rec"))
        honest = {i: got[i] for i in (0, 1)}
        assert all(len(r) == 1 for r in honest.values()), got
        assert disagreements(honest) == [] and replay_problems(honest) == []
        (doc,) = honest[0].values()
        forfeits = [a for rd in doc["rounds"] for a in rd["actions"] if a[1] == "forfeit"]
        if attack == "false_open_die":
            # each round it laid a die open ended in its forfeit; its true dice are in the record
            seat = forfeits[0][0] if forfeits else -1
            assert forfeits and all(a[0] == seat for a in forfeits), forfeits
            lied = [rd for rd in doc["rounds"] if rd["shown"][seat] is not None]
            assert lied and all([seat, "forfeit"] in rd["actions"] and rd["dice"][seat]
                                for rd in lied)
        elif attack == "never_reveals":
            # every round it was in ended in its forfeit (and only its): it lost a die each time
            seat = forfeits[0][0] if forfeits else -1
            assert forfeits and all(a[0] == seat for a in forfeits), forfeits
            assert all(rd["dice"][seat] in (None, []) for rd in doc["rounds"])
            assert len(forfeits) == doc["rules"]["dice"]  # a die a forfeit, until it had none
        else:
            # it claimed new terms all game long; the honest handhelds never followed one
            terms = {i: set() for i in range(3)}
            for x in sim.bus.frames:
                i = x.src[-1]
                if x.data[0] == 0xDC and x.data[2] > 3 and i < 3:  # a table frame
                    terms[i].add(x.data[8] | x.data[9] << 8)
            mine = max(terms[2]) & 7  # the handheld number it claims to sequence as
            assert mine and any(t & 7 == mine and t >> 3 for t in terms[2]), terms[2]
            assert all(t & 7 != mine for i in (0, 1) for t in terms[i]), terms
    finally:
        sim.close()
