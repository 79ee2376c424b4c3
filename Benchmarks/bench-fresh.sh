#!/usr/bin/env bash
# Search recall on fresh real notebooks: words read by eye (Benchmarks/fresh-notes/truth.json) in
# files of ../shared/corpus that no rule, threshold or label here was fitted to, found as a user
# would search them (real_words.py: query WORD --full-words, a hit on ink in the word's own file).
# Only the listed files are indexed (linked into a scratch folder), so the build takes seconds.
# Usage: Benchmarks/bench-fresh.sh [SHARED_DIR] [BINARY] [real_words.py options...]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
bin=${2:-.build/release/notebook-index}
shift $(( $# < 2 ? $# : 2 ))
truth=Benchmarks/fresh-notes/truth.json
[ -d "$shared/corpus" ] || { echo "bench-fresh: $shared/corpus not found" >&2; exit 2; }
[ -x "$bin" ] || { echo "bench-fresh: $bin not found (make build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$truth" "$shared/corpus" "$tmp/notes" <<'PY'
import json, os, sys
truth, corpus, notes = sys.argv[1:]
for name in json.load(open(truth))["handwriting"]:
    source = os.path.join(os.path.abspath(corpus), name)
    if not os.path.exists(source):
        sys.exit(f"bench-fresh: {source} not found")
    os.makedirs(os.path.dirname(os.path.join(notes, name)), exist_ok=True)
    os.symlink(source, os.path.join(notes, name))
PY
python3 "$shared/tools/eval/real_words.py" "$bin" "$tmp/notes" "$truth" "$@" --json "$tmp/result.json"
# Only the default run and the --fuzzy one are the figures README shows; other options print only.
case "$*" in
    "") name=bench-fresh ;;
    --query-arg=--fuzzy) name=bench-fresh-fuzzy ;;
    *) exit 0 ;;
esac
python3 Benchmarks/results.py "$name" --command "make bench-fresh${*:+ FRESH_ARGS='$*'}" --json "$tmp/result.json"
