"""The power budget: the arithmetic holds, the radio dominates, and hardware/power.md is what the model says."""
import subprocess
import sys

from host_tools import power
from host_tools.paths import ROOT


def test_power_md_is_up_to_date():
    with open(power.POWER_MD, encoding="utf-8") as f:
        assert f.read() == power.report(), "run python -m host_tools.power --write"


def test_check_flag_agrees():
    r = subprocess.run([sys.executable, "-m", "host_tools.power", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_hours_are_usable_capacity_over_average_current():
    st = power.state_ma()
    avg = power.average_ma({"table, screen on": 1.0})
    assert avg == st["table, screen on"]
    assert abs(power.hours(avg) * avg - power.CELL_MAH * power.USABLE) < 1e-6


def test_radio_is_the_dominant_draw_at_the_table():
    st = power.state_ma()
    assert st["table, screen on"] > 100
    assert power.I_RX / st["table, screen on"] > 0.85
    assert st["solo, radio off, screen on"] < st["table, screen dimmed"] / 2


def test_continuous_table_play_is_honestly_short_of_eight_hours_on_1000mah():
    worst = power.average_ma(power.SCENARIOS[0][2])
    assert 7.0 < power.hours(worst) < 8.0
    assert power.cell_for(worst) > 1000


def test_sleep_needed_makes_the_night():
    need = power.sleep_needed_h()
    st = power.state_ma()
    used = (power.NIGHT_H - need) * st["table, screen on"] + need * st["light sleep"]
    assert abs(used - power.CELL_MAH * power.USABLE) < 1e-6
    assert power.sleep_needed_h(cell_mah=1200) == 0.0


def test_duty_cycle_comes_from_the_firmware_settings():
    import settings
    assert power.SLEEP_S == settings.SLEEP_S[settings.SCHEMA["sleep"][0]]
    assert "after %d s" % power.SLEEP_S in power.report()


def test_games_night_scenario_lasts():
    avg = power.average_ma(power.SCENARIOS[2][2])
    assert power.hours(avg) >= power.NIGHT_H


def test_the_building_guide_states_the_model_numbers():
    with open(ROOT + "/docs/building.md", encoding="utf-8") as f:  # the building guide
        readme = f.read()
    worst = power.average_ma(power.SCENARIOS[0][2])
    solo = power.average_ma(power.SCENARIOS[3][2])
    assert "**%.1f hours** on %d mAh" % (power.hours(worst), power.CELL_MAH) in readme
    assert "%d minutes" % round(power.sleep_needed_h() * 60 + 0.5) in readme
    assert "about %d hours" % round(power.hours(solo)) in readme
