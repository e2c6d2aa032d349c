# Two commands do everything on a fresh machine (see README.md):
#   make demo   - set up, then read and audit the bundled sample_histories/, with summaries
#   make test   - set up, then lint, type-check and run the whole test suite
#   make compiled - build the mypyc-compiled wheel and run the whole suite against it
# Set-up creates .venv with Python >= 3.11 and installs the project with its
# development tools; it is redone only when pyproject.toml changes. That install
# is editable and pure Python, so edits take effect at once; only a standard
# wheel is compiled with mypyc (see hatch_build.py and README.md).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stud-hh-installed

.PHONY: demo test lint setup compiled clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "stud-hh needs Python 3.11 or newer: set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/stud-hh parse --verbose sample_histories
	$(BIN)/stud-hh audit sample_histories

lint: $(STAMP)
	$(BIN)/ruff check stud_hh tests benchmarks hatch_build.py
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

# The compiled wheel, installed into build/compiled (never into the source tree,
# where its .so files would shadow the .py files being edited) and tested there.
COMPILED := build/compiled
compiled: $(STAMP)
	rm -rf $(COMPILED) build/wheel
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w build/wheel .
	$(BIN)/python -m pip install --quiet --no-deps --target $(COMPILED) build/wheel/stud_hh-*.whl
	STUD_HH_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED) $(BIN)/pytest -p no:cacheprovider

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
