#!/usr/bin/env bash
# The Debian packages notebook-index needs beyond the Swift toolchain, in one list: SQLite (with
# FTS5) and zlib, the C libraries the code links, and libmicrohttpd, Zinnia and libdbus, which it
# opens (libdbus-1-dev's header for `make lint`'s check of the code's own declarations, dbus-daemon
# and gdbus for the tests of `search-provider`); the Tegaki models Zinnia reads for Chinese and
# Japanese; Python 3 for the benchmarks and `make docs-check`. `make build`, `make test`,
# `make demo` and `.ci/run` call it first. When everything is installed it only asks dpkg; as root
# it installs what is missing with apt-get; otherwise it names the packages and the command to run
# and exits 1.
set -euo pipefail
packages=(libsqlite3-dev zlib1g-dev libmicrohttpd-dev libdbus-1-dev dbus-daemon libglib2.0-bin python3 libzinnia-dev tegaki-zinnia-japanese tegaki-zinnia-simplified-chinese)
if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup-deps: not a Debian machine; make sure these (or your system's equivalents) are installed: ${packages[*]}" >&2
    exit 0
fi
installed=$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null || true)
need=()
for pkg in "${packages[@]}"; do
    grep -qx "$pkg installed" <<<"$installed" || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-deps: missing Debian packages ${need[*]}; install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
fi
echo "setup-deps: installing ${need[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
