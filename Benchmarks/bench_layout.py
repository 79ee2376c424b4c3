#!/usr/bin/env python3
"""How the reader's layout does on real strokes labelled by eye (Tests/Fixtures/layout-labels).

Each label file names a page of ../shared/corpus or ../shared/realnotes and marks each of its
strokes writing, drawing or markup (underline, strike-out, circle or box around words), and the
writing strokes' line. The reader (`notebook-index text --json`) is run on each file once; a stroke
counts as read as writing when some word of the page lists its ID. Figures:

* stroke accuracy: share of labelled strokes whose writing / not-writing call matches the label
  (the rules read no markup class, so markup counts as "not writing");
* per class: share of writing strokes read, of drawing and of markup strokes read as writing;
* lines grouped: share of labelled lines (2+ writing strokes the reader read) whose read strokes
  all lie in one recognized line; "exact" also asks that line to hold no other labelled line's
  strokes.

    python3 Benchmarks/bench_layout.py [--bin .build/release/notebook-index] [--shared ../shared]

Records Benchmarks/results/bench-layout-<date>.json through results.py (commit, recognizer version,
machine, date, command, figures; the binary and the per-page counts as notes).
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402


def reader_pages(binary, path):
    out = subprocess.run([binary, "text", path, "--json"], capture_output=True, text=True, check=True).stdout
    return {p["page"]: [{s for w in line["words"] for s in w["strokeIDs"]} for line in p["lines"]]
            for p in json.loads(out)["pages"]}


def labelled_lines(strokes):
    """Each labelled line's writing strokes, by the line's name."""
    lines = {}
    for s in strokes:
        if s["class"] == "writing" and s["line"]:
            lines.setdefault(s["line"], []).append(s["id"])
    return lines


def score_page(labels, lines):
    read = set().union(*lines) if lines else set()
    line_of = {s: i for i, line in enumerate(lines) for s in line}
    strokes = labels["strokes"]
    per_class = {c: [0, 0] for c in ("writing", "drawing", "markup")}  # [read as writing, total]
    correct = 0
    for s in strokes:
        is_read = s["id"] in read
        per_class[s["class"]][0] += is_read
        per_class[s["class"]][1] += 1
        correct += is_read == (s["class"] == "writing")
    labelled = labelled_lines(strokes)
    together = exact = counted = 0
    for name, ids in labelled.items():
        got = {line_of[i] for i in ids if i in line_of}
        if len(ids) < 2 or not got:
            continue
        counted += 1
        if len(got) == 1:
            together += 1
            others = {s["id"] for s in strokes if s["class"] == "writing" and s["line"] not in (None, name)}
            exact += not (lines[got.pop()] & others)
    return {"strokes": len(strokes), "correct": correct, "per_class": per_class,
            "lines": counted, "together": together, "exact": exact, "labelled_lines": len(labelled)}


def main():
    ap = argparse.ArgumentParser(description="stroke class accuracy and line grouping on labelled real pages")
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build/release/notebook-index"))
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--labels", default=os.path.join(ROOT, "Tests/Fixtures/layout-labels"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Benchmarks/results"))
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(args.labels, "*.json")))
    if not os.path.isdir(args.shared):
        print(f"skipped: {args.shared} is missing (the labelled pages live there)")
        return 0
    cache, pages = {}, []
    for f in files:
        labels = json.load(open(f))
        bad = [s["n"] for s in labels["strokes"] if s["class"] not in ("writing", "drawing", "markup")]
        if bad:
            sys.exit(f"{f}: strokes {bad[:10]} have no class")
        path = os.path.join(args.shared, labels["file"])
        if labels.get("sha1") and hashlib.sha1(open(path, "rb").read()).hexdigest() != labels["sha1"]:
            sys.exit(f"{f}: {path} changed since it was labelled (stroke IDs follow the file's bytes)")
        if path not in cache:
            cache[path] = reader_pages(args.bin, path)
        lines = cache[path].get(labels["page"] - 1, [])
        unknown = set().union(*lines) - {s["id"] for s in labels["strokes"]} if lines else set()
        if unknown:
            sys.exit(f"{f}: the reader read {len(unknown)} strokes the labels do not name")
        result = score_page(labels, lines)
        result.update(label=os.path.basename(f), file=labels["file"], page=labels["page"], app=labels.get("app"),
                      writer=labels.get("writer"))
        pages.append(result)
        print(f"{os.path.basename(f):55} strokes {result['correct']:4}/{result['strokes']:<4} "
              f"lines {result['together']}/{result['lines']}")
    total = {c: [sum(p["per_class"][c][k] for p in pages) for k in (0, 1)] for c in ("writing", "drawing", "markup")}
    strokes = sum(p["strokes"] for p in pages)
    lines = sum(p["lines"] for p in pages)
    figures = {
        "pages": len(pages), "strokes": strokes,
        "writers": len({p["writer"] for p in pages}), "apps": len({p["app"] for p in pages}),
        "stroke_accuracy": round(sum(p["correct"] for p in pages) / strokes, 4) if strokes else None,
        "writing_read": round(total["writing"][0] / total["writing"][1], 4) if total["writing"][1] else None,
        "drawing_read": round(total["drawing"][0] / total["drawing"][1], 4) if total["drawing"][1] else None,
        "markup_read": round(total["markup"][0] / total["markup"][1], 4) if total["markup"][1] else None,
        "class_counts": {c: total[c][1] for c in total},
        "lines": lines,
        "lines_grouped": round(sum(p["together"] for p in pages) / lines, 4) if lines else None,
        "lines_exact": round(sum(p["exact"] for p in pages) / lines, 4) if lines else None,
    }
    print(json.dumps(figures, indent=1))
    command = " ".join([os.path.basename(sys.argv[0])] + sys.argv[1:])
    results.record("bench-layout", figures, command=command, directory=args.out,
                   notes={"binary": os.path.realpath(args.bin), "pages": pages})
    return 0


if __name__ == "__main__":
    sys.exit(main())
