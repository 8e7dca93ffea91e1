# bench-heap: 512K
"""Heap per firmware module in a 6-card Maxi-Yatzy game (see handheld_modules.py)."""
import handheld_modules

handheld_modules.report("maxi", "Maxi-Yatzy")
