"""bots.view: a Snyd view made here goes back to snyd_table without re-parsing its rules (the handheld
never loads the rules parser during play), and a view whose rules were changed since is still read
from its own rules dict."""
from dicecup.bots import view as botview
from mpcheck import eq, raises
from dicecup.rules.snyd import Game, Rules


def _view(rules):
    g = Game(rules, 3, 0)
    g.start_round([[1, 2, 3], [4, 5, 6], [2, 2, 2]])
    return botview.snyd_view(g, 0, [])


def test_a_fresh_view_takes_its_games_rules():
    rules = Rules(dice=3, calza=False)
    v = _view(rules)
    g = botview.snyd_table(v)
    assert g.rules is rules
    eq(g.min_raise(2), 1)


def test_changed_rules_in_a_view_are_read_from_the_view():
    v = _view(Rules(dice=3))
    v["rules"]["dice"] = 9
    raises(ValueError, botview.snyd_table, v)
    v = _view(Rules(dice=3))
    v["rules"]["jokers"] = False
    g = botview.snyd_table(v)
    eq(g.rules.jokers, False)
    v = _view(Rules(dice=3))
    v["rules"] = dict(v["rules"])    # an equal dict from elsewhere (a PC bot's JSON): parsed
    g = botview.snyd_table(v)
    eq((g.rules.dice, g.rules.jokers), (3, True))


def test_a_rules_object_changed_after_the_view_is_not_taken():
    rules = Rules(dice=3)
    v = _view(rules)
    rules.jokers = False
    g = botview.snyd_table(v)
    eq(g.rules.jokers, True)     # what the view says
