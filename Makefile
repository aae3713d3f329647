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
# Peers allowed to name the client in X-Forwarded-For: the app (settings) and uvicorn share it.
TRUSTED_PROXIES ?=
export TRUSTED_PROXIES

.PHONY: run test lint bench install-service install-test clean

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

## Serve HTTP and WebSocket on $(HOST):$(PORT) (embedded SQLite + in-memory layer by default).
run: $(VENV)/.service
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/uvicorn canfield_site.asgi:application --host $(HOST) --port $(PORT) --workers $(WORKERS) \
		--ws-per-message-deflate false --proxy-headers --forwarded-allow-ips '$(TRUSTED_PROXIES)'

## Lint, then every test (PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set, SQLite otherwise).
test: lint
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

## What CI and the pre-commit hooks check: ruff's rules, ruff's format, mypy (pyproject.toml).
lint: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(VENV)/.test
	$(BIN)/python bench/engine_bench.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
