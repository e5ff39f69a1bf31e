# The two commands a fresh machine needs: `make` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: all build test fuzz chromium axe stats-check difficulty-check sensitivity bench golden lock clean

all: build

# The virtual environment: exactly the versions in requirements.lock (each file
# checked against its hash), then the project itself, editable, with no
# dependency resolution and no build environment of its own (setuptools comes
# from the lock too), so nothing unlocked is installed.
# "compat" editable mode puts generator/ on the path with a plain .pth line;
# the default mode's import hook costs every start of `nests` some 20 ms.
$(BIN)/nests: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes --no-deps -r requirements.lock
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e . --config-settings editable_mode=compat
	touch $@

# Refresh requirements.lock from pyproject.toml (newest versions that fit, every
# platform's hashes); review the diff and run `make test` before committing it.
UV_VERSION := 0.13.9
lock:
	tmp=$$(mktemp -d) && $(PYTHON) -m venv $$tmp && $$tmp/bin/pip install --quiet uv==$(UV_VERSION) && \
	$$tmp/bin/uv pip compile pyproject.toml --extra test --generate-hashes --universal \
	    --python-version 3.11 --no-header --quiet -o requirements.lock; status=$$?; rm -rf $$tmp; exit $$status

# The rulebooks beside the repository are typeset too, into build/books/.
BOOKS ?= ../shared/rulebook

build: $(BIN)/nests
	$(BIN)/nests build -o build $(if $(wildcard $(BOOKS)),--books $(BOOKS))

# The suite runs in one process per core (pytest-xdist): half the time on two cores.
# worksteal hands each process a run of neighbouring tests and moves tests from the end of
# one's run to the other when it is idle, so the tests of a module, and the packet tests
# that share packets (tests/packets.py builds each once per process), mostly run in one
# process; where they do not, a process makes what it shares again (slower, never different).
# What is slow by nature runs apart: stats-check (CI runs it after this), difficulty-check, fuzz.
test: $(BIN)/nests chromium axe
	$(BIN)/python -m pytest -q -n auto --dist worksteal

# Issue 29's fuzz suite run long (make test runs it on a few examples): one reader (nests, md, rst,
# sphinx, latex, xml, docbook) or the content kinds (content), new random examples for MINUTES
# minutes, at low priority; each failure's input is written to /tmp/fuzz-found (see tests/fuzz).
READER  ?= latex
MINUTES ?= 30
fuzz: $(BIN)/nests
	nice -n 15 $(BIN)/python -m tests.fuzz $(READER) $(MINUTES)

# The browser tests of `nests serve` (tests/serve/test_browser.py) drive Debian's chromium
# through Playwright: installed from Debian's packages when missing, as the bench's swipl
# is (the tests say they are skipped, and why, if that fails).
chromium:
	@command -v chromium >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && \
	    ( [ "$$(id -u)" = 0 ] && SUDO= || SUDO=sudo; $$SUDO apt-get update -qq && \
	      $$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null ); } || \
	    echo "test: could not install chromium; the browser tests will be skipped"

# axe-core, the accessibility check the browser tests run on every page of `nests serve`: the
# version in tests/serve/axe/package-lock.json (its hash checked), from the npm registry by npm
# (npm itself from Debian's packages when missing); without it those checks say they are skipped.
AXE := tests/serve/axe/node_modules/axe-core/axe.min.js
axe: $(AXE)
$(AXE): tests/serve/axe/package-lock.json
	@command -v npm >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && \
	    ( [ "$$(id -u)" = 0 ] && SUDO= || SUDO=sudo; $$SUDO apt-get update -qq && \
	      $$SUDO apt-get install -y -qq --no-install-recommends npm >/dev/null ); } || true
	@npm ci --prefix tests/serve/axe --no-audit --no-fund --silent && touch $@ || \
	    echo "test: could not install axe-core; the accessibility checks will be skipped"

# The batch's statistics at full size: 2,000 packets (--stats-only), every table's
# observed results against its exact odds, a chi-squared test each (p > 0.001).
# `make test` runs the same check on 60 packets; CI runs this after `make test`.
STATS_DIR := build/stats-check
stats-check: $(BIN)/nests
	$(BIN)/nests batch --count 2000 --seed 1 --stats-only -o $(STATS_DIR)
	$(BIN)/python -m tests.packet.stats_check $(STATS_DIR)

# Issue 28's Done-when: seeds 1–30 × three parties × easy, standard, hard; each packet's glance estimate
# against `nests simulate --runs 4000` (their 95% intervals must overlap) and in its band (standard must).
difficulty-check: $(BIN)/nests
	$(BIN)/python -m tests.packet.difficulty_check

# The rulings that move the odds, each measured with its other reading (docs/rulings.md's table, written
# anew; review the diff). Some 10 minutes on 2 cores.
sensitivity: $(BIN)/nests
	$(BIN)/python -m tests.packet.sensitivity --write

# Speed and memory, measured side by side in one run (not a test). The anchors
# include the game author's generator, run by SWI-Prolog: installed from Debian's
# packages when missing (its rows are skipped, and said so, if that fails).
bench: $(BIN)/nests
	@command -v swipl >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && \
	    ( [ "$$(id -u)" = 0 ] && SUDO= || SUDO=sudo; $$SUDO apt-get update -qq && \
	      $$SUDO apt-get install -y -qq --no-install-recommends swi-prolog-nox >/dev/null ); } || \
	    echo "bench: could not install swipl; the Prolog rows will be skipped"
	$(BIN)/python -m tests.bench

# Regenerate the golden outputs after a deliberate change; review the diff before committing.
golden: $(BIN)/nests
	$(BIN)/python -m tests.golden

clean:
	rm -rf build $(VENV)
