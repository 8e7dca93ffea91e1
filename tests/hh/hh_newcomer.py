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
