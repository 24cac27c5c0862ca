#!/usr/bin/env sh
# Chromium for the browser tests (tests/browser), from Debian's archive.
# Idempotent: does nothing when /usr/bin/chromium is already there. Never runs
# `playwright install`: Playwright drives this system Chromium (executable_path).
set -eu

CHROMIUM=${THREETHIRTEEN_CHROMIUM:-/usr/bin/chromium}

if [ -x "$CHROMIUM" ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: $CHROMIUM is missing and apt-get is not available;" >&2
    echo "install Chromium yourself (the browser tests skip without it, and fail under CI=true)." >&2
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-browser: $CHROMIUM is missing; run as root: apt-get update && apt-get install -y chromium" >&2
        exit 0
    fi
fi

echo "install-browser: installing chromium with apt-get" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
