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

test-slow: $(VENV)
	$(BIN)/pytest -n 2 -m slow

# Every benchmark, the engine's first; each prints ratios to a baseline run in the same process.
bench: $(VENV)
	$(BIN)/python bench/engine.py
	for script in $(filter-out bench/engine.py,$(wildcard bench/*.py)); do \
		$(BIN)/python $$script || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
