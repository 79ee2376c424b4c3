#!/usr/bin/env bash
# Indexing speed of several notebook-index binaries on the same pages, in one run: each round
# builds a fresh index with every binary in turn (so a slower stretch of the machine falls on all
# of them), and prints pages per second (pages over wall time) and the CPU seconds of `build`.
#
#   Benchmarks/compare-speed.sh PAGES ROUNDS BINARY...
#
# PAGES is a folder of notebooks (`make eval` makes /tmp/dev-pages); each BINARY is an executable
# beside its resources (a `.build/release` of any commit, e.g. built in a `git worktree`).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 PAGES ROUNDS BINARY..." >&2; exit 2; }
pages=$1 rounds=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-60s %6s %9s %8s %8s\n' binary round pages/s wall_s cpu_s
for round in $(seq 1 "$rounds"); do
    for binary in "$@"; do
        rm -f "$work"/index*
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$binary" build "$pages" --index "$work/index" > /dev/null
        count=$("$binary" status --index "$work/index" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["pages"])')
        read -r wall user system < "$work/time"
        python3 - "$binary" "$round" "$count" "$wall" "$user" "$system" <<'PY'
import sys
binary, round_, pages, wall, user, system = sys.argv[1:]
print(f"{binary:<60} {round_:>6} {int(pages) / float(wall):9.2f} {float(wall):8.2f} {float(user) + float(system):8.2f}")
PY
    done
done
