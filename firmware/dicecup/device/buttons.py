"""buttons: debounced buttons with press, long press, auto-repeat and release events, polled.

A Button takes any zero-argument callable that returns True while the button is pressed (a pin
reader on the handheld, a lambda in a test), in the manner of adafruit_debouncer, and is updated
with the current time in ms. update() returns one event code and allocates nothing. The timings are
private constants, not class attributes to tune (Peter Hinch's Pushbutton style): a constant costs
no interned name, and the solo games sit at the edge of MicroPython's name pool (docs/memory.md).
Shake does the same for the cup's ball tilt switch: a shake is a burst of its edges.
"""
from dicecup.core.compat import const

NONE = const(0)
PRESS = const(1)     # went down (its first edge; bounces after it are ignored)
RELEASE = const(2)   # went up
LONG = const(3)      # held for _LONG_MS (once per press)
REPEAT = const(4)    # still held: every _REPEAT_MS after _REPEAT_DELAY_MS

_DEBOUNCE_MS = const(20)
_LONG_MS = const(700)
_REPEAT_DELAY_MS = const(450)
_REPEAT_MS = const(130)

UP = const(0)
DOWN = const(1)
SELECT = const(2)
BACK = const(3)


class Button:
    def __init__(self, read):
        self._read = read
        self.pressed = bool(read())  # debounced state (one held at boot - the press that reset
        #                             the handheld into a game - is no new press: App swallows it)
        self._changed = -_DEBOUNCE_MS  # when `pressed` last changed
        self._down_at = 0
        self._next_repeat = 0
        self._long_sent = False

    @property
    def was_long(self):
        """True from the LONG event until the next press: a RELEASE after a long press."""
        return self._long_sent

    def update(self, now):
        raw = bool(self._read())
        if raw != self.pressed:
            # the leading edge counts at once (as Peter Hinch's Pushbutton does), and for
            # _DEBOUNCE_MS after it nothing the contacts do counts: a press reaches every screen
            # of a table a poll sooner than waiting for the contacts to settle would
            if now - self._changed < _DEBOUNCE_MS:
                return NONE
            self.pressed = raw
            self._changed = now
            if raw:
                self._down_at = now
                self._next_repeat = now + _REPEAT_DELAY_MS
                self._long_sent = False
                return PRESS
            return RELEASE
        if raw:
            if not self._long_sent and now - self._down_at >= _LONG_MS:
                self._long_sent = True
                return LONG
            if now - self._next_repeat >= 0:
                self._next_repeat = now + _REPEAT_MS
                return REPEAT
        return NONE


_EDGES = const(4)        # Shake: this many changes of the tilt switch's level ...
_WINDOW_MS = const(600)  # ... within this long are a shake
_QUIET_MS = const(400)   # and it must be still this long before the next one


class Shake:
    """The tilt switch (a ball that opens and closes a contact as the cup moves): update(now) is
    True once per shake, when _EDGES changes of its level come within _WINDOW_MS, then not again
    until it has been still for _QUIET_MS (one shake of the cup is one roll, however long).
    Its attributes reuse Button's names (in the game's heap every new name is a qstr): pressed is
    the level, _changed the first edge's time, _down_at the last's, _next_repeat the edges counted,
    _long_sent that this shake has fired."""

    def __init__(self, read):
        self._read = read
        self.pressed = bool(read())
        self._next_repeat = 0
        self._changed = 0
        self._down_at = -100000
        self._long_sent = False

    def update(self, now):
        raw = bool(self._read())
        if raw == self.pressed:
            if self._long_sent and now - self._down_at >= _QUIET_MS:
                self._long_sent = False
                self._next_repeat = 0
            return False
        self.pressed = raw
        self._down_at = now
        if self._long_sent:
            return False
        if self._next_repeat == 0 or now - self._changed > _WINDOW_MS:
            self._next_repeat = 0
            self._changed = now
        self._next_repeat += 1
        if self._next_repeat >= _EDGES:
            self._long_sent = True
            return True
        return False
