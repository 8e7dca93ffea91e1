"""view_check: the checks a bot view's reader makes (bots.view's Snyd half, yatzy_view's Yatzy half).

Here, not in bots.view: a handheld's Yatzy bots read their views with yatzy_view alone, so a Yatzy
game never loads bots.view's Snyd code. Both raise ValueError, which is how a bad view is reported.
"""


def int_in(v, lo, hi, what):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s must be an integer %d..%d" % (what, lo, hi))
    return v


def need(view, keys):
    if not isinstance(view, dict):
        raise ValueError("a view must be a JSON object")
    for k in keys:
        if k not in view:
            raise ValueError("view misses %r" % k)
