"""table.py's pure helpers: names on the radio and the record with its meta object."""
import json

from dicecup.table import table


def test_names_are_cut_at_a_character_and_padded():
    buf = bytearray(8)
    table.pack_name("Søren Kirk", buf)
    assert table.unpack_name(buf) == "Søren Ki"[:7]  # "ø" takes two bytes: 7 characters fit
    table.pack_name("Bo", buf)
    assert bytes(buf) == b"Bo" + bytes(6)
    assert table.unpack_name(buf) == "Bo"
    table.pack_name("ææææææ", buf)  # 12 bytes: four whole characters fit, never half of one
    assert table.unpack_name(buf) == "ææææ"


class _Rec:
    def write(self, f):
        f.write('{"game": "snyd"')
        f.write(', "rounds": []}')


class _File:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


def test_record_gets_its_meta():
    f = _File()
    table.Record(_Rec(), {"table": "0a0b0c0d", "game": 7}).write(f)
    doc = json.loads("".join(f.parts))
    assert doc == {"game": "snyd", "rounds": [], "meta": {"table": "0a0b0c0d", "game": 7}}
