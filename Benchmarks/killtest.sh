#!/usr/bin/env bash
# Kill test: SIGKILL `notebook-index build` at random moments and check the index each time.
#
#   Benchmarks/killtest.sh [--cli PATH] [--kills N] [--copies N] [--seed S] [--work DIR]
#
# On a tree of copies of SampleNotebooks/ (made fresh under WORK):
#   1. a clean reference build; the rows (pages, words) each file content gives are recorded;
#   2. rounds until N builds were SIGKILLed while running, in cycles of seven: a build into an
#      empty index, then that build continued twice, each SIGKILLed after a random delay (up to
#      1.1 times a clean build); the build finished; three times the tree changed a little (files touched,
#      a file's content swapped for another sample of the same format, a file deleted or
#      restored) and the incremental build SIGKILLed within 0.3 times a clean build (a build
#      that finishes before its kill is not counted); after each round
#      `PRAGMA integrity_check` and FTS5's integrity-check (sqlite3 shell) must pass, and every
#      file the index holds must have all of its rows (as many drawings as pages, as many words
#      as the reference has for that content) or none;
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
copies=1
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
command -v flock >/dev/null || { echo "killtest: flock missing (util-linux)" >&2; exit 2; }
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
# SQLite's integrity check, then FTS5's own over both reading tables (index against the
# `readings` view), once the schema exists; "ok " when all pass.
index_integrity() {
    local out
    out=$(sqlite3 "$1" "PRAGMA integrity_check" 2>&1)
    if [ "$out" = ok ] && [ "$(sqlite3 "$1" "SELECT count(*) FROM sqlite_schema WHERE name = 'readings_fts'")" = 1 ]; then
        out="$out$(sqlite3 "$1" "INSERT INTO readings_fts(readings_fts) VALUES ('integrity-check');
                               INSERT INTO vocabulary_trigram(vocabulary_trigram) VALUES ('integrity-check');" 2>&1)"
    fi
    echo "$out" | tr '\n' ' '
}

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
# ... and the commonest readings in the reference index, so that answers are compared whatever
# the recognizer reads.
sqlite3 "$ref" "SELECT text FROM words WHERE length(text) >= 2 GROUP BY text ORDER BY count(*) DESC, text LIMIT 15" \
    | grep -v '["()]' >> "$work/words.txt" || true

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
        print(doc["query"], r["path"], r["page"], r["text"].replace(" ", "_"), ",".join(sorted(r["strokeIDs"])) or "-",
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
        other=$(printf '%s\n' "${files[@]}" | grep "\.$ext\$" | grep -vxF "$f" | shuf -n1 --random-source=<(yes $RANDOM))
        [ -n "$other" ] || other=$f
        cp "$pristine/$other" "$tree/$f"; echo "swap $f <- $other"
    else
        rm "$tree/$f"; echo "delete $f"
    fi
}

# 2. Kill rounds, until `kills` builds were killed while running, in cycles of seven: a build into
# an empty index, killed; the same build continued twice, killed; continued to the end (not
# killed); three times a file or two changed and the incremental build killed.
failures=0
killed=0
rounds=0
fresh "$idx"
while [ "$killed" -lt "$kills" ] && [ "$rounds" -lt $((kills * 4)) ]; do
    rounds=$((rounds + 1))
    case $((rounds % 7)) in
        1) fresh "$idx"; change="fresh index"; window_ms=$(python3 -c "print(int($clean_s * 1100))") ;;
        2 | 3) change="continue"; window_ms=$(python3 -c "print(int($clean_s * 1100))") ;;
        4) change="finish (not killed)"; window_ms=1000000 ;;
        # an incremental build of a file or two takes a fraction of a clean build
        *) change=$(mutate); [ $((RANDOM % 2)) -eq 0 ] && change="$change; $(mutate)"
           window_ms=$(python3 -c "print(int($clean_s * 300))") ;;
    esac
    delay_ms=$(( (RANDOM * 32768 + RANDOM) % (window_ms + 1) ))
    "$cli" build "$tree" --index "$idx" --jobs 2 >/dev/null 2>>"$work/killed.err" &
    pid=$!
    start_ms=$(date +%s%3N)
    while kill -0 "$pid" 2>/dev/null && [ $(( $(date +%s%3N) - start_ms )) -lt "$delay_ms" ]; do sleep 0.02; done
    if kill -KILL "$pid" 2>/dev/null; then state=killed; killed=$((killed + 1)); else state=finished; fi
    wait "$pid" 2>/dev/null || true
    # the build's worker ends a moment after the command it serves; the lock says when
    flock "$idx.lock" true
    integrity=$(index_integrity "$idx")
    summary=$(sqlite3 "$idx" "SELECT count(*) FROM files WHERE error IS NULL" 2>&1)
    if [ "$integrity" != "ok " ]; then
        echo "round $rounds: integrity_check: $integrity"; failures=$((failures + 1))
    elif ! problems=$(check_rows "$idx"); then
        echo "round $rounds: incomplete rows: $problems"; failures=$((failures + 1))
    fi
    [ "$state" = killed ] || delay_ms=$(( $(date +%s%3N) - start_ms ))
    printf 'round %3d: %-8s at %6d ms (kill %2d): %2s files indexed, integrity %s; %s\n' \
        "$rounds" "$state" "$delay_ms" "$killed" "$summary" "${integrity% }" "$change"
done
[ "$killed" -ge "$kills" ] || { echo "killtest: only $killed builds killed in $rounds rounds"; failures=$((failures + 1)); }

# 3. Queries during an uninterrupted build from empty.
answers "$ref" > "$work/ref.answers"
qidx="$work/concurrent.sqlite"
fresh "$qidx"
"$cli" build "$pristine" --index "$qidx" --jobs 2 >/dev/null 2>&1 &
bpid=$!
: > "$work/concurrent.raw"
queries=0
query_errors=0
while kill -0 "$bpid" 2>/dev/null; do
    while read -r word; do
        if out=$("$cli" query "$word" --index "$qidx" --json --limit 100000 2>&1); then :; else
            rc=$?
            if [ $rc -ne 1 ]; then
                # No index yet (the build has not created it) is the one acceptable failure.
                case "$out" in *"no index"*) ;; *)
                    echo "query during build: exit $rc: $out"; query_errors=$((query_errors + 1)) ;; esac
                continue
            fi
        fi
        queries=$((queries + 1))
        printf '%s\t%s\n' "$queries" "$out" >> "$work/concurrent.raw"
    done < <(shuf -n 5 --random-source=<(yes $RANDOM) "$work/words.txt")
done
wait "$bpid" || true
python3 -c '
import json, sys
for line in open(sys.argv[1]):
    n, out = line.split("\t", 1)
    doc = json.loads(out)
    for r in doc["results"]:
        print(n, doc["query"], r["path"], r["page"], ",".join(sorted(r["strokeIDs"])) or "-")
' "$work/concurrent.raw" > "$work/concurrent.answers"
answers "$qidx" > "$work/concurrent.final"
partial=$(python3 - "$work/concurrent.answers" "$work/concurrent.final" <<'EOF'
import sys
from collections import defaultdict
final = defaultdict(set)      # (word, path) -> {(page, strokes)}
for line in open(sys.argv[2]):
    q, path, page, text, strokes, *_ = line.rstrip("\n").split(" ")
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
integrity=$(index_integrity "$idx")
[ "$integrity" = "ok " ] || { echo "final integrity_check: $integrity"; failures=$((failures + 1)); }

if [ "$failures" -eq 0 ]; then
    echo "killtest: PASS ($killed builds killed in $rounds rounds, every check passed)"
else
    echo "killtest: FAIL ($failures failed checks; files under $work)"
    exit 1
fi
