"""botcheck: the checks a bot view's reader makes (botview's Snyd half, botview_yatzy's Yatzy half).

Here, not in botview: a handheld's Yatzy bots read their views with botview_yatzy alone, so a Yatzy
game never loads botview's Snyd code. Both raise ValueError, which is how a bad view is reported.
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
