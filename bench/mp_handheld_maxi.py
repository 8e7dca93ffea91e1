# bench-heap: 256K
"""The whole handheld firmware (.mpy) playing Maxi-Yatzy with 6 scorecards through its buttons: peak
heap, frames per button press, bytes per frame. The smallest heap that completes: py_handheld.py."""
import handheld_game

r = handheld_game.run("maxi")
import handheld_bench  # noqa: E402 (after the game: its names would count in the game's heap)

handheld_bench.report("maxi", r)
