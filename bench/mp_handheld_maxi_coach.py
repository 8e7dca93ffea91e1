# bench-heap: 256K
"""The Maxi-Yatzy game of mp_handheld_maxi.py with the Yatzy coach on after every box and hold
(issue 16): its peak heap beside the uncoached game's."""
import handheld_game

r = handheld_game.run("maxi_coach")
import handheld_bench  # noqa: E402 (after the game: its names would count in the game's heap)

handheld_bench.report("maxi_coach", r)
