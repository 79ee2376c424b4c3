#!/usr/bin/env bash
# Which adaptation to a writer's hand works (issue 47): adapt-bench on the UNIPEN dev writers with
# at least 150 samples, each writer's samples split alternately into ink to learn from (its sure
# words) and ink to read, with the shipped network and with each variant's adaptation. Each
# writer is read in the language of its labels' words (Benchmarks/writer_languages.py).
# Writes Benchmarks/results/adapt-harness-<date>.json (commit, machine, date, command, figures).
# Usage: Benchmarks/adapt-harness.sh [SHARED_DIR] [--writers K] [--from N] [--variants part:steps:rate:l2,...]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
shift || true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source Benchmarks/adapt-bench-run.sh
adapt_bench --json "$tmp/out.json" "$@"
mkdir -p Benchmarks/results
out="Benchmarks/results/adapt-harness-$(date -u +%Y-%m-%dT%H%M%SZ).json"
python3 - "$tmp/out.json" "$out" "adapt-harness.sh $*" <<'PY'
import json, platform, subprocess, sys, datetime
figures = json.load(open(sys.argv[1]))
commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
record = {"benchmark": "adapt-harness", "commit": commit, "machine": f"{platform.node()} {platform.machine()}",
          "cores": __import__("os").cpu_count(), "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
          "command": "Benchmarks/" + sys.argv[3], **figures}
json.dump(record, open(sys.argv[2], "w"), indent=1)
print("wrote", sys.argv[2])
PY
