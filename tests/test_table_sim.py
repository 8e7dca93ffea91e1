"""The table in the simulator with the real firmware: whole Snyd games over the radio bus, played
through every handheld's buttons by autoplay (handheld 0 creates the table, the others join, handheld 0
starts), with loss, duplication and reordering, a reboot, the sequencer killed, strangers on the
channel, and a look at every frame before each reveal. Every case ends with identical records on
every handheld that replay cleanly with the referee (host_tools.replay). Virtual clock throughout.
"""
import json
import os
import subprocess
import sys

import pytest

from host_tools.paths import ROOT
from host_tools.sim import autoplay
from host_tools.sim.__main__ import _records, disagreements, replay_problems
from host_tools.sim.hub import Sim

from host_tools.tablebus import Eavesdropper  # noqa: E402
from dicecup.table import wire  # firmware/dicecup/table/wire.py (host_tools.paths put firmware/ on sys.path)


def cli(tmp_path, *args, timeout=600):
    out = str(tmp_path / "rec")
    # the protocol on the free clock, as these figures were made (--device-time off): device time has
    # its own table runs (tests/test_devtime.py; an 8-handheld Snyd table in tests/test_sim.py)
    r = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless", "--autoplay",
                        "--game", "snyd", "--quiet", "--records", out,
                        "--device-time", "off"] + [str(a) for a in args],
                       capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    return r, out


def agreed(got, n, games=1):
    """Every handheld holds `games` table records, all copies agree and replay cleanly."""
    assert sorted(got) == list(range(n))
    for i, recs in got.items():
        assert len(recs) == games, (i, sorted(recs))
        for doc in recs.values():
            assert doc["meta"]["table"], doc.get("meta")
    assert disagreements(got) == []
    assert replay_problems(got) == []
    bodies = {json.dumps({k: v for k, v in d.items() if k != "meta"}, sort_keys=True)
              for recs in got.values() for d in recs.values()}
    assert len(bodies) == games  # one shared game each, not n private ones


@pytest.mark.parametrize("n,extra", [
    (2, []),
    (4, ["--loss", "0.1", "--dup", "0.05", "--reorder", "0.05"]),
    (4, ["--loss", "0.3", "--dup", "0.1", "--reorder", "0.1"]),
])
def test_whole_games_over_the_table(tmp_path, n, extra):
    r, out = cli(tmp_path, "--handhelds", n, "--games", 2 if n == 2 else 1, "--seed", 5, *extra)
    assert r.returncode == 0, r.stdout + r.stderr
    got = {i: {} for i in range(n)}
    for i in range(n):
        d = os.path.join(out, "handheld%d" % (i + 1))
        for name in os.listdir(d):
            with open(os.path.join(d, name)) as f:
                got[i][name] = json.load(f)
    agreed(got, n, 2 if n == 2 else 1)


def test_eight_handhelds_at_30_percent_loss(tmp_path):
    r, out = cli(tmp_path, "--handhelds", 8, "--games", 1, "--seed", 12, "--loss", "0.3",
                 "--dup", "0.1", "--reorder", "0.1")
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    assert '"8": 1' in r.stdout  # the CLI's exit status already checked agreement and the referee


def test_bad_records_make_the_cli_fail():
    """The exit status really depends on the check: a record the referee refuses is a problem."""
    rec = {"game": "snyd", "version": 1, "rules": {}, "seats": 2, "first": 0,
           "rounds": [{"dice": [[1], [2]], "actions": [[1, "snyd"]]}], "meta": {"table": "x"}}
    assert replay_problems({0: {"a.json": rec}})


def play(sim, players, limit_ms, hook=None):
    while sim.now() < limit_ms:
        if hook:
            hook()
        for p in players:
            p.act()
        sim.step()
        if all(p.finished or p.failed for p in players):
            break
    return [p.failed for p in players if p.failed]


def _sim(n, **kw):
    sim = Sim(n, clock="virtual", heap="1M", **kw)
    sim.start()
    return sim


def test_rebooted_and_killed_handhelds_and_strangers(tmp_path):
    """Handheld 2 reboots mid-round and rejoins its seat; then the sequencer (handheld 0, the
    creator) dies for good and the next seat takes over; two strangers send garbage and replays all
    along. The survivors finish the game with identical, clean records."""
    sim = _sim(3, seed=21, loss=0.05)
    try:
        for k in range(2):
            sim.add_stranger(5.0, 1, seed=k)
        players = [autoplay.Player(sim, i, "snyd", 1, seed=40 + i) for i in range(3)]
        state = {"rebooted": False, "killed": False}

        def in_round(i):
            t = autoplay.readback.text(sim.handhelds[i].frame or b"")
            return "Bud" in t or "bud" in t.lower() or "Bid" in t

        def hook():
            if not state["rebooted"] and sim.now() > 8000 and in_round(2):
                sim.reboot(2)
                state["rebooted"] = True
                state["reboot_at"] = sim.now()
            elif state["rebooted"] and not state["killed"] and \
                    sim.now() > state["reboot_at"] + 8000 and in_round(1):
                sim.kill(0)
                players[0].failed = "killed on purpose"
                state["killed"] = True

        fails = play(sim, players, 900_000, hook)
        assert state["rebooted"] and state["killed"]
        assert fails == ["killed on purpose"], fails
        got = _records(sim, str(tmp_path / "rec"))
        del got[0]
        for i in (1, 2):
            assert len(got[i]) == 1, (i, [autoplay.readback.text(h.frame or b"")
                                          for h in sim.handhelds], sim.consoles())
        assert disagreements(got) == [] and replay_problems(got) == []
        assert len({json.dumps(d, sort_keys=True) for r in got.values() for d in r.values()}) == 1
        assert sim.handhelds[2].boots == 2
        # the new sequencer gave the dead creator's seat to a bot (after the pause)
        with open(os.path.join(sim.handhelds[1].flash, "table.json")) as f:
            assert 2 in json.load(f)["kinds"]
    finally:
        sim.close()


def test_no_frame_before_a_reveal_carries_a_secret(tmp_path):
    """Read every frame on the air as a radio hearing everything; each seat's secret appears first in its
    own REVEAL, never in any frame before it (dice are derived from it, and frames carry no dice)."""
    sim = _sim(3, seed=33, dup=0.05)
    try:
        players = [autoplay.Player(sim, i, "snyd", 1, seed=60 + i) for i in range(3)]
        assert play(sim, players, 900_000) == []
        with open(os.path.join(sim.handhelds[1].flash, "table.json")) as f:
            tj = json.load(f)
        codec = Eavesdropper(tj["tid"])  # a radio that hears everything, with no key
        fr = wire.Frame()
        frames = sorted(sim.bus.frames, key=lambda x: x.t)
        first = {}
        for x in frames:
            if codec.decode(x.data, fr) == wire.OK and fr.body_type() == wire.T_REVEAL:
                s = bytes(fr.h1)
                first.setdefault(s, x.t)
        assert len(first) >= 3  # at least one round's reveals by every seat
        for s, t in first.items():
            for x in frames:
                if x.t >= t:
                    break
                assert s not in x.data, "a secret on the air before its reveal"
        got = _records(sim, str(tmp_path / "rec"))
        agreed(got, 3)
    finally:
        sim.close()


def test_two_tables_side_by_side(tmp_path):
    """Handhelds 0 and 2 each create a table on one channel; 1 and 3 each join one of them. The
    tables never mix: each pair ends with one shared record, and the two games differ."""
    sim = _sim(4, seed=44)
    try:
        players = []
        for i in range(4):
            p = autoplay.Player(sim, i, "snyd", 1, seed=80 + i)
            p.creator = i in (0, 2)
            p.want_players = 2
            p.table_index = 0 if i == 1 else 1
            p.tables_listed = 2
            p.path = [autoplay.labels(k) for k in (("table", "t_create", "t_open") if p.creator
                                                   else ("table", "t_join"))]
            players.append(p)
        # the joiners wait until both tables are listed so each picks a different one
        assert play(sim, players, 900_000) == []
        got = _records(sim, str(tmp_path / "rec"))
        assert disagreements(got) == [] and replay_problems(got) == []
        tables = {}
        for i, recs in got.items():
            (doc,) = recs.values()
            tables.setdefault(doc["meta"]["table"], set()).add(i)
        assert sorted(sorted(v) for v in tables.values()) == [[0, 1], [2, 3]] or \
            sorted(sorted(v) for v in tables.values()) == [[0, 3], [1, 2]]
    finally:
        sim.close()
