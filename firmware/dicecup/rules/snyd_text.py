"""The Snyd rules core's words for reading records: the rules parser and the spec's names.

snyd.py decides with small ints and imports this module only to parse a rules dict (Rules.from_dict).
Names are those of docs/records.md; the rule options' names are the core's (Rules.to_dict
writes them, and Rules.from_dict hands them over: this module never imports snyd, which imports it),
the reason texts are in snyd_reasons.
"""

CALL_NAMES = (None, "snyd", "calza", "forfeit")  # index = snyd.CALL_*
PRESETS = ("kids",)
RULE_KEYS = ("dice", "jokers", "palifico", "calza", "open_on_ones", "calza_by", "count_scope",
             "open_die")

def rules_from_dict(r, d, preset, calza_names, scope_names):
    """Fill the default Rules `r` from the spec's `rules` object and preset; raises Malformed.
    calza_names, scope_names: snyd.CALZA_NAMES, snyd.SCOPE_NAMES."""
    from dicecup.core.shape import check_keys, get_bool, get_int, get_str
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
            r.calza_by = calza_names.index(get_str(v, calza_names, "rules.calza_by"))
        elif k == "count_scope":
            r.count_scope = scope_names.index(get_str(v, scope_names, "rules.count_scope"))
        else:
            setattr(r, k, get_bool(v, "rules." + k))
    return r

