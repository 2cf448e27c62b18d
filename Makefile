# Two entry points for a newcomer: `make run` and `make test`. Each sets up .venv itself.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export FEEDS_DATA_DIR ?= var
export FEEDS_SITE_DIR ?= site
DEMO_DAYS ?= 45

.PHONY: run test lint typecheck bench install demo clean golden

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

demo: $(STAMP)
	$(BIN)/feeds backfill --days $(DEMO_DAYS) --offline
	$(BIN)/feeds build

# Builds the offline demo archive and its tree, creates a demo key, and serves both.
run: demo
	@KEY=$$($(BIN)/feeds keys create --plan pro --name demo | tail -n 1); \
	echo ""; \
	echo "  Serving http://$(HOST):$(PORT)/  (Ctrl-C stops)"; \
	echo "  demo key (pro plan): $$KEY"; \
	echo "  try:  curl -H 'Authorization: Bearer $$KEY' 'http://$(HOST):$(PORT)/api/v1/codehost-ai-repos?limit=3&q=mcp'"; \
	echo "        curl 'http://$(HOST):$(PORT)/api/v1/momentum?category=mcp-servers&limit=5'"; \
	echo ""; \
	exec $(BIN)/feeds serve --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

# Settings and the checked packages are in pyproject.toml ([tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/mypy

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

golden: $(STAMP)  ## regenerate tests/golden/tree on purpose, after a deliberate output change
	FEEDS_REGENERATE_GOLDEN=1 $(BIN)/pytest -q tests/test_build.py -k golden
	git status --short tests/golden | head

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) var site .pytest_cache .ruff_cache
