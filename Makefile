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

test: setup
	$(PY) -m pytest -q -n 2 tests

bench: setup build
	$(PY) -m host_tools.bench

build: setup
	$(PY) -m host_tools.build

clean:
	rm -rf build .pytest_cache .hypothesis
