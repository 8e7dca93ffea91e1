"""The handheld's text: the string table is complete and fits the screen, Danish glyphs are distinct,
and the read-back works under CPython as it does under MicroPython (same frame, same text)."""
import os
import re
import subprocess


from dicecup.ui import gfx
from dicecup.text import strings
from dicecup.text import words
from host_tools import readback
from host_tools.paths import FIRMWARE, MICROPYTHON

MESSAGES = {"need_two", "no_room", "no_room_t",  # wrapped over rows 2-6 by ui.Message
            "coach_ok", "coach_say", "t_heard"}


def _table():
    rows = [ln.split("|") for ln in words.TABLE.strip().split("\n")]
    return {r[0]: r for r in rows}


def test_every_line_of_the_table_has_a_key_danish_and_english():
    rows = [ln.split("|") for ln in words.TABLE.strip().split("\n")]
    assert all(len(r) == 3 and all(r) for r in rows), [r for r in rows if len(r) != 3]
    keys = [r[0] for r in rows]
    assert len(keys) == len(set(keys)), "duplicate keys"


def test_every_text_fits_a_line():
    for key, da, en in _table().values():
        if key.endswith("_q"):  # a ui.Confirm question: a menu heading, cut at 14
            assert len(da) <= 14 and len(en) <= 14, (key, da, en)
        elif key in MESSAGES:
            assert all(_rows(text) <= 5 for text in (da, en)), (key, da, en)
        else:
            assert len(da) <= 16 and len(en) <= 16, (key, da, en)


def test_the_coachs_longest_word_fits_its_message():
    """yatzy_sheet.coach: coach_say with the longest box (or a hold of 6 dice) and 999.9 points."""
    table = _table()
    for lang in (1, 2):
        boxes = [r[lang] + " x3" for k, r in table.items() if k.startswith("b_")]
        boxes.append(table["coach_hold"][lang] + " 6 6 6 6 6 6")
        for what in boxes:
            text = table["coach_say"][lang] % (what, "999.9")
            assert _rows(text) <= 5, text


def _rows(text):
    from dicecup.ui import screen as ui
    return len(ui.wrap(text))


def test_every_key_the_firmware_asks_for_exists():
    table = _table()
    used = set()
    from host_tools.build import firmware_sources
    assert len(firmware_sources()) > 50
    for f in firmware_sources():
        with open(os.path.join(FIRMWARE, f), encoding="utf-8") as fh:
            used |= set(re.findall(r'\bt\("([a-z_]+)"\)', fh.read()))
    missing = sorted(k for k in used if k not in table)
    assert not missing, missing
    # keys built at run time: box names, variants, moves, levels
    from dicecup.rules import yatzy
    for names in yatzy.BOXES:
        for b in names:
            assert "b_" + b in table, b
    for v in ("standard", "maxi", "yahtzee", "triple", "team"):
        assert "v_" + v in table
    for mv in ("bid", "snyd", "calza", "quit"):
        assert "mv_" + mv in table
    for verb in ("loses", "gains", "is_out"):  # snyd_person.said: the "you" form of each line
        assert verb in table and "you_" + verb in table
    from dicecup.storage import settings
    for lv in settings.LEVELS:
        assert lv in table


def test_t_gives_every_text_of_the_table_in_the_language_set():
    rows = _table().values()
    try:
        for lang in (1, 0, 1):
            strings.set_lang(lang)
            for r in rows:
                assert strings.t(r[0]) == r[1 + lang], (lang, r)
    finally:
        strings.set_lang(0)
    assert strings.t("no_such_key") == "no_such_key"


def test_language_switch():
    strings.set_lang(1)
    try:
        assert strings.t("title") == "Dice cup"
    finally:
        strings.set_lang(0)
    assert strings.t("title") == "Terningebæger"


def test_danish_glyphs_are_distinct_from_each_other_and_the_font():
    t = readback.table()
    own = readback.glyphs()
    for ch in "æøåÆØÅ":
        assert t[own[ch]] == ch
    cols = list(own.values())
    assert len(set(cols)) == len(cols)
    # what readback draws on MicroPython to read gfx's glyphs is the set gfx draws
    assert readback.OWN_CHARS == gfx._OWN


DRAW = """
import framebuf, sys
from dicecup.ui import gfx
b = bytearray(1024)
fb = framebuf.FrameBuffer(b, 128, 64, framebuf.MONO_VLSB)
g = gfx.Gfx(fb)
g.row(0, "Bud 4x\\x05 Blå Sø")
g.row(2, "ÆRØ Ål æble", 1, True)
g.text("Runde 3", 13, 40)
sys.stdout.write(b.hex())
"""


def test_readback_under_cpython_reads_a_micropython_frame():
    r = subprocess.run([MICROPYTHON, "-c", DRAW], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=FIRMWARE), check=True)
    frame = bytes.fromhex(r.stdout)
    lines = readback.lines(frame)
    assert lines[0] == "Bud 4x⚄ Blå Sø"
    assert lines[2] == "ÆRØ Ål æble"
    assert lines[5] == "Runde 3"          # drawn at x=13: read at any x
    assert lines[1] == "" and lines[7] == ""


def test_mini_dice_tell_every_face_from_every_other_at_a_glance():
    """The reveal's and the bids' dice (issue 24: 2 and 3 were one pixel apart): every pip is at
    least 2x2 pixels, so any two faces differ by a whole pip, and a die's last column stays dark
    (a gap between dice side by side)."""
    own = readback.glyphs()
    faces = [own[ch] for ch in gfx.MINI_DIE]

    def lit(cols):
        return {(x, y) for x in range(8) for y in range(8) if cols[x] >> y & 1}

    for f in range(6):
        assert faces[f][7] == 0, f + 1
        for g in range(f):
            assert len(lit(faces[f]) ^ lit(faces[g])) >= 4, (g + 1, f + 1)
