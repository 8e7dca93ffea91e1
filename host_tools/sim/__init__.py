"""The simulator: virtual handhelds on the PC joined by a simulated ESP-NOW radio (see README, `make sim`)."""
