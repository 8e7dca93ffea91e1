"""The Yatzy rules core's reason texts, one per yatzy._why code: imported only when an action is
refused and someone asks why (why_not, Illegal), so they cost the handheld no RAM during play."""

# index = the code yatzy._why gets; 0 is "legal" and has no text
REASONS = (
    None,
    "the game is over",
    "roll before filling a box",
    "column %d out of range",
    "no box %d",
    "%s is already filled",
    "joker: a Yahtzee must go in %s",
    "joker: a Yahtzee must go in a free lower box",
    "too many rolls (at most %d)",
    "bad held dice %d",
    "bad dice: %d dice",
    "bad dice: value %r",
    "held dice changed (position %d)",
    "no die %d to hold",
    "no box %r in %s",
    "bad game: %r, %r scorecards, options %r",
    "a forfeit must go in the first free box, %s",
)
