# Two entry points for a newcomer: `make run` and `make test`. Each sets up .venv itself.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export FEEDS_DATA_DIR ?= var
export FEEDS_SITE_DIR ?= site
DEMO_DAYS ?= 45

.PHONY: run test lint bench install demo clean golden

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/feeds backfill --days $(DEMO_DAYS) --offline

run: demo
	$(BIN)/feeds demo-summary

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check . || true

golden: $(STAMP)  ## regenerate tests/golden/tree on purpose, after a deliberate output change
	FEEDS_REGENERATE_GOLDEN=1 $(BIN)/pytest -q tests/test_build.py -k golden
	git status --short tests/golden | head

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) var site .pytest_cache .ruff_cache
