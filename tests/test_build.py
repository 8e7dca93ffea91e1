"""Every file under firmware/ compiles with mpy-cross, and the .mpy build imports under the unix port."""
import os
import subprocess
import tempfile

from host_tools import build
from host_tools.paths import MICROPYTHON, ROOT

# the hardware layer imports machine/ssd1306 at import time: on the PC those are the host fakes
FAKES = os.path.join(ROOT, "host_tools", "fakes")


def test_every_firmware_file_compiles():
    dest = tempfile.mkdtemp()
    errors = build.build(dest)
    assert errors == [], "mpy-cross rejected: %s" % errors
    assert build.firmware_sources(), "no firmware sources found"


def test_mpy_build_imports_under_micropython():
    dest = tempfile.mkdtemp()
    assert build.build(dest) == []
    mods = [f[:-3].replace(os.sep, ".") for f in build.firmware_sources() if f != "main.py"]
    assert len(mods) > 50 and all(os.path.exists(os.path.join(dest, *m.split(".")) + ".mpy") for m in mods)
    code = "import " + ", ".join(sorted(mods)) + "; print('IMPORTED')"
    # every module at once is far more than a handheld ever loads (the bench measures what a game
    # needs): the heap here only has to hold them all
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=1M", "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, MICROPYPATH=os.pathsep.join([dest, FAKES])), timeout=60)
    assert "IMPORTED" in r.stdout, r.stdout + r.stderr


def test_build_reports_a_file_micropython_cannot_compile(tmp_path, monkeypatch):
    bad = tmp_path / "fw"
    bad.mkdir()
    (bad / "broken.py").write_text("def f(:\n    pass\n")
    monkeypatch.setattr(build, "FIRMWARE", str(bad))
    errors = build.build(str(tmp_path / "out"))
    assert [e[0] for e in errors] == ["broken.py"]


def test_every_module_says_what_it_owns():
    """Every firmware, host tool and bench module starts with a docstring (docs/architecture.md)."""
    import ast
    import glob
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = [p for pat in ("firmware/**/*.py", "host_tools/**/*.py", "bench/*.py")
             for p in glob.glob(os.path.join(root, pat), recursive=True)
             if "node_modules" not in p]
    assert len(paths) > 60
    bare = [os.path.relpath(p, root) for p in paths
            if not ast.get_docstring(ast.parse(open(p, encoding="utf-8").read()))]
    assert not bare, bare
