#!/usr/bin/env python3
"""Which traces two builds of notebook-index keep differently on the same pages: `text --json` of
every `.xopp` and `.inkml` file under a folder with each binary, the files whose words differ, and
for the InkML files every trace that one build puts in a word and the other leaves unread, with its
size in letter heights (the median height of the page's traces of at least a fifth of the tallest
tenth, as the layout's writing size), its points and the word it joined. Made to see which small
strokes a stroke classifier calls drawing, e.g. the shipped weights against a candidate's:

    Benchmarks/kept_traces.py BIN_A BIN_B /tmp/dev-pages --name s14-48b-kept-cand [--list]

A trace's ID is derived as the reader does (NotebookFormats' StableStrokeID: a version 5 UUID of
the file's SHA-1 and `trace:` and its `xml:id`), so only InkML traces with IDs are listed.
"""
import argparse
import difflib
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402
import stroke_list  # noqa: E402

TRACE = re.compile(rb'<trace xml:id="([^"]+)">([^<]*)</trace>')


def words(binary, path):
    """(text, stroke IDs) of every word the binary reads in a notebook, in reading order."""
    run = subprocess.run([binary, "text", "--json", path], capture_output=True, text=True, check=True)
    return [(w["text"], w["strokeIDs"]) for p in json.loads(run.stdout)["pages"] for line in p["lines"]
            for w in line["words"]]


def inkml_traces(path):
    """Each trace's points by the ID the reader gives it, and the page's letter height."""
    data = open(path, "rb").read()
    digest = hashlib.sha1(data).digest()
    traces = {}
    for m in TRACE.finditer(data):
        points = [tuple(map(float, p.split()[:2])) for p in m.group(2).decode().split(",") if p.strip()]
        stroke_id = uuid.UUID(bytes=stroke_list.derived_id(digest, b"trace:" + m.group(1)))
        traces[str(stroke_id).upper()] = (m.group(1).decode(), points)
    heights = sorted(max(y for _, y in p) - min(y for _, y in p) for _, p in traces.values())
    tall = heights[int(0.9 * (len(heights) - 1))]
    return traces, statistics.median([h for h in heights if h >= 0.2 * tall]) or 1.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("pages")
    ap.add_argument("--name", required=True, help="the result's benchmark name")
    ap.add_argument("--list", action="store_true", help="print each differing word and trace")
    args = ap.parse_args()
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(args.pages) for f in fs
                   if f.endswith((".xopp", ".inkml")))
    figures = {"files": len(files), "files_words_differ": 0, "kept_by_a_only": 0, "kept_by_b_only": 0}
    for kind in ("flat", "dot", "small", "larger"):
        figures[f"a_only_{kind}"] = figures[f"b_only_{kind}"] = 0
    for path in files:
        a, b = words(args.a, path), words(args.b, path)
        if [w for w, _ in a] != [w for w, _ in b]:
            figures["files_words_differ"] += 1
            if args.list:
                ta, tb = [w for w, _ in a], [w for w, _ in b]
                for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ta, tb).get_opcodes():
                    if op != "equal":
                        print(f"{path}: {ta[i1:i2]} -> {tb[j1:j2]}")
        if not path.endswith(".inkml"):
            continue
        traces, letter = inkml_traces(path)
        word_a = {s: w for w, ids in a for s in ids}
        word_b = {s: w for w, ids in b for s in ids}
        for sid in sorted(set(word_a) ^ set(word_b)):
            if sid not in traces:
                continue
            key, points = traces[sid]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            width, height = (max(xs) - min(xs)) / letter, (max(ys) - min(ys)) / letter
            # a t's cross, a bar or a dash; a dot or a comma; a short stroke; anything larger
            kind = ("flat" if height <= 0.1 and 0.3 <= width <= 1.6 else "dot" if max(width, height) <= 0.3
                    else "small" if max(width, height) <= 1.0 else "larger")
            side = "a" if sid in word_a else "b"
            figures[f"kept_by_{side}_only"] += 1
            figures[f"{side}_only_{kind}"] += 1
            if args.list:
                print(f"{path}: {key} kept by {side} only, {kind}, {width:.2f} x {height:.2f} letters, "
                      f"{len(points)} points, in {(word_a.get(sid) or word_b.get(sid))!r}")
    print(figures)
    command = "Benchmarks/kept_traces.py " + " ".join([args.a, args.b, args.pages, "--name", args.name])
    results.record(args.name, figures, command=command)


if __name__ == "__main__":
    main()
