# dicecup: every target installs what it needs first (make setup), nothing by hand.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup test bench build clean

setup: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# -rs: each skipped test's reason is printed at the end (no openscad, no Node.js, `make web-test`'s)
test: setup mp32
	$(PY) -m pytest -q -rs -n 2 tests

bench: setup build tables mp32
	$(PY) -m host_tools.bench

# Issue 26's loop-length target pooled over 43 games under device time (about 20 minutes on 2 cores).
.PHONY: bench-pool
bench-pool: setup build
	PYTHONPATH=firmware:bench:. $(PY) bench/pool_devtime.py

# The device-time model's quantities measured on a connected handheld (host_tools/boardbench.py):
# BOARD=s3|wroom PORT=/dev/ttyACM0 (PORT=unix: the unix port stands in); written to
# hardware/devtime_BOARD.json, which the simulator's device time then uses. No board: said in one line.
.PHONY: board-bench
board-bench: setup build
	$(PY) -m host_tools.boardbench --board "$(or $(BOARD),s3)" --port "$(PORT)"

# A 32-bit MicroPython (WebAssembly port, pinned in host_tools/mp32) for bench/py_heap32.py and the
# browser version (docs/web.md, tests/test_web.py, which `make test` runs); both say they were skipped
# where there is no npm.
MP32 := host_tools/mp32/node_modules/.package-lock.json
.PHONY: mp32
mp32: $(MP32)
$(MP32): host_tools/mp32/package-lock.json
	@if command -v npm >/dev/null; then cd host_tools/mp32 && { npm ci --no-audit --no-fund --silent || \
		echo "npm ci failed in host_tools/mp32: bench/py_heap32.py and the web tests will be skipped"; }; \
	else echo "no npm here: bench/py_heap32.py and the web tests (tests/test_web.py) will be skipped"; fi

build: setup
	$(PY) -m host_tools.build

# dicecup in the browser (docs/web.md): build/web/ (firmware .mpy, fakes, the WebAssembly MicroPython
# host_tools/mp32 pins, the page), served on 127.0.0.1 (WEB_PORT=8017). Static: any web host serves it.
# web-test: headless Debian chromium (apt-get if missing) driven by puppeteer-core (tests/web).
.PHONY: web web-test
WEB_PORT ?= 8017
web: setup mp32
	$(PY) -m host_tools.web serve --port $(WEB_PORT)

WEBTEST := tests/web/node_modules/.package-lock.json
$(WEBTEST): tests/web/package-lock.json
	cd tests/web && npm ci --no-audit --no-fund --silent

web-test: setup build mp32 $(WEBTEST)
	@command -v chromium >/dev/null || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) \
		|| { echo "web-test needs Debian's chromium: apt-get install chromium (as root)"; exit 1; }
	DICECUP_WEB_TEST=1 $(PY) -m pytest -q tests/test_web_browser.py

clean:
	rm -rf build .pytest_cache .hypothesis

# The simulator: HANDHELDS=n virtual handhelds in a window (ARGS for more options, e.g. --loss 0.1),
# LANG=da or LANG=en their language (only as given on make's command line: the environment's LANG
# is the shell's locale, not a choice for the handhelds).
.PHONY: sim
HANDHELDS ?= 4
SIM_LANG = $(if $(filter command line,$(origin LANG)),--lang $(LANG))
sim: setup build
	$(PY) -m host_tools.sim --handhelds $(HANDHELDS) $(SIM_LANG) $(ARGS)

# The README's GIF and the simulator window's picture, from a 4-handheld table game (docs/).
.PHONY: pictures
pictures: setup build
	$(PY) -m host_tools.pictures

# Bots: the Yatzy optimal-play value tables for the hard bot (computed, never committed; ~2 min each)
# and the hard Snyd bot's solved endgames.
.PHONY: tables tournament
TABLE_DEPS := host_tools/yatzy_table.py firmware/dicecup/rules/yatzy.py firmware/dicecup/bots/yatzy_turn.py | $(STAMP)
tables: build/tables/yatzy_standard.yvt build/tables/yatzy_yahtzee.yvt build/tables/snyd_endgame.svt

build/tables/yatzy_%.yvt: $(TABLE_DEPS)
	$(PY) -m host_tools.yatzy_table --quiet --variant $* --out $@

# The hard Snyd bot's solved heads-up endgames (seconds to a minute).
build/tables/snyd_endgame.svt: host_tools/snyd_table.py firmware/dicecup/rules/snyd.py firmware/dicecup/rules/snyd_odds.py | $(STAMP)
	$(PY) -m host_tools.snyd_table --quiet --out $@

# The full bot tournament of issue 8 (10,000 games per row; minutes). `make bench` runs fewer.
tournament: setup tables
	$(PY) -m host_tools.tournament --games 10000 --seats 2 4 6
	$(PY) -m host_tools.yatzy_sim --games 10000

# Build one: the hardware package and getting the firmware onto handhelds (README "Build one").
# PORT=/dev/ttyUSB0 | PORT=a,b | PORT=all | PORT=wokwi; DRY=1 prints the exact commands only.
# BOARD=s3 (the reference Waveshare ESP32-S3-Zero, default) | BOARD=wroom (docs/hardware.md).
.PHONY: flash deploy logs bom wiring hardware enclosure-render
BOARD ?= s3
DEPLOY_FLAGS = $(if $(DRY),--dry-run) $(ARGS)

flash: setup
	$(PY) -m host_tools.deploy flash --board "$(BOARD)" --port "$(PORT)" --firmware "$(FIRMWARE)" $(DEPLOY_FLAGS)

# deploy copies the hard Yatzy bot's value tables too, so it builds them (minutes, once) - after a quick
# check of the board, ports and names, so a wrong one is said first (a dry run builds nothing).
deploy: setup
	$(PY) -m host_tools.deploy deploy --check-only --board "$(BOARD)" --port "$(PORT)" --name "$(NAME)" $(DEPLOY_FLAGS)
	$(if $(DRY),,@$(MAKE) --no-print-directory tables)
	$(PY) -m host_tools.deploy deploy --board "$(BOARD)" --port "$(PORT)" --name "$(NAME)" $(DEPLOY_FLAGS)

logs: setup
	$(PY) -m host_tools.deploy logs --port "$(PORT)" $(if $(OUT),--out "$(OUT)") $(DEPLOY_FLAGS)

bom: setup
	$(PY) -m host_tools.bom --board all

wiring: setup
	$(PY) -m host_tools.wiring

hardware: setup
	$(PY) -m host_tools.pincheck
	$(PY) -m host_tools.wiring
	$(PY) -m host_tools.enclosure
	$(PY) -m host_tools.power --write

enclosure-render: hardware
	$(PY) -m host_tools.enclosure --render
