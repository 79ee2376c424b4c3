#!/bin/sh
# A build over hostile and odd files beside good ones, with the release binary:
#
#   Benchmarks/bench-hostile.sh BIN [--small]
#
# Checks: the build finishes within HOSTILE_SECONDS (default 600) at the default --jobs with a
# peak memory (/usr/bin/time -v) of at most 1 GB; every good file's words are found; every
# hostile file is indexed or named on stderr with a reason; a second build takes under 5 s and
# gives the same answers. Prints the figures; exits 1 when a check fails.
set -eu
BIN=$1
shift
SMALL=${1:-}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d /tmp/bench-hostile.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
LIMIT=${HOSTILE_SECONDS:-600}

python3 "$HERE/hostile_files.py" "$WORK/files" $SMALL >/dev/null
INDEX="$WORK/index.sqlite"
failed=0
check() { # condition message
    if eval "$1"; then echo "ok    $2"; else echo "FAIL  $2"; failed=1; fi
}

# first build: time, peak memory, what it names
start=$(date +%s.%N)
/usr/bin/time -v -o "$WORK/time1" timeout "$LIMIT" "$BIN" build "$WORK/files" --index "$INDEX" \
    >/dev/null 2>"$WORK/stderr1" || status=$?
status=${status:-0}
seconds=$(echo "$(date +%s.%N) - $start" | bc)
peak=$(awk -F': ' '/Maximum resident/ {print $2}' "$WORK/time1")
echo "first build: ${seconds} s, peak ${peak} KB, exit ${status}, $(wc -l <"$WORK/stderr1") files named"
sed 's/^/      /' "$WORK/stderr1" | cut -c1-160
check "[ $status -le 1 ]" "first build finished (exit $status) within $LIMIT s"
check "[ ${peak:-9999999} -le 1048576 ]" "peak memory ${peak} KB <= 1 GB"

# every hostile entry is indexed or named with a reason
python3 - "$WORK/files/hostile" "$INDEX" "$WORK/stderr1" <<'EOF' || failed=1
import os, sqlite3, sys
folder, index, stderr = sys.argv[1], sys.argv[2], sys.argv[3]
named = open(stderr, "rb").read()
indexed = {r[0] for r in sqlite3.connect(index).execute("SELECT path FROM files WHERE error IS NULL")}
missing = []
for entry in sorted(os.listdir(folder.encode())):
    path = os.path.join(folder.encode(), entry)
    if entry.startswith(b".") or os.path.isdir(path) and not os.path.islink(path):
        continue
    shown = path.decode("utf-8", "replace").replace("\x1b", "\\u{1B}").replace("\n", "\\n")
    if shown.encode() in named or path.decode("utf-8", "replace") in indexed:
        continue
    if not os.path.isfile(path):  # FIFOs and devices met in a folder are not notebooks
        continue
    missing.append(shown)
print(("ok    " if not missing else "FAIL  ") + "every hostile file indexed or named" + ("" if not missing else ": " + ", ".join(missing)))
sys.exit(1 if missing else 0)
EOF

# the good files' words are found: per file, its longer labelled words (SampleNotebooks/truth.json)
python3 - "$WORK/files/good/truth.json" "$BIN" "$INDEX" <<'EOF' || failed=1
import json, re, subprocess, sys
truth, binary, index = sys.argv[1:4]
words = {}
for item in json.load(open(truth))["items"]:
    for word in re.findall(r"[A-Za-z]{6,}", item["label"]):
        words.setdefault(item["file"], set()).add(word.lower())
found = total = 0
unfound_files = []
for file, wanted in sorted(words.items()):
    sample = sorted(wanted)[:8]
    hits = sum(subprocess.run([binary, "query", w, "--index", index, "--limit", "1"], capture_output=True).returncode == 0
               for w in sample)
    found, total = found + hits, total + len(sample)
    if hits == 0:
        unfound_files.append(file)
ok = not unfound_files and found >= 0.7 * total
print(("ok    " if ok else "FAIL  ") + "good files searchable: %d of %d labelled words found, %d files with none"
      % (found, total, len(unfound_files)))
sys.exit(0 if ok else 1)
EOF

# second build: fast, same answers
"$BIN" query the --index "$INDEX" --json --limit 50 >"$WORK/answers1" || true
start=$(date +%s.%N)
/usr/bin/time -v -o "$WORK/time2" "$BIN" build "$WORK/files" --index "$INDEX" >/dev/null 2>"$WORK/stderr2" || true
seconds2=$(echo "$(date +%s.%N) - $start" | bc)
"$BIN" query the --index "$INDEX" --json --limit 50 >"$WORK/answers2" || true
echo "second build: ${seconds2} s, peak $(awk -F': ' '/Maximum resident/ {print $2}' "$WORK/time2") KB"
check "[ \$(echo \"$seconds2 < 5\" | bc) -eq 1 ]" "second build under 5 s"
check "cmp -s '$WORK/answers1' '$WORK/answers2'" "second build gives the same answers"
python3 "$HERE/results.py" bench-hostile --command "make bench-hostile HOSTILE_ARGS='$SMALL'" \
    --set "first_build_seconds=$seconds" --set "first_build_peak_kb=$peak" --set "first_build_exit=$status" \
    --set "files_named=$(wc -l <"$WORK/stderr1")" --set "second_build_seconds=$seconds2" --set "checks_failed=$failed"
exit $failed
