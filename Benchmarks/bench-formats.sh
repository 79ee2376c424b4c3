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
"$bin" bench --repeat 3 "$corpus"
