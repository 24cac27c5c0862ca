#!/usr/bin/env bash
# Run the server's tests (tests/server) against PostgreSQL: `make test` calls it
# (target test-postgres) after the SQLite run, so the same suite passes on both.
#
# scripts/with-postgres.sh does the work: it installs PostgreSQL with apt-get if it is
# missing (or says so and exits 0, the run skipped; under CI=true that is a failure),
# starts a throwaway cluster, runs tests/server with THREETHIRTEEN_TEST_DB pointing at it
# (the store contract tests, the database tests, the kill -9 restart tests, the nginx
# tests and the load test then use PostgreSQL), and stops and removes the cluster on
# exit, whether the tests pass, fail or are interrupted. Exit status: pytest's.
#
# The driver (psycopg) comes from the `postgres` extra, which `dev` includes:
#   make install && bash scripts/ci-postgres.sh [PYTEST ARGS...]
#   PGPORT=55433 bash scripts/ci-postgres.sh          # a fixed port instead of a free one
set -euo pipefail
cd "$(dirname "$0")/.."
exec bash scripts/with-postgres.sh .venv/bin/python -m pytest tests/server -p no:cacheprovider "$@"
