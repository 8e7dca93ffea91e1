"""What the table's screens show when things go wrong, in the simulator with the real firmware:
a race lost, a cheating handheld, a handheld gone (pause: wait, a bot, remove), seats reordered in
the lobby, players leaving and joining between games, a handheld back after a bot took its seat,
and the creator gone (the handheld that took over hosts the next game).

Each test reads the screens (host_tools/readback, English: host_tools/sim/tabledrive names the
handhelds Anna, Bo, Cy ... and sets 2 dice each unless it says) and the records every handheld
saved; records of one game must be identical on every handheld that played it and replay cleanly
with the referee.
Virtual clock throughout; autoplay plays whatever the test does not drive itself.
"""
import json

import pytest

from dicecup.rules import snyd
from host_tools.sim.__main__ import _records, disagreements, replay_problems, rule_settings
from host_tools.sim import autoplay
from host_tools.sim.tabledrive import TableHarness, cheat_flash, en

NAMES = ("Anna", "Bo", "Cy", "Dan")


@pytest.fixture
def harness():
    made = []

    def make(n, seed=0, dice=2, **kw):
        t = TableHarness(n, NAMES[:n], dice=dice, seed=seed, **kw)
        made.append(t)
        return t
    yield make
    for t in made:
        t.close()


def records(t, tmp_path, who):
    """{handheld: [record, ...]} of the handhelds in `who`, all copies agreeing and clean."""
    got = _records(t.sim, str(tmp_path / "rec"))
    got = {i: got[i] for i in who}
    assert disagreements(got) == [] and replay_problems(got) == []
    return {i: [d for _, d in sorted(r.items())] for i, r in got.items()}


def one_game(recs):
    """The one shared game every handheld in recs saved."""
    bodies = {json.dumps(r[0], sort_keys=True) for r in recs.values()}
    assert all(len(r) == 1 for r in recs.values()) and len(bodies) == 1, recs
    return next(iter(recs.values()))[0]


def finish(t, who=None, ms=240000):
    """Autoplay every live handheld (of `who`) until each has saved its game."""
    live = [i for i in (range(t.sim.n) if who is None else who) if t.sim.handhelds[i].alive]
    for i in live:
        t.give(i)
    t.until(lambda: all(t.players[i].finished or t.players[i].failed for i in live), ms,
            "every game saved")
    assert [t.players[i].failed for i in live if t.players[i].failed] == []


def to_lobby(t, i, ms=20000):
    """Press select through handheld i's last reveal, summary and game over to the lobby."""
    t.take(i)
    end = t.sim.now() + ms
    while not (t.shows(i, en("t_add_bot")) or t.shows(i, en("t_wait_start")) or
               t.shows(i, en("t_left_out"))):
        assert t.sim.now() < end, t.screens()
        t.press(i, "select")
        t.run(200)


def bid_on_table(t, i):
    """'Bid 1x? Bo' on handheld i's round screen: (the bid text, the bidder) or None."""
    row = t.lines(i)[1]
    if not row.startswith(en("bid") + " "):
        return None
    parts = row.split(" ")
    return parts[1], parts[2]


# ---- the round screen hears of what the table applied ------------------------------------------

def test_the_round_screen_shows_the_bots_answer_once_the_table_applies_it(harness):
    """Anna alone with a bot, nobody touching her handheld but to bid: the bot's answer to her bid
    (a bid, or the call that ends the round) is an entry her handheld's table applies while her
    round screen shows, with no press and no other screen, and that screen shows it: App.tick
    tells the screen showing what the table's game did (Table.news, ui.screen.Screen.news), and
    the round screen follows it there. Without the telling it stays on her own bid."""
    t = harness(1, seed=3, dice=2)
    t.seat_all()
    t.choose(0, en("t_add_bot"))
    t.until(lambda: t.shows(0, "2 Bot2"), 5000, "the bot seated")
    t.choose(0, en("start"))   # (and autoplay stays off: the test's finger only)
    t.until(lambda: t.lines(0)[0] == en("your_turn"), 30000, "Anna's turn")
    t.press(0, "select")
    t.choose(0, en("mv_bid"))
    assert t.lines(0)[0] == en("your_bid"), t.screens()
    t.press(0, "select")        # the first bid the picker offers (or the one above the bot's)
    t.until(lambda: (bid_on_table(t, 0) or ("", ""))[1] == "Anna", 5000, "Anna's bid")

    def answered():
        b = bid_on_table(t, 0)
        return b is None or b[1] == "Bot2"   # its bid, or its call: the reveal
    t.until(answered, 30000, "the bot's answer on Anna's screen")


# ---- (a) a race: a calza called while the next player bids ---------------------------------------

def _race_ready(t):
    """A bid stands, seat Y is on turn, and another seat Z (not the bidder) is offered calza:
    returns (Y, Z, bid, bidder) or None."""
    n = t.sim.n
    rows = [t.lines(i) for i in range(n)]
    on_turn = [i for i in range(n) if rows[i][0] == en("your_turn")]
    calza = [i for i in range(n) if rows[i][7] == en("hint_calza")]
    if len(on_turn) != 1 or not calza or any(bid_on_table(t, i) is None for i in range(n)):
        return None
    y = on_turn[0]
    z = [i for i in calza if i != y]
    if not z:
        return None
    bid, bidder = bid_on_table(t, y)
    return y, z[0], bid, bidder


def _open_moves(t, y, z):
    """Y opens the bid picker, Z the move menu with Calza! under the cursor."""
    t.take(y)
    t.take(z)
    t.press(y, "select")
    t.choose(y, en("mv_bid"))
    assert t.lines(y)[0] == en("your_bid"), t.screens()
    t.press(z, "select")
    assert t.lines(z)[1] == en("mv_calza"), t.screens()


def test_the_loser_of_a_race_sees_who_came_first(harness, tmp_path):
    """Round one: Y (on turn) bids and Z calls calza at the same moment: the table takes one, and
    the other's screen names the winner and the move. Later: Y picks a bid while Z's calza is
    already logged (Y's picker still shows the old bid); the bid is not played, not even in the
    next round, and Y is told who came first. The record holds exactly the moves that won."""
    t = harness(3, seed=7, dice=3)
    t.seat_all()
    order = t.seat_order()
    t.choose(0, en("start"))
    t.give(0)
    late = en("t_late")
    first = en("t_first")
    outcomes = []
    counted = [0]  # rounds counted so far: the summary after round N says "Round N"

    def follow():
        row = t.lines(0)[0]
        if row.startswith(en("round") + " "):
            counted[0] = max(counted[0], int(row.split(" ")[1]))
    t.watchers.append(follow)
    for race in ("same moment", "after the call"):
        ready = None
        while ready is None:
            t.until(lambda: _race_ready(t) is not None, 60000, "a bid with calza on offer")
            for i in range(3):
                t.take(i)
            t.run(300)  # every finger up, every screen settled
            ready = _race_ready(t)
            if ready is None:
                for i in range(3):
                    t.give(i)
        y, z, bid, bidder = ready
        _open_moves(t, y, z)
        if race == "same moment":
            for i in (y, z):
                t.sim.press(i, "select", True)
            t.run(60)
            for i in (y, z):
                t.sim.press(i, "select", False)
        else:
            t.press(z, "select")  # calza!
            # the call is logged on Y's handheld (the round ends) while its picker is open
            t.until(lambda: any(t.shows(i, en("mv_calza") + " " + NAMES[z]) or
                                t.shows(i, en("t_dealing")) for i in range(3) if i != y),
                    5000, "the calza logged")
            t.run(200)
            assert t.lines(y)[0] == en("your_bid"), t.screens()
            t.press(y, "select")  # the bid it picked before the call
        t.until(lambda: t.shows(y, late) or t.shows(z, late), 5000, "the loser told why")
        loser = y if t.shows(y, late) else z
        msg = " ".join(r for r in t.lines(loser) if r)
        if loser == y:
            assert "%s %s %s %s" % (late, NAMES[z], first, en("mv_calza")) in msg, msg
        else:
            assert msg.startswith("%s %s %s %s" % (late, NAMES[y], first, en("bid"))), msg
        if race == "after the call":
            assert loser == y
        outcomes.append((counted[0], loser, y, z, bid, bidder))
        assert not t.shows(y if loser == z else z, late), t.screens()
        t.press(loser, "select")  # the message goes; the game goes on
        for i in range(3):
            t.give(i)
        t.until(lambda: any(t.shows(i, en("t_dealing")) for i in range(3)), 60000, "the next round")
    finish(t)
    doc = one_game(records(t, tmp_path, range(3)))
    for rnd, loser, y, z, bid, bidder in outcomes:
        acts = [tuple(a) for a in doc["rounds"][rnd]["actions"]]
        count, face = int(bid.split("x")[0]), "⚀⚁⚂⚃⚄⚅".index(bid.split("x")[1]) + 1
        k = acts.index((order.index(bidder), "bid", count, face))
        y, z = t.seat_of(order, y), t.seat_of(order, z)
        loser = t.seat_of(order, loser)
        if loser == y:  # the calza won: the round ended with it, Y's bid is in no round
            assert acts[k + 1:] == [(z, "calza")], acts
        else:  # the bid won: Z's calza (on the bid before) is not in the round
            assert acts[k + 1][:2] == (y, "bid") and (z, "calza") not in acts[k + 1:k + 2], \
                (outcomes, doc["rounds"])


# ---- (b) a handheld that cheats -----------------------------------------------------------------

def _seen(t, words):
    """Follow every screen: {handheld: [screen text, ...]} of the screens holding `words`."""
    seen = {i: [] for i in range(t.sim.n)}

    def follow():
        for i in range(t.sim.n):
            txt = " ".join(r for r in t.lines(i) if r)
            if words in txt and (not seen[i] or seen[i][-1] != txt):
                seen[i].append(txt)
    t.watchers.append(follow)
    return seen


def in_bidding(t, i):
    row = t.lines(i)[0]
    return row == en("your_turn") or row.startswith(en("turn_of"))


def test_a_cheating_handheld_is_named_and_forfeits(harness, tmp_path):
    """Bo edits its flash in the middle of a round (the secret its commitment binds, so it would
    get other dice) and reboots: the unchanged firmware reveals that secret at the call. Every
    screen names Bo as the cheat who forfeits the round (it loses a die, as withholding would);
    the game goes on to a record every handheld agrees on, with the forfeit in it."""
    t = harness(3, seed=11)
    t.seat_all()
    order = t.seat_order()
    cheat = 1
    seat = t.seat_of(order, cheat)
    said = _seen(t, en("t_forfeit"))
    counted = [0]

    def follow():
        row = t.lines(0)[0]
        if row.startswith(en("round") + " "):
            counted[0] = max(counted[0], int(row.split(" ")[1]))
    t.watchers.append(follow)
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: all(in_bidding(t, i) for i in range(3)), 30000, "the first round's bidding")
    t.take(cheat)
    cheat_flash(t.sim.handhelds[cheat].flash, seat)
    t.sim.reboot(cheat)
    t.give(cheat)
    want = "%s %s (%s)" % (en("t_forfeit"), NAMES[cheat], en("t_bad_secret"))
    t.until(lambda: all(said[i] for i in range(3)), 60000, "the cheat named on every screen")
    for i in range(3):
        assert said[i][0].startswith(want), said
    finish(t)
    to_lobby(t, 0)  # through the last round's summary
    doc = one_game(records(t, tmp_path, range(3)))
    assert doc["rounds"][0]["actions"][-1] == [seat, "forfeit"]
    assert doc["rounds"][0]["dice"][seat] is None
    assert t.sim.handhelds[cheat].boots == 2


# ---- (b2) the open die --------------------------------------------------------------------------

def test_the_open_die_is_chosen_on_the_handheld_and_shown_to_the_table(harness, tmp_path):
    """With the open_die rule, Bo's screen asks which die to lay open before the bidding; the
    die Bo picks (the second, with up) is the one the record names, and every round screen
    shows Bo's open die (its value, drawn above Bo's dice count)."""
    rules = snyd.Rules(dice=3, open_die=True)
    t = harness(2, seed=12, dice=3, settings=rule_settings(rules))
    t.seat_all()
    order = t.seat_order()
    seat = t.seat_of(order, 1)
    t.take(1)
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: t.shows(1, en("od_title")), 60000, "Bo's choice of the open die")
    t.press(1, "up")
    t.press(1, "select")
    t.until(lambda: in_bidding(t, 1) and in_bidding(t, 0), 60000, "the bidding, every die open")
    row = t.lines(0)[5].split()   # one die face per seat, in seat order
    assert len(row) == 2 and t.lines(1)[5].split() == row, t.screens()
    finish(t)
    to_lobby(t, 0)
    doc = one_game(records(t, tmp_path, range(2)))
    assert doc["rules"]["open_die"] and doc["rounds"][0]["shown"][seat] == 1, doc["rounds"][0]
    first = doc["rounds"][0]
    assert [ord(c) - 0x2680 + 1 for c in row] == [first["dice"][s][first["shown"][s]]
                                                  for s in range(2)], (row, first)
    assert all(all(x is not None for x, d in zip(rd["shown"], rd["dice"]) if d and len(d) > 1)
               for rd in doc["rounds"])


def test_a_teammates_suggestion_shows_on_the_rollers_screen(harness, tmp_path):
    """Team Yatzy, three handhelds: the first and third seats share a scorecard. While one of them
    rolls, the other's screen offers suggestions: select over a die suggests holding it, the slot
    after the dice cycles the free boxes, and the roller's second row names who suggests what."""
    t = harness(3, seed=21, game="team")
    t.seat_all()
    order = t.seat_order()
    a, b = (t.names.index(order[s]) for s in (0, 2))   # the handhelds of scorecard 1's seats
    t.choose(0, en("start"))
    tip = en("tip_hold")
    t.give(0)

    def mate_offers():
        return any(t.shows(i, tip) for i in (a, b))
    t.until(mate_offers, 120000, "a teammate's screen offering a suggestion")
    mate = a if t.shows(a, tip) else b
    roller = b if mate == a else a
    t.take(mate)
    t.take(roller)
    t.run(300)
    assert t.shows(mate, tip), t.screens()
    rolled = t.lines(roller)[1]
    t.press(mate, "select")              # hold the first die
    name = t.names[mate][:4] + ":H"
    t.until(lambda: t.lines(roller)[1].startswith(name), 5000, "the hold on the roller's screen")
    assert t.lines(mate)[1].startswith(name)           # the suggester sees what it sent
    assert t.lines(roller)[1] != rolled
    for _ in range(5):                   # past the five dice: the box slot
        t.press(mate, "down")
    assert t.lines(mate)[6].startswith("> "), t.screens()
    t.press(mate, "select")
    label = t.lines(mate)[6][2:].strip()
    t.until(lambda: t.lines(roller)[1].startswith(t.names[mate][:4] + ":" + label[:4]), 5000,
            "the box on the roller's screen")
    assert not t.shows(next(i for i in range(3) if i not in (a, b)), tip)   # the other team
    finish(t)
    got = records(t, tmp_path, range(3))
    doc = one_game(got)
    assert doc["players"] == 2 and len(doc["turns"]) == 30


def test_four_teams_need_four_seats(harness, tmp_path):
    """"4 teams" with two handhelds seated: start says how many seats the game needs and starts
    nothing; two bots more and it starts, every seat on its own scorecard."""
    t = harness(2, seed=22, game="team4")
    t.seat_all()
    t.choose(0, en("start"))
    want = en("t_need_n") % 4
    t.until(lambda: t.shows(0, *want.split()), 3000, "the message on the creator's screen")
    assert not t.shows(1, *want.split()) and t.shows(1, en("t_wait_start"))
    t.press(0, "select")   # the message goes
    for _ in range(2):
        t.choose(0, en("t_add_bot"))
    t.choose(0, en("start"))
    t.until(lambda: not t.shows(1, en("t_wait_start")), 10000, "the game under way")
    finish(t, ms=600000)
    doc = one_game(records(t, tmp_path, range(2)))
    assert doc["players"] == 4 and len(doc["turns"]) == 60


# ---- (c) a handheld gone: the pause and the creator's three choices ------------------------------

def _gone(t, gone):
    """Handheld `gone` loses power mid-round; after the set time every other screen pauses and
    names it, and only the creator's offers the three choices. Autoplay keeps off the creator
    (but for its bid, when the turn is the creator's)."""
    t.until(lambda: all(in_bidding(t, i) for i in range(t.sim.n)), 30000, "a round's bidding")
    t.take(0)
    t.sim.kill(gone)

    def paused():
        if t.lines(0)[0] == en("your_turn") and 0 not in t.auto:
            # the creator's person bids first: the pause never takes the screen of the person
            # the game waits on for a move (attacks/flag_freezes_a_turn.py); it shows after
            t.give(0)
        return all(t.lines(i)[0] == en("t_paused") for i in range(t.sim.n) if i != gone)
    t.until(paused, 10000, "the pause on every other screen")
    t.take(0)
    t.run(300)
    for i in range(t.sim.n):
        if i == gone:
            continue
        rows = t.lines(i)
        assert rows[5:7] == [en("t_missing"), NAMES[gone]], t.screens()
        choices = [en("t_wait"), en("t_to_bot"), en("t_remove")]
        assert rows[1:4] == (choices if i == 0 else ["", "", ""]), t.screens()


def test_pause_wait_until_the_handheld_is_back(harness, tmp_path):
    """Cy's battery is out mid-round: paused, Cy missing. The creator waits; the pause stays. Cy
    boots again: it takes its seat back, the pause ends on every screen, and all three finish
    the game with the same record."""
    t = harness(3, seed=21)
    t.seat_all()
    t.choose(0, en("start"))
    t.give(0)
    _gone(t, 2)
    t.choose(0, en("t_wait"))
    t.run(5000)
    assert all(t.lines(i)[0] == en("t_paused") for i in (0, 1)), t.screens()
    t.sim.reboot(2)
    t.until(lambda: all(t.lines(i)[0] != en("t_paused") for i in (0, 1)), 10000, "the pause over")
    finish(t)
    doc = one_game(records(t, tmp_path, range(3)))
    assert doc["seats"] == 3


def test_pause_remove_the_gone_handheld(harness, tmp_path):
    """Bo is gone; the creator removes it: a bot plays Bo's seat to the end of this game (Bo's
    seat forfeits the round in progress, its secrets went with Bo), the two left save the same record, and
    the creator's lobby afterwards holds Anna and Cy only. Bo, back meanwhile, watches (a bot has
    its seat this game) and then reads that it is not at the table."""
    t = harness(3, seed=22)
    t.seat_all()
    order = t.seat_order()
    t.choose(0, en("start"))
    t.give(0)
    _gone(t, 1)
    t.choose(0, en("t_remove"))
    t.give(0)
    bot = "Bot%d" % (t.seat_of(order, 1) + 1)
    t.until(lambda: any(bot in t.text(i) for i in (0, 2)), 20000, "the bot in Bo's seat")
    t.sim.reboot(1)
    t.take(1)

    def told():
        if t.lines(1)[7] in (en("ok_back"), en("ok_next")):  # the reseat's forfeit, or a round
            t.press(1, "select")  # it replays on catching up: its person reads it and goes on
        return t.lines(1)[3:6] == [en("t_watching"), en("t_bot_seat1"), en("t_bot_seat2")]
    t.until(told, 10000, "Bo watching, told why")
    finish(t, (0, 2))
    doc = one_game(records(t, tmp_path, (0, 2)))
    assert doc["seats"] == 3
    to_lobby(t, 0)
    assert autoplay.handhelds(t.lines(0)[1]) == 2, t.screens()
    assert t.seat_order() == ["Anna", "Cy"], t.screens()
    to_lobby(t, 2)
    t.until(lambda: t.seat_order(2) == ["Anna", "Cy"], 5000, "Cy's waiting screen")
    assert t.shows(2, en("t_wait_start")) and not t.shows(2, en("t_left_out")), t.screens()
    to_lobby(t, 1)
    t.until(lambda: t.seat_order(1) == ["Anna", "Cy"] and t.shows(1, en("t_left_out")), 5000,
            "Bo told it is not at the table")


# ---- (d) the creator reorders the seats ----------------------------------------------------------

FACES = "⚀⚁⚂⚃⚄⚅"


def _reveals(t):
    """Follow every screen: {handheld: the first reveal it showed, as [(name, dice), ...]}."""
    got = {}

    def follow():
        for i in range(t.sim.n):
            rows = t.lines(i)
            if i in got or not rows[0].startswith((en("mv_snyd") + " ", en("mv_calza") + " ")):
                continue
            got[i] = [(r.split(" ")[0], [FACES.index(c) + 1 for c in r.split(" ")[-1]])
                      for r in rows[2:6] if r]
    t.watchers.append(follow)
    return got


def test_reordered_seats_on_every_screen_and_in_the_record(harness, tmp_path):
    """The creator moves the last seat up and itself down, so seats match where people sit; every
    waiting screen lists the new order, the game's reveal lists the players in it on every
    handheld, and the record's seats are in it (each reveal's dice are the record's for that
    seat)."""
    t = harness(3, seed=31, dice=1)
    t.seat_all()
    o = t.seat_order()
    assert o[0] == "Anna" and sorted(o) == ["Anna", "Bo", "Cy"], o
    t.choose(0, "3 " + o[2])
    assert t.lines(0)[0] == "%s 3" % en("t_seat"), t.screens()
    t.choose(0, en("t_up"))
    t.choose(0, "1 Anna")
    t.choose(0, en("t_down"))
    want = [o[2], "Anna", o[1]]
    assert t.seat_order() == want, t.screens()
    t.until(lambda: all(t.seat_order(i) == want for i in (1, 2)), 5000, "the order everywhere")
    seen = _reveals(t)
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: len(seen) == 3, 60000, "the first reveal on every screen")
    finish(t)
    doc = one_game(records(t, tmp_path, range(3)))
    for i in range(3):
        assert [name for name, _ in seen[i]] == want, seen
        assert [d for _, d in seen[i]] == doc["rounds"][0]["dice"], (seen, doc["rounds"][0])


# ---- (e) leaving and joining between games -------------------------------------------------------

def test_a_player_leaves_between_games_and_another_joins(harness, tmp_path):
    """Anna, Bo and Cy play; Bo stands up afterwards and Dan sits down: the creator's lobby and
    Cy's waiting screen follow, and the same table (one table id) plays a second game with Anna,
    Cy and Dan, whose records agree; Bo keeps the first game only."""
    t = harness(4, seed=41)
    t.seat_all(who=(0, 1, 2))
    t.choose(0, en("start"))
    t.give(0)
    finish(t, (0, 1, 2))
    for i in (0, 1, 2):
        to_lobby(t, i)
    t.press(1, "back")
    t.choose(1, en("yes"))
    t.until(lambda: t.shows(1, en("table")) and not t.shows(1, en("t_wait_start")), 5000,
            "Bo back on the title")
    t.until(lambda: t.seat_order() == ["Anna", "Cy"], 5000, "Bo gone from the lobby")
    t.until(lambda: t.seat_order(2) == ["Anna", "Cy"], 5000, "Bo gone from Cy's screen")
    for i in (0, 2, 3):
        t.players[i] = t.player(i, seed=2)
        t.give(i)
    t.until(lambda: t.seat_order() == ["Anna", "Cy", "Dan"] and t.shows(3, en("t_wait_start")),
            30000, "Dan seated")
    t.until(lambda: t.seat_order(2) == ["Anna", "Cy", "Dan"], 5000, "Dan on Cy's screen")
    assert t.seat_order(3) == ["Anna", "Cy", "Dan"], t.screens()
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: all(t.players[i].finished or t.players[i].failed for i in (0, 2, 3)),
            240000, "the second game")
    assert [t.players[i].failed for i in (0, 2, 3)] == [None] * 3
    got = records(t, tmp_path, range(4))
    assert [len(got[i]) for i in range(4)] == [2, 1, 2, 1], got
    assert got[1][0] == got[0][0] == got[2][0]
    assert got[3][0] == got[0][1] == got[2][1]
    assert len({r["meta"]["table"] for rs in got.values() for r in rs}) == 1
    assert got[0][0]["seats"] == got[3][0]["seats"] == 3


# ---- (f) back after a bot took the seat ----------------------------------------------------------

def test_back_after_a_bot_took_the_seat_watches_then_plays_the_next_game(harness, tmp_path):
    """Bo is gone; the creator gives Bo's seat to a bot (Bo's seat forfeits the round, the game
    goes on).
    Bo boots again mid-game: it catches up and watches, its screen saying a bot has its seat this
    game (the bot plays on to the end: Bo's secrets of that round went with it), the pause
    does not come back; Anna and Cy save the first game alike; then Bo plays the next game with
    them, and all three save it alike."""
    t = harness(3, seed=51)
    t.seat_all()
    order = t.seat_order()
    t.choose(0, en("start"))
    t.give(0)
    _gone(t, 1)
    t.choose(0, en("t_to_bot"))
    t.give(0)
    bot = "Bot%d" % (t.seat_of(order, 1) + 1)
    t.until(lambda: any(bot in t.text(i) for i in (0, 2)), 20000, "the bot in Bo's seat")
    t.sim.reboot(1)
    t.take(1)
    why = [en("t_watching"), en("t_bot_seat1"), en("t_bot_seat2")]

    def told():
        if t.lines(1)[7] in (en("ok_back"), en("ok_next")):  # the reseat's forfeit, or a round
            t.press(1, "select")  # it replays on catching up: its person reads it and goes on
        return t.lines(1)[3:6] == why
    t.until(told, 10000, "Bo watching, told why")
    t.until(lambda: t.lines(1)[6] != "", 10000, "Bo following the game (the dice left)")
    t.until(lambda: all(t.players[i].finished for i in (0, 2)), 240000, "the first game")
    assert all(t.lines(i)[0] != en("t_paused") for i in (0, 2)), t.screens()
    for i in (0, 2):
        to_lobby(t, i)
    assert t.seat_order() == order, t.screens()
    for i in range(3):
        t.players[i] = t.player(i, seed=3)
        t.give(i)
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: all(t.players[i].finished or t.players[i].failed for i in range(3)), 90000,
            "the second game")
    got = records(t, tmp_path, range(3))
    # Bo keeps the first game too if it caught up while its seat was still its own (the
    # snapshot came before the bot took over): the same record then
    assert [len(got[i]) for i in (0, 2)] == [2, 2] and len(got[1]) in (1, 2), got
    assert got[0][0] == got[2][0] and got[0][1] == got[1][-1] == got[2][1]
    assert got[1][0] == got[0][0] or len(got[1]) == 1


# ---- the creator gone: who hosts? ----------------------------------------------------------------

def test_with_the_creator_gone_the_sequencer_hosts_the_next_game(harness, tmp_path):
    """Anna (the creator, ordering the log) loses power mid-game; the next seat takes over, pauses
    and gives Anna's seat to a bot, and the game ends. A family would expect the table to go on:
    the handheld that took over now shows the lobby (with the bot in Anna's seat), Dan can join,
    and it starts a second game that Bo, Cy and Dan finish with the same record."""
    t = harness(4, seed=61)
    t.seat_all(who=(0, 1, 2))
    t.choose(0, en("start"))
    t.give(0)
    t.until(lambda: all(in_bidding(t, i) for i in range(3)), 30000, "a round's bidding")
    t.sim.kill(0)
    t.players[0].failed = "killed on purpose"
    t.until(lambda: any(t.lines(i)[1] == en("t_wait") for i in (1, 2)), 15000,
            "the pause, with the choices on the new sequencer")
    host = 1 if t.lines(1)[1] == en("t_wait") else 2
    other = 3 - host
    assert t.lines(host)[5:7] == [en("t_missing"), "Anna"], t.screens()
    t.choose(host, en("t_to_bot"))
    finish(t, (1, 2))
    t.take(host)  # (its autoplay would start the next game before the other saw the lobby)
    to_lobby(t, other)
    to_lobby(t, host)
    assert t.shows(host, en("t_add_bot")), t.screens()  # the lobby, with start and + Bot
    assert sorted(t.seat_order(host)) == sorted(["Bot1", "Bo", "Cy"]) or \
        sorted(t.seat_order(host)) == sorted(["Bot2", "Bo", "Cy"]) or \
        sorted(t.seat_order(host)) == sorted(["Bot3", "Bo", "Cy"]), t.screens()
    for i in (host, other, 3):
        t.players[i] = t.player(i, seed=4)
        t.players[i].creator = False
        t.give(i)
    t.take(host)
    # the new host's person lets Dan in (the row shows the code Dan's screen shows too)
    t.until(lambda: any(r.startswith(en("t_admit") + " Dan") for r in t.lines(host)), 30000,
            "Dan asking the new host")
    t.choose(host, en("t_admit") + " Dan")
    t.until(lambda: "Dan" in t.seat_order(host) and t.shows(3, en("t_wait_start")), 30000,
            "Dan seated by the new host")
    t.until(lambda: "Dan" in t.seat_order(other), 5000, "Dan on the other screen")
    t.choose(host, en("start"))
    t.give(host)
    t.until(lambda: all(t.players[i].finished or t.players[i].failed for i in (1, 2, 3)), 120000,
            "the second game")
    got = records(t, tmp_path, (1, 2, 3))
    assert [len(got[i]) for i in (1, 2, 3)] == [2, 2, 1], got
    assert got[1][1] == got[2][1] == got[3][0] and got[3][0]["seats"] == 4


# ---- (i) the creator gone before the first game -------------------------------------------------
def test_a_creator_gone_before_the_first_game_is_named_in_the_lobby(harness):
    """Nobody else can host a table that never played (only the creator knows who sits), so the
    joiners' lobby says the host is gone, and back leaves the table."""
    t = harness(3, seed=6)
    t.seat_all()
    for i in (1, 2):
        t.take(i)
    assert not any(t.shows(i, en("t_host_gone")) for i in (1, 2))
    t.sim.kill(0)
    t.players[0].failed = "killed on purpose"
    t.until(lambda: all(t.shows(i, en("t_host_gone")) for i in (1, 2)), 15000,
            "'the host is gone' in both lobbies")
    t.press(1, "back")
    t.until(lambda: t.shows(1, en("t_leave_q")), 3000, "leave the table?")
    t.choose(1, en("yes"))
    t.until(lambda: t.shows(1, en("table"), en("settings")), 5000, "the title")
    assert not t.shows(2, en("t_wait_start"))  # handheld 2 still says why it waits in vain


# ---- the lobby's cursor --------------------------------------------------------------------------

def test_the_creators_cursor_starts_on_start_and_stays_there_as_joiners_ask_and_sit(harness):
    """The creator's lobby opens with the cursor on Start! (not the handheld count); a joiner's
    row appearing above it, and being let in, leaves it on Start!."""
    from host_tools.sim import autoplay
    t = harness(3, seed=3)
    t.auto = {0}             # only the creator: it creates the table and opens its lobby
    t.until(lambda: t.shows(0, en("t_add_bot")), 30000, "the creator's lobby")

    def on():
        sel = autoplay.selected_row(t.sim.handhelds[0].frame)
        return None if sel is None else t.lines(0)[sel]
    t.take(0)
    t.run(500)
    assert on() == en("start"), t.screens()
    t.auto = {1}             # a joiner asks: its row comes above Start!, the cursor stays
    t.until(lambda: t.shows(0, en("t_admit") + " Bo"), 30000, "Bo asking")
    t.run(300)
    assert on() == en("start"), t.screens()
    t.choose(0, en("t_admit"))   # let Bo in: his row goes, the cursor is back on Start!
    t.until(lambda: t.shows(1, en("t_wait_start")), 30000, "Bo seated")
    t.run(300)
    assert on() == en("start"), t.screens()
# ---- your turn wakes the screen (issue 16) ---------------------------------------------------------

def test_your_turn_wakes_a_dimmed_handheld(harness):
    """Nobody touches the handhelds for longer than half the sleep time: both dim (contrast 1).
    Then the one on turn plays; the other's turn comes and lights its screen again, untouched."""
    t = harness(2, seed=5, dice=1)
    t.seat_all()
    t.choose(0, en("start"))
    t.take(0)
    t.take(1)
    t.until(lambda: any(t.lines(i)[0] == en("your_turn") for i in (0, 1)), 30000, "a first turn")
    y = [i for i in (0, 1) if t.lines(i)[0] == en("your_turn")][0]
    z = 1 - y
    t.run(61000)        # the default sleep setting: 120 s, so the screens dim after 60 s
    hs = t.sim.handhelds
    assert hs[y].contrast == 1 and hs[z].contrast == 1, (hs[y].contrast, hs[z].contrast)
    t.give(y)
    t.until(lambda: t.lines(z)[0] == en("your_turn") or hs[z].contrast > 1, 30000, "z's turn")
    t.run(200)
    assert t.lines(z)[0] == en("your_turn"), t.screens()
    assert hs[z].contrast > 1, hs[z].contrast
