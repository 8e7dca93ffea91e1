"""The docs say what is true (issue 24): every link and picture they point to exists, the simulator's
--heap default is the one --help states, and `make test` prints why tests were skipped."""
import glob
import os
import re

from host_tools import boards
from host_tools.paths import ROOT

PAGES = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def test_every_relative_link_and_picture_exists():
    missing = []
    for page in PAGES:
        text = open(page, encoding="utf-8").read()
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#")[0]))
            if not os.path.exists(path):
                missing.append("%s: %s" % (os.path.relpath(page, ROOT), target))
    assert missing == [], missing


def test_no_page_points_outside_the_repository():
    for page in PAGES:
        for target in LINK.findall(open(page, encoding="utf-8").read()):
            if not re.match(r"[a-z]+:", target):
                path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#")[0]))
                assert path.startswith(ROOT + os.sep), (page, target)


def test_the_heap_default_in_the_docs_is_the_boards_as_help_says():
    from host_tools.sim.__main__ import HEAP_MIN_K, parser
    row = [ln for ln in open(os.path.join(ROOT, "docs", "simulator.md")).read().splitlines()
           if ln.startswith("| `--heap SIZE`")][0]
    for key, b in boards.BOARDS.items():
        assert "%s %s" % (key, b.sim_heap()) in row, (key, b.sim_heap(), row)
    assert "%dK" % HEAP_MIN_K in row
    helptext = " ".join(parser().format_help().split())
    assert "instead of the board's" in helptext and "default 1M" not in row


def test_make_test_prints_the_skip_reasons():
    make = open(os.path.join(ROOT, "Makefile")).read()
    line = [ln for ln in make.splitlines() if "-m pytest" in ln and " tests" in ln and "-n 2" in ln][0]
    assert " -rs " in line, line
