# fivedice: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV := $(BIN)/uv

.PHONY: run test lint typecheck install install-test clean bench

$(UV):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip uv

install: $(UV)
	$(UV) pip install -q --python $(BIN)/python -e .

install-test: $(UV)
	$(UV) pip install -q --python $(BIN)/python -e '.[test]'

run: install
	$(BIN)/fivedice play

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: install-test
	$(BIN)/mypy

test: install-test lint typecheck
	$(BIN)/python -m pytest

bench: install-test
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
