# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAME ?= castell

.PHONY: run play test test-slow lint typecheck bench clean

# The virtual environment, with the package and its development tools installed.
$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev]'
	touch $(VENV)

run: $(VENV)
	$(BIN)/ludoteca play $(GAME)

lint: $(VENV)
	$(BIN)/ruff check .

typecheck: $(VENV)
	$(BIN)/mypy ludoteca

test: lint typecheck
	$(BIN)/pytest -n 2

# The slow-marked tests only (soak runs, long fuzzing); `make test` leaves them out.
test-slow: $(VENV)
	$(BIN)/pytest -n 2 -m slow

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
