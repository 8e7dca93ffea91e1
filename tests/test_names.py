"""The solo games' interned names stay within five of MicroPython's name pools (docs/memory.md).

MicroPython keeps every interned name (qstr) in pools that double in size; on the unix port the
sixth pool opens at the 621st name and costs about 7 KB of heap at once, which took the smallest
heap that completes a 6-seat Snyd game from 98K to 126-130K. Loading a module interns every name
its code uses (three more for the module itself), so a feature that adds names to a solo game's
always-loaded modules can cross it without a byte of data: this test says so the moment it does.
Names are never freed in one boot: a game after another holds both games' names, so where the heap
is small (a WROOM-32's) the App starts every solo game by a soft reset (app.App.launch), and games
one after another stay within five pools too.
Games are played through the buttons by bench/handheld_game.py on the .mpy build
(bench/handheld_run.py starts it again after each soft reset, as the board runs main.py again).
"""
import os
import re
import sys

import pytest

from host_tools import boards
from host_tools.build import build
from host_tools.paths import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
import handheld_run  # noqa: E402

POOL_LIMIT = 5   # the pools the names may fill (the sixth is the 7 KB step)
WROOM = boards.get("wroom").sim_heap()  # a WROOM-32's heap on the 64-bit port: the App resets into a game
ADVICE = ("the sixth costs about 7 KB of a WROOM-32's heap; make a module-level constant private "
          "(_X = const(...)), or keep rarely used code out of always-loaded modules (docs/memory.md)")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("names") / "fw")
    assert build(out) == []
    return out


def play(kinds, heap, built):
    """Play the games one after another in one boot under heap; returns [(kind, pools, names)]
    per game and how many processes (boots) it took."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([built, os.path.join(ROOT, "bench")]))
    rc, out, boots = handheld_run.play(kinds, heap, env, timeout=300)
    assert rc == 0, out
    games = [(k, int(p), int(n)) for k, p, n in
             re.findall(r"(\w+)\nqstr pool: n_pool=(\d+), n_qstr=(\d+)", out)]
    assert [g[0] for g in games] == kinds.split(), out
    return games, boots


# the hints', the open die's and the hard bots' games hold every name of the plain game and more
@pytest.mark.parametrize("kind", ["snyd_hints", "snyd_open", "snyd_hard"])
def test_a_solo_game_fills_at_most_five_name_pools(kind, built):
    (game,), _ = play(kind, "1M", built)
    assert game[1] <= POOL_LIMIT, "%s holds %d interned names, %d pools: %s" % (kind, game[2], game[1], ADVICE)


def test_game_after_game_each_starts_in_fresh_name_pools_on_a_small_heap(built):
    """Snyd, then Maxi, then Maxi with the coach, in one boot of a WROOM-sized heap, through the
    title's menus: each launch is a soft reset (a boot each), and each game holds only its own
    names, as the first game of a boot does."""
    games, boots = play("snyd maxi maxi_coach", WROOM, built)
    for kind, pools, names in games:
        assert pools <= POOL_LIMIT, "%s after the others holds %d interned names, %d pools: %s" % (
            kind, names, pools, ADVICE)
    assert boots == 4, "each of the three launches is a soft reset into the game"


def test_without_the_reset_a_game_after_another_opens_the_sixth_pool(built):
    """Why the reset: on a large heap the App launches in the same boot, and Maxi after Snyd holds
    both games' names (the 7 KB step a WROOM-32 cannot spare)."""
    games, boots = play("snyd maxi", "1M", built)
    assert boots == 1
    assert games[0][1] <= POOL_LIMIT and games[1][1] > POOL_LIMIT, games


def test_the_bench_knows_its_own_heap(built):
    """bench/py_handheld.py gives a game the heap the bench itself holds on top of each size it
    tries (the driver's code; the machine and esp32 fakes, which a board has built in), so it can
    say how much heap the firmware needs as well as the -X heapsize (docs/memory.md)."""
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([built, os.path.join(ROOT, "bench")]))
    own = handheld_run.own_heap(env)
    assert 4 * 1024 < own < 24 * 1024, own
