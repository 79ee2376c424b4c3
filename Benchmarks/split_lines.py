#!/usr/bin/env python3
"""Which labelled lines of the real pages (Tests/Fixtures/layout-labels) two builds of notebook-index
group differently: for each labelled line (2+ writing strokes) read as one line by one build and
split, or not read, by the other, the recognized lines holding its strokes with their text and the
labels of the other strokes in them. Made to see why a stroke classifier's weights change
`make bench-layout`'s lines grouped, e.g. the shipped weights against a candidate's:

    Benchmarks/split_lines.py BIN_A BIN_B --name s15-48-split-lines [--shared ../shared]

Records how many lines each build groups and how many differ through Benchmarks/results.py, the
differing lines as notes.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import results  # noqa: E402
from bench_layout import labelled_lines  # noqa: E402


def reader_lines(binary, path):
    """Every page's recognized lines as lists of (word text, stroke IDs)."""
    out = subprocess.run([binary, "text", path, "--json"], capture_output=True, text=True, check=True).stdout
    return {p["page"]: [[(w["text"], w["strokeIDs"]) for w in line["words"]] for line in p["lines"]]
            for p in json.loads(out)["pages"]}


def grouping(lines, ids):
    """True when the read strokes of `ids` lie in one recognized line, False when in several, None
    when none is read (bench_layout.py leaves such a line out)."""
    line_of = {s: k for k, line in enumerate(lines) for _, words in line for s in words}
    got = {line_of[i] for i in ids if i in line_of}
    return (len(got) == 1 if got else None), sorted(got)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--name", required=True, help="the result's benchmark name")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    args = ap.parse_args()
    figures = {"a_together": 0, "a_lines": 0, "b_together": 0, "b_lines": 0, "differ": 0}
    differing = []
    for f in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/layout-labels/*.json"))):
        labels = json.load(open(f))
        path = os.path.join(args.shared, labels["file"])
        label_of = {s["id"]: s for s in labels["strokes"]}
        pages = {side: reader_lines(binary, path).get(labels["page"] - 1, []) for side, binary in
                 (("a", args.a), ("b", args.b))}
        for name, ids in labelled_lines(labels["strokes"]).items():
            if len(ids) < 2:
                continue
            calls = {side: grouping(pages[side], ids) for side in pages}
            for side, (together, _) in calls.items():
                figures[f"{side}_lines"] += together is not None
                figures[f"{side}_together"] += bool(together)
            if calls["a"][0] == calls["b"][0]:
                continue
            figures["differ"] += 1
            entry = {"label": os.path.basename(f), "line": name}
            print(f"{entry['label']} line {name!r}: a {calls['a'][0]}, b {calls['b'][0]}")
            for side, (_, held) in calls.items():
                entry[side] = []
                for k in held:
                    words = pages[side][k]
                    others = [f"{label_of[s]['n']}:{label_of[s]['class']}:{label_of[s]['line']}"
                              for _, w in words for s in w if label_of[s]["line"] != name]
                    entry[side].append({"text": " ".join(t for t, _ in words), "others": others})
                    print(f"  {side}: {entry[side][-1]['text']!r}, others {' '.join(others[:12])}")
            differing.append(entry)
    print(figures)
    command = "Benchmarks/split_lines.py " + " ".join([args.a, args.b, "--name", args.name])
    results.record(args.name, figures, command=command, notes={"lines": differing})


if __name__ == "__main__":
    main()
