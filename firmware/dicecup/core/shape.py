"""Shared checks for reading game records (Snyd and Yatzy): shape and type validation.

A record that is not a record (wrong type, unknown key, out-of-range number) raises Malformed with a
one-line reason; the referee turns that into exit code 2. Rule violations are not Malformed: the
game modules report those in the replay output.
"""


class Malformed(Exception):
    """The input is not a well-formed record."""


def check_keys(obj, allowed, required, where):
    """obj must be a dict with every key of `required` and no key outside `allowed`."""
    if not isinstance(obj, dict):
        raise Malformed("%s must be an object" % where)
    for k in obj:
        if k not in allowed:
            raise Malformed("unknown key %r in %s" % (k, where))
    for k in required:
        if k not in obj:
            raise Malformed("missing key %r in %s" % (k, where))


def is_int(v):
    # JSON true/false load as bool, which is an int subclass on both interpreters
    return isinstance(v, int) and not isinstance(v, bool)


def get_int(v, lo, hi, where):
    if not is_int(v):
        raise Malformed("%s must be an integer" % where)
    if v < lo or v > hi:
        raise Malformed("%s must be %d..%d, got %d" % (where, lo, hi, v))
    return v


def get_bool(v, where):
    if not isinstance(v, bool):
        raise Malformed("%s must be true or false" % where)
    return v


def get_str(v, choices, where):
    if not isinstance(v, str):
        raise Malformed("%s must be a string" % where)
    if choices is not None and v not in choices:
        raise Malformed("%s must be one of %s, got %r" % (where, "/".join(choices), v))
    return v


def get_list(v, where, lo=0, hi=None):
    if not isinstance(v, list):
        raise Malformed("%s must be a list" % where)
    if len(v) < lo or (hi is not None and len(v) > hi):
        raise Malformed("%s must hold %d..%s items, got %d" % (where, lo, hi, len(v)))
    return v


def get_dice(v, where, n=None):
    """A list of die values 1..6 (of length n when given)."""
    get_list(v, where)
    if n is not None and len(v) != n:
        raise Malformed("%s must hold %d dice, got %d" % (where, n, len(v)))
    for i, d in enumerate(v):
        get_int(d, 1, 6, "%s[%d]" % (where, i))
    return v
