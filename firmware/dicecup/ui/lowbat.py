"""lowbat: the low-battery warning - shown once at battery.LOW, again at battery.CRITICAL, where the
game in progress is also saved. Loaded only when a warning is due (the app's device.battery.Gauge says so).

The warning is drawn over whatever screen is showing (a box in the middle) until a button closes
it, so no screen has to know about it and a game underneath goes on (or waits for its person) as
before. Settings are saved the moment they change, so there is nothing to save for them. A solo
game lives only in RAM: at the critical level its record so far is saved under the number the
game will get when it ends (the finished game then overwrites it), so a brown-out loses no more
than the last moves; the spec allows an unfinished last round. A table game keeps its own state on
flash already (table.json and the seats' secrets).
"""
from dicecup.text import strings


def warn(app, w):
    """The battery reached warning level w (battery.warning): note it, show it, save at 2."""
    if not w:           # charged again: warn anew next time
        app.battery.warn = 0
        return
    shown = 3 if w == 2 and save(app) else w
    app.battery.warn = w | shown << 2
    app.dirty = True


def save(app):
    """Save the record of the solo game on screen; True if one was saved."""
    scr = app.screen
    m = getattr(scr, "m", None) or getattr(getattr(scr, "r", None), "m", None)
    rec = getattr(m, "rec", None)
    if rec is None or app.table is not None or type(scr).__name__ == "GameOver":
        return False    # no game here, a table's (on flash already), or saved at its end already
    import sys
    before = list(sys.modules)  # what saving loads (the statistics', the files'), the game forgets again
    try:
        from dicecup.storage import settings
        from dicecup.storage import store
        n = settings.stats().get("records", 0) + 1  # what settings.count_game gives this game
        store.save_record(m.kind, n, rec)
        return True
    except (OSError, MemoryError):  # no room: the warning still tells the person to charge
        return False
    finally:
        app.forget([k for k in sys.modules if k not in before])


def draw(app, g):
    fb = g.fb
    fb.fill_rect(0, 12, 128, 44, 0)     # rows 2-6 and a line above them; the screen's
    fb.hline(0, 13, 128, 1)             # top rows and bottom hint stay in sight
    t = strings.t
    note = app.battery.warn >> 2
    crit = note >= 2
    g.row(2, t("bat_crit" if crit else "bat_low"), 1, True)
    g.row(3, "%d%%" % app.battery.percent, 1)
    g.row(4, t("bat_now" if crit else "bat_soon"), 1)
    if note == 3:
        g.row(5, t("bat_saved"), 1)
    g.row(6, t("ok_next"), 1)
