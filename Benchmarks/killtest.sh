#!/usr/bin/env bash
# Kill test: SIGKILL `notebook-index build` at random moments and check the index each time.
#
#   Benchmarks/killtest.sh [--cli PATH] [--kills N] [--copies N] [--seed S] [--work DIR]
#
# On a tree of copies of SampleNotebooks/ (made fresh under WORK):
#   1. a clean reference build; the rows (pages, words) each file content gives are recorded;
#   2. N rounds: the tree changes a little (a file touched, a file's content swapped for another
#      sample of the same format, a file deleted or restored; every 8th round the index starts
#      over), a build starts and is SIGKILLed after a random delay (0 to 1.2 times a clean build's
#      time); then `PRAGMA integrity_check` (sqlite3 shell) must say ok, and every file the index
#      holds must have all of its rows (as many drawings as pages, as many words as the reference
#      has for that content) or none;
#   3. queries run while an uninterrupted build fills an empty index: each must succeed and, per
#      file, show all of that file's final hits or none of them;
#   4. the tree is restored, the killed index rebuilt to completion, and its answers to every
#      query word (paths, pages, text, stroke IDs, bounds, scores) and its counts must equal those
#      of a clean build of the same tree.
# Exit 0 when every check passed. Needs sqlite3 and python3.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cli="$root/.build/release/notebook-index"
kills=50
copies=2
seed=7
work=${TMPDIR:-/tmp}/notebook-index-killtest
while [ $# -gt 0 ]; do
    case "$1" in
        --cli) cli=$2; shift 2 ;;
        --kills) kills=$2; shift 2 ;;
        --copies) copies=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        *) echo "killtest: unknown option $1" >&2; exit 2 ;;
    esac
done
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
[ -x "$cli" ] || { echo "killtest: $cli: not built (run 'make build')" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "killtest: sqlite3 missing (apt-get install sqlite3)" >&2; exit 2; }
RANDOM=$seed

rm -rf "$work"
mkdir -p "$work"
pristine="$work/pristine"
tree="$work/tree"
for ((c = 0; c < copies; c++)); do
    mkdir -p "$pristine/copy-$c"
    (cd "$root/SampleNotebooks" && find . -type f \( -name '*.xopp' -o -name '*.inkml' -o -name '*.svg' -o -name '*.json' \) \
        ! -name truth.json -exec cp --parents {} "$pristine/copy-$c/" \;)
done
cp -a "$pristine" "$tree"
mapfile -t files < <(cd "$tree" && find . -type f | sort)
echo "killtest: ${#files[@]} files in $copies copies of the samples, $kills kills, seed $seed"

ref="$work/reference.sqlite"
idx="$work/killed.sqlite"
fresh() { rm -f "$1" "$1-wal" "$1-shm" "$1.lock"; }

# 1. Reference build.
t0=$(date +%s.%N)
"$cli" build "$tree" --index "$ref" --jobs 2 >/dev/null 2>"$work/ref.err" || [ $? -eq 1 ]
t1=$(date +%s.%N)
clean_s=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
echo "killtest: clean build $clean_s s: $("$cli" status --index "$ref" --json | tr -d '\n' | cut -c1-200)"
# Expected rows per content hash: pages and words.
sqlite3 "$ref" "SELECT f.content_hash, f.pages, (SELECT count(*) FROM drawings d WHERE d.file_id = f.id),
    (SELECT count(*) FROM words w JOIN drawings d ON d.id = w.drawing_id WHERE d.file_id = f.id)
    FROM files f WHERE f.error IS NULL GROUP BY f.content_hash" > "$work/expected.txt"

# The query words: a seeded draw from the ground truth, plus the typed titles.
python3 - "$root/SampleNotebooks/truth.json" "$seed" > "$work/words.txt" <<'EOF'
import json, random, re, sys
truth = json.load(open(sys.argv[1]))
words = sorted({w.lower() for it in truth["items"] for w in re.findall(r"[A-Za-z]{4,}", it["label"])})
random.Random(int(sys.argv[2])).shuffle(words)
print("\n".join(words[:25] + ["lecture", "journal"]))
EOF

# Prints the answers of an index to every query word, normalised (no row ids), one per line.
answers() {
    while read -r word; do
        "$cli" query "$word" --index "$1" --json --limit 100000 || [ $? -eq 1 ]
    done < "$work/words.txt" | python3 -c '
import json, sys
for line in sys.stdin:
    if not line.strip(): continue
    doc = json.loads(line)
    for r in doc["results"]:
        b, score = r["bounds"], r["score"]
        box = ",".join(f"{b[k]:.3f}" for k in ("x", "y", "width", "height")) if b else "-"
        print(doc["query"], r["path"], r["page"], r["text"].replace(" ", "_"), ",".join(sorted(r["strokeIDs"])),
              box, f"{score:.6f}")
' | sort
}

# Every file's rows complete (as the reference has them for that content) or absent.
check_rows() {
    local bad
    bad=$(sqlite3 "$1" "SELECT f.path, f.content_hash, f.pages,
            (SELECT count(*) FROM drawings d WHERE d.file_id = f.id),
            (SELECT count(*) FROM words w JOIN drawings d ON d.id = w.drawing_id WHERE d.file_id = f.id)
            FROM files f WHERE f.error IS NULL" | python3 -c '
import sys
expected = {}
for line in open(sys.argv[1]):
    h, pages, drawings, words = line.strip().split("|")
    expected[h] = (int(pages), int(drawings), int(words))
for line in sys.stdin:
    path, h, pages, drawings, words = line.strip().split("|")
    got = (int(pages), int(drawings), int(words))
    if expected.get(h) != got:
        print(f"{path}: pages/drawings/words {got}, expected {expected.get(h)}")
' "$work/expected.txt")
    orphans=$(sqlite3 "$1" "SELECT (SELECT count(*) FROM drawings WHERE file_id NOT IN (SELECT id FROM files))
        + (SELECT count(*) FROM words WHERE drawing_id NOT IN (SELECT id FROM drawings))")
    [ "$orphans" = 0 ] || bad="$bad${bad:+$'\n'}$orphans orphan drawings or words"
    if [ -n "$bad" ]; then echo "$bad"; return 1; fi
}

mutate() {
    local f=${files[RANDOM % ${#files[@]}]} r=$((RANDOM % 10))
    if [ ! -e "$tree/$f" ]; then
        cp "$pristine/$f" "$tree/$f"; echo "restore $f"
    elif [ $r -lt 4 ]; then
        touch "$tree/$f"; echo "touch $f"
    elif [ $r -lt 8 ]; then
        local ext=${f##*.} other
        other=$(printf '%s\n' "${files[@]}" | grep "\.$ext\$" | shuf -n1 --random-source=<(yes $RANDOM))
        cp "$pristine/$other" "$tree/$f"; echo "swap $f <- $other"
    else
        rm "$tree/$f"; echo "delete $f"
    fi
}

# 2. Kill rounds.
failures=0
kill_ms_max=$(python3 -c "print(int($clean_s * 1200))")
fresh "$idx"
for ((k = 1; k <= kills; k++)); do
    change=$(mutate)
    if [ $((k % 8)) -eq 1 ] && [ "$k" -gt 1 ]; then fresh "$idx"; change="$change; fresh index"; fi
    delay_ms=$(( (RANDOM * 32768 + RANDOM) % (kill_ms_max + 1) ))
    "$cli" build "$tree" --index "$idx" --jobs 2 >/dev/null 2>>"$work/killed.err" &
    pid=$!
    sleep "$(python3 -c "print($delay_ms / 1000)")"
    if kill -KILL "$pid" 2>/dev/null; then state=killed; else state=finished; fi
    wait "$pid" 2>/dev/null || true
    integrity=$(sqlite3 "$idx" "PRAGMA integrity_check" 2>&1 | tr '\n' ' ')
    summary=$(sqlite3 "$idx" "SELECT count(*) FROM files WHERE error IS NULL" 2>&1)
    if [ "$integrity" != "ok " ]; then
        echo "kill $k: integrity_check: $integrity"; failures=$((failures + 1))
    elif ! problems=$(check_rows "$idx"); then
        echo "kill $k: incomplete rows: $problems"; failures=$((failures + 1))
    fi
    printf 'kill %2d at %5d ms (%s): %s files indexed, integrity %s; %s\n' \
        "$k" "$delay_ms" "$state" "$summary" "${integrity% }" "$change"
done

# 3. Queries during an uninterrupted build from empty.
answers "$ref" > "$work/ref.answers"
qidx="$work/concurrent.sqlite"
fresh "$qidx"
"$cli" build "$pristine" --index "$qidx" --jobs 2 >/dev/null 2>&1 &
bpid=$!
: > "$work/concurrent.answers"
queries=0
query_errors=0
while kill -0 "$bpid" 2>/dev/null; do
    while read -r word; do
        if out=$("$cli" query "$word" --index "$qidx" --json --limit 100000 2>&1); then :; else
            rc=$?
            if [ $rc -ne 1 ]; then
                # No index yet (the build has not created it) is the one acceptable failure.
                case "$out" in *"no index"*|*"o such file"*|*"not found"*) ;; *)
                    echo "query during build: exit $rc: $out"; query_errors=$((query_errors + 1)) ;; esac
                continue
            fi
        fi
        queries=$((queries + 1))
        echo "$out" | python3 -c '
import json, sys
doc = json.loads(sys.stdin.read())
for r in doc["results"]:
    print(sys.argv[1], doc["query"], r["path"], r["page"], ",".join(sorted(r["strokeIDs"])))
' "$queries" >> "$work/concurrent.answers"
    done < <(shuf -n 3 --random-source=<(yes $RANDOM) "$work/words.txt")
done
wait "$bpid" || true
answers "$qidx" > "$work/concurrent.final"
partial=$(python3 - "$work/concurrent.answers" "$work/concurrent.final" <<'EOF'
import sys
from collections import defaultdict
final = defaultdict(set)      # (word, path) -> {(page, strokes)}
for line in open(sys.argv[2]):
    q, path, page, text, strokes, *_ = line.split(" ")
    final[(q, path)].add((page, strokes))
seen = defaultdict(set)       # (query run, word, path) -> hits
for line in open(sys.argv[1]):
    n, q, path, page, strokes = line.split()
    seen[(n, q, path)].add((page, strokes))
bad = [(k, len(v), len(final[(k[1], k[2])])) for k, v in seen.items() if v != final[(k[1], k[2])]]
for k, got, want in bad[:10]:
    print(f"query {k[0]} {k[1]!r}: {k[2]}: {got} hits, the finished index has {want}")
print(f"SUMMARY {len(seen)} file answers checked, {len(bad)} partial")
EOF
)
echo "$partial" | grep -v '^SUMMARY' || true
if ! echo "$partial" | grep -q ' 0 partial$'; then failures=$((failures + 1)); fi
if [ "$query_errors" -ne 0 ]; then failures=$((failures + 1)); fi
echo "killtest: $queries queries during a build: ${partial##*SUMMARY }, $query_errors errors"

# 4. Convergence: restore the tree, finish the killed index, compare with a clean build.
rm -rf "$tree"
cp -a "$pristine" "$tree"
"$cli" build "$tree" --index "$idx" --jobs 2 >/dev/null 2>>"$work/killed.err" || [ $? -eq 1 ]
clean="$work/clean.sqlite"
fresh "$clean"
"$cli" build "$tree" --index "$clean" --jobs 2 >/dev/null 2>&1 || [ $? -eq 1 ]
answers "$idx" > "$work/killed.answers"
answers "$clean" > "$work/clean.answers"
counts() { "$cli" status --index "$1" --json | python3 -c '
import json, sys
s = json.load(sys.stdin)
print({k: s[k] for k in ("files", "pages", "drawings", "words", "staleDrawings", "stale_drawings", "failures") if k in s})'; }
if cmp -s "$work/killed.answers" "$work/clean.answers" && [ "$(counts "$idx")" = "$(counts "$clean")" ]; then
    echo "killtest: converged: $(wc -l < "$work/clean.answers") query answers and counts $(counts "$clean") equal a clean build's"
else
    echo "killtest: NOT converged:"; diff "$work/killed.answers" "$work/clean.answers" | head -20
    counts "$idx"; counts "$clean"
    failures=$((failures + 1))
fi
integrity=$(sqlite3 "$idx" "PRAGMA integrity_check")
[ "$integrity" = ok ] || { echo "final integrity_check: $integrity"; failures=$((failures + 1)); }

if [ "$failures" -eq 0 ]; then
    echo "killtest: PASS ($kills kills, every check passed)"
else
    echo "killtest: FAIL ($failures failed checks; files under $work)"
    exit 1
fi
