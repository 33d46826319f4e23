# Two commands matter: `make app` and `make test`. Each creates .venv when it is missing and
# installs the project (editable) with what it needs; the install is redone when pyproject.toml changes.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: app test bench ladder screenshots demo clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[sim,app,notebooks,dev]'
	touch $(STAMP)

app: $(STAMP)
	$(BIN)/python -m streamlit run app.py --browser.gatherUsageStats false

test: $(STAMP)
	$(BIN)/python -m ruff check whot_core tests benchmarks app.py app_pages scripts notebooks
	$(BIN)/python -m pytest -p no:cacheprovider
	$(BIN)/python -m pytest -p no:cacheprovider --nbval notebooks \
		--nbval-sanitize-with notebooks/nbval_sanitize.cfg

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/app_speed.py

ladder: $(STAMP)
	$(BIN)/python benchmarks/ladder.py

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

demo: $(STAMP)
	$(BIN)/python -m whot_core play --preset nigerian --players 3 --seed 1

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
