"""Every handheld of a _table3.Trio restarts at once (a power strip): each comes back as a new
table.Table on its own flash folder (table.json, tsecN.json, tlog.bin) and resumes, as the
firmware's boot does; frames in flight are lost. Not firmware: an attack harness."""
import os

from _table3 import FakeRadio, table  # noqa: F401


def restart_all(t):
    t.air.log[:] = []
    t.air.radios[:] = []
    for k in range(len(t.tables)):
        t.cd(k)
        tb = table.Table(FakeRadio(t.air, k), t.NAMES[k], t.now)
        assert tb.resume(), "handheld %d did not resume" % k
        t.tables[k] = tb
    return t.tables


def hosts(t, k):
    g = t.tables[k].game
    return list(g.hosts[:g.n])


def forfeits(t, k):
    return t.tables[k].game.forfeits
