# Two commands do everything on a fresh machine (see README.md):
#   make demo  - install stud-hh as a user gets it (the compiled wheel, into .venv), then
#                import the bundled sample_histories/ into build/sample.db, print Hero's
#                statistics and tournaments, draw his winnings, and audit the hands that
#                break a rule on purpose
#   make test  - set up the developers' environment (.venv-dev), then lint, type-check
#                and run the whole test suite
# Other targets:
#   make install  - .venv holding stud-hh as `pip install .` builds it: the standard wheel,
#                   compiled with mypyc (about 3 minutes on 2 cores; see hatch_build.py).
#                   Redone when a source file changes.
#   make dev      - .venv-dev: an editable, pure-Python install with the development tools
#                   (edits take effect at once); redone when pyproject.toml changes
#   make compiled - build the compiled wheel and run the whole suite against it
#   make docs     - build the documentation site into site/ (mkdocs.yml; the notebooks are
#                   executed on the bundled samples), every warning an error
#   make docs-serve - serve it at http://127.0.0.1:8000, rebuilt as pages change
#   make screenshots - the app's screenshots in docs/images, taken by the browser tests
# Both environments need Python >= 3.11 (PYTHON=python3.12 to choose another).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.stud-hh-installed
DEV ?= .venv-dev
DEVBIN := $(DEV)/bin
STAMP := $(DEV)/.stud-hh-installed
SOURCES := $(shell find stud_hh grammar -type f -not -path '*/__pycache__/*' 2>/dev/null)
CHECK_PYTHON = @$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "stud-hh needs Python 3.11 or newer: set PYTHON=python3.11")'

.PHONY: demo test lint install dev setup compiled clean samples browser classes shapes docs docs-serve screenshots

$(INSTALLED): pyproject.toml hatch_build.py $(SOURCES)
	$(CHECK_PYTHON)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "building and installing stud-hh (the wheel is compiled with mypyc: a few minutes)"
	$(BIN)/python -m pip install --quiet .
	@touch $(INSTALLED)
	@echo "installed: $(BIN)/stud-hh (activate with: . $(BIN)/activate)"

install: $(INSTALLED)

$(STAMP): pyproject.toml
	$(CHECK_PYTHON)
	$(PYTHON) -m venv $(DEV)
	$(DEVBIN)/python -m pip install --quiet --upgrade pip
	$(DEVBIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

dev: $(STAMP)
setup: $(STAMP)

demo: $(INSTALLED)
	$(BIN)/stud-hh import sample_histories --db build/sample.db
	$(BIN)/stud-hh stats --db build/sample.db --player Hero --by game
	$(BIN)/stud-hh tournaments --db build/sample.db --player Hero
	$(BIN)/stud-hh plot winnings --db build/sample.db --player Hero -o build/hero-winnings.png
	$(BIN)/stud-hh audit sample_histories/injected; test $$? -le 1  # 1: violations found, as planted

# sample_histories/ is generated: simulated sessions with fixed seeds (Hero has planted leaks;
# injected/ breaks one rule per flagged hand, with the ground truth beside it).
SIM = $(DEVBIN)/stud-hh simulate
samples: $(STAMP)
	rm -rf sample_histories && mkdir -p sample_histories/injected
	$(SIM) --game stud --hands 600 --players 6 --seed 101 --stakes 0.10/0.20 -o sample_histories/stud_cash_0.10-0.20.txt
	$(SIM) --game stud8 --hands 450 --players 8 --seed 102 --stakes 0.25/0.50 -o sample_histories/stud8_cash_0.25-0.50.txt
	$(SIM) --game razz --hands 500 --players 5 --seed 103 --stakes 1/2 -o sample_histories/razz_cash_1-2.txt
	$(SIM) --game stud --hands 300 --players 8 --seed 104 --tournament -o sample_histories/stud_tournament.txt
	$(SIM) --game razz --hands 250 --players 6 --seed 105 --tournament -o sample_histories/razz_tournament.txt
	$(SIM) --game stud8 --hands 150 --players 2 --seed 106 --stakes 0.04/0.08 -o sample_histories/stud8_heads-up_0.04-0.08.txt
	$(SIM) --game stud --hands 200 --players 6 --seed 107 --inject all --inject-rate 0.1 -o sample_histories/injected/stud_injected_0.10-0.20.txt

# stud_hh/rules/classes.npz is generated: the evaluator's answer for every class of ranks of
# five and seven cards, the tables the equity counts look hands up in (a test holds every
# entry to the evaluator, and the file to the bytes this writes).
classes: $(STAMP)
	$(DEVBIN)/python -m stud_hh.rules.classes

# grammar/pokerstars.lark's line shapes are written from the table of
# stud_hh/read/sites/pokerstars_lines.py, which the reader's regular expressions are made from
# too (tests/read/test_grammar.py fails while the grammar file differs from the table).
shapes: $(STAMP)
	$(DEVBIN)/python -c 'from stud_hh.read.sites.pokerstars_lines import main; main()'

lint: $(STAMP)
	$(DEVBIN)/ruff check stud_hh tests benchmarks notebooks docs hatch_build.py
	$(DEVBIN)/mypy
	$(DEVBIN)/lint-imports --no-cache

# The browser tests of the HTML reports drive Debian's Chromium with Playwright (never a
# browser Playwright downloads). Installed here when missing and the machine lets us;
# without one those tests skip, saying why.
CHROMIUM ?= /usr/bin/chromium
browser:
	@test -x $(CHROMIUM) || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	  { apt-get install -y -qq chromium >/dev/null 2>&1 || \
	    { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium >/dev/null 2>&1; }; }; } || \
	  echo "no Chromium at $(CHROMIUM) and it could not be installed: the browser tests will skip"

# docs/images/app-*.png, the app's screenshots the tutorials show, are made by the browser
# tests (tests/app/test_screenshots.py: the app of sample_histories/ at 1280x800), never by hand.
screenshots: $(STAMP) browser
	STUD_HH_SCREENSHOTS=docs/images $(DEVBIN)/python -m pytest -n 0 -q -p no:cacheprovider tests/app/test_screenshots.py

# The suite runs on every core (pytest-xdist; TEST_JOBS=0 runs it in one process) and
# names its slowest tests at the end, so the CI budget can be watched; tests marked with one
# xdist_group run in one worker (the packaging tests share one wheel build).
# Its temporary folders go to one folder per checkout (outside it, so no test runs
# inside our git tree), emptied when a run starts: pytest's default (numbered folders
# in /tmp, the oldest removed as a run ends) removes folders other runs may still hold,
# and a failure there, raised as an error by our filterwarnings = error, failed a whole
# green CI run once (an unclosed scandir iterator in pytest's own clean-up, at exit).
TEST_JOBS ?= auto
TEST_TMP ?= $(or $(TMPDIR),/tmp)/stud-hh-tests-$(shell printf %s '$(CURDIR)' | cksum | cut -d' ' -f1)
test: lint browser
	$(DEVBIN)/python -m pytest -n $(TEST_JOBS) --dist loadgroup --basetemp=$(TEST_TMP) --durations=20

# The compiled wheel, installed into build/compiled (never into the source tree,
# where its .so files would shadow the .py files being edited) and tested there.
COMPILED := build/compiled
compiled: $(STAMP) browser
	rm -rf $(COMPILED) build/wheel
	$(DEVBIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w build/wheel .
	$(DEVBIN)/python -m pip install --quiet --no-deps --target $(COMPILED) build/wheel/stud_hh-*.whl
	STUD_HH_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED) $(DEVBIN)/pytest -p no:cacheprovider -n $(TEST_JOBS) --dist loadgroup --basetemp=$(TEST_TMP)-compiled

# The documentation site (mkdocs.yml). OPENBLAS_NUM_THREADS=1 as the command line sets it,
# for the notebooks' kernels.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 OPENBLAS_NUM_THREADS=1 $(DEVBIN)/mkdocs build --strict --clean --site-dir site

docs-serve: $(STAMP)
	NO_MKDOCS_2_WARNING=1 OPENBLAS_NUM_THREADS=1 $(DEVBIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

clean:
	rm -rf $(VENV) $(DEV) build dist site .pytest_cache .mypy_cache .ruff_cache .hypothesis
