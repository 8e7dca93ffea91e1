# bench-heap: 512K
"""Heap per firmware module in a 6-seat Snyd game (see handheld_modules.py)."""
import handheld_modules

handheld_modules.report("snyd", "6-seat Snyd")
