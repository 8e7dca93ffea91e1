"""botview: builds the bot-protocol view of a live game for one seat - only what that seat may know.

    snyd_view(game, seat)    -> Snyd view dict (own dice only; others' dice counts, bids, shown dice)
    yatzy_view(game, player) -> Yatzy view dict

The handheld's bot seats and the PC tools (tournament, bot command) both build views here, so a bot
sees the same thing everywhere; a bot never gets the game object itself.
"""
