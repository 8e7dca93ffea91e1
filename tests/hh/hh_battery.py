"""The low-battery warning: through the fake ADC, once at the low level, again at the critical one,
where the solo game in progress is saved (and replays), closed by a press that is not a move."""
import json
import os

import machine

import rig
from dicecup.play import seats
from dicecup.records import snyd as snyd_record

seats.Bot.think_ms = 60
ADC = rig.pinmap.load()["battery"]["adc"]


def volts(mv):
    machine.sim_adc(ADC, mv * 500)      # the pin sees half the cell (1:2 divider), in microvolts


def test_warns_once_when_low_again_when_critical_and_saves_the_game():
    rig.fresh({"sleep": 4})
    volts(4100)
    r = rig.Rig(seed=8)
    r.choose("Snyd")
    r.choose("Start!")
    assert "Lavt batteri" not in r.text()
    screen = r.app.screen
    volts(3650)                          # about 17 %: low
    r.wait(31000)                        # the app reads the battery every 30 s
    txt = r.text()
    assert "Lavt batteri" in txt and "Oplad snart" in txt, txt
    assert r.app.screen is screen
    r.press("select")                    # closes the warning; not a move
    assert "Lavt batteri" not in r.text() and r.app.screen is screen, r.text()
    volts(3630)                          # lower, still only low: no second warning
    r.wait(31000)
    assert "Lavt batteri" not in r.text(), r.text()
    assert not "records" in os.listdir()
    while not r.lines()[7].startswith("OK:tr"):
        r.idle()
    r.press("select")                    # a bid, so the record holds a move of mine
    r.choose("Byd")
    r.press("select")
    volts(3600)                          # about 9 %: critical
    r.wait(31000)
    txt = r.text()
    assert "Batteri tomt!" in txt and "Oplad nu!" in txt and "Spillet er gemt" in txt, txt
    recs = os.listdir("records")
    assert recs == ["snyd-0001.json"], recs
    with open("records/snyd-0001.json") as f:
        rec = json.load(f)
    out = snyd_record.replay(rec)
    assert out["error"] is None and out["winner"] is None, out
    assert any(a[0] == 0 for rd in rec["rounds"] for a in rd["actions"]), rec
    r.press("back")
    assert "Batteri tomt!" not in r.text()
    volts(4150)                          # charged: the next low battery warns again
    r.wait(31000)
    assert r.app.battery.warn == 0
    volts(3650)
    r.wait(31000)
    assert "Lavt batteri" in r.text(), r.text()
    volts(4100)
    rig.leave()


def test_english_and_no_save_outside_a_game():
    rig.fresh({"sleep": 4, "lang": 1})
    volts(3450)                          # booting on an almost empty cell: critical at once
    r = rig.Rig()
    txt = r.text()
    assert "Battery empty!" in txt and "Charge it now!" in txt and "Game saved" not in txt, txt
    r.press("down")                      # closes it; the menu did not move
    assert r.selected().strip().startswith("Snyd"), r.selected()
    assert not "records" in os.listdir()
    volts(4100)
    rig.leave()


def test_no_second_record_when_the_game_is_over_already():
    rig.fresh({"sleep": 4})
    volts(4100)
    r = rig.Rig(seed=6)
    r.choose("Snyd")
    r.choose("Start!")
    while not r.lines()[7].startswith("OK:tr"):
        r.idle()
    r.press("select")
    r.choose("Forlad spillet")
    r.choose("Ja")                       # left: game over, its record saved
    assert "Spillet er slut" in r.text(), r.text()
    volts(3450)
    r.wait(31000)
    assert "Batteri tomt!" in r.text() and "Spillet er gemt" not in r.text(), r.text()
    assert os.listdir("records") == ["snyd-0001.json"], os.listdir("records")
    volts(4100)
    rig.leave()


def test_critical_saves_a_yatzy_game_too():
    from dicecup.records import yatzy as yatzy_record
    rig.fresh({"sleep": 4})
    volts(4100)
    r = rig.Rig(seed=9)
    r.choose("Yatzy")
    r.choose("Yatzy")
    r.choose("Start!")
    r.until("OK: slå")
    r.press("select")                    # a roll
    volts(3450)
    r.wait(31000)
    assert "Spillet er gemt" in r.text(), r.text()
    with open("records/yatzy-0001.json") as f:
        rec = json.load(f)
    out = yatzy_record.replay(rec)
    assert out["error"] is None and not out["finished"], out
    volts(4100)
    rig.leave()
