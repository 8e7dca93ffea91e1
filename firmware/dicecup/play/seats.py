"""seats: who plays a seat - the one interface through which every seat's moves reach a game.

A seat is polled: poll(match, seat, now) returns a move (the bot-protocol's list form:
["bid", count, face] / ["snyd"] / ["calza"] / ["hold", [positions]] / ["score", box, column]) or
None while it has none yet. Person: the person at this handheld; its moves come from the screens,
which hand them to the match directly, so poll() has nothing. Bot: a bot on this handheld, which
answers after think_ms so people can follow. A seat on another handheld (the table) implements
the same poll() with the moves that arrive over the radio.
A bot's code is imported by its first move and forgotten by the app while no bot is about to move
(app.App.turn): Bot.poll imports it again for the next bot's move.
"""
from dicecup.bots import rng


class Person:
    local = True
    bot = False

    def __init__(self, name):
        self.name = name

    def poll(self, match, seat, now):
        return None


class Bot:
    local = False
    bot = True
    think_ms = 900

    def __init__(self, name, level, seed):
        self.name = name
        self.level = level
        self.rng = rng.Rng(seed)

    def poll(self, match, seat, now):
        if now - match.changed_at < self.think_ms:
            return None
        # imported here, not at the top: the title and settings screens never need the bots
        if match.kind == "yatzy":
            # the live game, read in place: no view to build (bots.view is for the PC's tools)
            from dicecup.bots import yatzy as yatzy_bot
            return yatzy_bot.play(match.game, self.level, self.rng, getattr(match, "options", None),
                                  getattr(match, "bot_mem", None))
        from dicecup.bots import snyd as snyd_bot
        return snyd_bot.play(match.game, seat, match.actions, self.level, self.rng)
