# Two commands matter: `make app` and `make test`. Each creates .venv when it is missing and
# installs the project (editable) with what it needs, and no more: `make app` only the app's
# extra, `make test` every extra. An install is redone when pyproject.toml changes.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
APP    := $(VENV)/.installed-app
NOTES  := $(VENV)/.installed-notebooks
MUTANT := $(VENV)/.installed-mutation
# sim: pandas, which tests/test_simulate.py (in the selection of [tool.mutmut]) imports.
MUTATION_EXTRAS := dev,mutation,sim
#: What `make mutation` mutates: a module or a folder (docs/testing.md), or several.
MODULE ?= whot_core/whot/engine whot_core/whot/players whot_core/whot/teach/practice.py \
	whot_core/whot/teach/lessons.py whot_core/whot/teach/difference.py
#: How many mutants at once (the machine's cores are shared).
MUTATION_JOBS ?= 1
EVERY_EXTRA := sim,app,notebooks,cluster,bench,dev

.PHONY: app notebooks run-notebooks test mutation bench ladder screenshots demo clean

# One rule for each set of extras: `$(call install,EXTRAS)` makes the venv if needed and installs.
# pip's -qq shows errors only: its warnings, and setuptools' note on every editable install, read
# as if the install failed when it did not (a failed install still stops make).
define install
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing the project and its extras ($(1)) into $(VENV): errors only are shown"
	$(BIN)/python -m pip install -qq --upgrade pip
	$(BIN)/python -m pip install -qq -e '.[$(1)]'
	touch $@
endef

$(STAMP): pyproject.toml
	$(call install,$(EVERY_EXTRA))

$(APP): pyproject.toml
	$(call install,app)

$(NOTES): pyproject.toml
	$(call install,notebooks)

$(MUTANT): pyproject.toml
	$(call install,$(MUTATION_EXTRAS))

app: $(APP)
	$(BIN)/python -m streamlit run app.py

# The server's root is the repository, so that the notebooks' links to ../docs/ open.
notebooks: $(NOTES)
	$(BIN)/python -m jupyter lab --ServerApp.root_dir=$(CURDIR) \
		--LabApp.default_url=/lab/tree/notebooks/00_contents.ipynb

# Re-run every notebook from its .py twin (inputs from the .py, fresh outputs and widget state).
run-notebooks: $(NOTES)
	$(BIN)/jupytext --update --to ipynb notebooks/[0-9][0-9]_*.py
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/[0-9][0-9]_*.ipynb

test: $(STAMP)
	$(BIN)/python -m ruff check whot_core tests benchmarks app.py app_pages scripts notebooks
	$(BIN)/python -m ruff format --check whot_core tests benchmarks app.py app_pages scripts notebooks
	$(BIN)/oxlint --deny-warnings app_pages whot_core
	$(BIN)/python -m pytest -p no:cacheprovider -n auto --dist loadfile
	$(BIN)/python -m pytest -p no:cacheprovider --nbval notebooks \
		--nbval-sanitize-with notebooks/nbval_sanitize.cfg

# Mutation testing, not part of `make test`: mutants of MODULE, each against the tests that reach
# it among its focused tests (scripts/mutation_score.py --tests; [tool.mutmut] in pyproject.toml),
# then the score. Results stay in ./mutants/ for the next run.
mutation: $(MUTANT)
	MUTATION_TESTS="$(shell $(BIN)/python scripts/mutation_score.py --tests $(MODULE))" \
		nice -n 19 $(BIN)/mutmut run --max-children $(MUTATION_JOBS) \
		$(shell $(BIN)/python scripts/mutation_score.py --names $(MODULE))
	$(BIN)/python scripts/mutation_score.py $(MODULE)

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/compare_speed.py
	$(BIN)/python benchmarks/cluster_speed.py
	$(BIN)/python benchmarks/app_speed.py
	$(BIN)/python benchmarks/app_load.py
	$(BIN)/python benchmarks/app_class.py --sessions 30 --seconds 60
	$(BIN)/python benchmarks/table_latency.py --moves 20 --watchers 4 --idle 30
	$(BIN)/python benchmarks/table_latency.py --moves 20 --watchers 4 --servers 2
	$(BIN)/python benchmarks/table_latency.py --moves 20 --watchers 4 --servers 2 --store redis
	$(BIN)/python benchmarks/rules_contrasts.py

ladder: $(STAMP)
	$(BIN)/python benchmarks/ladder.py

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

demo: $(STAMP)
	$(BIN)/python -m whot_core play --preset nigerian --players 3 --seed 1

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
