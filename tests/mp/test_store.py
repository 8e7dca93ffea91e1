"""store: atomic JSON files and the game-record folder, in a scratch folder under /tmp."""
import os

from dicecup.storage import store
from mpcheck import eq


def _scratch():
    r = os.urandom(4)
    d = "/tmp/dicecup-store-%d" % (r[0] | r[1] << 8 | r[2] << 16 | r[3] << 24)
    os.mkdir(d)
    return d


def _rmtree(d):
    for name in os.listdir(d):
        p = d + "/" + name
        try:
            os.remove(p)
        except OSError:
            _rmtree(p)
    os.rmdir(d)


def _in_scratch(fn):
    here = os.getcwd()
    d = _scratch()
    os.chdir(d)
    try:
        fn()
    finally:
        os.chdir(here)
        _rmtree(d)


def test_save_and_load_round_trip_and_default():
    def body():
        eq(store.load("x.json", {"a": 0}), {"a": 0})
        store.save("x.json", {"a": 1, "b": [1, 2]})
        eq(store.load("x.json"), {"a": 1, "b": [1, 2]})
        assert "x.json.tmp" not in os.listdir(".")
    _in_scratch(body)


def test_a_half_written_tmp_never_hides_the_last_good_file():
    def body():
        store.save("s.json", {"v": 1})
        with open("s.json.tmp", "w") as f:
            f.write('{"v": 2')           # the power went during the next save
        eq(store.load("s.json"), {"v": 1})
        store.save("s.json", {"v": 3})
        eq(store.load("s.json"), {"v": 3})
    _in_scratch(body)


def test_a_complete_tmp_is_used_when_the_file_is_gone():
    def body():
        with open("s.json.tmp", "w") as f:
            f.write('{"v": 4}')          # cut between remove and rename (FAT)
        eq(store.load("s.json"), {"v": 4})
    _in_scratch(body)


def test_records_keep_the_last_five_per_game():
    def body():
        for n in range(1, 9):
            store.save_record("snyd", n, {"game": "snyd", "n": n})
        store.save_record("yatzy", 9, {"game": "yatzy"})
        names = sorted(os.listdir(store.RECORDS))
        eq(names, ["snyd-0004.json", "snyd-0005.json", "snyd-0006.json", "snyd-0007.json",
                   "snyd-0008.json", "yatzy-0009.json"])
        eq(store.load(store.RECORDS + "/snyd-0008.json")["n"], 8)
    _in_scratch(body)


def test_a_recorder_streams_its_record_atomically():
    from dicecup.rules import snyd
    from dicecup.records.snyd_writer import Recorder

    def body():
        rc = Recorder(snyd.Rules(dice=2), 2, 1, ["Åse", "Bo"])
        rc.round([[1, 2], [3, 4]])
        rc.action(1, "bid", 2, 3)
        store.save_record("snyd", 3, rc)
        eq(sorted(os.listdir(store.RECORDS)), ["snyd-0003.json"])   # no .tmp left behind
        eq(store.load(store.RECORDS + "/snyd-0003.json"), rc.record())
    _in_scratch(body)
