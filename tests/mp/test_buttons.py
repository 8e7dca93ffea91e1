"""buttons.Button: debounce, press, long press, auto-repeat and release, driven by a fake reader."""
from dicecup.device import buttons
from dicecup.device.buttons import LONG, NONE, PRESS, RELEASE, REPEAT, Button
from mpcheck import eq

# The timings a finger gets, pinned here: on MicroPython they are private constants of buttons.py
# (no interned names), so the module has no attributes to read them from
DEBOUNCE_MS, LONG_MS, REPEAT_DELAY_MS, REPEAT_MS = 20, 700, 450, 130


class Finger:
    def __init__(self):
        self.down = False

    def __call__(self):
        return self.down


def run(b, f, level, t0, t1, step=5):
    """Hold the reader at level from t0 to t1; returns [(t, event)] for every event."""
    f.down = level
    out = []
    t = t0
    while t < t1:
        ev = b.update(t)
        if ev != NONE:
            out.append((t, ev))
        t += step
    return out


def test_a_clean_press_and_release():
    f = Finger()
    b = Button(f)
    evs = run(b, f, True, 0, 100)
    eq([e for _, e in evs], [PRESS])
    assert b.pressed
    evs = run(b, f, False, 100, 200)
    eq([e for _, e in evs], [RELEASE])
    assert not b.pressed and not b.was_long


def test_a_bouncing_press_counts_once_at_its_first_edge():
    f = Finger()
    b = Button(f)
    evs = []
    for t in range(0, DEBOUNCE_MS - 5, 5):  # contact bounce: 5 ms on, 5 ms off
        evs += run(b, f, t % 10 == 0, t, t + 5)
    evs += run(b, f, True, DEBOUNCE_MS - 5, 200)
    eq(evs, [(0, PRESS)])          # at once, not after the contacts settle
    assert b.pressed
    t0 = 200
    evs = []
    for t in range(t0, t0 + DEBOUNCE_MS - 5, 5):
        evs += run(b, f, t % 10 != 0, t, t + 5)
    evs += run(b, f, False, t0 + DEBOUNCE_MS - 5, t0 + 200)
    eq(evs, [(t0, RELEASE)])
    assert not b.pressed


def test_a_change_within_the_debounce_time_of_the_last_one_waits_for_it():
    f = Finger()
    b = Button(f)
    eq(run(b, f, True, 0, 5), [(0, PRESS)])
    eq(run(b, f, False, 5, 5 + DEBOUNCE_MS), [(DEBOUNCE_MS, RELEASE)])


def test_long_press_once_then_repeats_and_a_long_release():
    f = Finger()
    b = Button(f)
    evs = run(b, f, True, 0, 2000)
    kinds = [e for _, e in evs]
    eq(kinds.count(PRESS), 1)
    eq(kinds.count(LONG), 1)
    assert kinds.count(REPEAT) >= 8, kinds
    t_long = [t for t, e in evs if e == LONG][0]
    assert LONG_MS <= t_long <= LONG_MS + DEBOUNCE_MS + 10, t_long
    first_repeat = [t for t, e in evs if e == REPEAT][0]
    assert first_repeat >= REPEAT_DELAY_MS
    evs = run(b, f, False, 2000, 2100)
    eq([e for _, e in evs], [RELEASE])
    assert b.was_long


def test_the_timings_pinned_here_are_the_modules():
    if hasattr(buttons, "_DEBOUNCE_MS"):  # CPython: the constants are attributes there
        eq((buttons._DEBOUNCE_MS, buttons._LONG_MS, buttons._REPEAT_DELAY_MS, buttons._REPEAT_MS),
           (DEBOUNCE_MS, LONG_MS, REPEAT_DELAY_MS, REPEAT_MS))
    f = Finger()   # and on both: repeats come every REPEAT_MS once they started
    evs = run(Button(f), f, True, 0, 2000)
    reps = [t for t, e in evs if e == REPEAT]
    eq(reps[0], REPEAT_DELAY_MS)
    eq(reps[1] - reps[0], REPEAT_MS)
