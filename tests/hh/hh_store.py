"""Flash storage on the handheld: settings across a reboot, power cuts during a save, the owner's
name, and power (dim, sleep, wake with the game where it was)."""
import json

import rig
from dicecup.storage import store


def test_a_setting_survives_a_reboot():
    rig.fresh({"sleep": 4})
    r = rig.Rig()
    r.choose("Indstillinger")
    r.choose("Sprog")
    assert r.selected().endswith("English"), r.selected()
    assert r.lines()[0].startswith("Settings")
    r2 = rig.Rig()                       # reboot: a new app on the same flash
    assert r2.lines()[0].startswith("Dice cup"), r2.text()
    r2.choose("Settings")
    assert "Language English" in r2.text().replace("  ", " ").replace("  ", " ") or \
        r2.lines()[1].endswith("English"), r2.text()
    rig.leave()


class _Cut(Exception):
    pass


class _HalfJson:
    """json whose dump writes half the text and then the power goes."""

    def dump(self, obj, f):
        s = json.dumps(obj)
        f.write(s[:len(s) // 2])
        raise _Cut()

    loads = staticmethod(json.loads)
    load = staticmethod(json.load)


class _NoRenameOs:
    """os on a filesystem that will not rename onto an existing file, and loses power after remove."""

    def __init__(self, real):
        self.real = real

    def rename(self, a, b):
        try:
            self.real.stat(b)
        except OSError:
            return self.real.rename(a, b)
        raise OSError(17)

    def remove(self, p):
        self.real.remove(p)
        raise _Cut()


def test_power_cut_during_a_save_leaves_a_valid_file():
    rig.fresh()
    import os
    store.save("settings.json", {"lang": 1, "sleep": 4})
    real_json = store.json
    store.json = _HalfJson()
    try:
        try:
            store.save("settings.json", {"lang": 0, "sleep": 4})
            raise AssertionError("the cut did not happen")
        except _Cut:
            pass
    finally:
        store.json = real_json
    assert store.load("settings.json") == {"lang": 1, "sleep": 4}
    r = rig.Rig()                        # boots, English from the old file
    assert r.lines()[0].startswith("Dice cup"), r.text()
    # a cut on a filesystem that cannot rename over a file, between remove and rename
    store.os = _NoRenameOs(os)
    try:
        try:
            store.save("settings.json", {"lang": 0, "sleep": 4})
        except _Cut:
            pass
    finally:
        store.os = os
    assert store.load("settings.json") == {"lang": 0, "sleep": 4}
    r = rig.Rig()
    assert r.lines()[0].startswith("Terningebæger"), r.text()
    store.save("settings.json", {"lang": 1, "sleep": 4})   # and the next save cleans up
    assert store.load("settings.json")["lang"] == 1
    rig.leave()


def test_garbage_settings_fall_back_to_defaults():
    rig.fresh()
    with open("settings.json", "w") as f:
        f.write('{"lang": 7, "contrast": "max", "sleep"')
    r = rig.Rig()
    assert r.lines()[0].startswith("Dice cup")     # the default language: English
    rig.leave()


def test_owner_name_from_deploy_and_the_name_editor():
    rig.fresh({"sleep": 4})
    with open("owner.json", "w") as f:
        json.dump({"name": "Bo"}, f)
    r = rig.Rig()
    r.choose("Indstillinger")
    assert "Bo" in r.lines()[2], r.text()
    r.choose("Navn")
    r.press("select")                    # next letter
    r.press("up")                        # the new letter starts as a copy of the last: O -> P
    r.hold("select", 1000)               # a long press saves (and adds no letter)
    with open("owner.json") as f:
        name = json.load(f)["name"]
    assert name == "BOP", name
    r2 = rig.Rig()
    r2.choose("Indstillinger")
    assert name in r2.lines()[2], r2.text()
    rig.leave()


def test_a_new_handheld_asks_for_its_name_first():
    rig.fresh(None, owner=None)
    r = rig.Rig()
    assert r.lines()[0].startswith("Dit navn?"), r.text()
    r.press("back")                      # no way round the question without a name
    assert r.lines()[0].startswith("Dit navn?"), r.text()
    for _ in range(2):
        r.press("up")                    # A -> B -> C
    r.press("select")                    # next letter: a copy of C
    r.press("down")                      # B
    r.hold("select", 1000)               # saved: on to the title
    assert r.lines()[0].startswith("Terningebæger"), r.text()
    with open("owner.json") as f:
        assert json.load(f)["name"] == "CB"
    r2 = rig.Rig()                       # asked once: the next boot comes straight to the title
    assert r2.lines()[0].startswith("Terningebæger"), r2.text()
    assert r2.app.name() == "CB"
    rig.leave()


def test_dims_sleeps_and_wakes_where_it_was():
    rig.fresh({"sleep": 0})               # 30 s
    r = rig.Rig(seed=4)
    r.choose("Snyd")
    r.choose("Start!")
    screen = r.app.screen
    g = screen.m.game
    dice = g.dice_of(0)
    while not r.lines()[7].startswith("OK:tr"):
        r.idle()
    before = r.text()
    r.wait(16000)
    assert r.panel.level == 1 and r.panel.on, "not dimmed"
    r.wait(16000)
    assert not r.panel.on, "not asleep"
    frames = r.panel.frames
    r.wait(5000)
    assert r.panel.frames == frames, "frames sent while asleep"
    r.press("select")                    # wakes; the press is not a move
    assert r.panel.on and r.panel.level > 1
    assert r.app.screen is screen and r.text() == before, r.text()
    assert g.dice_of(0) == dice
    r.press("select")                    # now it is one
    assert r.lines()[0].startswith("Din tur") or r.lines()[0].startswith("Bud"), r.text()
    rig.leave()
