# Two commands do everything from a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
HOST   ?= 127.0.0.1
WORKERS ?= 1
# Settings refuse a production start with several workers and no REDIS_URL (the in-memory
# channel layer does not cross processes): they read the count from here.
export CANFIELD_WORKERS := $(WORKERS)
# Python may write its bytecode caches (__pycache__, git-ignored) even where the environment says
# not to: without them every test process compiles the project again and pytest rewrites the
# assertions of 450 test modules again, 7 s of CPU per process on each run.
unexport PYTHONDONTWRITEBYTECODE
# Peers allowed to name the client in X-Forwarded-For: the app (settings) and uvicorn share it.
TRUSTED_PROXIES ?=
export TRUSTED_PROXIES

.PHONY: run test test-fast test-js lint lint-js bench install-service install-test clean messages extract-messages compile-messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# constraints.txt pins every package of the service and test environment (pip freeze, the
# project itself left out), so a new release of a dependency or a linter cannot break CI. To
# move the pins: install without -c in a fresh virtualenv, run `make test`, then
# `pip freeze --all --exclude-editable` into constraints.txt (less pip and setuptools).
$(VENV)/.service: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install --quiet -c constraints.txt -e '.[service]'
	touch $@

$(VENV)/.test: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/pip install --quiet -c constraints.txt -e '.[service,test]'
	touch $@ $(VENV)/.service

install-service: $(VENV)/.service
install-test: $(VENV)/.test

# The web client's lint tools (ESLint), pinned by package-lock.json and installed as the
# virtualenv is: `npm ci` when node_modules is missing or the lock changed. Dev tools only:
# the app itself has no build step, the browser loads web/static/web/js as it is.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

## Serve HTTP and WebSocket on $(HOST):$(PORT) (embedded SQLite + in-memory layer by default).
run: $(VENV)/.service
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python -m canfield_site.serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

# The suite runs in parallel, one pytest process per core (pytest-xdist), each with its own
# test database, Redis names, server and Chromium (docs/testing.md). TEST_WORKERS=0: one process.
TEST_WORKERS ?= auto

## Lint and the web client's unit tests beside every test (PostgreSQL/Redis when DATABASE_URL/
## REDIS_URL are set, SQLite otherwise); fails if any of them fails.
# Lint (mypy: about 45 s of one core on a fresh clone) runs beside pytest, not before it: the
# suite leaves about two fifths of two cores idle while its processes wait on each other
# (servers, Chromium, sockets), so lint costs the run almost no wall time. Its output is kept in
# $(LINT_LOG) and printed once pytest ends, so the suite's progress is not cut into.
# The last line says pytest's wall time beside its CPU-seconds (its processes', and the whole
# machine's from /proc/stat: tests/support/cpu_timed.py): the suite is CPU-bound, so its wall
# time on a shared machine means little alone.
LINT_LOG := $(VENV)/lint.log
TIMES_LOG := $(VENV)/pytest-times.log
test: $(VENV)/.test node_modules/.installed
	@rm -f $(TIMES_LOG); $(MAKE) --no-print-directory lint test-js >$(LINT_LOG) 2>&1 & lint=$$!; \
	$(BIN)/python -m tests.support.cpu_timed --out $(TIMES_LOG) pytest \
		$(BIN)/python -m pytest -q -n $(TEST_WORKERS) $(PYTEST_ARGS); tests=$$?; \
	wait $$lint; linted=$$?; cat $(LINT_LOG); \
	if [ $$linted -ne 0 ]; then echo "make test: lint or the web client's unit tests failed"; fi; \
	cat $(TIMES_LOG) 2>/dev/null; \
	[ $$tests -eq 0 ] && [ $$linted -eq 0 ]

## The inner loop: no browser, no server process, no timing bound (SQLite unless DATABASE_URL
## is set; how long it takes: docs/testing.md).
test-fast: $(VENV)/.test test-js
	$(BIN)/python -m pytest -q -x -n $(TEST_WORKERS) \
		-m "not slow and not browser and not e2e and not perf" $(PYTEST_ARGS)

## The web client's unit tests (tests/js), by node's own test runner: no browser, no packages.
test-js:
	node --test --test-reporter=spec tests/js/

## What CI and the pre-commit hooks check: ruff's rules, ruff's format, mypy (pyproject.toml),
## and ESLint on the web client and its tests (eslint.config.js).
lint: $(VENV)/.test lint-js
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

lint-js: node_modules/.installed
	node_modules/.bin/eslint --max-warnings=0 .

## Update the catalogues (web/locale, games/locale) from the strings marked in the code, then
## compile them (needs GNU gettext). Translate the new entries in the .po files in between:
## `make extract-messages`, edit, `make compile-messages` (docs/translating.md).
messages: $(VENV)/.service
	$(MAKE) --no-print-directory extract-messages compile-messages

# The same options find the strings for the catalogue test (tests/web/test_catalogues.py).
MESSAGES_OPTIONS := -l id -l ja --no-wrap --no-location --ignore='.*' --ignore='tests/*' \
	--ignore='bench/*' --ignore='docs/*' --ignore='staticfiles/*' --ignore='node_modules/*'
extract-messages:
	$(BIN)/python manage.py makemessages $(MESSAGES_OPTIONS)
	$(BIN)/python manage.py makemessages -d djangojs $(MESSAGES_OPTIONS)

compile-messages:
	$(BIN)/python manage.py compilemessages --ignore='.*' --ignore='staticfiles/*'

bench: $(VENV)/.test
	$(BIN)/python bench/engine_bench.py

clean:
	rm -rf $(VENV) node_modules db.sqlite3 staticfiles
