#!/usr/bin/env bash
# Reader throughput per format over ../shared/corpus: MB/s of file bytes and strokes/s, best of
# three passes per file, release build, one process (no start-up cost counted).
# (release flags as in the Makefile's RELEASE, so the builds share .build/release)
# Usage: Benchmarks/bench-formats.sh [CORPUS_DIR]   (default: ../shared/corpus from the repo root)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
if [ ! -d "$corpus" ]; then
    echo "bench-formats: $corpus not found (the shared corpus sits beside the repository)" >&2
    exit 2
fi
swift build -c release --static-swift-stdlib --product notebook-fuzz >&2
bin="$(swift build -c release --show-bin-path)/notebook-fuzz"
echo "corpus: $corpus ($(uname -m), $(nproc) cores)"
out=$(mktemp)
trap 'rm -f "$out" "$out.json"' EXIT
"$bin" bench --repeat 3 "$corpus" | tee "$out"
python3 - "$out" "$out.json" <<'PY'
import json, sys
keys = ["files", "bytes", "strokes", "points", "cpu_seconds", "mb_per_second", "strokes_per_second"]
rows = [line.split() for line in open(sys.argv[1]) if line.strip() and not line.startswith("format")]
json.dump({"formats": {r[0]: dict(zip(keys, map(float, r[1:]))) for r in rows if len(r) == 8}}, open(sys.argv[2], "w"))
PY
python3 Benchmarks/results.py bench-formats --command "make bench-formats (corpus $corpus)" --json "$out.json"
