# fivedice: `make run` serves (http://127.0.0.1:8000/), `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV := $(BIN)/uv

.PHONY: run test lint typecheck install install-test test-services clean bench

$(UV):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip uv

install: $(UV)
	$(UV) pip install -q --python $(BIN)/python -e .

install-test: $(UV) test-services
	$(UV) pip install -q --python $(BIN)/python -e '.[test]'

# The store's and the server's tests start their own PostgreSQL: install it only if missing.
test-services:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql)
# The web page's tests drive Debian's chromium (Playwright cannot fetch browsers here).
	@test -x /usr/bin/chromium \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

run: install
	$(BIN)/fivedice serve --host 127.0.0.1 --port 8000

lint: install-test
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: install-test
	$(BIN)/mypy

test: install-test lint typecheck
	$(BIN)/python -m pytest

bench: install-test
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
