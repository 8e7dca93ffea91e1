"""A crafted snapshot against the real firmware in the simulator (issue 23, item 3).

A table of two: the other handheld is the sequencer and the only one a rebooted handheld can catch
up from, so its snapshot has no witness. Its firmware is changed to write every snapshot with a
field no game reaches (a round in play whose contributions are not all in: the seed cannot be
made). The victim restarts mid-game without the state it kept on flash (tlog.bin: with it, it
would resume from its own flash), asks for a snapshot, is sent the crafted one, restarts again
and is sent it again: it must refuse it each time and never crash (the firmware's last resort
writes error.log on the handheld's flash). The in-process versions are in test_table_snapshots.py.
"""
import os

import pytest

from host_tools.sim import autoplay
from host_tools.sim.hub import MAIN, Sim
from dicecup.table import keep
from dicecup.table import wire
from test_table_sim_attacks import RUN_MAIN  # the wrapper that runs main.py after a patch


# modified firmware: its snapshots say that nobody contributed to the round in play
CRAFTS_SNAPSHOTS = """
from dicecup.table import game as tablegame
_put = tablegame.TableGame._put_fair
def _crafted(self, out):
    c = self.contributed
    if self.phase >= tablegame.P_PLAY:
        self.contributed = 0
    try:
        _put(self, out)
    finally:
        self.contributed = c
tablegame.TableGame._put_fair = _crafted
"""


# modified firmware: its Yatzy snapshots leave the first scorecard without a seat to roll for it
CRAFTS_YATZY_SNAPSHOTS = """
from dicecup.table import game as tablegame
_snap = tablegame.TableGame.snapshot
def _crafted(self, buf, off):
    k = bytes(self.kinds)
    if self.phase >= tablegame.P_PLAY:
        self.kinds[0] = 0
    try:
        return _snap(self, buf, off)
    finally:
        self.kinds[:] = k
tablegame.TableGame.snapshot = _crafted
"""


def _snaps_from(sim, i, since):
    """SNAP frames handheld i put on the air since `since` (sim ms)."""
    mac = sim.handhelds[i].mac
    return sum(1 for x in sim.bus.frames if x.src == mac and x.t >= since and len(x.data) > 2
               and x.data[0] == 0xDC and x.data[2] == wire.T_SNAP)


@pytest.mark.parametrize("game", ["snyd", "yatzy"])
def test_a_crafted_snapshot_crashes_no_handheld_nor_after_a_reset(tmp_path, game):
    patch = CRAFTS_SNAPSHOTS if game == "snyd" else CRAFTS_YATZY_SNAPSHOTS
    scripts = []
    for i in range(2):
        path = str(tmp_path / ("run%d.py" % i))
        with open(path, "w") as f:
            f.write((patch if i == 0 else "") + RUN_MAIN)
        scripts.append(path)
    sim = Sim(2, clock="virtual", heap="1M", scripts=scripts, args=[MAIN], seed=9)
    sim.start()
    try:
        players = [autoplay.Player(sim, i, game, 1, seed=90 + i) for i in range(2)]
        victim = sim.handhelds[1]
        crash = os.path.join(victim.flash, "error.log")

        def play(ms):
            end = sim.now() + ms
            while sim.now() < end:
                for p in players:
                    p.act()
                sim.step()

        play(30_000)  # a few rounds: the log's window (32 entries) is passed
        assert not players[1].finished
        for boot in range(2):
            at = sim.now()
            # a handheld that kept the table's state (keep) resumes from its own flash and
            # asks for nothing: this one lost it (tlog.bin gone, as on a flash whose last write
            # was cut), so it must start again from the sequencer's snapshot, the crafted one
            sim.kill(1)
            for name in (keep.FILE, keep.FILE + ".tmp"):
                if os.path.exists(os.path.join(victim.flash, name)):
                    os.remove(os.path.join(victim.flash, name))
            sim.reboot(1)
            players[1].failed = None
            play(20_000)
            assert _snaps_from(sim, 0, at), "the sequencer sent no snapshot to restore"
            assert victim.alive and not os.path.exists(crash), (boot, sim.consoles())
    finally:
        sim.close()
