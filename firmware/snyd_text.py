"""The Snyd rules core's words: reason texts for its codes, and the spec's names for the rule options.

snyd.py decides with small ints and imports this module only when someone asks for a reason or a
rules dict, so the words take no RAM on the handheld during play. Names are those of
../shared/spec/snyd-record.md.
"""
from recordlib import check_keys, get_bool, get_int, get_str

CALZA_NAMES = ("others", "any", "turn")  # index = snyd.CALZA_*
SCOPE_NAMES = ("table", "neighbours")  # index = snyd.SCOPE_*
CALL_NAMES = (None, "snyd", "calza")  # index = snyd.CALL_*
PRESETS = ("kids",)
RULE_KEYS = ("dice", "jokers", "palifico", "calza", "open_on_ones", "calza_by", "count_scope",
             "open_die")

# index = snyd's _E_* code
REASONS = (
    None,
    "the game is over",
    "no round in progress",
    "no such seat",
    "that seat is out",
    "not that seat's turn",
    "face must be 1..6",
    "count must be at least 1",
    "count is more than the dice in play",
    "the opening bid may not be on ones",
    "the face is locked in a palifico round",
    "the face may not go down",
    "too few ones: more ones, or at least half the count",
    "after ones: at least twice the count plus one",
    "the bid must be higher",
    "there is no bid to call",
    "calza is not played",
    "no calza in a palifico round",
    "no calza with two players left",
    "the bidder may not call calza",
    "calza is for the seats not on turn",
    "only the seat on turn may call calza",
    "the round in progress has no call yet",
    "dice must list all %d seats",
    "seat %d has %d dice, not %d",
    "die values are 1..6",
    "open_die: shown must name a die for each seat",
    "seat %d must lay open one of its %d dice",
    "seat %d has no die to lay open",
    "shown needs the open_die rule",
)


def rules_from_dict(r, d, preset=None):
    """Fill the default Rules `r` from the spec's `rules` object and preset; raises Malformed."""
    if preset is not None:
        if get_str(preset, PRESETS, "preset") == "kids":
            r.dice = 3
            r.jokers = r.palifico = r.calza = False
    check_keys(d, RULE_KEYS, (), "rules")
    for k in d:
        v = d[k]
        if k == "dice":
            r.dice = get_int(v, 1, 5, "rules.dice")
        elif k == "calza_by":
            r.calza_by = CALZA_NAMES.index(get_str(v, CALZA_NAMES, "rules.calza_by"))
        elif k == "count_scope":
            r.count_scope = SCOPE_NAMES.index(get_str(v, SCOPE_NAMES, "rules.count_scope"))
        else:
            setattr(r, k, get_bool(v, "rules." + k))
    return r


def rules_to_dict(r):
    return {"dice": r.dice, "jokers": r.jokers, "palifico": r.palifico, "calza": r.calza,
            "open_on_ones": r.open_on_ones, "calza_by": CALZA_NAMES[r.calza_by],
            "count_scope": SCOPE_NAMES[r.count_scope], "open_die": r.open_die}
