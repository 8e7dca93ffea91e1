"""snyd_over: the Snyd game-over screen - who won, and the game's record and statistics saved.

Apart from ui.snyd so that its code takes no heap while the game is played (a 6-seat game runs
close to the handheld's limit); ui.snyd.game_over loads it, and the app forgets the round's screens
(nothing here needs them) before the record is saved (app.over), and goes back to the title
(app.home).
"""
from dicecup.device.buttons import PRESS, SELECT
from dicecup.text.strings import t
from dicecup.ui.screen import Screen


class GameOver(Screen):
    battery = False

    def __init__(self, app, match, kids, left):
        Screen.__init__(self, app)
        self.m = match
        self.kids = kids
        g = match.game
        w = g.winner()
        self.winner = w
        self.due = w >= 0 or left    # saved on the first tick: the screen before this one is gone then

    def tick(self, now):
        if self.due:
            self.due = False
            app = self.app
            app.over()  # room for the record: the bots' code, the round's and the move screens'
            n = _count("snyd_kids" if self.kids else "snyd", self.winner == self.m.me)
            app.over()  # and the statistics' code while the record is written
            from dicecup.storage import store
            store.save_record("snyd", n, self.m.rec)

    def key(self, b, ev):
        if ev == PRESS and b == SELECT:
            self.app.home(1 if self.kids else 0)

    def draw(self, g):
        m = self.m
        w = self.winner
        g.row(0, t("game_over"))
        if w == m.me:
            g.row(3, t("you_won"), 1)
        elif w >= 0:
            g.row(3, m.names[w][:10] + " " + t("won"), 1)
        else:
            g.row(3, t("you_left"), 1)
        g.row(7, t("ok_menu"), 1)


def _count(kind, won):
    """The game counted in the statistics; returns its record's number."""
    from dicecup.storage import settings
    return settings.count_game(settings.stats(), kind, won)
