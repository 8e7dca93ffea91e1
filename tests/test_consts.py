"""Constants a module defines again after another's agree with the other's: MicroPython folds a
const() into the code of its own module only, and one imported is a name looked up at run time,
which made the frames of the codec's calls (and of game_snapshot._get_fair) a word bigger, on the
heap: bytes allocated at every frame received. So wire defines some of frame's again, and
game_snapshot game_round's H; and app the dark screen's state of device.power (a private name costs
a module no heap)."""
import ast

from dicecup import app  # firmware/ is on sys.path
from dicecup.device import power
from dicecup.table import frame, game_round, game_snapshot, wire

PAIRS = ((wire, frame, {"HDR_LEN", "TAG_LEN", "T_ENTRY", "SNAP_DATA_MAX"}),
         (game_snapshot, game_round, {"H"}),
         (app, power, {"_ASLEEP"}))


def _consts(mod):
    with open(mod.__file__) as f:
        tree = ast.parse(f.read())
    return {n.targets[0].id for n in tree.body if isinstance(n, ast.Assign) and
            isinstance(n.value, ast.Call) and getattr(n.value.func, "id", "") == "const"}


def test_a_constant_defined_again_agrees_with_the_first():
    for again, first, known in PAIRS:
        both = _consts(again) & _consts(first)
        assert known <= both, (again.__name__, both)
        differ = {n: (getattr(first, n), getattr(again, n)) for n in both
                  if getattr(first, n) != getattr(again, n)}
        assert not differ, (again.__name__, differ)


def test_every_name_of_frame_is_wires_too():
    """Every module reads a frame's constants, its Frame and its layouts as wire.X."""
    missing = [n for n in vars(frame) if not n.startswith("_") and not hasattr(wire, n)]
    assert not missing, missing
