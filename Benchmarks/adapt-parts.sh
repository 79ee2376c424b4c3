#!/usr/bin/env bash
# Which part of the network can learn a writer's hand, and how far (issue 47): the shipped network
# (Training/checkpoints/gen4/v34.pt) adapted per UNIPEN dev writer, part by part, to oracle labels
# and to the words the shipped reader holds sure, with adapt-bench's learning/reading split
# (Training/adapt_parts.py says what each part is). adapt-bench --readings gives the sure words as
# the Swift reader reads them, each writer in its labels' language (writer_languages.py).
# Writes Benchmarks/results/<name>-<date>.json.
# Usage: Benchmarks/adapt-parts.sh [SHARED_DIR] [adapt_parts.py options: --parts, --targets, --writers, --max-words, --name]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=$(cd "${1:-../shared}" && pwd)
shift || true
python=Training/.venv/bin/python
[ -x "$python" ] || { echo "adapt-parts: $python not found (make -C Training .venv/done)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source Benchmarks/adapt-bench-run.sh
adapt_bench --readings "$tmp/readings.json" >/dev/null
(cd Training && OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} "../$python" adapt_parts.py --readings "$tmp/readings.json" \
    --shared "$shared" "$@")
