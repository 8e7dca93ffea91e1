"""The power budget of each board: the arithmetic holds, the figures are the board's own chip's (the S3's
from the ESP32-S3 datasheet, PSRAM only where the board has it, no USB-serial chip on the S3-Zero), the
radio dominates, the regulator argument follows from the dropout figures, and hardware/power*.md are
what the model says."""
import subprocess
import sys

import pytest

from dicecup.device import battery
from host_tools import boards, power
from host_tools.paths import ROOT

KEYS = sorted(boards.BOARDS)


@pytest.mark.parametrize("key", KEYS)
def test_power_md_is_up_to_date(key):
    with open(power.power_md(key), encoding="utf-8") as f:
        assert f.read() == power.report(key), "run python -m host_tools.power --write"


def test_the_reference_board_has_power_md_and_the_others_their_own():
    assert power.POWER_MD == power.power_md(boards.REFERENCE)
    assert power.POWER_MD.endswith("hardware/power.md")
    assert power.power_md("wroom").endswith("hardware/power_wroom.md")
    assert list(power.outputs()) == [power.power_md(k) for k in sorted(KEYS, key=lambda k: k != boards.REFERENCE)]


def test_check_flag_agrees():
    r = subprocess.run([sys.executable, "-m", "host_tools.power", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_s3_figures_come_from_the_s3_datasheet():
    ds = power.S3_DATASHEET
    s3 = power.Budget("s3")
    step = ds["cpu_160"] - ds["cpu_80"]          # the radio table's core at 80 MHz, MicroPython's at 160
    assert s3.rx.ma == pytest.approx(ds["rx_ht20"] + step)
    assert s3.tx.ma == pytest.approx(ds["tx_11b"] + step)
    assert s3.cpu.ma == ds["cpu_160"] and s3.lightsleep.ma == ds["lightsleep"]
    assert 95 <= s3.rx.ma <= 100                 # the S3's receive current, as its datasheet puts it
    for f in (s3.rx, s3.tx, s3.cpu, s3.lightsleep):
        assert "ESP32-S3 datasheet" in f.source and not f.estimate
    st = s3.state_ma()
    assert st["table, screen on"] == pytest.approx(
        s3.rx.ma + s3.tx_extra_ma() + power.I_OLED_ON.ma + s3.psram_ma() + s3.board_ma())
    assert st["light sleep"] == pytest.approx(
        ds["lightsleep"] + ds["psram_sleep"] + power.I_OLED_OFF.ma + s3.board_ma())


def test_each_board_gets_its_own_chips_figures():
    s3, wroom = power.Budget("s3"), power.Budget("wroom")
    assert wroom.rx is power.CHIP["esp32"]["rx"] and s3.rx is power.CHIP["esp32s3"]["rx"]
    assert s3.cpu.ma != wroom.cpu.ma and s3.tx.ma != wroom.tx.ma
    assert power.state_ma("s3") != power.state_ma("wroom")
    assert power.state_ma() == power.state_ma(boards.REFERENCE)


def test_psram_counts_only_on_a_board_that_has_it(monkeypatch):
    s3 = boards.BOARDS["s3"]
    assert s3.psram and not boards.BOARDS["wroom"].psram
    with_psram = power.state_ma("s3")
    assert power.Budget("wroom").psram_ma() == 0.0
    monkeypatch.setattr(s3, "psram", None)
    without = power.state_ma("s3")
    for state in with_psram:
        if state == "light sleep":
            assert with_psram[state] - without[state] == pytest.approx(power.PSRAM["sleep"].ma)
        else:
            assert with_psram[state] - without[state] == pytest.approx(power.PSRAM["awake"].ma)


def test_the_s3_zero_has_no_usb_serial_chip_and_the_devkit_has_one():
    s3, wroom = power.report("s3"), power.report("wroom")
    assert "no USB-serial chip" in s3 and "USB-serial chip idle" not in s3
    assert "USB-serial chip idle" in wroom
    assert all(vid == 0x303A for vid, _ in boards.BOARDS["s3"].usb_ids)   # Espressif's own USB, on the chip
    assert power.Budget("s3").usb_serial is None and power.Budget("wroom").usb_serial


@pytest.mark.parametrize("key", KEYS)
def test_every_figure_says_where_it_comes_from_and_estimates_say_so(key):
    text = power.report(key)
    for what, f in power.Budget(key).figures():
        assert f.source.strip()
        assert ("| %s |" % what) in text and f.cited() in text
        assert f.cited().endswith("(estimate)") == f.estimate
    assert "../shared" not in text


@pytest.mark.parametrize("key", KEYS)
def test_hours_are_usable_capacity_over_average_current(key):
    st = power.state_ma(key)
    avg = power.average_ma({"table, screen on": 1.0}, key)
    assert avg == st["table, screen on"]
    assert abs(power.hours(avg) * avg - power.CELL_MAH * power.USABLE) < 1e-6


@pytest.mark.parametrize("key", KEYS)
def test_radio_is_the_dominant_draw_at_the_table(key):
    st = power.state_ma(key)
    assert st["table, screen on"] > 100
    assert power.Budget(key).rx.ma / st["table, screen on"] > 0.85
    assert st["solo, radio off, screen on"] < st["table, screen dimmed"] / 2


@pytest.mark.parametrize("key", KEYS)
def test_continuous_table_play_is_honestly_short_of_eight_hours_on_1000mah(key):
    worst = power.average_ma(power.SCENARIOS[0][2], key)
    assert 7.0 < power.hours(worst) < 8.0
    assert power.cell_for(worst) > 1000


@pytest.mark.parametrize("key", KEYS)
def test_sleep_needed_makes_the_night(key):
    need = power.sleep_needed_h(board=key)
    st = power.state_ma(key)
    used = (power.NIGHT_H - need) * st["table, screen on"] + need * st["light sleep"]
    assert abs(used - power.CELL_MAH * power.USABLE) < 1e-6
    assert power.sleep_needed_h(cell_mah=1200, board=key) == 0.0


def test_duty_cycle_comes_from_the_firmware_settings():
    from dicecup.storage import settings
    assert power.SLEEP_S == settings.SLEEP_S[settings.SCHEMA["sleep"][0]]
    assert "after %d s" % power.SLEEP_S in power.report()


@pytest.mark.parametrize("key", KEYS)
def test_games_night_scenario_lasts(key):
    avg = power.average_ma(power.SCENARIOS[2][2], key)
    assert power.hours(avg) >= power.NIGHT_H


def test_dropout_goes_through_the_datasheet_points_and_on():
    for ma, v in power.LDO_DROPOUT:
        assert power.dropout_v(ma) == pytest.approx(v)
    assert power.dropout_v(350) > power.dropout_v(200) > power.dropout_v(150) > power.dropout_v(100)


@pytest.mark.parametrize("key", KEYS)
def test_regulator_argument_follows_from_the_figures(key):
    r = power.regulator(key)
    bud = power.Budget(key)
    steady = bud.state_ma()["table, screen on"]
    assert r["steady_ma"] == steady and r["burst_ma"] == pytest.approx(steady + bud.tx.ma - bud.rx.ma)
    assert r["hold_v"] == pytest.approx(power.V_RAIL + power.dropout_v(steady) + steady / 1000.0 * power.R_PATH)
    assert r["burst_min_v"] == pytest.approx(r["burst_33_v"] - (power.V_RAIL - power.VDD_MIN[bud.board.chip]))
    assert r["hold_v"] < r["burst_33_v"] < power.V_FULL
    assert r["hold_pc"] == battery.percent(int(round(r["hold_v"] * 1000)))
    # the 85 % usable leaves more than the charge below the point where 3.3 V is lost, and below the
    # critical warning, where the charge the budget counts ends
    assert 100 - r["hold_pc"] >= power.USABLE * 100
    assert 100 - battery.CRITICAL >= power.USABLE * 100
    # from a full cell to that point at the table: margin, and the rail stays in the chip's range after it
    assert r["margin_full_v"] > 0.5 and r["empty_rail_v"] >= power.VDD_MIN[bud.board.chip]
    text = power.report(key)
    assert "down to %.2f V" % r["hold_v"] in text and "%.0f mA" % r["burst_ma"] in text
    assert "%d mV at %d mA" % (power.LDO_DROPOUT[1][1] * 1000, power.LDO_DROPOUT[1][0]) in text


def test_the_s3_radio_peak_is_what_the_regulator_must_carry():
    r3, rw = power.regulator("s3"), power.regulator("wroom")
    assert r3["burst_ma"] > rw["burst_ma"]           # the S3 sends at 21 dBm, 340 mA by its datasheet
    assert r3["burst_ma"] < power.LDO_RATED_MA
    assert r3["burst_min_pc"] < battery.CRITICAL     # the critical warning comes before the rail dips too far


def test_warning_mv_is_where_the_firmware_starts_to_warn():
    for level in (1, 2):
        mv = power.warning_mv(level)
        assert battery.warning(battery.percent(mv)) >= level > battery.warning(battery.percent(mv + 1))
    assert power.warning_mv(2) < power.warning_mv(1)


@pytest.mark.parametrize("key", KEYS)
def test_the_critical_warning_comes_before_a_frame_sent_can_brown_the_handheld_out(key):
    """hardware/power.md's promise: the handheld saves and warns before the 3.3 V rail dips under the chip's
    minimum while it sends (the regulator's extrapolated dropout), so nothing is lost to a brown-out."""
    r = power.regulator(key)
    assert battery.CRITICAL < battery.LOW
    assert r["burst_min_pc"] < battery.CRITICAL
    assert r["critical_v"] > r["burst_min_v"] and r["critical_margin_v"] >= 0.03
    assert r["low_v"] > r["critical_v"]
    text = power.report(key)
    assert "Raise battery.CRITICAL" not in text
    assert "at %d %% (battery.CRITICAL, %.2f V" % (battery.CRITICAL, r["critical_v"]) in text
    assert "under %.2f V a handheld at the table may reset" % r["burst_min_v"] in text


def test_the_report_says_so_when_the_critical_warning_comes_too_late(monkeypatch):
    monkeypatch.setattr(battery, "CRITICAL", 5)
    r = power.regulator("s3")
    assert r["burst_min_pc"] >= battery.CRITICAL
    assert "Raise battery.CRITICAL above %d %%" % r["burst_min_pc"] in power.report("s3")


def test_the_battery_module_quotes_the_reference_boards_figures():
    """firmware/dicecup/device/battery.py's docstring: the reference board's currents and the warnings' voltages."""
    doc = " ".join(battery.__doc__.split())
    r = power.regulator()
    st = power.state_ma()
    assert "%.0f mA" % st["table, screen on"] in doc and "%.0f mA" % st["solo, radio off, screen on"] in doc
    assert "%.0f mA" % r["burst_ma"] in doc
    assert "LOW at %d %% (%.2f V)" % (battery.LOW, r["low_v"]) in doc
    assert "CRITICAL at %d %% (%.2f V)" % (battery.CRITICAL, r["critical_v"]) in doc
    assert "%.2f V at the cell (%d %%" % (r["burst_min_v"], r["burst_min_pc"]) in doc
    assert "%.2f V" % r["hold_v"] in doc and "%d mAh" % (power.CELL_MAH * power.USABLE) in doc
    assert "111 mA" not in doc and "40 mA" not in doc    # the WROOM-32's figures


def test_the_boards_own_regulator_does_not_replace_the_me6211():
    for key in KEYS:
        r = power.regulator(key)
        text = power.report(key)
        assert boards.BOARDS[key].regulator in text and "does not replace it" in text
        assert r["own_min_in"] > r["hold_v"]         # it would lose 3.3 V earlier than the ME6211 does
    assert "USB 5 V rail" in power.report("s3")


def test_the_bom_states_the_regulators_hold_voltage():
    import csv
    for key, path in (("s3", "hardware/bom.csv"), ("wroom", "hardware/bom_wroom.csv")):
        with open(ROOT + "/" + path, encoding="utf-8") as f:
            row = [r for r in csv.DictReader(f) if r["part_number"].startswith("ME6211")][0]
        assert "%.2f V at the cell" % power.regulator(key)["hold_v"] in row["why"], key
        if key == boards.REFERENCE:   # and where the critical warning comes, above the dip while sending
            r = power.regulator(key)
            assert "%.2f V" % r["burst_min_v"] in row["why"] and "%.2f V" % r["critical_v"] in row["why"]


def test_the_building_guide_states_the_model_numbers():
    with open(ROOT + "/docs/building.md", encoding="utf-8") as f:  # the building guide: the reference board
        guide = f.read()
    worst = power.average_ma(power.SCENARIOS[0][2])
    solo = power.average_ma(power.SCENARIOS[3][2])
    assert "**%.1f hours** on %d mAh" % (power.hours(worst), power.CELL_MAH) in guide
    assert "%d minutes" % round(power.sleep_needed_h() * 60 + 0.5) in guide
    assert "about %d hours" % round(power.hours(solo)) in guide
    assert "%.2f V" % power.regulator()["hold_v"] in guide
    assert "*battery low* at %d %% and *battery empty* at %d %% (%.2f V)" % (
        battery.LOW, battery.CRITICAL, power.regulator()["critical_v"]) in " ".join(guide.split())


def test_the_hardware_page_states_the_regulator_argument():
    with open(ROOT + "/docs/hardware.md", encoding="utf-8") as f:
        page = f.read()
    r = power.regulator()
    assert "%.2f V" % r["hold_v"] in page and "%.1f V" % r["own_min_in"] in page
    assert "could not be checked" not in page
    assert "*battery low* at %d %% (%.2f V), and *battery empty* at %d %% (%.2f V, %.2f V above that point)" % (
        battery.LOW, r["low_v"], battery.CRITICAL, r["critical_v"], r["critical_margin_v"]) in " ".join(page.split())
