# Two commands matter: `make app` and `make test`. Each creates .venv when it is missing and
# installs the project (editable) with what it needs; the install is redone when pyproject.toml changes.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: app test lint bench demo clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[sim,app,notebooks,dev]'
	touch $(STAMP)

app: $(STAMP)
	$(BIN)/python -m whot_core play --preset nigerian --players 3 --seed 1

test: $(STAMP)
	$(BIN)/python -m ruff check whot_core tests benchmarks
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
