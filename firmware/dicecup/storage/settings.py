"""settings: the handheld's settings, owner name and win statistics - defaults, checks, persistence.

settings.json holds the choices below, owner.json {"name": ...} the owner's name (deploy may write
it), stats.json the wins per game. Values that are missing or out of range fall back to the default,
so an older or hand-edited file never stops the handheld from booting.
"""
from dicecup.storage import store
from dicecup.core.compat import const

_SETTINGS = const("settings.json")
OWNER = "owner.json"
_STATS = const("stats.json")
NAME_MAX = 8

# key: (default, choices) - every setting is an index into its choices (or a bool)
SCHEMA = {
    "lang": (1, 2),          # 0 Danish, 1 English (a new handheld asks: ui/firstboot)
    "contrast": (3, 5),      # index into CONTRAST
    "sleep": (2, 5),         # index into SLEEP_S
    "cup_open": (False, None),
    "bot_level": (2, 4),     # index into bots.snyd.LEVELS
    "bots": (3, 8),          # Snyd: bots at the table (1..7)
    "dice": (4, 5),          # Snyd: dice per player - 1
    "jokers": (True, None),
    "palifico": (True, None),
    "calza": (True, None),
    "open_on_ones": (False, None),
    "calza_by": (0, 3),
    "count_scope": (0, 2),
    "open_die": (False, None),
    "hints": (0, 3),         # Snyd's bid hints: 0 in kids' mode only, 1 always, 2 never
    "maxi_bonus": (0, 2),    # 0 84/100, 1 75/50
    "saved_rolls": (True, None),
    "y_people": (0, 4),      # Yatzy: people on this handheld - 1
    "y_bots": (1, 4),        # Yatzy: bots
    "sound": (True, None),   # the piezo: rattle, your turn, reveal
    "coach": (0, 3),         # Yatzy coach (yatzy_sheet.coach): 0 off, 1 after a box, 2 and a hold
}
CONTRAST = (1, 40, 100, 180, 255)
SLEEP_S = (30, 60, 120, 300, 0)   # 0: never
LEVELS = ("kids", "easy", "normal", "hard")


def _clean(d):
    out = {}
    for k, (default, n) in SCHEMA.items():
        v = d.get(k, default) if isinstance(d, dict) else default
        if n is None:
            ok = isinstance(v, bool)
        else:
            ok = isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n
        out[k] = v if ok else default
    if out["bots"] < 1:
        out["bots"] = 1
    return out


def load():
    return _clean(store.load(_SETTINGS, {}))


def save(s):
    store.save(_SETTINGS, s)


def name():
    o = store.load(OWNER, {})
    n = o.get("name") if isinstance(o, dict) else None
    return n[:NAME_MAX] if isinstance(n, str) and n.strip() else None


def set_name(n):
    store.save(OWNER, {"name": n[:NAME_MAX]})


def stats():
    s = store.load(_STATS, {})
    return s if isinstance(s, dict) else {}


# ---- the rules the settings make: the set-up's and a table's (table_lobby.Create) ----------
def rules(s, kids):
    """The Snyd rules (a snyd.Rules) of settings dict s, or the kids' mode's (no setting changes
    them)."""
    from dicecup.rules import snyd
    if kids:
        return snyd.Rules(dice=3, jokers=False, palifico=False, calza=False)
    return snyd.Rules(dice=s["dice"] + 1, jokers=s["jokers"], palifico=s["palifico"],
                      calza=s["calza"], open_on_ones=s["open_on_ones"],
                      calza_by=s["calza_by"], count_scope=s["count_scope"], open_die=s["open_die"])


def maxi_options(s):
    """The Maxi-Yatzy options of settings dict s."""
    return {"bonus": ("84/100", "75/50")[s["maxi_bonus"]], "saved_rolls": s["saved_rolls"]}


def count_game(s, kind, won, score=None):
    """Add one finished game of kind to stats dict s (played, won, best score); returns the record
    number for this game's record file."""
    row = s.get(kind)
    if not isinstance(row, list) or len(row) < 3:
        row = [0, 0, 0]
    row[0] += 1
    if won:
        row[1] += 1
    if score is not None and score > row[2]:
        row[2] = score
    s[kind] = row
    s["records"] = s.get("records", 0) + 1
    store.save(_STATS, s)
    return s["records"]
