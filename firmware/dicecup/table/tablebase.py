"""tablebase: what table.Table and its lobby half (table_lobby) share - the handheld's modes at a
table, the seat order's bot mark, the join list's timeout, the ANNOUNCE game numbers and the game
module each names, and a name in a frame's NAME_LEN bytes. Pure. Below both, so that the lobby half
never imports table (whose Table loads it); table re-exports every name (tbl.HOSTING).
"""
from dicecup.core.compat import const

IDLE = const(0)
HOSTING = const(1)      # the host: the creator (handheld 0), or the sequencer that took over
JOINING = const(2)
SEATED = const(3)

BOT = const(0x80)       # in the creator's seat order: a bot (low bits: its number)

HEARD_MS = const(4000)  # a table not announced for this long leaves the join list
G_SNYD = const(1)       # ANNOUNCE game numbers (table_snyd.GAME, table_yatzy.GAME)
G_YATZY = const(2)


def game_module(gid):
    """The table game module for an ANNOUNCE game number (None: a game this firmware lacks)."""
    if gid == G_SNYD:
        from dicecup.table import table_snyd
        return table_snyd
    if gid == G_YATZY:
        from dicecup.table import table_yatzy
        return table_yatzy
    return None


def pack_name(s, buf):
    """A name into the NAME_LEN bytes of a frame (utf-8, cut at a character, zero padded)."""
    b = s.encode()
    n = 0
    for i in range(1, len(s) + 1):
        k = len(s[:i].encode())
        if k > len(buf):
            break
        n = k
    for i in range(len(buf)):
        buf[i] = b[i] if i < n else 0


def unpack_name(buf):
    n = 0
    while n < len(buf) and buf[n]:
        n += 1
    try:
        return bytes(buf[:n]).decode()
    except UnicodeError:
        return "?"
