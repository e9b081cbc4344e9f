#!/bin/sh
# What the server's tests need beyond Python: PostgreSQL and Redis (the tests start private
# instances of them on loopback ports in temporary folders; nothing global is started),
# Chromium (the web client's browser tests), systemd-analyze (the operators' recipe checks its
# unit) and nginx (the operators' recipe, the drain's browser test and the tests of several
# hosts start private instances of it). Installed from Debian's packages when missing.
set -eu

need=""
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
command -v redis-server >/dev/null 2>&1 || need="$need redis-server"
[ -x /usr/bin/chromium ] || need="$need chromium"
command -v systemd-analyze >/dev/null 2>&1 || need="$need systemd"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need="$need nginx"

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
