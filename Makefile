# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAME ?= castell

.PHONY: run play test test-services test-slow lint typecheck bench clean

# The virtual environment, with the package and its development tools installed.
$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev,rl,ray]'
	touch $(VENV)

# The games room's server on http://127.0.0.1:8000 (SQLite in your data folder); Ctrl-C stops it.
run: $(VENV)
	$(BIN)/ludoteca serve

# A game in the terminal against bots.
play: $(VENV)
	$(BIN)/ludoteca play $(GAME)

# PostgreSQL, Redis and Chromium for the tests, from Debian's packages when missing.
test-services:
	sh tools/test-services.sh

lint: $(VENV)
	$(BIN)/ruff check .

typecheck: $(VENV)
	$(BIN)/mypy ludoteca

# Tests marked xdist_group run on one worker (they share one private PostgreSQL and Redis).
test: lint typecheck test-services
	$(BIN)/pytest -n 2 --dist loadgroup

# The slow-marked tests only (soak runs, long fuzzing); `make test` leaves them out.
test-slow: $(VENV) test-services
	$(BIN)/pytest -n 2 --dist loadgroup -m slow

# Every benchmark: the engine's first, then every game's own (`bench/games.py` runs each
# registered game's bench.py), the others, and bot strength last (the longest). Each prints
# ratios to a baseline measured in the same run.
FIRST_BENCHES := bench/engine.py bench/games.py
LAST_BENCHES := bench/bots.py
bench: $(VENV)
	for script in $(FIRST_BENCHES) $(filter-out $(FIRST_BENCHES) $(LAST_BENCHES),$(wildcard bench/*.py)) $(LAST_BENCHES); do \
		$(BIN)/python $$script || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
