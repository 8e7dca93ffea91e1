"""yatzy_bot: the Yatzy bots (levels kids, easy, normal, hard) and the coach, for every variant.

Public API (stable; the handheld and host_tools.bot call only this):

    decide(view, level, rng) -> move
        view  : the bot-protocol Yatzy view dict (shared/spec/bot-protocol.md), e.g. built for a player
                of a live game by botview.yatzy_view(game, player).
        level : "kids" | "easy" | "normal" | "hard"
        rng   : a botrng.Rng (deterministic)
        move  : ["hold", [positions]] (only while rolls_left > 0) | ["score", box, column]

    coach(view) -> advice  (see yatzy_coach, added with the value table)

Raises ValueError on a view that cannot be read. Scoring comes from the Yatzy core (yatzy).
"""
LEVELS = ("kids", "easy", "normal", "hard")


def decide(view, level, rng):
    raise NotImplementedError("yatzy_bot.decide: API published, implementation follows the Yatzy core")
