# Two entry points for a fresh clone: `make serve` (the web app) and `make test`.
# `make play` is the terminal game.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# What the web app and the terminal game need (the `server` extra), without the test tools.
SERVE_STAMP := $(VENV)/.installed-server

.PHONY: play serve test test-postgres lint typecheck unit bench bench-server bench-server-crowd bench-server-cluster clean install

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(SERVE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(SERVE_STAMP)

install: $(STAMP)

# Ctrl-C (exit status 130) ends the game quietly, without make's "Error 130".
play: $(SERVE_STAMP)
	trap : INT; $(BIN)/threethirteen play --rules classic --players 4 || test $$? -eq 130

# The web app on a SQLite file (threethirteen.db); prints the address to open.
serve: $(SERVE_STAMP)
	$(BIN)/threethirteen serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/threethirteen tests benchmarks examples

unit: $(STAMP)
	sh scripts/install-tools.sh
	$(BIN)/python -m pytest

# tests/server again, on a throwaway PostgreSQL (installed with apt-get if missing).
test-postgres: $(STAMP)
	bash scripts/ci-postgres.sh

test: lint typecheck unit test-postgres

bench: $(STAMP)
	$(BIN)/python benchmarks/solver_bench.py

# 100 tables at once on a real server: move-to-update latency and moves per second;
# then the same load through nginx on 1 and 2 processes (bench-server-cluster).
bench-server: $(STAMP)
	$(BIN)/python benchmarks/server_bench.py
	sh scripts/install-tools.sh nginx
	bash scripts/with-postgres.sh $(BIN)/python benchmarks/cluster_bench.py

# A ladder of busy tables through nginx on 1, then 2 `serve --cluster` processes sharing a
# throwaway PostgreSQL: the most tables each holds at p99 < 50 ms, and the ratio. Needs
# nginx (scripts/install-tools.sh).
bench-server-cluster: $(STAMP)
	sh scripts/install-tools.sh nginx
	bash scripts/with-postgres.sh $(BIN)/python benchmarks/cluster_bench.py

# The same, plus 500 spectators joining one table at once and a client that never reads:
# every table's p99 (docs/server.md).
bench-server-crowd: $(STAMP)
	$(BIN)/python benchmarks/server_bench.py --crowd 500 --stuck 1

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
