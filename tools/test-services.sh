#!/bin/sh
# What the server's tests need beyond Python: PostgreSQL and Redis (the tests start private
# instances of them on loopback ports in temporary folders; nothing global is started),
# Chromium (the web client's browser tests), systemd-analyze and nginx (the operators' recipe). Installed from Debian's packages when missing.
set -eu

need=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
command -v redis-server >/dev/null 2>&1 || need="$need redis-server"
[ -x /usr/bin/chromium ] || need="$need chromium"
# The operators' recipe (tests/test_operators_recipe.py): its systemd unit is checked by
# systemd-analyze, and nginx runs in front of two processes.
command -v systemd-analyze >/dev/null 2>&1 || need="$need systemd"
command -v nginx >/dev/null 2>&1 || need="$need nginx"

if [ -z "$need" ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing:$need"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $need
else
    echo "WARNING: cannot install$need (this needs root and apt-get)." >&2
    echo "WARNING: the server's PostgreSQL/Redis tests will be SKIPPED, each saying why." >&2
fi
