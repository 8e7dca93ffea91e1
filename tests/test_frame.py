"""wire's copies of frame's constants agree with frame's (wire defines them again so that MicroPython
folds them into the codec's code: one imported is looked up at run time, and made the codec's frames
bigger, on the heap at every frame received)."""
import ast

from dicecup.table import frame, wire  # firmware/ is on sys.path (conftest)



def _consts(mod):
    with open(mod.__file__) as f:
        tree = ast.parse(f.read())
    return {n.targets[0].id for n in tree.body if isinstance(n, ast.Assign) and
            isinstance(n.value, ast.Call) and getattr(n.value.func, "id", "") == "const"}


def test_wire_and_frame_agree_on_every_constant_both_define():
    both = _consts(wire) & _consts(frame)
    assert {"HDR_LEN", "TAG_LEN", "T_ENTRY", "SNAP_DATA_MAX"} <= both, both
    differ = {n: (getattr(frame, n), getattr(wire, n)) for n in both
              if getattr(frame, n) != getattr(wire, n)}
    assert not differ, differ


def test_every_name_of_frame_is_wires_too():
    """Every module reads a frame's constants, its Frame and its layouts as wire.X."""
    missing = [n for n in vars(frame) if not n.startswith("_") and not hasattr(wire, n)]
    assert not missing, missing
