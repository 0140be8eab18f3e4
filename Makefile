# fivedice: `make run` serves (http://127.0.0.1:8000/), `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV := $(BIN)/uv

.PHONY: run cluster test lint typecheck install install-cluster install-test test-services cluster-services clean bench tables

$(UV):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip uv

install: $(UV)
	$(UV) pip install -q --python $(BIN)/python -e '.[server]'

install-cluster: $(UV)
	$(UV) pip install -q --python $(BIN)/python -e '.[cluster]'

install-test: $(UV) test-services node_modules/.package-lock.json
	$(UV) pip install -q --python $(BIN)/python -e '.[test]'

# A cluster on this machine, and the tests that start one, use Debian's PostgreSQL, Redis and
# HAProxy: each is installed only if missing.
cluster-services:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql)
	@command -v redis-server >/dev/null 2>&1 \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server)
	@command -v haproxy >/dev/null 2>&1 || test -x /usr/sbin/haproxy \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy)

# The page's development tools (ESLint, axe-core) come from npm, pinned by package-lock.json.
node_modules/.package-lock.json: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm)
	npm ci --no-audit --no-fund --loglevel=error

test-services: cluster-services
# The web page's tests drive Debian's chromium (Playwright cannot fetch browsers here).
	@test -x /usr/bin/chromium \
		|| (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

run: install
	$(BIN)/fivedice serve --host 127.0.0.1 --port 8000

# PostgreSQL, Redis, three nodes and HAProxy as plain processes: one URL, Ctrl+C stops it all.
# Other choices through ARGS: make cluster ARGS='--port 8090 --nodes 5 --dir .cluster'
ARGS ?=
cluster: install-cluster cluster-services
	$(BIN)/python deploy/localcluster.py --nodes 3 --port 8000 --dir .cluster $(ARGS)

lint: install-test
	$(BIN)/ruff check src tests bench examples deploy
	$(BIN)/ruff format --check src tests bench examples deploy
	node_modules/.bin/eslint src/fivedice/web/js tests/js eslint.config.js

typecheck: install-test
	$(BIN)/mypy

# Three test processes (pytest-xdist): most tests wait on servers, browsers and timers, not the
# CPU. A file's tests stay on one process; tests/conftest.py says which run one at a time. The
# browser tests (tests/web) run in a pytest of their own, after the others: Playwright's sync
# API keeps an event loop running in its process, and an asyncio test after it in the same
# process would fail (a process that ran a browser test first failed hundreds of them).
TEST_WORKERS ?= 3
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

test: install-test lint typecheck
	node --test tests/js/
	$(PYTEST) --ignore=tests/web
	$(PYTEST) tests/web

bench: install-test
	$(BIN)/python -m bench

# The presets' solved tables shipped in the package (after a change to the solver or a preset).
tables: install
	$(BIN)/python -c "from fivedice.strategy.shipped import main; main()"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .cluster
