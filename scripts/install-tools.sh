#!/usr/bin/env sh
# The programs some tests run, from Debian's archive, each only when it is missing:
#   chromium  the browser tests (tests/browser); Playwright drives this system Chromium
#             (executable_path) and `playwright install` is never run
#   nodejs    the JavaScript example engine's test (tests/test_engines.py)
#   nginx     the proxy in front of several server processes (tests/server/test_nginx_launch.py,
#             benchmarks/cluster_bench.py); our nginx runs on a config and folder of its own
#             (threethirteen.server.launch), never on /etc/nginx, so the service Debian's
#             package may start on port 80 does not matter
# Without apt-get (or root) it says what to install and exits 0: those tests then skip
# on a developer's machine and fail under CI=true.
set -eu

CHROMIUM=${THREETHIRTEEN_CHROMIUM:-/usr/bin/chromium}

# With arguments, only those of the three (`sh scripts/install-tools.sh nginx`: the benchmarks).
missing=""
for tool in ${*:-chromium nodejs nginx}; do
    case "$tool" in
        chromium) command -v "$CHROMIUM" >/dev/null 2>&1 || missing="$missing chromium" ;;
        nodejs) command -v node >/dev/null 2>&1 || missing="$missing nodejs" ;;
        # /usr/sbin is not on every user's PATH.
        nginx) command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || missing="$missing nginx" ;;
        *) echo "install-tools: unknown tool '$tool' (chromium, nodejs or nginx)" >&2; exit 2 ;;
    esac
done
if [ -z "$missing" ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-tools: missing:$missing, and apt-get is not available; install them yourself." >&2
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "install-tools: missing:$missing; run as root: apt-get update && apt-get install -y$missing" >&2
        exit 0
    fi
fi

echo "install-tools: installing$missing with apt-get" >&2
$SUDO apt-get update -qq
# shellcheck disable=SC2086  # one word a package
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
