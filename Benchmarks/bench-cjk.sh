#!/usr/bin/env bash
# Chinese and Japanese on the real characters of ../shared/data/cjk (2 writers; measuring only,
# never training): isolated characters (cjk-bench: top-1 and top-3 per normalisation), then the
# characters laid out as lines on Xournal++ pages (make_cjk_pages.py) and judged as a user would
# search them (cjk_eval.py: CER and two-character search recall, with the release binary) for
# --language zh, ja and zh,ja.
# Usage: Benchmarks/bench-cjk.sh [SHARED_DIR] [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
bin=${2:-.build/release/notebook-index}
data="$shared/data/cjk/dev-chars.jsonl.gz"
[ -f "$data" ] || { echo "bench-cjk: $data not found" >&2; exit 2; }
[ -x "$bin" ] || { echo "bench-cjk: $bin not found (make build)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gzip -dc "$data" > "$tmp/chars.jsonl"
swift build -c release --static-swift-stdlib --product cjk-bench >/dev/null
echo "== isolated characters (Zinnia, zh and ja models together)"
"$(swift build -c release --show-bin-path)/cjk-bench" "$tmp/chars.jsonl" | tee "$tmp/isolated"
echo "== pages"
python3 "$shared/tools/eval/make_cjk_pages.py" "$tmp/pages" "$data"
for language in zh ja zh,ja; do
    echo "--language $language"
    python3 "$shared/tools/eval/cjk_eval.py" "$bin" "$tmp/pages" --language "$language" --json "$tmp/pages-$language.json"
done
# the figures: each configuration's top-1/top-3 per set of characters, and each language's pages
python3 - "$tmp" <<'PY'
import json, re, sys
tmp = sys.argv[1]
isolated = {}
for line in open(f"{tmp}/isolated", encoding="utf-8"):
    run = re.match(r"(.+?): (.*); ([\d.]+) ms/char$", line.strip())
    if run:
        sets = re.findall(r"(\S+) top-1 ([\d.]+) % top-3 ([\d.]+) %", run[2])
        isolated[run[1]] = {s: {"top1_percent": float(a), "top3_percent": float(b)} for s, a, b in sets}
        isolated[run[1]]["ms_per_character"] = float(run[3])
pages = {lang: json.load(open(f"{tmp}/pages-{lang}.json")) for lang in ("zh", "ja", "zh,ja")}
json.dump({"isolated": isolated, "pages": pages}, open(f"{tmp}/figures.json", "w"), ensure_ascii=False)
PY
python3 Benchmarks/results.py bench-cjk --command "make bench-cjk" --json "$tmp/figures.json"
