"""One small runner for the firmware's pure-module tests, under MicroPython and CPython alike.

Test modules live in tests/mp/ and hold plain `test_*` functions that use `assert` and
tests/mp/mpcheck.py (no pytest, no hypothesis: MicroPython has neither). Pytest calls each
function under CPython, and runs this file under the unix port:

    micropython tests/mprun.py test_snyd [test_yatzy ...]

It prints `PASS name` / `FAIL name: error` per test and exits 1 if any failed.
"""
import sys


def test_names(mod):
    return sorted(n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)))


def run_module(modname):
    """Run every test_* function of one module; returns a list of (name, error or None)."""
    mod = __import__(modname)
    results = []
    for name in test_names(mod):
        try:
            getattr(mod, name)()
            results.append((name, None))
        except Exception as e:  # report and go on: one failure must not hide the rest
            results.append((name, "%s: %s" % (type(e).__name__, e)))
    return results


def main(mods):
    failed = 0
    for m in mods:
        for name, err in run_module(m):
            if err is None:
                print("PASS %s.%s" % (m, name))
            else:
                failed += 1
                print("FAIL %s.%s: %s" % (m, name, err))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
