"""The simulator: virtual handhelds on the PC joined by a simulated ESP-NOW radio (see docs/simulator.md, `make sim`)."""
