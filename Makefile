# The two commands a fresh machine needs: `make` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: all build test bench golden clean

all: build

# The virtual environment, with the project installed (editable) and the test tools.
# "compat" editable mode puts generator/ on the path with a plain .pth line;
# the default mode's import hook costs every start of `nests` some 20 ms.
$(BIN)/nests: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]' --config-settings editable_mode=compat
	touch $@

# The rulebooks beside the repository are typeset too, into build/books/.
BOOKS ?= ../shared/rulebook

build: $(BIN)/nests
	$(BIN)/nests build -o build $(if $(wildcard $(BOOKS)),--books $(BOOKS))

# The suite runs in one process per core (pytest-xdist): half the time on two cores.
test: $(BIN)/nests
	$(BIN)/python -m pytest -q -n auto

# Speed and memory, measured side by side in one run (not a test).
bench: $(BIN)/nests
	$(BIN)/python -m tests.bench

# Regenerate the golden outputs after a deliberate change; review the diff before committing.
golden: $(BIN)/nests
	$(BIN)/python -m tests.golden

clean:
	rm -rf build $(VENV)
