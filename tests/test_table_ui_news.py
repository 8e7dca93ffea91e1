"""The table's round screens learn of an applied move from the news (game.NEWS_MOVE, told by the
App: ui.screen.Screen.news), not by comparing the table's entry count with theirs; a screen shown
again (game.NEWS_SHOWN) catches up by what it showed last, and one with nothing new since does
nothing. Screens of the real firmware (ui/snyd_table, ui/yatzy_table) over a table and an App
faked down to what those screens ask (docs/architecture.md: what the screens ask of the table).
"""
import types

import pytest

from dicecup.table.game import NEWS_FORFEIT, NEWS_MOVE, NEWS_SHOWN, P_PLAY


class Game:
    """A table game, as the round screens read it between moves (nobody's rules core yet)."""
    games = 1
    rounds_done = voided = forfeits = hint_seq = 0
    phase = P_PLAY
    showing = lost_late = lost_cheat = cheats = 0
    n = 2
    core = game = None   # (game: the rules core as the code before read it, through the table game)
    refused = [None] * 8


class Table:
    """A watching handheld's table (no seat this game): only the entry count changes."""

    def __init__(self):
        self.game = Game()
        self.who = 0
        self.seen = 5
        # the log's Node, as the code before read it (the screens never do now)
        self.node = types.SimpleNamespace(applied=5, caught_up=lambda: True)

    def applied(self):
        return self.seen

    def step(self):
        """An entry applied (the Node's count too)."""
        self.seen += 1
        self.node.applied = self.seen

    def caught_up(self):
        return True

    def my_seat(self):
        return -1

    def my_move(self):
        return False

    def waiting_mask(self):
        return 0

    def held(self):
        return False

    def playing(self):
        return True

    def waiting(self):
        return False

    def seat_name(self, s):
        return "P%d" % (s + 1)


class App:
    def __init__(self):
        self.table = Table()
        self.settings = {}
        self.now = 0
        self.dirty = False
        self.went = []

    def go(self, screen):
        self.went.append(screen)

    def your_turn(self):
        pass


def _snyd(app):
    from dicecup.ui import snyd_table
    return snyd_table.TableRound(app, snyd_table.TableMatch(app.table), False)


def _yatzy(app):
    from dicecup.ui import yatzy_table
    return yatzy_table.TableTurn(app, yatzy_table.TableMatch(app.table))


@pytest.mark.parametrize("make", [_snyd, _yatzy], ids=["snyd", "yatzy"])
def test_the_round_screen_follows_the_news_of_a_move_not_the_entry_count(make):
    app = App()
    tb = app.table
    scr = make(app)

    def told(ev):
        app.dirty = False
        scr.news(ev)
        return app.dirty

    assert told(NEWS_SHOWN) and scr.applied == 5     # shown: it catches up with the table
    assert not told(NEWS_SHOWN)                       # shown again, nothing new: nothing to do
    # a move with the count unchanged (a snapshot taken over at the entry it showed): the news
    # says the table moved, and the screen follows
    assert told(NEWS_MOVE)
    # the count moved on without a move's news: no screen compares counts to find moves
    tb.step()
    assert not told(NEWS_FORFEIT) and scr.applied == 5
    assert told(NEWS_MOVE) and scr.applied == 6       # its move's news: followed, and remembered
    assert app.went == []


def test_the_app_s_shown_bit_is_the_news_bit_and_clashes_with_no_game_news():
    """The App tells a screen shown since with its own bit (app._SHOWN, no name in the solo
    games' heap); the screens read it as game.NEWS_SHOWN."""
    from dicecup import app
    from dicecup.table import game
    assert app._SHOWN == NEWS_SHOWN
    bits = [getattr(game, n) for n in dir(game) if n.startswith("NEWS_") and n != "NEWS_SHOWN"]
    assert len(bits) == 5 and not NEWS_SHOWN & sum(bits) and sum(bits) == 31
