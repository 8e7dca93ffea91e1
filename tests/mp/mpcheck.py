"""Assertion helpers for the dual-interpreter tests (MicroPython has no pytest), and their
recorded fixtures (tests/fixtures)."""
import json
import sys


def raises(exc, fn, *args, **kw):
    """Assert that fn(*args, **kw) raises exc; returns the exception."""
    try:
        fn(*args, **kw)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def eq(a, b, what=""):
    """assert a == b, showing both sides (MicroPython's assert shows nothing)."""
    if a != b:
        raise AssertionError("%s%r != %r" % (what + ": " if what else "", a, b))


class Rng:
    """A tiny deterministic PRNG (xorshift32) so randomised tests replay identically on both."""

    def __init__(self, seed=1):
        self.s = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def below(self, n):
        return self.next() % n

    def die(self):
        return self.below(6) + 1


def fixture(name):
    """The JSON of tests/fixtures/<name>."""
    # tests/fixtures/<name>, from this file's folder (MicroPython's __file__ is the path it was
    # imported by, relative to the cwd through '' in sys.path; a port may have none) or from
    # tests/, which both runners put on sys.path
    here = globals().get("__file__", "")
    dirs = [here.rsplit("/", 1)[0] + "/../fixtures/" if "/" in here else "../fixtures/"]
    for d in dirs + [p + "/fixtures/" for p in sys.path]:
        try:
            f = open(d + name)
        except OSError:
            continue
        with f:
            return json.load(f)
    raise AssertionError("tests/fixtures/%s not found" % name)


def play_move(g, acts, s, mv):
    """Make seat s's bot-protocol move mv (["bid", count, face] | ["snyd"] | ["calza"]) in the
    snyd.Game g, keeping this round's actions (the bots' view) in acts."""
    if mv[0] == "bid":
        g.bid(s, mv[1], mv[2])
        acts.append([s, "bid", mv[1], mv[2]])
    elif mv[0] == "snyd":
        g.snyd(s)
    else:
        g.calza(s)
