#!/usr/bin/env bash
# `make bench-shards`: an archive split into shards on one machine against one build of it.
#   Benchmarks/bench-shards.sh [--cli PATH/TO/notebook-index] [--shards N] [FOLDER]
# FOLDER (default: SampleNotebooks/) is copied into a temporary folder. One `build` indexes it
# with every core (--jobs = cores); then N `build --shard K/N` run side by side, one core each
# (--jobs 1: what N machines, or GNU parallel on one, would run), and `merge` folds them. Prints
# the seconds of each, and checks that the merged index answers a set of queries (every reading
# kept, --min-score 0) exactly as the one build: the same hits, stroke IDs, bounds and scores.
# Exits 1 when the answers differ.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=$root/.build/release/notebook-index
shards=4
folder=$root/SampleNotebooks
while [ $# -gt 0 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --shards) shards=$2; shift 2 ;;
        *) folder=$1; shift ;;
    esac
done
[ -x "$cli" ] || { echo "bench-shards: $cli: not built (run 'make build')" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$folder" "$tmp/notes"
cores=$(nproc)
now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.1f}')"; }
pages=$("$cli" build "$tmp/notes" --index "$tmp/count.sqlite" --jobs "$cores" >/dev/null 2>&1; \
    "$cli" status --json --index "$tmp/count.sqlite" | python3 -c 'import json,sys; print(json.load(sys.stdin)["pages"])')
rm -f "$tmp"/count.sqlite*
start=$(now)
"$cli" build "$tmp/notes" --index "$tmp/one.sqlite" --jobs "$cores"
one=$(seconds "$start" "$(now)")
start=$(now)
pids=()
for k in $(seq 1 "$shards"); do
    "$cli" build "$tmp/notes" --index "$tmp/shard$k.sqlite" --shard "$k/$shards" --jobs 1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
built=$(now)
"$cli" merge "$tmp/merged.sqlite" "$tmp"/shard*.sqlite >/dev/null || status=1
merged=$(now)
files=$(for k in $(seq 1 "$shards"); do "$cli" status --json --index "$tmp/shard$k.sqlite" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["files"])'; done | paste -sd/)
notebooks=$("$cli" status --json --index "$tmp/one.sqlite" | python3 -c 'import json,sys; print(json.load(sys.stdin)["files"])')
echo "machine: $cores cores; $pages pages in $notebooks notebooks; shards of $files notebooks"
echo "one build (--jobs $cores): $one s"
echo "$shards shards side by side (--jobs 1 each): $(seconds "$start" "$built") s, merge $(seconds "$built" "$merged") s, together $(seconds "$start" "$merged") s"
python3 "$root/Benchmarks/same_answers.py" "$cli" "$tmp/one.sqlite" "$tmp/merged.sqlite" --json "$tmp/queries.json" || status=1
same=$(python3 -c 'import json,sys; print(sum(r["same"] for r in json.load(open(sys.argv[1]))))' "$tmp/queries.json")
queries=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$tmp/queries.json")
python3 "$root/Benchmarks/results.py" bench-shards --command "make bench-shards (Benchmarks/bench-shards.sh $*)" \
    --set "cores=$cores" --set "pages=$pages" --set "notebooks=$notebooks" --set "shards=$shards" \
    --set "one_build_seconds=$one" --set "shards_seconds=$(seconds "$start" "$built")" \
    --set "merge_seconds=$(seconds "$built" "$merged")" --set "same_answers=$same" --set "queries=$queries"
exit $status
