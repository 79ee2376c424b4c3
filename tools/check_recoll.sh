#!/usr/bin/env bash
# `make check-recoll`: Recoll indexes SampleNotebooks/ with our input handler, and recollq finds
# handwritten words in the right files:
#   tools/check_recoll.sh [--cli PATH/TO/notebook-index] [--keep DIR] [--words N]
# Installs recollcmd from Debian when recollindex is missing (apt-get, as root or through sudo).
# A throwaway Recoll configuration (RECOLL_CONFDIR in a temporary folder, or --keep DIR) gets
# contrib/recoll/mimemap and mimeconf as shipped, with the opt-in lines for SVG and native JSON
# switched on (this configuration indexes the samples only) and the handler's absolute path.
# recollindex indexes SampleNotebooks/; for every sample, up to --words handwritten words (default
# 2) are taken from `notebook-index text FILE` (words of 5 letters or more that no other sample's
# text holds, so one file must answer), and `recollq` must list that file for each. A typed word
# is searched too. Exits 0 when every word is found in its file, 1 when one is not, 2 when
# something needed is missing.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=$root/.build/release/notebook-index
keep=""
per_file=2
while [ $# -gt 0 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --words) per_file=$2; shift 2 ;;
        *) echo "check-recoll: unknown argument $1" >&2; exit 2 ;;
    esac
done
case $cli in /*) ;; *) cli=$PWD/$cli ;; esac
[ -x "$cli" ] || { echo "check-recoll: $cli: not built (run 'make build')" >&2; exit 2; }
if ! command -v recollindex >/dev/null || ! command -v recollq >/dev/null; then
    echo "check-recoll: installing recollcmd from Debian"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get install -y recollcmd >/dev/null 2>&1 \
        || { $sudo apt-get update >/dev/null 2>&1 && $sudo apt-get install -y recollcmd >/dev/null 2>&1; } \
        || { echo "check-recoll: could not install recollcmd (apt-get install -y recollcmd)" >&2; exit 2; }
fi
command -v python3 >/dev/null || { echo "check-recoll: python3 is missing" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
work=${keep:-$tmp}
mkdir -p "$work"
work=$(cd "$work" && pwd)
conf=$work/recoll-config
rm -rf "$conf"; mkdir -p "$conf"
samples=$root/SampleNotebooks
cat > "$conf/recoll.conf" <<CONF
topdirs = $samples
skippedNames = README.md truth.json .notebook-index-ignore
loglevel = 3
logfilename = $work/recollindex.log
idxflushmb = 10
CONF
# the shipped lines, opt-in ones switched on, the handler by absolute path
sed -e 's/^# \(\.[a-z0-9]* = \)/\1/' "$root/contrib/recoll/mimemap" > "$conf/mimemap"
sed -e 's/^# \([a-z+./-]* = exec \)/\1/' -e "s|exec notebook-index |exec $cli |" \
    "$root/contrib/recoll/mimeconf" > "$conf/mimeconf"
export RECOLL_CONFDIR=$conf
echo "recoll: $(dpkg-query -W -f '${Package} ${Version}' recollcmd 2>/dev/null || command -v recollindex)"
echo "handler: $cli text --html FILE; configuration: $conf"
start=$(date +%s.%N)
if ! recollindex -c "$conf" -z >"$work/recollindex.out" 2>&1; then
    echo "check-recoll: recollindex failed:" >&2
    tail -20 "$work/recollindex.out" >&2
    exit 1
fi
echo "recollindex -z: $(python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')") s"
failed=0
if grep -q "MimeHandlerExec: command status" "$work/recollindex.log" 2>/dev/null; then
    echo "FAIL: the handler failed on some file:"; grep "MimeHandlerExec" "$work/recollindex.log" | head -5
    failed=1
fi
# the words to search: from each sample's handwriting as `text` reads it
python3 - "$cli" "$samples" "$per_file" > "$work/words.tsv" <<'PY' || exit 2
import re, subprocess, sys, pathlib
cli, samples, per_file = sys.argv[1], pathlib.Path(sys.argv[2]), int(sys.argv[3])
skip = {"README.md", "truth.json"}
files = sorted(p for p in samples.rglob("*") if p.is_file() and p.name not in skip and not p.name.startswith("."))
texts = {}
for path in files:
    out = subprocess.run([cli, "text", str(path)], capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines() if not re.fullmatch(r"page \d+", l)]
    texts[path] = [w.lower() for l in lines for w in re.findall(r"[A-Za-z]{5,}", l)]
for path, words in texts.items():
    others = {w for p, ws in texts.items() if p != path for w in ws}
    chosen = []
    for word in words:
        if word not in others and word not in chosen:
            chosen.append(word)
        if len(chosen) == per_file:
            break
    for word in chosen:
        print(f"{path}\t{word}")
print(f"{samples}/xournal/lecture-notes.xopp\tlecture")
PY
found=0; total=0
while IFS=$'\t' read -r file word; do
    total=$((total + 1))
    answer=$(recollq -c "$conf" -b "$word" 2>/dev/null | grep '^file://' | sed 's|^file://||')
    listed=$(printf '%s\n' "$answer" | grep -c . || true)
    if printf '%s\n' "$answer" | grep -qxF "$file"; then
        found=$((found + 1))
        printf 'found   %-14s in %s (%s file%s listed)\n' "$word" "${file#$root/}" "$listed" "$([ "$listed" = 1 ] || echo s)"
    else
        failed=1
        printf 'MISSING %-14s in %s; recollq listed: %s\n' "$word" "${file#$root/}" "$(printf '%s ' ${answer:-nothing})"
    fi
done < "$work/words.tsv"
echo "recollq: $found of $total words found in their files"
[ $failed -eq 0 ] && echo "check-recoll: ok" || echo "check-recoll: FAILED"
exit $failed
