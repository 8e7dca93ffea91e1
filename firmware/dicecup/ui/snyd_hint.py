"""snyd_hint: "How good is this bid?" - the bid hint's rows, drawn by snyd_person' bid picker and
move menu when hints are on (ui.snyd.Round.hints). Its own module, loaded only then, so that the
screens without hints (and the table, which keeps snyd_person loaded all game) do not hold it.
"""
from dicecup.text.strings import t
from dicecup.ui.screen import fit


def draw(g, r, count, face, bidder, exact):
    """"How good is this bid?" on rows 5-7: what this seat sees that counts for the face (its dice,
    ones when wild, open dice), about how many of the dice it cannot see should show it (a third of
    them with jokers, a sixth without), and the exact chance the bid holds (exact: also the chance
    it is exactly right, for a calza). snyd_odds is the bots' (dropped while the person plays)."""
    from dicecup.rules import snyd_odds
    game = r.m.game
    c, u, jok = snyd_odds.known(game, r.m.me, bidder, face)
    p = snyd_odds.hit_p(face, jok)
    e = u * p
    if e < 9.95:   # one decimal, the language's decimal mark; 10 and more: whole dice
        d = int(e * 10 + 0.5)
        e = str(d // 10) + t("dec") + str(d % 10)
    else:
        e = str(int(e + 0.5))
    g.row(5, t("hint_have") % (c, e, u))
    hold = snyd_odds.prob_at_least(count - c, u, p)
    for row in range(6, 8 if exact else 7):  # the chance it holds; with exact, it is just right
        q = hold if row == 6 else hold - snyd_odds.prob_at_least(count - c + 1, u, p)
        n = int(q * 100 + 0.5)  # a whole percent, never 0 or 100 for what may or may not happen
        g.row(row, fit(t("p_holds" if row == 6 else "p_exact"),
                       "<1%" if n == 0 and q > 0 else ">99%" if n == 100 and q < 1 else str(n) + "%"))
