#!/usr/bin/env sh
# Node.js for the JavaScript example engine's test (tests/test_engines.py), from
# Debian's archive. Idempotent: does nothing when `node` is already on the PATH.
set -eu

if command -v node >/dev/null 2>&1; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-node: node is missing and apt-get is not available;" >&2
    echo "install Node.js yourself (its test skips without it, and fails under CI=true)." >&2
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-node: node is missing; run as root: apt-get update && apt-get install -y nodejs" >&2
        exit 0
    fi
fi

echo "install-node: installing nodejs with apt-get" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs
