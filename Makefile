# Two commands do everything on a fresh machine (see README.md):
#   make demo   - set up, then audit the bundled sample_histories/, import them into a
#                 Parquet database (build/sample.db), print Hero's statistics and draw a plot
#   make test   - set up, then lint, type-check and run the whole test suite
# Set-up creates .venv with Python >= 3.11 and installs the project with its
# development tools; it is redone only when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stud-hh-installed

.PHONY: demo test lint setup clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "stud-hh needs Python 3.11 or newer: set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/stud-hh audit sample_histories
	$(BIN)/stud-hh import sample_histories --db build/sample.db
	$(BIN)/stud-hh stats --db build/sample.db --player Hero --by game
	$(BIN)/stud-hh plot winnings --db build/sample.db --player Hero -o build/hero-winnings.png

lint: $(STAMP)
	$(BIN)/ruff check stud_hh tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
