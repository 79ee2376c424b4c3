#!/usr/bin/env bash
# Recognizer accuracy and speed on the UNIPEN dev writers (never seen in training).
# (release flags as in the Makefile's RELEASE, so the builds share .build/release)
# Usage: Benchmarks/bench-recognizer.sh [SHARED_DIR] [--limit N]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
shift || true
data="$shared/data/unipen"
[ -f "$data/dev-words.jsonl.gz" ] || { echo "bench-recognizer: $data/dev-words.jsonl.gz not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gzip -dc "$data/dev-words.jsonl.gz" > "$tmp/words.jsonl"
gzip -dc "$data/dev-lines.jsonl.gz" > "$tmp/lines.jsonl"
swift build -c release --static-swift-stdlib --product recognizer-bench >/dev/null
"$(swift build -c release --show-bin-path)/recognizer-bench" "$tmp/words.jsonl" "$tmp/lines.jsonl" "$@" | tee "$tmp/out"
# a run on part of the samples is kept apart from the full runs the README's figures come from
name=bench-recognizer
[ $# -eq 0 ] || name=bench-recognizer-partial
python3 Benchmarks/results.py "$name" --command "make bench-recognizer${*:+ BENCH_ARGS='$*'}" \
    --recognizer-bench "$tmp/out" --set "languages=${NOTEBOOK_INDEX_LANGUAGES:-en}"
