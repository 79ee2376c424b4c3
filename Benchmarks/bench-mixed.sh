#!/usr/bin/env bash
# Mixed English–Chinese–Japanese pages and what Chinese and Japanese cost: vocabulary cards and
# notes made from dev ink (make_card_pages.py) read with --language en,zh,ja, each English word
# and character searched at its ink; CJK pages (../shared/tools/eval/make_cjk_pages.py) built
# with zh, ja and en,zh,ja; English dev pages (make_pages.py) built with en and en,zh,ja in the
# same run (pages/s and search recall of each). Writes Benchmarks/results/bench-mixed-*.json.
# Usage: Benchmarks/bench-mixed.sh [SHARED_DIR] [BINARY]
#   MIXED_PAGES   pages of each kind of card page (default 3)
#   MIXED_WRITERS English dev writers, one page each (default 12)
#   MIXED_ROUNDS  English builds with en and en,zh,ja in turn (default 3; medians)
#   MIXED_NOTE    a note kept with the result (which build was measured, when not this tree's)
#   MIXED_SEED    make_card_pages.py's seed (default 5, the benchmark's; choose settings on others)
#   MIXED_CARDS_ONLY  set: the card pages only, no CJK or English pages
#   MIXED_RESULT  the result's name (default bench-mixed)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
bin=${2:-.build/release/notebook-index}
for f in "$shared/data/cjk/dev-chars.jsonl.gz" "$shared/data/unipen/dev-words.jsonl.gz"; do
    [ -f "$f" ] || { echo "bench-mixed: $f not found" >&2; exit 2; }
done
[ -x "$bin" ] || { echo "bench-mixed: $bin not found (make build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seed=${MIXED_SEED:-5}
python3 Benchmarks/make_card_pages.py "$tmp/cards" --shared "$shared" --pages "${MIXED_PAGES:-3}" --seed "$seed"
others=()
if [ -z "${MIXED_CARDS_ONLY:-}" ]; then
    python3 "$shared/tools/eval/make_cjk_pages.py" "$tmp/cjk" "$shared/data/cjk/dev-chars.jsonl.gz"
    python3 "$shared/tools/eval/make_pages.py" "$tmp/english" "$shared/data/unipen/dev-words.jsonl.gz" \
        --writers "${MIXED_WRITERS:-12}" --pages-per-writer 1 --formats xopp
    others=(--cjk "$tmp/cjk" --english "$tmp/english" --rounds "${MIXED_ROUNDS:-3}")
fi
python3 Benchmarks/mixed_eval.py "$bin" --cards "$tmp/cards" "${others[@]}" --json "$tmp/figures.json"
python3 Benchmarks/results.py "${MIXED_RESULT:-bench-mixed}" --command "Benchmarks/bench-mixed.sh $shared $bin" \
    --json "$tmp/figures.json" --set "binary=$bin" --set "seed=$seed" ${MIXED_CARDS_ONLY:+--set "cards_only=1"} \
    ${MIXED_NOTE:+--set "note=$MIXED_NOTE"}
