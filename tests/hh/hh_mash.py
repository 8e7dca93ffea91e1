"""Random button mashing: thousands of presses, holds and pauses in every screen, with no exception
and no illegal move (every move goes through the rules core, which raises on an illegal one)."""
import rig
from dicecup.play import seats
from mpcheck import Rng

seats.Bot.think_ms = 60


def mash(seed, presses):
    rig.fresh({"sleep": 4})
    r = rig.Rig(seed=seed)
    rng = Rng(seed)
    names = rig.NAMES
    games = 0
    for _ in range(presses):
        k = rng.below(10)
        b = names[2] if k < 4 else names[k % 4]
        hold = (20, 60, 60, 60, 500, 900)[rng.below(6)]
        r.hold(b, hold)
        if rng.below(4) == 0:
            r.wait(rng.below(1500))
        scr = r.app.screen
        if hasattr(scr, "face") and hasattr(scr, "r"):     # the bid picker
            g = scr.r.m.game
            assert g.is_legal_bid(scr.count, scr.face), (scr.count, scr.face)
        if hasattr(scr, "m") and getattr(scr.m, "game", None) is not None and scr.m.game.__class__.__name__ == "Game":
            games += 1
    rig.leave()
    return games


def test_mashing_thousands_of_presses():
    total = 0
    for seed in (1, 2, 3):
        total += mash(seed, 1500)
    assert total > 0, "the mashing never reached a game"
