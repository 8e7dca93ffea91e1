"""The bill of materials of each board: well-formed, under the 10 USD target, with part numbers and reasons,
and covering every part the board's pin map wires."""
import subprocess
import sys

import pytest

from host_tools import boards, bom, pincheck
from host_tools.paths import ROOT


@pytest.mark.parametrize("board", sorted(bom.BOMS))
def test_total_is_quantity_times_price_and_under_target(board):
    rows = bom.load(bom.BOMS[board])
    by_hand = sum(r["quantity"] * r["unit_price_usd"] for r in rows)
    assert bom.total(rows) == round(by_hand, 2)
    assert 0 < bom.total(rows) < bom.TARGET_USD


def test_command_prints_the_total():
    r = subprocess.run([sys.executable, "-m", "host_tools.bom"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "total per handheld: %.2f USD" % bom.total(bom.load()) in r.stdout


def test_command_fails_over_a_lower_budget():
    r = subprocess.run([sys.executable, "-m", "host_tools.bom", "--max", "5"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1 and "over the target" in r.stderr


@pytest.mark.parametrize("board", sorted(bom.BOMS))
def test_every_row_says_why_and_has_a_part_number(board):
    for r in bom.load(bom.BOMS[board]):
        assert r["why"].strip() and r["part_number"].strip(), r


def test_command_prints_part_numbers_and_reasons_for_every_board():
    r = subprocess.run([sys.executable, "-m", "host_tools.bom", "--board", "all"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for board, path in bom.BOMS.items():
        assert boards.BOARDS[board].name in r.stdout
        for row in bom.load(path):
            assert row["part_number"] in r.stdout and row["why"] in r.stdout
    assert "Waveshare ESP32-S3-Zero" in bom.load()[0]["part_number"]   # the reference board leads its BOM


def test_unknown_board_is_a_usage_error():
    r = subprocess.run([sys.executable, "-m", "host_tools.bom", "--board", "c3"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2 and "usage" in r.stderr


@pytest.mark.parametrize("board", sorted(bom.BOMS))
def test_bom_covers_the_pin_map(board):
    rows = bom.load(bom.BOMS[board])
    pm = pincheck.load(boards.BOARDS[board].pinmap)
    qty = {}
    for r in rows:
        qty[r["pinmap"]] = qty.get(r["pinmap"], 0) + r["quantity"]
    assert qty.get("buttons") == len(pm["buttons"])
    for key in ("board", "oled", "battery", "layout"):
        assert qty.get(key), "no BOM row for %s" % key
    for name in pm["optional"]:
        assert qty.get("optional." + name), "pin map wires optional.%s but the BOM has no part for it" % name


def test_bad_csv_is_reported(tmp_path):
    p = tmp_path / "bom.csv"
    p.write_text(",".join(bom.COLUMNS) + "\nwidget,two,x,y,1.0,board\n")
    with pytest.raises(bom.BomError, match="line 2"):
        bom.load(str(p))
    p.write_text("part,qty\nwidget,1\n")
    with pytest.raises(bom.BomError, match="columns"):
        bom.load(str(p))


def test_the_building_guide_states_the_current_total():
    with open(ROOT + "/docs/building.md", encoding="utf-8") as f:  # the building guide
        assert "**%.2f USD per handheld**" % bom.total(bom.load()) in f.read()


def test_make_bom_prints_what_the_readme_promises():
    """README: `make bom` gives the parts, part numbers and why each was chosen (issue 16)."""
    r = subprocess.run(["make", "-s", "bom"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for path in bom.BOMS.values():
        for row in bom.load(path):
            assert row["part"] in r.stdout and row["part_number"] in r.stdout
            assert "why: " + row["why"] in r.stdout
    with open(ROOT + "/README.md", encoding="utf-8") as f:
        assert "make bom                        # the parts, part numbers and why each was chosen" in f.read()
