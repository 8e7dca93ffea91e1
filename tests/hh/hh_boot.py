"""A boot into a solo game by the soft reset (app.App.launch on a small heap): the press that
chose Start may still be down, and the RTC memory it was kept in may hold anything."""
import machine

import rig


def _boot_into(b, held):
    rig.fresh({"sleep": 4})
    machine.RTC().memory(b)     # what hw.reset(b) kept for this boot
    if held:
        machine.sim_set(rig.Rig.pin_of("select"), 0)   # the finger that chose Start is still down
    try:
        r = rig.Rig(seed=5)
        r.step(5)
        return r
    finally:
        machine.sim_set(rig.Rig.pin_of("select"), 1)


def test_the_press_that_chose_start_is_no_move_in_the_game_it_reset_into():
    r = _boot_into(bytes((2, 1, 1, 1)), True)   # Yatzy, one bot at level 1, one person
    g = r.app.screen.m.game
    assert g.roll_no == 0, "the held Start rolled the dice"
    r.step(5)                                    # its release is no press either
    assert g.roll_no == 0 and r.app.screen.m.game is g
    rig.leave()


def test_a_boot_with_set_up_bytes_no_menu_makes_shows_the_title():
    for b in (bytes((0, 3, 9, 0)), bytes((0, 60, 1, 0)), bytes((40, 1, 1, 1)), b"\x01\x02"):
        r = _boot_into(b, False)
        assert type(r.app.screen).__name__ == "Title", (b, type(r.app.screen).__name__)
        assert not machine.RTC().memory()   # forgotten: the next boot is a plain one
        rig.leave()
