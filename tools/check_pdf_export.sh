#!/usr/bin/env bash
# `make check-pdf`: `export --pdf` of notebooks (default: every sample in SampleNotebooks/)
# checked with tools that did not write it:
#   tools/check_pdf_export.sh [--cli PATH/TO/notebook-index] [--keep DIR] [--tolerance PT] [FILE...]
# For each notebook: the PDF is exported twice and must be the same bytes; `qpdf --check` must
# find no error; `pdftotext -bbox` must give every word `text --json` recognizes, with its text
# (characters outside Windows-1252 as the export writes them), at its ink's box flipped into the
# page's frame (the viewBox of `render --page N`; at least half a point on a side, as the export
# makes a dot's box), each edge within --tolerance points (default 0.5). The first page is
# rendered with pdftoppm (and, with rsvg-convert installed, the same page from `render`'s SVG)
# into --keep DIR (default: a temporary folder, removed) to look at.
# Needs poppler-utils and qpdf (apt-get install -y poppler-utils qpdf) and python3. Exits 0 when
# every notebook passes, 1 when one fails, 2 when something needed is missing.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=$root/.build/release/notebook-index
keep=""
tolerance=0.5
files=()
while [ $# -gt 0 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --tolerance) tolerance=$2; shift 2 ;;
        *) files+=("$1"); shift ;;
    esac
done
[ -x "$cli" ] || { echo "check-pdf: $cli: not built (run 'make build')" >&2; exit 2; }
for tool in qpdf pdftotext pdftoppm python3; do
    command -v $tool >/dev/null || { echo "check-pdf: $tool is missing (apt-get install -y poppler-utils qpdf)" >&2; exit 2; }
done
if [ ${#files[@]} -eq 0 ]; then
    while IFS= read -r file; do files+=("$file"); done < <(
        find "$root/SampleNotebooks" -type f ! -name '.*' ! -name README.md ! -name truth.json | sort)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=${keep:-$tmp}
mkdir -p "$out"

failed=0
for file in "${files[@]}"; do
    name=$(basename "$file")
    pdf="$out/$name.pdf"
    if ! "$cli" export "$file" --pdf "$pdf" >/dev/null || ! "$cli" export "$file" --pdf "$tmp/again.pdf" >/dev/null; then
        echo "FAIL $name: export --pdf failed"; failed=1; continue
    fi
    cmp -s "$pdf" "$tmp/again.pdf" || { echo "FAIL $name: two exports differ"; failed=1; }
    if qpdf --check "$pdf" >"$tmp/qpdf.txt" 2>&1; then
        qpdf_verdict="qpdf --check: no errors"
    else
        echo "FAIL $name: qpdf --check"; cat "$tmp/qpdf.txt"; failed=1; qpdf_verdict="qpdf --check FAILED"
    fi
    "$cli" text "$file" --json >"$tmp/text.json" || { echo "FAIL $name: text --json failed"; failed=1; continue; }
    pdftotext -bbox "$pdf" "$tmp/bbox.html"
    pages=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["pages"]))' "$tmp/text.json")
    for page in $(seq 1 "$pages"); do "$cli" render "$file" --page "$page" --output "$tmp/page-$page.svg"; done
    python3 - "$name" "$tmp" "$tolerance" "$qpdf_verdict" <<'PY' || failed=1
import html, json, re, sys, unicodedata

name, tmp, tolerance, verdict = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
# the export gives a box at least half a point on a side (a dot), from its left and bottom edges
floor = 0.5

def as_exported(text):
    """The export's fallback: a character without a Windows-1252 byte is its base letter, else '?'."""
    out = ""
    for ch in unicodedata.normalize("NFC", text):
        for form in (ch, unicodedata.normalize("NFD", ch)[0]):
            try:
                form.encode("cp1252")
                out += form
                break
            except UnicodeEncodeError:
                pass
        else:
            out += "?"
    return out

recognized = json.load(open(f"{tmp}/text.json"))["pages"]
document = open(f"{tmp}/bbox.html", encoding="utf-8").read()
pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', document, re.S)
if len(pages) != len(recognized):
    print(f"FAIL {name}: {len(pages)} pages in the PDF, {len(recognized)} recognized")
    sys.exit(1)
total = found = 0
worst, worst_word = 0.0, ""
misses = []
for number, ((width, height, body), page) in enumerate(zip(pages, recognized), start=1):
    svg = open(f"{tmp}/page-{number}.svg", encoding="utf-8").read()
    vx, vy, vw, vh = map(float, re.search(r'viewBox="([^"]+)"', svg).group(1).split())
    scale = float(width) / vw
    words = [
        (html.unescape(text), tuple(map(float, box)))
        for *box, text in re.findall(
            r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>', body)
    ]
    for line in page["lines"]:
        for word in line["words"]:
            total += 1
            b = word["bounds"]
            left, bottom = (b["x"] - vx) * scale, (b["y"] + b["height"] - vy) * scale
            width, height = max(b["width"] * scale, floor), max(b["height"] * scale, floor)
            expected = (left, bottom - height, left + width, bottom)
            text = as_exported(word["text"])
            distances = [max(abs(a - e) for a, e in zip(box, expected)) for t, box in words if t == text]
            best = min(distances, default=float("inf"))
            if best <= tolerance + 0.02:  # text --json rounds boxes to hundredths
                found += 1
                if best > worst:
                    worst, worst_word = best, f"{word['text']!r}, page {number}"
            else:
                misses.append(f"page {number} {word['text']!r} at {tuple(round(v, 1) for v in expected)}: "
                              + ("not in the PDF's text" if not distances else f"{best:.2f} pt off"))
status = "ok  " if found == total else "FAIL"
print(f"{status} {name}: {len(pages)} pages, {verdict}, {found}/{total} words at their ink"
      + (f" (worst edge {worst:.3f} pt off: {worst_word})" if worst_word else ""))
for miss in misses[:5]:
    print("     " + miss)
sys.exit(0 if found == total else 1)
PY
done

# One page to look at: the first sample's first page, from the PDF and from the SVG of `render`.
first=${files[0]}
pdftoppm -r 72 -f 1 -l 1 -png "$out/$(basename "$first").pdf" "$out/page"
if command -v rsvg-convert >/dev/null; then
    "$cli" render "$first" --output "$out/page.svg" && rsvg-convert "$out/page.svg" -o "$out/page-svg.png"
fi
[ -n "$keep" ] && echo "pictures: $(ls "$out"/page*.png | tr '\n' ' ')"
exit $failed
