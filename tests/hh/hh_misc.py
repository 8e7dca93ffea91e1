"""Battery indicator, the open-cup setting, and the crash screen."""
import machine

import rig
from dicecup.play import seats

seats.Bot.think_ms = 60


def _battery_cells(r):
    # the icon's 13 x 7 pixels in the top-right corner, as column bytes of row 0
    return bytes(r.panel.sent[115:128])


def test_battery_indicator_follows_the_cell_voltage():
    rig.fresh({"sleep": 4})
    adc = rig.pinmap.load()["battery"]["adc"]
    machine.sim_adc(adc, 2050000)            # 4.1 V behind the 1:2 divider: nearly full
    r = rig.Rig()
    full = _battery_cells(r)
    assert r.app.battery.percent >= 90, r.app.battery.percent
    machine.sim_adc(adc, 1760000)            # 3.52 V: almost empty
    r.wait(31000)
    assert r.app.battery.percent <= 10, r.app.battery.percent
    low = _battery_cells(r)
    assert low != full and sum(bin(b).count("1") for b in low) < sum(bin(b).count("1") for b in full)
    machine.sim_adc(adc, 2000000)
    rig.leave()


def test_open_cup_setting_shows_the_dice_without_holding():
    rig.fresh({"sleep": 4})
    r = rig.Rig(seed=3)
    r.choose("Indstillinger")
    r.choose("Bæger")
    assert r.selected().endswith("åbent"), r.selected()
    r.press("back")
    r.choose("Snyd")
    r.choose("Start!")
    g = r.app.screen.m.game
    assert r.faces() == list(g.dice_of(0)), r.text()
    rig.leave()


def test_a_crash_shows_a_message_and_keeps_the_traceback():
    rig.fresh({"sleep": 4})
    r = rig.Rig()
    machine.sim_set(r.pin("select"), 0)      # so the crash screen's wait for OK ends at once
    try:
        from dicecup.ui import crash
        crash.show(r.hw, ValueError("boom"))
        raise AssertionError("no reset")
    except SystemExit:
        pass
    machine.sim_set(r.pin("select"), 1)
    assert "Der er en fejl" in r.text() and "ValueError" in r.text(), r.text()
    with open("error.log") as f:
        assert "boom" in f.read()
    rig.leave()


def test_leaving_a_game_asks_first_and_keeps_its_record():
    import os
    rig.fresh({"sleep": 4})
    r = rig.Rig(seed=6)
    r.choose("Yatzy")
    r.choose("Yatzy")
    r.choose("Start!")
    r.until("OK: slå")
    r.hold("back", 900)                      # a long back: leave?
    assert r.lines()[0].startswith("Forlad spil?"), r.text()
    r.press("select")                        # "Nej" is the default
    assert r.lines()[4] == "OK: slå", r.text()
    r.hold("back", 900)
    r.choose("Ja")
    assert r.lines()[0].startswith("Spillet er slut"), r.text()
    assert [f for f in os.listdir("records") if f.startswith("yatzy-")]
    r.press("select")
    assert r.lines()[0].startswith("Terningebæger")
    r.choose("Snyd")
    r.choose("Start!")
    while not r.lines()[7].startswith("OK:tr"):
        r.idle()
    r.press("select")
    r.choose("Forlad spillet")
    r.choose("Ja")
    assert "Spillet er slut" in r.text(), r.text()
    assert [f for f in os.listdir("records") if f.startswith("snyd-")]
    rig.leave()
