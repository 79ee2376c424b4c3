#!/usr/bin/env bash
# `make demo`: index SampleNotebooks/ into a throwaway index and search it.
#   tools/demo.sh [PATH/TO/notebook-index]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${1:-$root/.build/release/notebook-index}
[ -x "$cli" ] || { echo "demo: $cli: not built (run 'make build')" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
index="$tmp/index.sqlite"

run() {
    printf '\n\033[1m$ notebook-index %s\033[0m\n' "$*"
    "$cli" "$@" --index "$index"
}

cd "$root"
run build SampleNotebooks
rc=$?
if [ $rc -eq 2 ]; then echo "demo: build failed" >&2; exit 2; fi
run status
# Words written in the samples (see SampleNotebooks/truth.json), the typed title of the Xournal++
# notebook, in-word matching ("play" finds "players") and the JSON contract.
run query lecture
run query history --limit 5
run query play --limit 5
run query service --full-words --limit 5
run query price --full-words --json --limit 2
printf '\n\033[1m$ notebook-index text SampleNotebooks/inkml/meeting-notes-1.inkml | head\033[0m\n'
"$cli" text SampleNotebooks/inkml/meeting-notes-1.inkml | head -n 8
echo
echo "demo: index was $index (removed now); 'make test' runs the test suite."
exit 0
