# bench-heap: 256K
"""The whole handheld firmware (.mpy) playing a 6-seat Snyd game through its buttons: peak heap,
frames per button press, bytes per frame. The smallest heap that completes: py_handheld.py."""
import handheld_bench

handheld_bench.report("snyd")
