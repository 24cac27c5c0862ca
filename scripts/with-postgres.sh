#!/usr/bin/env bash
# Run a command beside a throwaway PostgreSQL:
#   bash scripts/with-postgres.sh CMD [ARGS...]
# runs CMD with THREETHIRTEEN_TEST_DB exported (the URL of an empty database,
# postgresql+psycopg://postgres@127.0.0.1:PORT/threethirteen_test) and exits with CMD's
# status. scripts/ci-postgres.sh runs the server's tests in it; `make bench-server-cluster`
# the cluster benchmark.
#
# - Installs PostgreSQL with apt-get only if no server binaries are found (as root, or with
#   password-less sudo). Where it cannot be installed it says so and exits 0 without
#   running CMD (skipped), except under CI=true, where that is a failure.
# - Starts a throwaway cluster in a temporary folder, on a free port of 127.0.0.1 (unix
#   socket in that folder too), as the `postgres` user when run as root (initdb refuses
#   root), else as the current user; trust authentication (the `postgres` superuser may
#   create more databases), fsync off, max_connections 300 (a benchmark's processes each
#   hold a pool).
# - Stops the cluster and removes its folder on exit, whether CMD passes, fails or is
#   interrupted.
#
# The driver (psycopg) comes from the `postgres` extra, which `dev` includes:
#   make install && bash scripts/with-postgres.sh .venv/bin/python -m pytest tests/server
#   PGPORT=55433 bash scripts/with-postgres.sh CMD      # a fixed port instead of a free one

set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: scripts/with-postgres.sh CMD [ARGS...]" >&2; exit 2; }
# CMD runs where it is given (its relative paths stay right); the script's own paths do not
# depend on it.
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

PYTHON="$ROOT/.venv/bin/python"
[ -x "$PYTHON" ] || { echo "with-postgres: .venv is missing: run 'make install' first" >&2; exit 2; }
"$PYTHON" -c 'import psycopg' 2>/dev/null || {
    echo "with-postgres: psycopg is missing from .venv: pip install -e '.[dev]' (or '.[postgres]')" >&2
    exit 2
}

say() { echo "with-postgres: $*" >&2; }
CMD=("$@")

skip_or_fail() {
    if [ "${CI:-}" = "true" ]; then
        say "$* (CI=true: failing)"
        exit 1
    fi
    say "$*; SKIPPED: $(printf '%q ' "${CMD[@]}")"
    exit 0
}

find_pgbin() {
    # Debian/Ubuntu keep each major version in /usr/lib/postgresql/N/bin; elsewhere, PATH.
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
        echo "$dir"
    elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
    fi
}

PGBIN="$(find_pgbin)"
if [ -z "$PGBIN" ]; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            SUDO="sudo -n"
        else
            skip_or_fail "PostgreSQL is not installed and this is not root: apt-get install postgresql"
        fi
    fi
    command -v apt-get >/dev/null 2>&1 || skip_or_fail "PostgreSQL is not installed and there is no apt-get"
    say "installing postgresql with apt-get"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
        postgresql >/dev/null
    PGBIN="$(find_pgbin)"
    [ -n "$PGBIN" ] || { say "apt-get installed postgresql, but no initdb was found"; exit 1; }
fi

# Who runs the cluster: initdb and postgres refuse to run as root.
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /bin/sh postgres
    # From /, which the postgres user can read whatever the caller's folder.
    as_pg() { (cd / && runuser -u postgres -- "$@"); }
else
    as_pg() { "$@"; }
fi

DATA="$(mktemp -d "${TMPDIR:-/tmp}/threethirteen-pg.XXXXXX")"
[ "$(id -u)" -eq 0 ] && chown postgres "$DATA"
cleanup() {
    if [ -f "$DATA/data/postmaster.pid" ]; then  # running, or half started
        as_pg "$PGBIN/pg_ctl" -D "$DATA/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$DATA"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

as_pg "$PGBIN/initdb" -D "$DATA/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >/dev/null
# A free port can be taken between the look and the start: try a few.
for attempt in 1 2 3; do
    PORT="${PGPORT:-$(free_port)}"
    if as_pg "$PGBIN/pg_ctl" -D "$DATA/data" -l "$DATA/log" -w -t 60 start -o \
        "-p $PORT -k $DATA -c listen_addresses=127.0.0.1 -c fsync=off \
         -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
        >/dev/null; then
        break
    fi
    if [ -n "${PGPORT:-}" ] || [ "$attempt" -eq 3 ]; then
        say "the cluster did not start:"
        cat "$DATA/log" >&2
        exit 1
    fi
done
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres threethirteen_test
say "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($DATA)"

export THREETHIRTEEN_TEST_DB="postgresql+psycopg://postgres@127.0.0.1:$PORT/threethirteen_test"
status=0
"${CMD[@]}" || status=$?
exit "$status"
