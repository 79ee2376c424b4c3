#!/usr/bin/env bash
# The in-place upgrade of a large index, killed once and then run to its end.
#   Benchmarks/upgrade_index.sh [--cli PATH] [--kill-after SECONDS] INDEX
# INDEX (of an older schema; Benchmarks/downgrade_index.py makes one of schema 6 from a big
# bench index) is upgraded where it is. First a `build` of an empty folder into it (which
# upgrades the index before anything else) is killed with SIGKILL after SECONDS (default 20): the
# index must still be of its old schema and sound (`PRAGMA quick_check`). Then the upgrade runs
# to its end, timed (/usr/bin/time -v: wall seconds, max RSS); the index must be of the new
# schema, sound, with as many drawings and words as before, none recognized again (the
# drawings' recognizer versions unchanged). The largest the index and its write-ahead log were
# together during that run is sampled every 0.2 s (an upgrade needs that much disk, less the
# file's size before, free). Schema 11's upgrade moves words in committed steps: killed, it may
# leave schema 11 with the move begun (`meta` key words_to_move), which the next build ends; so
# may schema 13's packing of schema 12's words into lines (`lines_to_move`). Writes
# Benchmarks/results/upgrade_index-<old schema>to<new schema>-<date>.json.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=$root/.build/release/notebook-index
after=20
while [ $# -gt 1 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --kill-after) after=$2; shift 2 ;;
        *) break ;;
    esac
done
index=${1:?usage: upgrade_index.sh [--cli PATH] [--kill-after SECONDS] INDEX}
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
q() { sqlite3 "$index" "$1"; }
schema=$(q "PRAGMA user_version")
counts="$(q "SELECT count(*) FROM drawings") $(q "SELECT count(*) FROM words") $(q "SELECT group_concat(recognition_version) FROM (SELECT DISTINCT recognition_version FROM drawings)")"
bytes=$(stat -c %s "$index")
"$cli" build "$empty" --index "$index" >/dev/null 2>&1 &
pid=$!
sleep "$after"
kill -KILL "$pid" 2>/dev/null && killed=true || killed=false
wait "$pid" 2>/dev/null
after_kill="$(q "PRAGMA user_version") $(q "PRAGMA quick_check")"
moving=$(q "SELECT count(*) FROM meta WHERE key IN ('words_to_move', 'lines_to_move')")
echo "killed after $after s: $killed; schema and check then: $after_kill (was schema $schema); moving words: $moving"
/usr/bin/time -v "$cli" build "$empty" --index "$index" >/dev/null 2>"$empty/time" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
    size=$(( $(stat -c %s "$index") + $(stat -c %s "$index-wal" 2>/dev/null || echo 0) ))
    [ "$size" -gt "$peak" ] && peak=$size
    sleep 0.2
done
wait "$pid" || true
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$empty/time")
rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$empty/time")
counts_after="$(q "SELECT count(*) FROM drawings") $(q "SELECT count(*) FROM words") $(q "SELECT group_concat(recognition_version) FROM (SELECT DISTINCT recognition_version FROM drawings)")"
new_schema=$(q "PRAGMA user_version")
check=$(q "PRAGMA quick_check")
new_bytes=$(stat -c %s "$index")
ok=false
if [ "$counts" = "$counts_after" ] && [ "$check" = ok ] && [ "${after_kill#* }" = ok ] \
    && { [ "${after_kill% *}" = "$schema" ] || [ "${after_kill% *}" = "$new_schema" ]; }; then ok=true; fi
echo "upgrade $schema -> $new_schema in $wall (max RSS $rss MB): drawings, words, versions $counts -> $counts_after; quick_check $check; $bytes -> $new_bytes bytes, at most $peak with the log"
mkdir -p "$root/Benchmarks/results"
cat >"$root/Benchmarks/results/upgrade_index-${schema}to${new_schema}-$(date +%F).json" <<JSON
{"benchmark": "upgrade_index", "commit": "$(git -C "$root" rev-parse --short HEAD)", "machine": "$(hostname) ($(nproc) cores)",
 "date": "$(date -u +%FT%TZ)", "command": "Benchmarks/upgrade_index.sh --kill-after $after $index",
 "figures": {"from_schema": $schema, "to_schema": $new_schema, "killed_after_s": $after, "killed": $killed,
             "after_kill": "$after_kill", "moving_words_after_kill": $moving, "wall": "$wall", "max_rss_mb": $rss,
             "drawings_words_versions_before": "$counts", "after": "$counts_after", "quick_check": "$check",
             "file_bytes_before": $bytes, "file_bytes_after": $new_bytes, "peak_bytes_with_wal": $peak, "ok": $ok}}
JSON
[ $ok = true ]
