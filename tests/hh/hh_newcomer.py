"""What a newcomer met first (issue 24): a dimmed screen's first press, the shortest taps, the
language of a new handheld and its first boot's question."""
import json

import machine

import rig


def test_a_dimmed_menu_moves_on_the_first_up_or_down_but_never_selects():
    rig.fresh({"sleep": 0})              # 30 s: dim after 15
    r = rig.Rig()
    first = r.selected()
    r.wait(16000)
    assert r.panel.level == 1, "not dimmed"
    r.press("down")                      # wakes it and counts: only a cursor moves
    assert r.panel.level > 1
    assert r.selected() != first, r.text()
    second = r.selected()
    r.wait(16000)
    assert r.panel.level == 1, "not dimmed"
    r.press("select")                    # wakes it and does nothing else: no game starts
    assert r.panel.level > 1
    assert r.selected() == second and r.lines()[0].startswith("Terningeb"), r.text()
    r.press("select")                    # awake: now it counts
    assert not r.lines()[0].startswith("Terningeb"), r.text()
    rig.leave()


def test_a_tap_shorter_than_a_poll_is_a_press():
    rig.fresh()
    r = rig.Rig()
    first = r.selected()
    pin = r.pin("down")
    machine.sim_set(pin, 0)              # down and up again before the firmware polls (a 12 ms tap
    machine.sim_set(pin, 1)              # sent by a tool): the poll still sees it pressed once
    r.step(3)
    assert r.selected() != first, r.text()
    r.step(10)
    assert not r.app.buttons[1].pressed
    r.press("up")                        # and the button works as before afterwards
    assert r.selected() == first, r.text()
    rig.leave()


def test_a_new_handheld_speaks_english_and_asks_the_language_before_the_name():
    rig.fresh(None, owner=None, lang=None)
    r = rig.Rig()
    lines = r.lines()
    assert lines[0].startswith("Language/Sprog"), r.text()  # both words: whoever holds it can read it
    assert "English" in lines[1] and "Dansk" in lines[2], r.text()
    assert r.selected().strip() == "English", r.text()      # the default: one press goes on
    r.press("back")                      # no way round the question
    assert r.lines()[0].startswith("Language/Sprog"), r.text()
    r.press("select")
    assert r.lines()[0].startswith("Your name?"), r.text()
    r.hold("select", 1000)               # "A" saved: on to the title, in English
    assert r.lines()[0].startswith("Dice cup"), r.text()
    with open("settings.json") as f:
        assert json.load(f)["lang"] == 1
    rig.leave()


def test_dansk_on_the_first_boot_keeps_danish():
    rig.fresh(None, owner=None, lang=None)
    r = rig.Rig()
    r.press("down")
    r.press("select")                    # Dansk
    assert r.lines()[0].startswith("Dit navn?"), r.text()
    r.hold("select", 1000)
    assert r.lines()[0].startswith("Terningebæger"), r.text()
    r2 = rig.Rig()                       # the next boot: no question, still Danish
    assert r2.lines()[0].startswith("Terningebæger"), r2.text()
    rig.leave()


def test_a_named_handheld_without_a_language_setting_starts_in_english():
    rig.fresh(None, lang=None)           # named (make deploy NAME=...), settings never changed
    r = rig.Rig()
    assert r.lines()[0].startswith("Dice cup"), r.text()
    rig.leave()


def test_a_language_set_before_the_first_boot_is_not_asked_again():
    rig.fresh({"lang": 0}, owner=None, lang=None)   # the simulator's --lang da, the page's ?lang=da
    r = rig.Rig()
    assert r.lines()[0].startswith("Dit navn?"), r.text()
    rig.leave()


def test_the_rounds_dice_counts_say_whose_they_are():
    rig.fresh({"sleep": 4, "bots": 3, "dice": 2})
    r = rig.Rig(seed=3)
    r.choose("Snyd")
    r.choose("Start!")
    m = r.app.screen.m
    g = m.game
    row = r.lines()[6]
    # each seat's initial and dice left, in seat order: Dig's D3, then the bots' B3 ...
    assert row.split() == [m.names[s][0] + str(g.dice_left[s]) for s in range(g.seats)], row
    # and this handheld's own cell inverted (lit under its letters)
    x = (128 - len(row) * 8) // 2
    assert r.panel.sent[6 * 128 + x] == 0xFF, r.text()
    assert r.panel.sent[6 * 128 + x + 16 + 8] != 0xFF, r.text()   # the next seat's is not
    rig.leave()


def _lobby(r):
    """From the title: Table, Create, Open (Snyd): the creator's lobby."""
    r.choose("Bord")
    r.step(5)
    r.choose("Opret")
    r.choose("Åbn")
    r.wait(300)
    return r.app.screen


def test_the_creators_lobby_shows_the_game_explains_the_code_and_offers_only_what_works():
    rig.fresh({"sleep": 4})
    r = rig.Rig()
    lobby = _lobby(r)
    assert type(lobby).__name__ == "HostLobby", r.text()
    lines = r.lines()
    assert lines[1].startswith("Snyd") and lines[1].endswith("∪1"), r.text()  # one handheld sits
    assert lines[7] == "Kode=de siddende", r.text()
    rows = set()
    for _ in range(lobby.count() + 2):          # round the whole menu: every row can be chosen
        rows.add(r.selected().strip())
        r.press("down")
    assert rows == {"Start!", "+ Bot", "1 Dig"}, rows
    before = r.text()
    r.choose("1 Dig")                           # the lone seat: nothing to move or remove
    assert r.app.screen is lobby and r.text() == before, r.text()
    r.choose("+ Bot")
    r.choose("2 Bot")                           # a bot's seat: up and remove, no down (it is last)
    got = [r.lines()[1].strip(), r.lines()[2].strip(), r.lines()[3].strip()]
    assert got == ["Flyt op", "Fjern", ""], r.text()
    rig.leave()
