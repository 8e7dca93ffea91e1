"""ui.table: the way into the table and between its screens - what the app launches (start, and
resume at boot). It opens the lobby's screens (table_lobby: create, the join list, the creator's
lobby, waiting to start; loaded between games only) and a game's, shown by its own module's screens, loaded only for that
game: snyd_table (ui.snyd's) or yatzy_table (ui.yatzy's).

Nothing imports this module but app: the table's screens share table_watch (following the table,
the pause, refusals) and move between each other through app.to_table, which calls start here on
the app's next tick.
"""
from dicecup.table import table as tbl
from dicecup.ui.table_watch import CLOSE, GAME, LOBBY, OPEN, ensure


def start(app, what=OPEN):
    """From the title or through app.to_table (table_watch: play, to_lobby, close), both an
    app.launch: the screen before and every screen's module are gone (app.App._clear), so the
    next screen's modules load into the heap they held: a new game's screen, the lobby after a
    game, or the title (which forgets the table's code too)."""
    if what == GAME:
        app.go(game_screen(app))
    elif what == LOBBY:
        from dicecup.ui import table_lobby
        app.go(table_lobby.lobby(app))
    elif what == CLOSE:
        if app.table is not None:
            app.table.leave()
            app.table = None
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
