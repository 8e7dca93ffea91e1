"""ui.table: the way into the table and between its screens - what the app launches (start, and
resume at boot) - and the table's module groups, loaded and forgotten together. It opens the
lobby's screens (table_lobby: create, the join list, the creator's lobby, waiting to start;
loaded between games only) and a game's, shown by its own module's screens, loaded only for that
game: snyd_table (ui.snyd's) or yatzy_table (ui.yatzy's).

Nothing imports this module but app: the table's screens share table_watch (following the table,
the pause, refusals) and move between each other through app.to_table, which calls start here on
the app's next tick.
"""
from dicecup.table import table as tbl
from dicecup.ui.table_watch import CLOSE, GAME, LOBBY, OPEN, ensure

# The table's groups (the title's and the solo games' are app.App's): here, so that a handheld that
# never sits at a table never holds their names.
# the lobby's screens: loaded between games only
LOBBY_MODULES = ("dicecup.ui.table_lobby", "dicecup.table.keyround")
# a game's screens: loaded per game (game_screen), dropped before the lobby loads
# (snyd_open and snyd_over never load at a table: it refuses the open die and has its own game over)
GAME_MODULES = ("dicecup.ui.snyd_table", "dicecup.ui.snyd", "dicecup.ui.snyd_person",
                "dicecup.ui.snyd_hint", "dicecup.ui.yatzy_table", "dicecup.ui.yatzy",
                "dicecup.ui.yatzy_sheet")
# what only a table uses: forgotten when this handheld leaves it (the title's games need the room)
TABLE_MODULES = LOBBY_MODULES + ("dicecup.ui.table", "dicecup.ui.table_watch",
                                 "dicecup.ui.snyd_table", "dicecup.ui.yatzy_table",
                                 "dicecup.table.table", "dicecup.table.tablekeys", "dicecup.table.x25519",
                                 "dicecup.table.table_snyd", "dicecup.table.table_yatzy",
                                 "dicecup.table.snydtable", "dicecup.table.yatzytable",
                                 "dicecup.table.tablegame", "dicecup.table.tablelog",
                                 "dicecup.table.tablewhy", "dicecup.table.wire", "dicecup.rules.fairdice")


def start(app, what=OPEN):
    """From the title (app.launch: the menus are dropped before this module loads, so the table's
    modules land in an unfragmented heap; the 8-handheld table needed 16 KB more heap without),
    or through app.to_table (table_watch: play, to_lobby, close): a new game's screen once the
    lobby's modules are gone, the lobby after a game once the game's screens are gone, or the
    title once every table module is."""
    if what == GAME:
        app.forget(LOBBY_MODULES)
        app.go(game_screen(app))
    elif what == LOBBY:
        app.forget(GAME_MODULES)
        from dicecup.ui import table_lobby
        app.go(table_lobby.lobby(app))
    elif what == CLOSE:
        if app.table is not None:
            app.table.leave()
            app.table = None
        app.forget(TABLE_MODULES)
        app.home()
    else:
        from dicecup.ui import table_lobby
        app.go(table_lobby.TableMenu(app))


def resume(app):
    """At boot with a table on flash: back to the seat (a reboot in the middle of a game)."""
    tb = ensure(app)
    if not tb.resume():
        app.table = None
        return False
    app.go(game_screen(app))
    return True


def game_screen(app):
    """The screen of the table's game in progress (its game's screens are loaded now)."""
    if app.table.gid == tbl.G_YATZY:
        from dicecup.ui import yatzy_table as m
    else:
        from dicecup.ui import snyd_table as m
    return m.screen(app)
