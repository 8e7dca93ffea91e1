"""Fake `esp32` for the unix port: the wake source setters the hardware layer calls before light sleep."""
WAKEUP_ALL_LOW = 0
WAKEUP_ANY_HIGH = 1
wake = {}


def wake_on_ext0(pin, level):
    wake["ext0"] = (pin, level)


def wake_on_ext1(pins, level):
    wake["ext1"] = (pins, level)
