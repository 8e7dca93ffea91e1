"""buttons: debounced buttons with press, long press, auto-repeat and release events, polled.

A Button takes any zero-argument callable that returns True while the button is pressed (a pin
reader on the handheld, a lambda in a test), in the manner of adafruit_debouncer, and is updated
with the current time in ms. Tunables are class attributes (Peter Hinch's Pushbutton style), so a
subclass or a test may change them. update() returns one event code and allocates nothing.
Shake does the same for the cup's ball tilt switch: a shake is a burst of its edges.
"""
from compat import const

NONE = const(0)
PRESS = const(1)     # went down (its first edge; bounces after it are ignored)
RELEASE = const(2)   # went up
LONG = const(3)      # held for long_ms (once per press)
REPEAT = const(4)    # still held: every repeat_ms after repeat_delay_ms

UP = const(0)
DOWN = const(1)
SELECT = const(2)
BACK = const(3)


class Button:
    debounce_ms = 20
    long_ms = 700
    repeat_delay_ms = 450
    repeat_ms = 130

    def __init__(self, read):
        self._read = read
        self.pressed = False      # debounced state
        self._changed = -self.debounce_ms  # when `pressed` last changed
        self._down_at = 0
        self._next_repeat = 0
        self._long_sent = False

    @property
    def was_long(self):
        """True from the LONG event until the next press: a RELEASE after a long press."""
        return self._long_sent

    def held_ms(self, now):
        return now - self._down_at if self.pressed else 0

    def update(self, now):
        raw = bool(self._read())
        if raw != self.pressed:
            # the leading edge counts at once (as Peter Hinch's Pushbutton does), and for
            # debounce_ms after it nothing the contacts do counts: a press reaches every screen
            # of a table a poll sooner than waiting for the contacts to settle would
            if now - self._changed < self.debounce_ms:
                return NONE
            self.pressed = raw
            self._changed = now
            if raw:
                self._down_at = now
                self._next_repeat = now + self.repeat_delay_ms
                self._long_sent = False
                return PRESS
            return RELEASE
        if raw:
            if not self._long_sent and now - self._down_at >= self.long_ms:
                self._long_sent = True
                return LONG
            if now - self._next_repeat >= 0:
                self._next_repeat = now + self.repeat_ms
                return REPEAT
        return NONE


class Shake:
    """The tilt switch (a ball that opens and closes a contact as the cup moves): update(now) is
    True once per shake, when `edges` changes of its level come within window_ms, then not again
    until it has been still for quiet_ms (one shake of the cup is one roll, however long)."""
    edges = 4
    window_ms = 600
    quiet_ms = 400

    def __init__(self, read):
        self._read = read
        self._level = bool(read())
        self._n = 0
        self._first = 0
        self._last = -100000
        self._fired = False

    def update(self, now):
        raw = bool(self._read())
        if raw == self._level:
            if self._fired and now - self._last >= self.quiet_ms:
                self._fired = False
                self._n = 0
            return False
        self._level = raw
        if self._fired:
            self._last = now
            return False
        if self._n == 0 or now - self._first > self.window_ms:
            self._n = 0
            self._first = now
        self._n += 1
        self._last = now
        if self._n >= self.edges:
            self._fired = True
            return True
        return False
