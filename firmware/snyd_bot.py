"""snyd_bot: the Snyd bots (levels kids, easy, normal, hard) - the same code on the handheld and the PC.

Public API (stable; the handheld and host_tools.bot call only this):

    decide(view, level, rng) -> move
        view  : the bot-protocol Snyd view dict (shared/spec/bot-protocol.md), e.g. built for a seat of a
                live game by botview.snyd_view(game, seat); only what that seat may know.
        level : "kids" | "easy" | "normal" | "hard"
        rng   : a botrng.Rng (deterministic: same view, level and rng state -> same move)
        move  : ["bid", count, face] | ["snyd"] | ["calza"], always legal for the view.

Raises ValueError on a view that cannot be read (host_tools.bot turns that into an error line).
Legality and probabilities come from the rules core (snyd, snyd_odds); nothing here re-implements them.
"""
LEVELS = ("kids", "easy", "normal", "hard")


def decide(view, level, rng):
    raise NotImplementedError("snyd_bot.decide: API published, implementation follows the Snyd core")
