# Two commands do everything from a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
HOST   ?= 127.0.0.1
WORKERS ?= 1
# Peers allowed to name the client in X-Forwarded-For: the app (settings) and uvicorn share it.
TRUSTED_PROXIES ?=
export TRUSTED_PROXIES

.PHONY: run test test-fast lint bench install-service install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.service: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[service]'
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[service,test]'
	touch $@ $(VENV)/.service

install-service: $(VENV)/.service
install-test: $(VENV)/.test

## Serve HTTP and WebSocket on $(HOST):$(PORT) (embedded SQLite + in-memory layer by default).
run: $(VENV)/.service
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/uvicorn canfield_site.asgi:application --host $(HOST) --port $(PORT) --workers $(WORKERS) \
		--ws-per-message-deflate false --proxy-headers --forwarded-allow-ips '$(TRUSTED_PROXIES)'

## Run every test (PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set, SQLite otherwise).
test: $(VENV)/.test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

## The inner loop: no browser, no server process, no timing bound (a minute or so, SQLite).
test-fast: $(VENV)/.test
	$(BIN)/python -m pytest -q -x -m "not slow and not browser and not e2e and not perf" $(PYTEST_ARGS)

lint: $(VENV)/.test
	$(BIN)/ruff check .

bench: $(VENV)/.test
	$(BIN)/python bench/engine_bench.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
