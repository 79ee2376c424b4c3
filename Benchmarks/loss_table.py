#!/usr/bin/env python3
"""Where searched words are lost: every word sample (UNIPEN level WORD) of a page set made by make_pages.py,
classified against the words the index holds for its page (Xournal++ copies only, so each sample
counts once).

    python3 Benchmarks/loss_table.py PAGES_DIR --cli .build/release/notebook-index [--index I] [--lexicon F]

Classes, first that applies: the best reading is the word; a lower reading (rank 2-5) is; the ink
was read as several words (split); as part of a word reaching past the sample's box (merged);
misread by edit distance 1, 2 or 3+; nothing read there (missing). Case and accents are ignored,
as search ignores them. Words outside the English word list are counted apart as well.

A second table gives the best readings' character and word error rates by kind of sample (UNIPEN
level: single characters, words, text lines), judged as run_eval.py judges the whole page set, so
the three rows add up to its CER and WER.
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "tools", "eval"))
from run_eval import center_inside, edit_distance, norm_text  # noqa: E402  (the page set and its judge live in ../shared)
import results  # noqa: E402
import line_rows_packed  # noqa: E402
import word_place  # noqa: E402
CLASSES = ["best", "rank 2-5", "split", "merged", "misread d=1", "misread d=2", "misread d=3+", "missing"]


def fold(s):
    s = unicodedata.normalize("NFKD", s.casefold())
    return "".join(c for c in s if c.isalnum())


def classify(word, box, rows):
    """word: folded label; box: (x, y, w, h); rows: [(best, [candidates], (x, y, w, h))] of its page."""
    x, y, w, h = box
    grow = 0.15

    def centre_inside(b):
        cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
        return x - grow * w <= cx <= x + w * (1 + grow) and y - grow * h <= cy <= y + h * (1 + grow)

    def overlap(b):
        ix = max(0.0, min(x + w, b[0] + b[2]) - max(x, b[0]))
        iy = max(0.0, min(y + h, b[1] + b[3]) - max(y, b[1]))
        return ix * iy / max(w * h, 1e-9)

    inside = [r for r in rows if centre_inside(r[2])]
    if any(fold(r[0]) == word for r in inside):
        return "best"
    if any(word in [fold(c) for c in r[1][1:5]] for r in inside):
        return "rank 2-5"
    if len(inside) >= 2:
        joined = fold("".join(r[0] for r in sorted(inside, key=lambda r: r[2][0])))
        if edit_distance(joined, word) <= max(1, len(word) // 4):
            return "split"
    touching = [r for r in rows if overlap(r[2]) > 0.3]
    for r in touching:
        bx, _, bw, _ = r[2]
        if (bx < x - 0.3 * w or bx + bw > x + w * 1.3) and len(fold(r[0])) > len(word):
            return "merged"
    if not inside:
        return "merged" if touching else "missing"
    d = min(edit_distance(fold(r[0]), word) for r in inside)
    return "misread d=1" if d == 1 else "misread d=2" if d == 2 else "misread d=3+"


def errors_by_level(truth, rows_of):
    """{level: [character errors, characters, word errors, words, samples]} of the best readings
    in the index (`rows_of`, by path and page) of the Xournal++ copies, as run_eval.py counts them."""
    out = defaultdict(lambda: [0, 0, 0, 0, 0])
    for item in truth["items"]:
        for loc in item["locations"]:
            if not loc["path"].endswith(".xopp"):
                continue
            rows = rows_of[(os.path.abspath(loc["path"]), loc["page"])]
            inside = sorted((box[0], text) for text, _, box in rows if center_inside(item["box"], box))
            got, want = norm_text(" ".join(t for _, t in inside)), norm_text(item["label"])
            row = out[item.get("level") or "?"]
            row[0] += edit_distance(got.replace(" ", ""), want.replace(" ", ""))
            row[1] += len(want.replace(" ", ""))
            row[2] += edit_distance(got.split(), want.split())
            row[3] += len(want.split())
            row[4] += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pages")
    ap.add_argument("--cli", default=os.path.join(ROOT, ".build", "release", "notebook-index"))
    ap.add_argument("--index", help="an index of PAGES already built (else one is built)")
    ap.add_argument("--lexicon", default=os.path.join(ROOT, "Sources", "Recognition", "Resources", "words-en.txt"))
    args = ap.parse_args()
    truth = json.load(open(os.path.join(args.pages, "truth.json"), encoding="utf-8"))
    index = args.index
    if not index:
        index = os.path.join(tempfile.mkdtemp(), "index.sqlite")
        subprocess.run([args.cli, "build", args.pages, "--index", index], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    db = sqlite3.connect(index)
    rows_of = defaultdict(list)
    drawings = {row[0]: row[1:] for row in db.execute(
        "SELECT d.id, f.path, d.page FROM drawings d JOIN files f ON f.id = d.file_id")}
    # schema 13 keeps a line's words in a row of `lines` (line_rows_packed reads either)
    for path, page, text, candidates, place in (
            drawings[w["drawing_id"]] + (w["text"], w["candidates"], w["place"])
            for w in line_rows_packed.stored_words(db) if w["source"] == 0):
        # schema 11 packs the bounds, in hundredths of a point, into `place` (word_place)
        bounds = word_place.decode(place)[2]
        box = tuple(v / 100 for v in bounds) if bounds else (None,) * 4
        rows_of[(os.path.abspath(path), page)].append((text, candidates.split("\n"), box))
    lexicon = {fold(line) for line in open(args.lexicon, encoding="utf-8")}
    counts = {"all": Counter(), "in word list": Counter(), "outside": Counter()}
    for item in truth["items"]:
        tokens = item["label"].split()
        locs = [l for l in item["locations"] if l["path"].endswith(".xopp")]
        # word samples only: isolated characters sit a few points from their neighbours
        if item.get("level") != "WORD" or len(tokens) != 1 or not locs or not fold(tokens[0]):
            continue
        word = fold(tokens[0])
        loc = locs[0]
        c = classify(word, item["box"], rows_of[(os.path.abspath(loc["path"]), loc["page"])])
        counts["all"][c] += 1
        counts["in word list" if word in lexicon or word.isdigit() else "outside"][c] += 1
    print("| class | " + " | ".join(f"{k} ({sum(v.values())})" for k, v in counts.items()) + " |")
    print("| --- | " + " | ".join("---:" for _ in counts) + " |")
    for cls in CLASSES:
        print(f"| {cls} | " + " | ".join(f"{100 * v[cls] / max(sum(v.values()), 1):.1f} %" for v in counts.values()) + " |")

    print()
    print("| samples | count | characters | CER | words | WER |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    levels = errors_by_level(truth, rows_of)
    total = [sum(v[i] for v in levels.values()) for i in range(5)]
    errors = {}
    for level, (ce, chars, we, words, n) in sorted(levels.items()) + [("all", total)]:
        print(f"| {level} | {n} | {chars} | {100 * ce / max(chars, 1):.1f} % | {words} | {100 * we / max(words, 1):.1f} % |")
        errors[level] = {"samples": n, "characters": chars, "cer_percent": round(100 * ce / max(chars, 1), 1),
                         "words": words, "wer_percent": round(100 * we / max(words, 1), 1)}
    classes = {group: {"samples": sum(c.values()), **{cls: round(100 * c[cls] / max(sum(c.values()), 1), 1)
                                                      for cls in CLASSES}} for group, c in counts.items()}
    results.record("loss-table", {"classes_percent": classes, "errors": errors},
                   command="make loss-table (Benchmarks/loss_table.py " + " ".join(sys.argv[1:]) + ")")


if __name__ == "__main__":
    main()
