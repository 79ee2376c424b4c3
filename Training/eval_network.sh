#!/usr/bin/env bash
# Reads the dev pages and the real notebooks as a user would, with a trained network's averaged
# weights swapped into a copy of the release binary (same decoder, same recognizer version): what a
# branch of training would give users, before it ships. Needs `make build` and `make -C Training`'s venv.
#
#   Training/eval_network.sh STATE [NAME]      (results in /tmp/nbi-eval-NAME)
set -euo pipefail
state=$(realpath "$1")
name=${2:-$(basename "$(dirname "$state")")}
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared
work=/tmp/nbi-eval-$name
pages=${EVAL_PAGES:-/tmp/dev-pages}
rm -rf "$work" && mkdir -p "$work"
cp -r "$root/.build/release/notebook-index" "$root/.build/release/notebook-index_Recognition.resources" "$work/"
(cd "$root/Training" && .venv/bin/python export.py --sepconv "$state" --float16 \
    --out "$work/notebook-index_Recognition.resources/Resources/recognizer.nbm" --golden "$work/golden.json")
[ -f "$pages/truth.json" ] || python3 "$shared/tools/eval/make_pages.py" "$pages" "$shared"/data/unipen/dev-*.jsonl.gz
python3 "$shared/tools/eval/run_eval.py" "$pages" --engine cli --cli "$work/notebook-index" | tee "$work/eval.txt"
python3 "$shared/tools/eval/real_words.py" "$work/notebook-index" "$shared/realnotes" "$shared/realnotes/truth.json" | tee "$work/real.txt"
