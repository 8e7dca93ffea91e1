"""core.compat's load and forget: a forgotten module leaves sys.modules and its parent package,
and its heap comes back (on MicroPython; CPython has no gc.mem_alloc, there only the references
are checked)."""
import gc
import sys

from dicecup.core import compat

NAME = "dicecup.rules.snyd_reasons"  # a leaf no other module imports at load time


def _package():
    return sys.modules["dicecup.rules"]


def test_load_returns_the_module_not_its_top_package():
    m = compat.load(NAME)
    assert m is sys.modules[NAME] and hasattr(m, "REASONS")
    compat.forget((NAME,))


def test_forget_drops_the_module_from_sys_modules_and_from_its_package():
    m = compat.load(NAME)
    assert getattr(_package(), "snyd_reasons") is m
    compat.forget((NAME,))
    assert NAME not in sys.modules
    assert not hasattr(_package(), "snyd_reasons")
    compat.forget((NAME, "dicecup.rules.not_a_module"))  # forgetting twice or a name never loaded: no-op
    assert compat.load(NAME) is not m  # loaded again: a fresh module
    compat.forget((NAME,))


def _load():
    compat.load(NAME)  # in a function of its own: no stack slot of the test keeps the module


def _churn():
    # overwrite the stack slots a returned module may linger in (the collector scans the stack)
    x = [0] * 64
    return len(x)


def _alloc():
    _churn()
    gc.collect()
    return gc.mem_alloc()


def test_forgetting_gives_the_heap_back():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython
    _load()
    compat.forget((NAME,))  # the first load interns its names (qstrs stay): measure the second
    before = _alloc()
    _load()
    grown = _alloc() - before
    compat.forget((NAME,))
    after = _alloc()
    assert grown > 500, grown
    assert after - before < grown // 4, (before, grown, after)


def test_a_module_only_deleted_from_sys_modules_keeps_its_heap():
    # what forget's second step is for: the package's reference alone keeps the module alive
    if not hasattr(gc, "mem_alloc"):
        return
    _load()
    compat.forget((NAME,))
    before = _alloc()
    _load()
    grown = _alloc() - before
    del sys.modules[NAME]
    kept = _alloc() - before
    assert hasattr(_package(), "snyd_reasons") and kept > grown * 3 // 4, (grown, kept)
    delattr(_package(), "snyd_reasons")
    assert _alloc() - before < grown // 4
