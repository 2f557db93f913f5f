# `make run` and `make test` bootstrap everything on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench bench-server clean rules-coverage compiled clean-compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

# The play server and browser client at http://127.0.0.1:8000 (SQLite file hexfleet.db here;
# set HEXFLEET_DATABASE_URL=postgresql+psycopg://... for PostgreSQL).
run: $(STAMP)
	$(BIN)/hexfleet serve --host 127.0.0.1 --port 8000

# Lint and types first (ruff; mypy over the package, strict on the kernel and the hex core),
# a compiled build rebuilt if its sources changed (tests/engine/test_compiled.py compares it),
# then the whole test suite.
test: lint
	$(BIN)/python tools/build_compiled.py --refresh
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/mypy src/hexfleet
	$(BIN)/mypy --strict src/hexfleet/engine src/hexfleet/hexgrid.py

# The figures of the compiled build (below); `HEXFLEET_PURE=1 make bench` gives the pure-Python ones.
bench: compiled
	$(BIN)/python bench/run.py

# mypyc extensions of the hot modules beside their sources (gcc and Python headers needed;
# tools/build_compiled.py says which and why). Python imports them unless HEXFLEET_PURE=1 is set
# or a source changed since; the tests run pure and tests/engine/test_compiled.py checks that
# both builds play the same games.
compiled: $(STAMP)
	$(BIN)/python tools/build_compiled.py

clean-compiled:
	$(PYTHON) tools/build_compiled.py --clean

bench-server: $(STAMP)
	$(BIN)/python bench/server_load.py

clean: clean-compiled
	rm -rf $(VENV) .pytest_cache .hypothesis build/mypyc

rules-coverage: $(STAMP)
	$(BIN)/python tools/rules_coverage.py
