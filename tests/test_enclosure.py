"""The enclosure: its parameters come from each board's pin map (layout) and its board facts (size,
thickness, USB connector), are current, refuse a board that does not fit, and OpenSCAD accepts the model."""
import copy
import os
import re
import shutil
import subprocess

import pytest

from host_tools import boards, enclosure, pincheck

PM = pincheck.load()
MAPS = {k: pincheck.load(b.pinmap) for k, b in boards.BOARDS.items()}


def _value(text, name, board=boards.REFERENCE):
    """The value of `name` in a params text for `board`, as OpenSCAD source (by_board resolved)."""
    m = re.search(r"^%s = (.*?);(  //.*)?$" % name, text, re.M)
    assert m, name
    v = m.group(1)
    if v.startswith("by_board("):
        m = re.search(r'\["%s", (\[.*?\]|[^\]]*?)\](?:, \[|\]\))' % board, v)
        assert m, (name, board, v)
        v = m.group(1)
    return v


def _nums(v):
    return [float(x) for x in v.strip("[]").split(",")]


def test_params_file_is_what_the_generator_writes():
    with open(enclosure.PARAMS, encoding="utf-8") as f:
        assert f.read() == enclosure.params(), "run python -m host_tools.enclosure"


def test_check_flag_agrees():
    assert enclosure.main(["--check"]) == 0


def test_params_place_every_button_and_the_screen_from_the_layout():
    text = enclosure.params()
    lay = PM["layout"]
    for name, b in lay["buttons"].items():
        assert re.search(r'\["%s", %s, %s, %s\]' % (name, enclosure._num(b["x"]), enclosure._num(b["y"]),
                                                  enclosure._num(b["d"])), text), name
    s = lay["screen"]
    assert "screen = [%s, %s, %s, %s];" % tuple(enclosure._num(s[k]) for k in ("x", "y", "w", "h")) in text
    assert 'wake_button = "%s";' % PM["wake"] in text
    assert 'board = "%s";' % boards.REFERENCE in text


def test_moving_a_button_in_the_pin_map_moves_its_hole():
    pm = copy.deepcopy(PM)
    pm["layout"]["buttons"]["up"]["y"] = -20
    assert pincheck.check(pm) == []
    up = pm["layout"]["buttons"]["up"]
    assert '["up", %s, -20, %s]' % (enclosure._num(up["x"]), enclosure._num(up["d"])) in \
        enclosure.params({boards.REFERENCE: pm})
    assert '["up", %s, -20,' % enclosure._num(up["x"]) not in enclosure.params()


@pytest.mark.parametrize("key", sorted(boards.BOARDS))
def test_the_pocket_and_slot_fit_the_boards_own_size_and_connector(key):
    b = boards.BOARDS[key]
    text = enclosure.params()
    pocket = _nums(_value(text, "board_pocket", key))
    place = MAPS[key]["layout"]["lid"]["board"]
    assert pocket[:3] == [place["x"], place["y"], place["angle"]]
    # inside: the short (USB) edge and the thickness, each with the clearance
    assert pocket[3] == pytest.approx(min(b.size_mm) + 2 * enclosure.CLEAR)
    assert pocket[4] == pytest.approx(b.thick_mm + 2 * enclosure.CLEAR)
    size = _nums(_value(text, "board_size", key))
    assert size == pytest.approx([min(b.size_mm), max(b.size_mm), b.thick_mm])
    slot = _nums(_value(text, "data_usb", key))
    keep_out = enclosure.PLUG[b.usb["connector"]]["keep_out"]
    assert slot[2:4] == pytest.approx([keep_out[0] + 2 * enclosure.CLEAR, keep_out[1] + 2 * enclosure.CLEAR])
    # the slot lies over the receptacle: its centre across the board is where the connector's is
    assert slot[1] - place["y"] == pytest.approx(b.usb["above"] + b.usb["h"] / 2.0 - b.thick_mm / 2.0, abs=1e-3)
    assert slot[2] >= b.usb["w"] and slot[3] >= b.usb["h"]
    assert enclosure.problems(MAPS[key], b) == []


def test_the_s3_zero_gets_a_usb_c_slot_and_a_pocket_of_its_own():
    text = enclosure.params()
    s3, wroom = boards.BOARDS["s3"], boards.BOARDS["wroom"]
    assert s3.usb["connector"] == "USB-C" and wroom.usb["connector"] == "micro-USB"
    assert _value(text, "board_pocket", "s3") != _value(text, "board_pocket", "wroom")
    assert _nums(_value(text, "board_pocket", "s3"))[3] < _nums(_value(text, "board_pocket", "wroom"))[3]
    assert 'board_pocket = by_board([["s3", ' in text   # the reference board first


def test_a_changed_board_size_changes_the_pocket(monkeypatch):
    b = boards.BOARDS["s3"]
    before = enclosure.params()
    monkeypatch.setattr(b, "size_mm", (25.5, 18.0))
    monkeypatch.setattr(b, "thick_mm", 3.2)
    after = enclosure.params()
    assert after != before
    assert _nums(_value(after, "board_pocket", "s3"))[3:5] == pytest.approx([19.0, 4.2])
    assert _nums(_value(after, "board_size", "s3")) == pytest.approx([18.0, 25.5, 3.2])


def test_a_board_too_wide_for_the_lid_is_refused(monkeypatch):
    b = boards.BOARDS["s3"]
    monkeypatch.setattr(b, "size_mm", (85.0, 80.0))
    probs = enclosure.problems(MAPS["s3"], b)
    assert probs and "reaches past the lid" in probs[0] and b.name in probs[0]


def test_a_pocket_on_the_finger_notch_is_refused():
    pm = copy.deepcopy(MAPS["s3"])
    r = enclosure.lid_d(pm["layout"]["cup"]) / 2.0
    t = enclosure.pocket(pm, boards.BOARDS["s3"])["outer"][1]
    pm["layout"]["lid"]["board"].update(angle=90, x=r - enclosure.NOTCH_R - t / 2.0 - 0.5)  # thin side 0.5 mm off it
    probs = enclosure.problems(pm, boards.BOARDS["s3"])
    assert probs == ["the Waveshare ESP32-S3-Zero's pocket runs into the finger notch at the lid's +x edge"]
    pm["layout"]["lid"]["board"]["x"] -= 2.0
    assert enclosure.problems(pm, boards.BOARDS["s3"]) == []


def test_a_connector_too_deep_for_the_plug_is_refused():
    pm = copy.deepcopy(MAPS["s3"])
    pm["layout"]["cup"]["lid"] = 4.0   # 4.0 - 1.3 mm = 2.7 mm behind the outer face, USB-C plugs reach 2.0
    probs = enclosure.problems(pm, boards.BOARDS["s3"])
    assert any("inside the lid's outer face" in p for p in probs), probs


def test_a_board_taller_than_the_cup_is_refused():
    pm = copy.deepcopy(MAPS["wroom"])
    pm["layout"]["cup"]["height"] = 60
    assert any("stands 54.4 mm tall" in p for p in enclosure.problems(pm, boards.BOARDS["wroom"]))


def test_model_uses_the_generated_params():
    with open(enclosure.SCAD, encoding="utf-8") as f:
        scad = f.read()
    assert "include <pinmap_params.scad>" in scad
    for var in ("screen", "buttons", "charge_usb", "power_switch", "buzzer_holes", "data_usb", "cup_top_d",
                "board_pocket", "board_size"):
        assert re.search(r"\b%s\b" % var, scad), var


def test_readme_render_exists():
    assert os.path.getsize(enclosure.PNG) > 10000


@pytest.mark.skipif(shutil.which("openscad") is None, reason="openscad not installed (optional; make enclosure-render)")
@pytest.mark.parametrize("board", sorted(boards.BOARDS))
@pytest.mark.parametrize("part", ["cup", "lid"])
def test_openscad_accepts_the_model(tmp_path, part, board):
    out = tmp_path / ("%s.csg" % part)
    r = subprocess.run(["openscad", "-o", str(out), "-D", 'part="%s"' % part, "-D", 'board="%s"' % board,
                        enclosure.SCAD], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "WARNING" not in r.stderr, r.stderr
    assert out.stat().st_size > 200


@pytest.mark.skipif(shutil.which("openscad") is None, reason="openscad not installed (optional; make enclosure-render)")
def test_openscad_refuses_an_unknown_board(tmp_path):
    r = subprocess.run(["openscad", "-o", str(tmp_path / "x.csg"), "-D", 'board="c3"', enclosure.SCAD],
                       capture_output=True, text=True, timeout=120)
    assert "has no board" in r.stderr


def test_the_building_guide_states_the_s3_pocket_and_slot():
    with open(os.path.join(os.path.dirname(enclosure.DIR), "..", "docs", "building.md"), encoding="utf-8") as f:
        guide = f.read()
    b = boards.BOARDS["s3"]
    p = enclosure.pocket(MAPS["s3"], b)
    assert "%s x %s mm pocket" % tuple(enclosure._num(round(v, 2)) for v in p["inner"]) in guide
    assert "%s x %s mm slot" % tuple(enclosure._num(round(v, 2)) for v in p["slot"][2:]) in guide
    assert "%s mm inside" % enclosure._num(round(p["recess"], 2)) in guide
    assert "%s x %s mm" % (enclosure._num(min(b.size_mm)), enclosure._num(max(b.size_mm))) in guide
