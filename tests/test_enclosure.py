"""The enclosure: its parameters come from the pin map's layout, are current, and OpenSCAD accepts the model."""
import copy
import os
import re
import shutil
import subprocess

import pytest

from host_tools import enclosure, pincheck

PM = pincheck.load()


def test_params_file_is_what_the_generator_writes():
    with open(enclosure.PARAMS, encoding="utf-8") as f:
        assert f.read() == enclosure.params(PM), "run python -m host_tools.enclosure"


def test_params_place_every_button_and_the_screen_from_the_layout():
    text = enclosure.params(PM)
    lay = PM["layout"]
    for name, b in lay["buttons"].items():
        assert re.search(r'\["%s", %s, %s, %s\]' % (name, enclosure._num(b["x"]), enclosure._num(b["y"]),
                                                  enclosure._num(b["d"])), text), name
    s = lay["screen"]
    assert "screen = [%s, %s, %s, %s];" % tuple(enclosure._num(s[k]) for k in ("x", "y", "w", "h")) in text
    assert 'wake_button = "%s";' % PM["wake"] in text


def test_moving_a_button_in_the_pin_map_moves_its_hole():
    pm = copy.deepcopy(PM)
    pm["layout"]["buttons"]["up"]["y"] = -20
    assert pincheck.check(pm) == []
    up = pm["layout"]["buttons"]["up"]
    assert '["up", %s, -20, %s]' % (enclosure._num(up["x"]), enclosure._num(up["d"])) in enclosure.params(pm)
    assert '["up", %s, -20,' % enclosure._num(up["x"]) not in enclosure.params(PM)


def test_model_uses_the_generated_params():
    with open(enclosure.SCAD, encoding="utf-8") as f:
        scad = f.read()
    assert "include <pinmap_params.scad>" in scad
    for var in ("screen", "buttons", "charge_usb", "power_switch", "buzzer_holes", "data_usb", "cup_top_d"):
        assert re.search(r"\b%s\b" % var, scad), var


def test_readme_render_exists():
    assert os.path.getsize(enclosure.PNG) > 10000


@pytest.mark.skipif(shutil.which("openscad") is None, reason="openscad not installed (optional; make enclosure-render)")
@pytest.mark.parametrize("part", ["cup", "lid"])
def test_openscad_accepts_the_model(tmp_path, part):
    out = tmp_path / ("%s.csg" % part)
    r = subprocess.run(["openscad", "-o", str(out), "-D", 'part="%s"' % part, enclosure.SCAD],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "WARNING" not in r.stderr, r.stderr
    assert out.stat().st_size > 200
