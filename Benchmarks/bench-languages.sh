#!/usr/bin/env bash
# Recognizer accuracy and search recall per language on accented words made from the UNIPEN dev
# writers' own ink (Benchmarks/make_language_set.py): what a French or German user would get,
# measured without any training writer's ink.
# Usage: Benchmarks/bench-languages.sh [SHARED_DIR]
#   NBI_BENCH_CODES   languages to measure (default: every accented Latin-script language; Indonesian
#                     has no accents, so its words are English ones)
#   NBI_BENCH_READ    what the recognizer reads, {code} standing for the language measured
#                     (default en,{code}; NBI_BENCH_READ=en shows what the word list is worth)
#   NBI_BENCH_READINGS  a directory to write each language's word readings to (<code>.jsonl, one more
#                     pass of the words), for Benchmarks/word_error_kinds.py
#   NBI_BENCH_NAME      the result file's name (default bench-languages)
#   NBI_BENCH_SET_DIR   where the set is cached (default /tmp/nbi-language-set); another one for a
#                     checkout whose word lists differ, so that two checkouts do not remake each other's
# The set is remade when its inputs change.
# (release flags as in the Makefile's RELEASE, so the builds share .build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${1:-../shared}
data="$shared/data/unipen"
eval_dir="$shared/tools/eval"
codes=${NBI_BENCH_CODES:-fr de es it pt nl pl cs sk sv da nb hu ro tr hr sr sl ca lt lv et}
read_as=${NBI_BENCH_READ:-en,\{code\}}
[ -f "$data/dev-words.jsonl.gz" ] || { echo "bench-languages: $data/dev-words.jsonl.gz not found" >&2; exit 2; }
[ -f "$eval_dir/run_eval.py" ] || { echo "bench-languages: $eval_dir/run_eval.py not found" >&2; exit 2; }

set_dir=${NBI_BENCH_SET_DIR:-/tmp/nbi-language-set}
inputs=(Benchmarks/make_language_set.py Training/accents.py Training/phase_train.py Training/checkpoints/phase5.npz
        Sources/Recognition/Resources/words-*.txt "$data/dev-words.jsonl.gz" "$data/dev-chars.jsonl.gz")
stale=0
[ -f "$set_dir/.done" ] || stale=1
for f in "${inputs[@]}"; do [ "$f" -nt "$set_dir/.done" ] && stale=1; done
if [ "$stale" = 1 ]; then
    # made beside the old set and swapped in only when whole: a failed remake (no torch) keeps it
    rm -rf "$set_dir.new"
    # the marks are drawn by Training's code, which needs torch: Training's environment when made
    python=python3
    [ -x Training/.venv/bin/python ] && python=Training/.venv/bin/python
    "$python" Benchmarks/make_language_set.py "$set_dir.new" --unipen "$data"
    touch "$set_dir.new/.done"
    rm -rf "$set_dir"
    mv "$set_dir.new" "$set_dir"
fi

swift build -c release --static-swift-stdlib --product recognizer-bench >/dev/null
swift build -c release --static-swift-stdlib --product notebook-index >/dev/null
bin=$(swift build -c release --show-bin-path)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
summary="$tmp/summary"
for code in $codes; do
    langs=${read_as//\{code\}/$code}
    echo "== $code (reading $langs)"
    gzip -dc "$set_dir/$code-words.jsonl.gz" > "$tmp/words.jsonl"
    gzip -dc "$set_dir/$code-lines.jsonl.gz" > "$tmp/lines.jsonl"
    if [ ! -s "$tmp/words.jsonl" ]; then echo "   no samples"; continue; fi
    NOTEBOOK_INDEX_LANGUAGES=$langs "$bin/recognizer-bench" "$tmp/words.jsonl" "$tmp/lines.jsonl" | tee "$tmp/bench"
    if [ -n "${NBI_BENCH_READINGS:-}" ]; then
        mkdir -p "$NBI_BENCH_READINGS"
        NOTEBOOK_INDEX_LANGUAGES=$langs "$bin/recognizer-bench" "$tmp/words.jsonl" "$tmp/lines.jsonl" \
            --readings "$NBI_BENCH_READINGS/$code.jsonl"
    fi

    # Search: the words laid out as pages, one writer's words to a page. run_eval queries only
    # ASCII words ([A-Za-z]{3,}), so its truth gets the labels without accents: the queries a user
    # types on a keyboard without them, which the index answers by folding ("cafe" finds "café").
    # Its CER/WER are then accent-blind; recognizer-bench's above count accents.
    pages="$tmp/pages-$code"
    python3 "$eval_dir/make_pages.py" "$pages" "$set_dir/$code-words.jsonl.gz" --writers 0 --min-samples 1 \
        --formats xopp >/dev/null
    python3 - "$pages/truth.json" <<'EOF'
import json, sys, unicodedata
path = sys.argv[1]
truth = json.load(open(path, encoding="utf-8"))
for item in truth["items"]:
    item["label"] = "".join(c for c in unicodedata.normalize("NFD", item["label"]) if not unicodedata.combining(c))
json.dump(truth, open(path, "w", encoding="utf-8"))
EOF
    NOTEBOOK_INDEX_LANGUAGES=$langs python3 "$eval_dir/run_eval.py" "$pages" --engine cli --cli "$bin/notebook-index" \
        --json "$tmp/eval.json" | tail -1
    python3 - "$code" "$langs" "$tmp/bench" "$tmp/eval.json" >> "$summary" <<'EOF'
import json, re, sys
code, langs, bench, ev = sys.argv[1:]
text = open(bench).read()
w = re.search(r"words.*?:\s+(\d+) samples\s+CER ([\d.]+) %\s+WER ([\d.]+) %\s+top-5 word accuracy ([\d.]+) %", text)
l = re.search(r"lines.*?:\s+(\d+) samples\s+CER ([\d.]+) %\s+WER ([\d.]+) %", text)
e = json.load(open(ev))
print(f"{code:4} {langs:8} {w[1]:>7} {w[2]:>6} {w[3]:>6} {w[4]:>6} {l[1]:>6} {l[2]:>6} {l[3]:>6} "
      f"{e['occurrences']:>6} {100 * e['search_recall']:6.1f} {100 * e['search_precision']:6.1f}")
EOF
done
echo
echo "lang read      words  CER %  WER %  top-5  lines  CER %  WER %  occur recall  prec."
cat "$summary" 2>/dev/null || true
python3 - "$summary" "$tmp/figures.json" <<'EOF'
import json, sys
keys = ["read_as", "words", "word_cer_percent", "word_wer_percent", "top5_words_percent", "lines", "line_cer_percent",
        "line_wer_percent", "occurrences", "recall_percent", "precision_percent"]
rows = [line.split() for line in open(sys.argv[1])]
json.dump({r[0]: dict(zip(keys, [r[1]] + [float(v) for v in r[2:]])) for r in rows}, open(sys.argv[2], "w"))
EOF
python3 Benchmarks/results.py "${NBI_BENCH_NAME:-bench-languages}" --command "make bench-languages (codes: $codes)" --json "$tmp/figures.json"
