# bench-heap: 256K
"""The whole handheld firmware (.mpy) playing Maxi-Yatzy with 6 scorecards through its buttons: peak
heap, frames per button press, bytes per frame. The smallest heap that completes: py_handheld.py."""
import handheld_bench

handheld_bench.report("maxi")
